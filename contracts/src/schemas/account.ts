/** Account calls (SPEC.md §7): LogIn, GetUserData, CambiarContraseña. */
import { z } from "zod";
import { MSG } from "../mensajes.js";
import { ID_MAX } from "../validacion.js";

export const zLoginBody = z.object({
  userName: z.string({ error: MSG.requerido }).trim().min(1, MSG.requerido).max(100, MSG.textoLargo(100)),
  password: z.string({ error: MSG.requerido }).min(1, MSG.requerido).max(256, MSG.textoLargo(256)),
});
export type LoginBody = z.infer<typeof zLoginBody>;

/**
 * LogIn's answer. A user with a second factor gets no token: `segundoFactor: true`, an opaque
 * short-lived `desafio` and the `metodos` it accepts, for POST api/Account/LogIn/SegundoFactor,
 * whose answer is this one with the token.
 */
export const zLoginRespuesta = z.object({
  success: z.boolean(),
  message: z.string(),
  token: z.string().optional(),
  segundoFactor: z.boolean().optional(),
  desafio: z.string().optional(),
  metodos: z.array(z.enum(["webauthn", "totp", "recuperacion"])).optional(),
});
export type LoginRespuesta = z.infer<typeof zLoginRespuesta>;

export const zModuloUsuario = z.object({ idModulo: z.number(), nombre: z.string(), iconClass: z.string() });

export const zVistaUsuario = z.object({
  idVista: z.number(),
  nombre: z.string(),
  url: z.string(),
  iconClass: z.string(),
  idModulo: z.number(),
  principal: z.boolean(),
  modulo: zModuloUsuario,
});
export type VistaUsuario = z.infer<typeof zVistaUsuario>;

export const zUsuarioSesion = z.object({
  idUsuario: z.number(),
  usuario: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  perfil: z.string(),
  idPerfil: z.number(),
  cambioClave: z.boolean(),
  /** The profile requires a second factor and the user has none: only enrolment is open. */
  segundoFactorPendiente: z.boolean(),
  uExterno: z.boolean(),
  idInstitucion: z.number().nullable(),
  institucion: z.string().nullable(),
});

export const zUserData = z.object({ usuario: zUsuarioSesion, vistas: z.array(zVistaUsuario) });
export type UserData = z.infer<typeof zUserData>;

export const zCambiarClaveBody = z.object({
  idUsuario: z.coerce
    .number({ error: MSG.numeroInvalido })
    .int(MSG.numeroInvalido)
    .positive(MSG.numeroInvalido)
    .max(ID_MAX, MSG.numeroInvalido)
    .optional(),
  /** Required: the current password, or the temporary one in the forced change. */
  ContraseñaActual: z.string().max(256, MSG.textoLargo(256)).default(""),
  NuevaContraseña: z.string().max(256).default(""),
  ConfirmarContraseña: z.string().max(256).default(""),
});
export type CambiarClaveBody = z.infer<typeof zCambiarClaveBody>;
