/**
 * "Mis sesiones": the signed-in user's open sessions (GET api/Account/Sesiones), ending one of them
 * (DELETE api/Account/Sesiones/{idSesion}) or all but the current one (PUT api/Account/Sesiones/CerrarOtras).
 */
import { z } from "zod";
import { zId } from "../validacion.js";

export const zSesionActiva = z.object({
  idSesion: z.number(),
  /** Browser and version read from the User-Agent, e.g. "Chrome 131"; "Desconocido" when unreadable. */
  navegador: z.string(),
  /** Operating system, e.g. "Windows 10", "Android 14"; "Desconocido" when unreadable. */
  sistema: z.string(),
  /** Client address at sign-in (null for sessions opened before it was kept). */
  direccion: z.string().nullable(),
  /** Sign-in and last use, ISO 8601. */
  inicio: z.string(),
  ultimoUso: z.string(),
  /** The session making this call ("esta sesión"). */
  actual: z.boolean(),
});
export type SesionActiva = z.infer<typeof zSesionActiva>;

export const zSesionesActivas = z.array(zSesionActiva);

export const zParamsSesion = z.object({ idSesion: zId });
