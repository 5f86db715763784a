/** POST api/Account/LogIn {userName, password} → {success, message, token}. */
import type { LoginBody, LoginRespuesta } from "@registro/contracts";
import { api } from "../../../lib/api-client";

export function iniciarSesion(body: LoginBody): Promise<LoginRespuesta> {
  return api.post<LoginRespuesta>("api/Account/LogIn", body);
}
