/**
 * A subscription's signing secret: made in the Standard Webhooks form (`whsec_` + base64 of 32
 * random bytes), shown to the subscribing system once, and kept encrypted at rest (AES-256-GCM under
 * the key derived from the audit key for secrets, as the authenticator apps' secrets are), so a copy
 * of the database cannot forge notifications. The subscription's id is the authenticated data.
 */
import crypto from "node:crypto";
import { claveEstablecida } from "../auditoria/clave.js";

const PREFIJO = "v1:";
const IV = 12;
const ETIQUETA = 16;

export function nuevoSecreto(): string {
  return `whsec_${crypto.randomBytes(32).toString("base64")}`;
}

const datos = (idSuscripcion: number) => Buffer.from(`registro-firmas/suscripcion/${idSuscripcion}`, "utf8");

export function cifrarSecreto(secreto: string, idSuscripcion: number, clave = claveEstablecida().secretos): string {
  const iv = crypto.randomBytes(IV);
  const c = crypto.createCipheriv("aes-256-gcm", clave, iv);
  c.setAAD(datos(idSuscripcion));
  const cifrado = Buffer.concat([c.update(secreto, "utf8"), c.final()]);
  return PREFIJO + Buffer.concat([iv, c.getAuthTag(), cifrado]).toString("base64");
}

export function descifrarSecreto(guardado: string, idSuscripcion: number, clave = claveEstablecida().secretos): string {
  if (!guardado.startsWith(PREFIJO)) throw new Error("The subscription's secret is not encrypted");
  const b = Buffer.from(guardado.slice(PREFIJO.length), "base64");
  const d = crypto.createDecipheriv("aes-256-gcm", clave, b.subarray(0, IV));
  d.setAAD(datos(idSuscripcion));
  d.setAuthTag(b.subarray(IV, IV + ETIQUETA));
  return Buffer.concat([d.update(b.subarray(IV + ETIQUETA)), d.final()]).toString("utf8");
}
