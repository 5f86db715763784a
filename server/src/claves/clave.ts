/**
 * A system key as text: how one is made (a random lookup prefix and 256 random bits), how it is
 * stored (SHA-256), where the guard reads it (the Authorization or X-Api-Key header, never the
 * URL) and whether the caller's address is one the key allows. No I/O.
 */
import crypto from "node:crypto";
import net from "node:net";
import { ESQUEMA_CLAVE, PATRON_CLAVE } from "@registro/contracts";

const ALFANUMERICO = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export function nuevaClave(): { clave: string; prefijo: string } {
  let prefijo = "";
  for (let i = 0; i < 8; i++) prefijo += ALFANUMERICO[crypto.randomInt(ALFANUMERICO.length)];
  const secreto = crypto.randomBytes(32).toString("base64url");
  return { clave: `rfk_${prefijo}_${secreto}`, prefijo };
}

export function hashClave(clave: string): string {
  return crypto.createHash("sha256").update(clave).digest("hex");
}

/** The key's lookup prefix, or null when the text is not shaped like a key. */
export function prefijoDe(clave: string): string | null {
  return PATRON_CLAVE.test(clave) ? clave.slice(4, 12) : null;
}

/**
 * The key the request presents: `Authorization: ApiKey <key>` or `X-Api-Key: <key>`. Answers
 * undefined when neither header names a key (the call is a user's, or anonymous), and the text
 * (possibly malformed) when one does.
 */
export function claveDeCabeceras(headers: Record<string, string | string[] | undefined>): string | undefined {
  const x = headers["x-api-key"];
  if (x !== undefined) return (Array.isArray(x) ? x[0] : x).trim();
  const auth = headers.authorization;
  if (typeof auth !== "string") return undefined;
  const m = new RegExp(`^${ESQUEMA_CLAVE}\\s+(.*)$`, "i").exec(auth.trim());
  return m ? m[1].trim() : undefined;
}

/** Query names that mean "here is my key", compared without case, dashes or underscores. */
const NOMBRES_CLAVE = new Set(["apikey", "xapikey", "clave", "claveapi", "key"]);
const CLAVE_EN_TEXTO = /rfk_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{20,}/;

/**
 * The name under which the URL carries a key (a query parameter named like one, or any part of the
 * path or query that looks like a key), or null. A key in a URL ends up in logs and histories.
 */
export function claveEnUrl(url: string): string | null {
  let texto = url;
  try {
    texto = decodeURIComponent(url);
  } catch {
    // Undecodable: examined as sent.
  }
  const i = url.indexOf("?");
  if (i >= 0) {
    for (const [nombre] of new URLSearchParams(url.slice(i + 1))) {
      if (NOMBRES_CLAVE.has(nombre.toLowerCase().replace(/[-_]/g, ""))) return nombre;
    }
  }
  return CLAVE_EN_TEXTO.test(texto) ? "url" : null;
}

/** One IPv4 octet without leading zeros (0–255), and a dotted address made of four. */
const OCTETO = "(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])";
/** An IPv4 address alone or with its prefix length (0–32), written strictly: the SQL check's entries. */
export const PATRON_IPV4_SQL = `^${OCTETO}(\\.${OCTETO}){3}(/([0-9]|[12][0-9]|3[0-2]))?$`;
const IPV4_ESTRICTA = new RegExp(`^${OCTETO}(\\.${OCTETO}){3}$`);

/**
 * The caller's address as the key's statement checks it in SQL (claves.repository.ts `usarClave`):
 * an IPv4 address (an IPv4-mapped IPv6 one as its IPv4), strictly written; null for any other, whose
 * check (and count) is left to `direccionPermitida`.
 */
export function ipv4DeLlamada(ip: string): string | null {
  const mapeada = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const dir = mapeada ? mapeada[1] : ip;
  return IPV4_ESTRICTA.test(dir) ? dir : null;
}

/** True when `ip` is within one of the allowed addresses or ranges (an empty list allows any). */
export function direccionPermitida(direcciones: readonly string[], ip: string): boolean {
  if (direcciones.length === 0) return true;
  const lista = new net.BlockList();
  for (const d of direcciones) {
    const [dir, bits] = d.split("/");
    const tipo = net.isIPv6(dir) ? "ipv6" : "ipv4";
    if (bits === undefined) lista.addAddress(dir, tipo);
    else lista.addSubnet(dir, Number(bits), tipo);
  }
  const mapeada = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const dir = mapeada ? mapeada[1] : ip;
  if (!net.isIP(dir)) return false;
  return lista.check(dir, net.isIPv6(dir) ? "ipv6" : "ipv4");
}
