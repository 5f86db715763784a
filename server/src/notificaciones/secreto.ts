/**
 * A subscription's signing secret: made in the Standard Webhooks form (`whsec_` + base64 of 32
 * random bytes), shown to the subscribing system once, and kept sealed at rest by the one secrets
 * module (`secretos/secretos.ts`), so a copy of the database cannot forge notifications. The
 * subscription's id is in the sealing context.
 */
import crypto from "node:crypto";
import { abrir, contextoSecreto, estaSellado, sellar } from "../secretos/secretos.js";

export function nuevoSecreto(): string {
  return `whsec_${crypto.randomBytes(32).toString("base64")}`;
}

export function cifrarSecreto(secreto: string, idSuscripcion: number, clave?: Buffer): string {
  return sellar(secreto, contextoSecreto.suscripcion(idSuscripcion), clave);
}

export function descifrarSecreto(guardado: string, idSuscripcion: number, clave?: Buffer): string {
  if (!estaSellado(guardado)) throw new Error("The subscription's secret is not encrypted");
  return abrir(guardado, contextoSecreto.suscripcion(idSuscripcion), clave);
}
