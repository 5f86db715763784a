/**
 * The security headers of every answer (helmet's, and the Permissions-Policy), computed once at
 * start and set in one go on each call.
 *
 * Performance: @fastify/helmet builds helmet's middleware again on every call (two hooks, its
 * directives parsed anew: a tenth of the guard's time under load). With static options the headers
 * are the same for every answer, so helmet's own middleware is run once, over a response that only
 * notes what it sets, and the same names and values, in the same order, are set on each answer's
 * response (test/seguridad/cabeceras-seguridad.test.ts compares them with @fastify/helmet's).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { FastifyInstance } from "fastify";

/** helmet's options: the CSP the web app needs, no cross-origin embedder policy (PDFs in frames). */
export const OPCIONES_HELMET = {
  contentSecurityPolicy: {
    directives: {
      "default-src": ["'self'"],
      "img-src": ["'self'", "data:", "blob:"],
      "style-src": ["'self'", "'unsafe-inline'"],
      "font-src": ["'self'", "data:"],
      "frame-src": ["'self'", "blob:"],
      "object-src": ["'self'", "blob:"],
      "script-src": ["'self'"],
      "upgrade-insecure-requests": null,
    },
  },
  crossOriginEmbedderPolicy: false,
} as const;

/** Permissions-Policy of every answer, HTML and API alike. */
export const POLITICA_PERMISOS = "camera=(), microphone=(), geolocation=(), payment=()";

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

// helmet itself, the very copy @fastify/helmet loads (it is that plugin's dependency, not ours).
const requerir = createRequire(import.meta.url);
const helmet = createRequire(requerir.resolve("@fastify/helmet"))("helmet") as (o: object) => Middleware;

/** What helmet's middleware does to a response with these options: the headers it sets and removes, in order. */
export function cabecerasHelmet(opciones: object): { poner: [string, string][]; quitar: string[] } {
  const poner: [string, string][] = [];
  const quitar: string[] = [];
  const res = {
    setHeader: (nombre: string, valor: unknown) => poner.push([nombre, String(valor)]),
    removeHeader: (nombre: string) => quitar.push(nombre),
  } as unknown as ServerResponse;
  let terminado = false;
  helmet(opciones)({} as IncomingMessage, res, (err) => {
    if (err) throw err;
    terminado = true;
  });
  // Static options never wait: a middleware that did would depend on the call.
  if (!terminado) throw new Error("helmet no terminó de inmediato: sus cabeceras dependerían de la llamada");
  return { poner, quitar };
}

/** One onRequest hook setting helmet's headers (as helmet names them) and the Permissions-Policy. */
export function registrarCabecerasSeguridad(app: FastifyInstance): void {
  const { poner, quitar } = cabecerasHelmet(OPCIONES_HELMET);
  app.addHook("onRequest", (_req, reply, done) => {
    const res = reply.raw;
    for (const nombre of quitar) res.removeHeader(nombre);
    for (const [nombre, valor] of poner) res.setHeader(nombre, valor);
    reply.header("permissions-policy", POLITICA_PERMISOS);
    done();
  });
}
