/**
 * POST api/Account/LogIn/SegundoFactor {desafio, codigo | codigoRecuperacion | credencial} → the
 * LogIn answer with the token; POST …/SegundoFactor/Opciones {desafio} → WebAuthn options.
 */
import { CABECERA_SESION_COOKIE, type LoginRespuesta } from "@registro/contracts";
import { api, type RespuestaAccion } from "../../../lib/api-client";

export interface RespuestaSegundoFactor extends LoginRespuesta {
  errors?: RespuestaAccion["errors"];
}

export function completarSegundoFactor(body: {
  desafio: string;
  codigo?: string;
  codigoRecuperacion?: string;
  credencial?: unknown;
}): Promise<RespuestaSegundoFactor> {
  // As on sign-in: the session comes back as the HttpOnly cookie only, no token for script.
  return api.post<RespuestaSegundoFactor>("api/Account/LogIn/SegundoFactor", body, undefined, {
    [CABECERA_SESION_COOKIE]: "cookie",
  });
}

export function opcionesLlave(desafio: string) {
  return api.post<Record<string, unknown>>("api/Account/LogIn/SegundoFactor/Opciones", { desafio });
}
