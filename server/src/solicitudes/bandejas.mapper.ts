/** Maps an inbox row to the `zBandejaItem` shape every GetBandeja* and GetHistorico returns. */
import { type BandejaItem, infoEstatus, infoEstatusExterno } from "@registro/contracts";
import type { FilaBandeja } from "./bandeja/bandeja.repository.js";

/** `externo`: the institution's inbox: internal returns masked, reviewers unnamed (see mapSolicitud). */
export function aBandejaItem(f: FilaBandeja, externo = false): BandejaItem {
  const estatus = externo ? infoEstatusExterno(f.estatus) : infoEstatus(f.estatus);
  return {
    id: f.idSolicitud,
    idSolicitud: f.idSolicitud,
    estatusSolitud: f.estatus,
    estatus: estatus.estatus,
    colorEstatus: estatus.color,
    fechaSolicitud: f.fechaSolicitud.toISOString(),
    cantFuncionarios: f.cantFuncionarios,
    asignadoA: externo ? null : f.asignadoNombre,
    idAsignadoA: externo ? null : f.idAsignadoA,
    infoInstitucion: { idInstitucionFirma: f.idInstitucion, nombre: f.institucion },
    infoIncumbente: { cedula: f.cedula, nombres: f.nombres, apellidos: f.apellidos },
  };
}
