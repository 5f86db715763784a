/**
 * Renewal: from an active request (106) the institution's originator starts a new one,
 * prefilled with the same incumbent, contact data, documents and active officials (their files
 * copied in the same transaction). It is an ordinary draft (202): the originator edits what changes
 * (typically the officials' end dates) and sends it through the normal review.
 */
import { ESTATUS, MSG } from "@registro/contracts";
import type { SesionUsuario } from "../auth/sesion.js";
import type { Db } from "../db/client.js";
import { NoEncontrado, Regla } from "../shared/errors.js";
import * as repo from "./renovacion.repository.js";
import { insertarHistorial } from "./transiciones.repository.js";

export async function renovarSolicitud(db: Db, sesion: SesionUsuario, idSolicitud: number) {
  if (!sesion.externo || sesion.idInstitucion === null) throw Regla(MSG.originadorSinInstitucion);
  return db.transaction(async (tx) => {
    const origen = await repo.solicitudParaRenovar(tx, idSolicitud);
    if (!origen || origen.idInstitucion !== sesion.idInstitucion) throw NoEncontrado(MSG.solicitudNoEncontrada);
    if (origen.estatus !== ESTATUS.ACTIVA) throw Regla(MSG.renovacionSoloActiva);
    const nueva = await repo.copiarSolicitud(tx, idSolicitud, sesion.idUsuario);
    await repo.copiarFuncionariosActivos(tx, idSolicitud, nueva.idSolicitud);
    await insertarHistorial(tx, {
      idSolicitud: nueva.idSolicitud,
      estatus: ESTATUS.PENDIENTE_ENVIAR,
      motivoCambioEstatus: MSG.renovacionDe(idSolicitud),
      idUsuario: sesion.idUsuario,
      motivos: [],
    });
    return { success: true, message: MSG.renovacionCreada(nueva.idSolicitud), data: nueva };
  });
}
