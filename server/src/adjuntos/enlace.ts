/**
 * Links that open one stored file in the browser's own viewer. The file viewer shows a
 * PDF in an iframe, which cannot send the Authorization header, and a blob: URL makes Chromium's
 * PDF viewer title the document with the blob's random id. So the signed-in client asks for a link
 * (POST EnlaceAdjunto, same access as DownloadAdjunto) and the iframe opens it: a URL that ends
 * with the file's name, served with `Content-Disposition` naming it, valid for ENLACE_SEGUNDOS.
 *
 * The link carries its session's id, its expiry and an HMAC-SHA256 of both plus the file's id and
 * the name in its path, keyed with the session's token hash, which only the database and the token's holder can derive:
 * nothing is stored, any process behind the load balancer verifies it, and the link dies with its
 * session (sign-out, idle or absolute limit, deactivated user). Opening it re-runs the download's
 * own checks (scope, drafts, audit entry) as that session's user.
 */
import crypto from "node:crypto";

/** How long a link opens its file. */
export const ENLACE_SEGUNDOS = 120;

/** The signature covers the file's name in the link too: another name in the path does not open it. */
export function firmaEnlace(
  tokenHash: string,
  idSesion: number,
  idAdjunto: number,
  expira: number,
  nombre: string,
): string {
  return crypto
    .createHmac("sha256", tokenHash)
    .update(JSON.stringify([idSesion, idAdjunto, expira, nombre]))
    .digest("hex");
}

/**
 * A request's URL as it may be logged: a signed file link is a bearer secret while it lasts, so
 * its query (session, expiry, signature) never reaches the log.
 */
export function urlParaRegistro(url: string): string {
  const q = url.indexOf("?");
  return q >= 0 && /\/verAdjunto\//i.test(url.slice(0, q)) ? `${url.slice(0, q)}?…` : url;
}

export function firmaValida(esperada: string, dada: string): boolean {
  const a = Buffer.from(esperada, "hex");
  const b = Buffer.from(dada, "hex");
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** The file's name as the last path segment (directory parts and control characters removed). */
export function segmentoNombre(nombre: string): string {
  const base = (nombre.replace(/\\/g, "/").split("/").pop() ?? "").trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  return encodeURIComponent(base.replace(/[\u0000-\u001f\u007f]/g, "") || "archivo");
}
