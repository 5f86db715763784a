/**
 * Password reset by e-mail: POST api/Account/OlvidoClave {Email} asks for a link (the same answer
 * whether or not the address is a user's); POST api/Account/RestablecerClave {Token,
 * NuevaContraseña, ConfirmarContraseña} chooses the new password with the link's secret.
 */
import { z } from "zod";
import { MSG } from "../mensajes.js";
import { zEmail } from "../validacion.js";

export const zOlvidoClaveBody = z.object({ Email: zEmail });
export type OlvidoClaveBody = z.infer<typeof zOlvidoClaveBody>;

export const zRestablecerClaveBody = z.object({
  Token: z
    .string({ error: MSG.enlaceRestablecimientoInvalido })
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,200}$/, MSG.enlaceRestablecimientoInvalido),
  NuevaContraseña: z.string().max(256).default(""),
  ConfirmarContraseña: z.string().max(256).default(""),
});
export type RestablecerClaveBody = z.infer<typeof zRestablecerClaveBody>;

/** How long a reset link serves, in minutes. */
export const RESTABLECIMIENTO_MINUTOS = 30;
