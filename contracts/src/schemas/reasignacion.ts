/** Release and reassignment: the RyCC administrator hands a request in review to another user of its stage. */
import { z } from "zod";
import { MSG } from "../mensajes.js";
import { zId } from "../validacion.js";

/** POST api/SolicitudFirma/Reasignar/{idSolicitud}: the new holder and a required comment. */
export const zReasignarBody = z.object({
  IdUsuario: zId.optional(),
  Comentario: z.string({ error: MSG.comentarioRequerido }).trim().max(2000, MSG.textoLargo(2000)).default(""),
});
export type ReasignarBody = z.input<typeof zReasignarBody>;

/** GET api/SolicitudFirma/UsuariosEtapa/{idSolicitud}: who may receive the request. */
export const zUsuarioEtapa = z.object({
  idUsuario: z.number(),
  usuario: z.string(),
  nombre: z.string(),
});
export type UsuarioEtapa = z.infer<typeof zUsuarioEtapa>;
