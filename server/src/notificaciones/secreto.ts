/**
 * A subscription's signing secret: made in the Standard Webhooks form (`whsec_` + base64 of 32
 * random bytes), shown to the subscribing system once, and kept encrypted at rest (AES-256-GCM under
 * the key derived from the audit key for secrets, as the authenticator apps' secrets are), so a copy
 * of the database cannot forge notifications. The subscription's id is the authenticated data.
 */
import crypto from "node:crypto";
import { claveEstablecida } from "../auditoria/clave.js";
import { abrir, sellar } from "../segundo-factor/cifrado.js";

export function nuevoSecreto(): string {
  return `whsec_${crypto.randomBytes(32).toString("base64")}`;
}

export function cifrarSecreto(secreto: string, idSuscripcion: number, clave = claveEstablecida().secretos): string {
  return sellar(secreto, `suscripcion/${idSuscripcion}`, clave);
}

export function descifrarSecreto(guardado: string, idSuscripcion: number, clave = claveEstablecida().secretos): string {
  if (!guardado.startsWith("v1:")) throw new Error("The subscription's secret is not encrypted");
  return abrir(guardado, `suscripcion/${idSuscripcion}`, clave);
}
