/**
 * POST api/Account/LogIn {userName, password} → {success, message}. The app asks for the session as
 * its HttpOnly cookie only (DESIGN.md §3), so the answer carries no token for script to read.
 */
import { CABECERA_SESION_COOKIE, type LoginBody, type LoginRespuesta } from "@registro/contracts";
import { api } from "../../../lib/api-client";

export function iniciarSesion(body: LoginBody): Promise<LoginRespuesta> {
  return api.post<LoginRespuesta>("api/Account/LogIn", body, undefined, { [CABECERA_SESION_COOKIE]: "cookie" });
}
