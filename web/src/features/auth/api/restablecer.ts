/**
 * Password reset by e-mail (public calls): POST api/Account/OlvidoClave asks for the link, POST
 * api/Account/RestablecerClave chooses the new password with its secret.
 */
import type { OlvidoClaveBody, RestablecerClaveBody } from "@registro/contracts";
import { api, type RespuestaAccion } from "../../../lib/api-client";

export function pedirEnlace(body: OlvidoClaveBody): Promise<RespuestaAccion> {
  return api.post<RespuestaAccion>("api/Account/OlvidoClave", body);
}

export function restablecerClave(body: RestablecerClaveBody): Promise<RespuestaAccion> {
  return api.post<RespuestaAccion>("api/Account/RestablecerClave", body);
}

/** Whether the server can send e-mail (it says so in <meta name="correo-disponible">). */
export const CORREO_DISPONIBLE =
  typeof document !== "undefined" &&
  document.querySelector('meta[name="correo-disponible"]')?.getAttribute("content") === "si";
