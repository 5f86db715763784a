/** Maps an inbox row to the `zBandejaItem` shape every GetBandeja* and GetHistorico returns. */
import { type BandejaItem, infoEstatus, infoEstatusExterno } from "@registro/contracts";
import { diasEntre, fechaLocal } from "../shared/tiempo.js";
import type { FilaBandeja } from "./bandeja/bandeja.repository.js";

/** Today in the country, and the days of waiting from which an inbox highlights a request. */
export interface Espera {
  hoy: string;
  diasAlerta: number;
}

/**
 * `externo`: the institution's inbox: internal returns masked, reviewers unnamed (see mapSolicitud),
 * and no waiting time (a stage's start would tell an internal return).
 */
export function aBandejaItem(f: FilaBandeja, externo: boolean, espera: Espera): BandejaItem {
  const estatus = externo ? infoEstatusExterno(f.estatus) : infoEstatus(f.estatus);
  const dias = externo || f.entradaEtapa === null ? null : diasEntre(fechaLocal(f.entradaEtapa), espera.hoy);
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
    diasEspera: dias,
    esperaLarga: dias !== null && dias > espera.diasAlerta,
  };
}
