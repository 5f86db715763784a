/**
 * GET api/SolicitudFirma/Cambios/{idSolicitud}: what the institution changed since the request's
 * latest return to it, for the comptroller's reviewers. The institution itself is refused: the
 * returns it reads are its own (DESIGN.md §4), the comparison is the reviewers' tool.
 */
import type { CambiosSolicitud } from "@registro/contracts";
import type { Db } from "../db/client.js";
import type { SesionUsuario } from "../llamante/sesion.js";
import { NoAutorizado } from "../shared/errors.js";
import { compararFotos } from "./cambios.js";
import * as repo from "./cambios.repository.js";
import { solicitudVisible } from "./lectura.service.js";

export async function cambiosDesdeRetorno(
  db: Db,
  sesion: SesionUsuario,
  idSolicitud: number,
): Promise<CambiosSolicitud> {
  if (sesion.externo) throw NoAutorizado();
  await solicitudVisible(db, sesion, idSolicitud);
  const retorno = await repo.ultimaFoto(db, idSolicitud);
  const ahora = await repo.fotoSolicitud(db, idSolicitud);
  if (!retorno || !ahora) return { fechaRetorno: null, campos: [], funcionarios: [], documentos: [] };
  return compararFotos(retorno.foto, ahora, retorno.fecha.toISOString());
}
