/** Maps an inbox row to the `zBandejaItem` shape every GetBandeja* and GetHistorico returns. */
import { type BandejaItem, infoEstatus } from "@registro/contracts";
import type { FilaBandeja } from "./bandejas.repository.js";

export function aBandejaItem(f: FilaBandeja): BandejaItem {
  const estatus = infoEstatus(f.estatus);
  return {
    id: f.idSolicitud,
    idSolicitud: f.idSolicitud,
    estatusSolitud: f.estatus,
    estatus: estatus.estatus,
    colorEstatus: estatus.color,
    fechaSolicitud: f.fechaSolicitud.toISOString(),
    cantFuncionarios: f.cantFuncionarios,
    asignadoA: f.asignadoNombre,
    idAsignadoA: f.idAsignadoA,
    infoInstitucion: { idInstitucionFirma: f.idInstitucion, nombre: f.institucion },
    infoIncumbente: { cedula: f.cedula, nombres: f.nombres, apellidos: f.apellidos },
  };
}
