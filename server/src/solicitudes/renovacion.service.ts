/**
 * Renewal: from an active request (106) the institution's originator starts a new one, prefilled
 * with the same incumbent, contact data, documents and the active officials it chooses (all of them
 * unless told), their files copied in the same transaction. Temporary signatures get new dates, from
 * today and as long as before. It is an ordinary draft (202): the originator adjusts it and sends it
 * through the normal review; it cannot be sent with an end date already past or the old dates.
 */
import { ESTATUS, MSG } from "@registro/contracts";
import type { Db, Tx } from "../db/client.js";
import type { SesionUsuario } from "../llamante/sesion.js";
import { ErroresCampo, NoEncontrado, Regla, ValidacionCampo } from "../shared/errors.js";
import * as repo from "./renovacion.repository.js";
import { insertarHistorial } from "./transiciones.repository.js";

export async function renovarSolicitud(
  db: Db,
  sesion: SesionUsuario,
  idSolicitud: number,
  elegidos: number[],
  hoy: string,
) {
  if (!sesion.externo || sesion.idInstitucion === null) throw Regla(MSG.originadorSinInstitucion);
  return db.transaction(async (tx) => {
    const origen = await repo.solicitudParaRenovar(tx, idSolicitud);
    if (!origen || origen.idInstitucion !== sesion.idInstitucion) throw NoEncontrado(MSG.solicitudNoEncontrada);
    if (origen.estatus !== ESTATUS.ACTIVA) throw Regla(MSG.renovacionSoloActiva);
    const activos = await repo.idsFuncionariosActivos(tx, idSolicitud);
    if (elegidos.some((id) => !activos.includes(id)))
      throw ValidacionCampo("Funcionarios", MSG.funcionariosRenovarInvalidos);
    const nueva = await repo.copiarSolicitud(tx, idSolicitud, sesion.idUsuario);
    await repo.copiarFuncionarios(tx, elegidos.length > 0 ? elegidos : activos, nueva.idSolicitud, hoy);
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

interface FechasRenovadas {
  nombre: string;
  desde: string | null;
  hasta: string | null;
  desde_anterior: string | null;
  hasta_anterior: string | null;
}

/** The rule of a renewed temporary signature: an end date not yet past, and dates not the old ones. */
function revisarFechas(f: FechasRenovadas, hoy: string, errores: ErroresCampo) {
  if (f.hasta !== null && f.hasta < hoy) errores.add("fechaHasta", MSG.renovacionFechaPasada(f.nombre));
  else if (f.desde === f.desde_anterior && f.hasta === f.hasta_anterior)
    errores.add("fechaDesde", MSG.renovacionFechasSinCambio(f.nombre));
}

/**
 * A renewal cannot be sent with a temporary signature that already ended or with the dates of the
 * signature it renews (the send's check; the messages name the official, on the date fields).
 */
export async function exigirFechasRenovadas(tx: Tx, idSolicitud: number, hoy: string) {
  const errores = new ErroresCampo();
  for (const f of await repo.renovacionesTemporales(tx, idSolicitud)) revisarFechas(f, hoy, errores);
  errores.throwIfAny();
}

/**
 * The same rule when an official of a renewal is saved (its dialog), so that the date is refused
 * on its field as it is typed rather than only when the request is sent.
 */
export async function exigirFechasDeFuncionario(
  tx: Tx,
  f: { renuevaA: number | null; nombre: string; firmaVigencia: boolean; desde: string | null; hasta: string | null },
  hoy: string,
) {
  if (f.renuevaA === null || !f.firmaVigencia) return;
  const anterior = await repo.firmaRenovada(tx, f.renuevaA);
  if (!anterior) return;
  const errores = new ErroresCampo();
  revisarFechas({ nombre: f.nombre, desde: f.desde, hasta: f.hasta, ...anterior }, hoy, errores);
  errores.throwIfAny();
}
