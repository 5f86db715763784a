/**
 * The web app's session cookie (DESIGN.md §3): where a call's token comes from (the Authorization
 * header of API clients, else the cookie), the one function that hands out a session token, the
 * same-origin rule for state-changing calls the cookie carries, and sign-out's clearing.
 *
 * The cookie is HttpOnly and SameSite=Strict. Over HTTPS — the socket's, or the trusted proxy's
 * `X-Forwarded-Proto` (Fastify's `request.protocol` follows TRUST_PROXY) — it is `Secure` and named
 * with the `__Host-` prefix, which requires Path=/ and no Domain: no sibling host can plant or
 * shadow it. Over plain HTTP (a developer's machine) it is scoped to BASE_PATH instead.
 */
import type { CookieSerializeOptions } from "@fastify/cookie";
import { CABECERA_SESION_COOKIE, type LoginRespuesta } from "@registro/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.js";
import { tokenDeCabecera, tokenValido } from "./tokens.js";

export const COOKIE_SESION = "rf_sesion";
export const COOKIE_SESION_HTTPS = "__Host-rf_sesion";

type ConfigCookie = Pick<Config, "basePath" | "sessionMaxHours" | "publicUrl" | "publicUrlDefinida" | "allowedHosts">;

function porHttps(req: FastifyRequest): boolean {
  return req.protocol === "https";
}

/** The cookie's name for this request: `__Host-` whenever the app is reached over HTTPS. */
export function nombreCookie(req: FastifyRequest): string {
  return porHttps(req) ? COOKIE_SESION_HTTPS : COOKIE_SESION;
}

function opcionesCookie(req: FastifyRequest, config: ConfigCookie): CookieSerializeOptions {
  const https = porHttps(req);
  return {
    httpOnly: true,
    sameSite: "strict",
    secure: https,
    path: https ? "/" : `${config.basePath}/`,
    // As long as a session can last at all; the server's idle limit still ends it sooner.
    maxAge: config.sessionMaxHours * 3600,
  };
}

/** The token a call presents and how: the Authorization header wins over the cookie. */
export function credencialDe(req: FastifyRequest): { token: string; porCookie: boolean } | null {
  if (req.headers.authorization !== undefined) {
    const token = tokenDeCabecera(req.headers.authorization);
    return token ? { token, porCookie: false } : null;
  }
  const token = req.cookies?.[nombreCookie(req)];
  return token && tokenValido(token) ? { token, porCookie: true } : null;
}

const METODOS_SEGUROS = new Set(["GET", "HEAD", "OPTIONS"]);

/** True for calls that may change state (anything but GET, HEAD, OPTIONS). */
export function cambiaEstado(req: FastifyRequest): boolean {
  return !METODOS_SEGUROS.has(req.method);
}

/** An origin as browsers write it (lower case, no default port); null when it is not one. */
function origenNormal(texto: string): string | null {
  try {
    return new URL(texto).origin;
  } catch {
    return null;
  }
}

/** Host names of this machine: without PUBLIC_URL or ALLOWED_HOSTS, the only hosts trusted (a developer's). */
const LOCALES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The app's origins, from its configuration — never from the request alone, whose Host header
 * anyone may name (issue 34): PUBLIC_URL's origin, and each ALLOWED_HOSTS entry over http or https.
 * With neither set (a developer's machine, the tests) the default PUBLIC_URL (http://localhost:PORT)
 * and the address the call reached, but only when that address is this machine's own (localhost,
 * 127.0.0.1, [::1]): a deployment reached by any other name sets PUBLIC_URL.
 */
function origenesPropios(req: FastifyRequest, config: ConfigCookie): (string | null)[] {
  const propios = [origenNormal(config.publicUrl)];
  for (const h of config.allowedHosts) propios.push(origenNormal(`http://${h}`), origenNormal(`https://${h}`));
  if (!config.publicUrlDefinida && config.allowedHosts.length === 0 && LOCALES.has(req.hostname.toLowerCase())) {
    propios.push(origenNormal(`${req.protocol}://${req.host}`));
  }
  return propios;
}

function esOrigenPropio(req: FastifyRequest, config: ConfigCookie, origen: string): boolean {
  const normal = origenNormal(origen);
  return normal !== null && normal !== "null" && origenesPropios(req, config).includes(normal);
}

/**
 * True when the browser says the call comes from the app's own origin: an `Origin` (browsers send
 * it with every call that may change state) that is one of the app's configured origins, with
 * `Sec-Fetch-Site`, when sent, saying `same-origin`; without `Origin`, `Sec-Fetch-Site:
 * same-origin`. A call with neither is not from a browser page of ours and is refused too.
 */
export function desdeOrigenPropio(req: FastifyRequest, config: ConfigCookie): boolean {
  const sitio = req.headers["sec-fetch-site"];
  if (typeof sitio === "string" && sitio !== "same-origin") return false;
  const origen = req.headers.origin;
  if (typeof origen === "string") return esOrigenPropio(req, config, origen);
  return sitio === "same-origin";
}

/** True when a browser says the call comes from another site or origin (for sign-in). */
function desdeOtroOrigen(req: FastifyRequest, config: ConfigCookie): boolean {
  const sitio = req.headers["sec-fetch-site"];
  if (typeof sitio === "string") return sitio !== "same-origin" && sitio !== "none";
  const origen = req.headers.origin;
  return typeof origen === "string" && !esOrigenPropio(req, config, origen);
}

/**
 * True for an answer that opens a session: a token is present. The password's answer to a user
 * with a second factor is `success: true` too, but carries a challenge and no token: no cookie then.
 */
export function traeToken<R extends LoginRespuesta>(respuesta: R): respuesta is R & { token: string } {
  return respuesta.success && typeof respuesta.token === "string" && respuesta.token.length > 0;
}

/**
 * Every answer that issues a session token goes through here (sign-in, and any later step that
 * completes one): the token is set as the session cookie — unless another site's page made the
 * call, so no foreign page can sign a browser into an account — and left out of the answer when
 * the web app asked for the cookie alone.
 */
export function entregarSesion<R extends LoginRespuesta & { token: string }>(
  req: FastifyRequest,
  reply: FastifyReply,
  config: ConfigCookie,
  respuesta: R,
): Omit<R, "token"> | R {
  if (!desdeOtroOrigen(req, config)) {
    reply.setCookie(nombreCookie(req), respuesta.token, opcionesCookie(req, config));
  }
  if (req.headers[CABECERA_SESION_COOKIE.toLowerCase()] === "cookie") {
    const { token: _token, ...sinToken } = respuesta;
    return sinToken;
  }
  return respuesta;
}

/** Sign-out, or a cookie whose session is over: the browser forgets it. */
export function borrarCookieSesion(req: FastifyRequest, reply: FastifyReply, config: ConfigCookie): void {
  const { maxAge: _maxAge, ...opciones } = opcionesCookie(req, config);
  reply.clearCookie(nombreCookie(req), opciones);
}
