/**
 * Builds the Fastify application: plugins, the error handler, every domain's routes under
 * BASE_PATH, the OpenAPI document, and the built web app with its SPA fallback.
 *
 * Longer than 300 lines: the assembly is one sequence whose order is the point (plugins, hooks,
 * the error handler, background work, routes, then the web files and their fallback); `buildApp`
 * reads that order in one screen and each step is a function below it, in this one file.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import { ENCABEZADOS_PANTALLA, MSG } from "@registro/contracts";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from "fastify";
import { jsonSchemaTransform, serializerCompiler } from "fastify-type-provider-zod";
import { urlParaRegistro } from "./adjuntos/enlace.js";
import { contextoPeticion } from "./auditoria/cadena.js";
import { authPlugin, guardiaClaveApp, vistasDePagina } from "./auth/auth.plugin.js";
import { authRoutes } from "./auth/auth.routes.js";
import { almacenLimites } from "./auth/limite-acceso.js";
import { registrarAvisos } from "./avisos/avisos.plugin.js";
import type { Config } from "./config.js";
import type { AppDeps, RutaRegistrada } from "./deps.js";
import { registrarNotificaciones } from "./notificaciones/notificaciones.plugin.js";
import { registrarOperacion } from "./operacion/operacion.plugin.js";
import { domainRoutes } from "./routes.js";
import { saludRoutes } from "./salud/salud.routes.js";
import { registrarCabecerasSeguridad } from "./shared/cabeceras-seguridad.js";
import { registerErrorHandler, respuestaErrorCliente, respuestaUrlInvalida } from "./shared/error-handler.js";
import { registrarIdempotencia } from "./shared/idempotencia.js";
import { registrarParserJson } from "./shared/json.js";
import { zodValidatorCompiler } from "./shared/validation.js";
import { registrarTareas } from "./tareas/tareas.plugin.js";
import { paginaDePantalla, pantallaDeRuta } from "./web/marco-inicial.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Every route registered, in registration order (HEAD twins included). */
    rutas: RutaRegistrada[];
  }
}

/** A hop count N trusts the N proxies nearest to the app (Fastify's types omit the number form). */
function confianzaProxy(t: Config["trustProxy"]) {
  if (typeof t !== "number") return t;
  return (_addr: string, i: number) => i < t;
}

/** Multipart limits: the largest single file allowed anywhere (route code enforces its own). */
export const MAX_FILE_BYTES = 5_000_000;

export async function buildApp(deps: AppDeps, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = crearFastify(deps.config, opts);
  registrarSegundoPlano(app, deps);
  // Idempotency keys on POST.
  registrarIdempotencia(app, deps.db);
  const cerrando = registrarCierre(app);
  await registrarProteccion(app, deps);
  await registrarDocumentacion(app);
  await app.register(
    async (api) => {
      // Answers of the API carry personal data: no cache keeps them (downloads set their own).
      api.addHook("onSend", (_request, reply, payload, done) => {
        if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
        done(null, payload);
      });
      await api.register(authPlugin, deps);
      await api.register(authRoutes, deps);
      await api.register(domainRoutes, deps);
      await api.register(saludRoutes, { ...deps, cerrando });
      api.get("/api/openapi.json", { config: { publico: true }, schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: deps.config.basePath },
  );
  registerWeb(app, deps);
  return app;
}

/** The Fastify instance with the request log line, the route list, parsing, validation and errors. */
function crearFastify(config: Config, opts: { logger?: boolean }): FastifyInstance {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    trustProxy: confianzaProxy(config.trustProxy),
    // Calls arriving while the process stops get the Spanish 503 below, not Fastify's English one.
    return503OnClosing: false,
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false },
    // The router's own failures (a path that is not valid percent-encoding…) in the product's shape.
    frameworkErrors: (_error, _request, reply) => respuestaUrlInvalida(reply),
    clientErrorHandler: respuestaErrorCliente,
    // Performance: the one line per request below instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  // One line per request when it ends: 4xx/5xx at info, successful calls at debug (LOG_LEVEL=debug
  // logs every call). Writing two lines per call cost a tenth of the busy time under load.
  // Performance: nothing is built for a line the level leaves out (at info, every successful call).
  app.addHook("onResponse", (request, reply, done) => {
    const level = reply.statusCode >= 400 ? "info" : "debug";
    // pino's loggers answer isLevelEnabled; Fastify's logger type leaves it out.
    const log = request.log as typeof request.log & { isLevelEnabled?: (l: string) => boolean };
    if (log.isLevelEnabled?.(level) !== false) {
      request.log[level](
        {
          method: request.method,
          url: urlParaRegistro(request.url),
          statusCode: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        "request completed",
      );
    }
    done();
  });
  const rutas: RutaRegistrada[] = [];
  app.decorate("rutas", rutas);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      rutas.push({ method, url: route.url, config: route.config ?? {}, schema: route.schema });
    }
  });
  registrarParserJson(app);
  app.setValidatorCompiler(zodValidatorCompiler);
  // Audit trail: entries written while serving a request record its address.
  app.addHook("onRequest", (req, _reply, done) =>
    contextoPeticion.run(
      { direccion: req.ip, idUsuario: () => req.sesion?.idUsuario ?? null, agente: req.headers["user-agent"] ?? null },
      done,
    ),
  );
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // System keys travel in headers only.
  app.addHook("onRequest", guardiaClaveApp);
  return app;
}

/**
 * Background work: the one scheduler first (tareas/), then the domains that register their tasks
 * on it — notices (daily round, e-mail sender, audit anchor), change notifications (webhook
 * sender), operations (metrics, scheduled backups, the control socket). The import runs'
 * heartbeat is registered with the import routes.
 */
function registrarSegundoPlano(app: FastifyInstance, deps: AppDeps) {
  registrarTareas(app, deps);
  registrarAvisos(app, deps);
  registrarNotificaciones(app, deps);
  registrarOperacion(app, deps);
}

/**
 * Stopping: from app.close() on, new calls are refused with 503 and the connection is closed so
 * keep-alive clients go elsewhere; calls already running finish. Answers whether the app is closing.
 */
function registrarCierre(app: FastifyInstance): () => boolean {
  let cerrando = false;
  app.addHook("preClose", async () => {
    cerrando = true;
  });
  app.addHook("onRequest", (_req, reply, done) => {
    if (!cerrando) return done();
    reply.header("connection", "close");
    reply.status(503).send({ success: false, message: MSG.servicioNoDisponible });
  });
  return () => cerrando;
}

/** Security headers, cookies, compression, the sign-in limit's store and multipart limits. */
async function registrarProteccion(app: FastifyInstance, deps: AppDeps) {
  // helmet's headers and the Permissions-Policy (no page of the app, nor anything it embeds, may use
  // the camera, microphone, location or payment), computed once (shared/cabeceras-seguridad.ts).
  registrarCabecerasSeguridad(app);
  // Performance: answers above 1 KB are compressed (brotli at a cheap level, or gzip)
  // when the client accepts it; the web build's files go out precompressed (see registerWeb).
  // The web app's session cookie (auth/cookie-sesion.ts).
  await app.register(cookie);
  await app.register(compress, { threshold: 1024, encodings: ["br", "gzip"] });
  // The sign-in limit counts in the database, so several processes share it.
  await app.register(rateLimit, { global: false, store: almacenLimites(deps.db) });
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 8, fields: 200, fieldSize: 100_000, parts: 220 },
    throwFileSizeLimit: true,
  });
}

/** The OpenAPI document (served at /api/openapi.json). */
async function registrarDocumentacion(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Registro de Firmas API",
        version: "2.1.0",
        description:
          "Las pantallas llaman con el token de su sesión en `Authorization`. Los sistemas de otras instituciones " +
          "llaman a la verificación con una clave de sistema (`Authorization: ApiKey <clave>` o `X-Api-Key: <clave>`, " +
          "nunca en la dirección), que emite el administrador de configuración con las operaciones que permite: " +
          "las llamadas marcadas con `claveSistema` en `security`. Límite por clave: API_KEY_RATE_LIMIT llamadas por minuto (600).",
      },
      components: {
        securitySchemes: {
          sesion: { type: "apiKey", in: "header", name: "Authorization", description: "El token de la sesión." },
          claveSistema: {
            type: "apiKey",
            in: "header",
            name: "X-Api-Key",
            description: "Clave de sistema (también `Authorization: ApiKey <clave>`).",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
}

function registerWeb(app: FastifyInstance, deps: AppDeps) {
  const { config } = deps;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dist = config.webDist ?? path.resolve(here, "../../web/dist");
  const indexFile = path.join(dist, "index.html");
  const base = config.basePath;
  if (!fs.existsSync(indexFile)) {
    app.setNotFoundHandler((_req, reply) => reply.status(404).send({ success: false, message: MSG.noEncontrado }));
    return;
  }
  // The base path (and the bell's polling period) reach the SPA through <base href> and meta tags
  // (CSP forbids inline scripts).
  const index = fs.readFileSync(indexFile, "utf8").replace(
    "<head>",
    `<head>\n    <base href="${base}/" />\n    <meta name="base-path" content="${base}" />` +
      // Avisos: how often the bell asks for news.
      `\n    <meta name="avisos-cada" content="${config.noticesPollSeconds}" />` +
      // Password reset by e-mail: the sign-in page offers it only when mail can be sent.
      `\n    <meta name="correo-disponible" content="${config.smtpUrl ? "si" : "no"}" />`,
  );
  registrarArchivosWeb(app, dist, base);
  // The page is built once per start, so it is compressed once too (the SPA fallback below is a
  // not-found handler, which the compression plugin does not reach); so is each screen's own page,
  // its heading drawn before the scripts (web/marco-inicial.ts). Each is compressed when first
  // asked for in that encoding, not at start (brotli at its best level, page after page, is work
  // a restart need not wait for).
  const generica = comprimida(index);
  const porPantalla = new Map<string, Comprimida>();
  for (const e of Object.values(ENCABEZADOS_PANTALLA)) {
    const pagina = paginaDePantalla(index, e);
    if (pagina) porPantalla.set(e.vista, comprimida(pagina));
  }
  const enviar = (req: FastifyRequest, reply: FastifyReply, pagina: Comprimida) => {
    // The page depends on the session's cookie: no shared cache keeps it.
    reply.header("cache-control", "private, no-cache").header("vary", "accept-encoding, cookie");
    reply.type("text/html; charset=utf-8");
    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    if (!encoding) return reply.send(pagina.plain);
    return reply.header("content-encoding", encoding).send(pagina[encoding]());
  };
  const sendIndex = async (req: FastifyRequest, reply: FastifyReply) => {
    const pantalla = pantallaDeRuta(req.url.split("?")[0].slice(base.length));
    const propia = pantalla && porPantalla.get(pantalla.vista);
    if (!pantalla || !propia) return enviar(req, reply, generica);
    let vistas: ReadonlySet<string> | null = null;
    try {
      vistas = await vistasDePagina(deps.db, config, req);
    } catch (err) {
      // The generic page still works: the app asks for the session itself.
      req.log.warn({ err }, "session of a page request not read");
    }
    return enviar(req, reply, vistas?.has(pantalla.vista) ? propia : generica);
  };
  // ignoreTrailingSlash makes this also answer `${base}` itself (declaring both fails at start).
  app.get(`${base}/`, sendIndex);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split("?")[0];
    const isApi = esRutaApi(url, base);
    if (
      (request.method === "GET" || request.method === "HEAD") &&
      !isApi &&
      url.startsWith(`${base}/`) &&
      !path.extname(url)
    ) {
      return sendIndex(request, reply);
    }
    return reply.status(404).header("cache-control", "no-store").send({ success: false, message: MSG.noEncontrado });
  });
}

/**
 * The web build's files. Performance: the build's .br/.gz twins are sent as they are; hashed assets
 * never change under their name, so browsers keep them for a year; anything else is revalidated.
 * One wildcard route serves them all (a route per built file, and per twin, cost a restart a
 * tenth of its time); a path that names no file goes on to the not-found handler below, which
 * answers the SPA's own addresses with the page.
 */
function registrarArchivosWeb(app: FastifyInstance, dist: string, base: string) {
  app.register(fastifyStatic, {
    root: dist,
    prefix: `${base}/`,
    index: false,
    wildcard: true,
    decorateReply: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const hashed = /[\\/]assets[\\/][^\\/]+-[\w-]{8}(\.\w+)+$/.test(filePath);
      reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
}

/** A page as it is, and its brotli and gzip forms, each made on first use and then kept. */
interface Comprimida {
  plain: Buffer;
  br: () => Buffer;
  gzip: () => Buffer;
}

function comprimida(texto: string): Comprimida {
  const plain = Buffer.from(texto);
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    plain,
    br: () => {
      br ??= zlib.brotliCompressSync(plain, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
      });
      return br;
    },
    gzip: () => {
      gzip ??= zlib.gzipSync(plain, { level: zlib.constants.Z_BEST_COMPRESSION });
      return gzip;
    },
  };
}

/** brotli, else gzip, when the Accept-Encoding header allows it (q=0 refuses); undefined for neither. */
export function preferredEncoding(header: string | string[] | undefined): "br" | "gzip" | undefined {
  const accepted = new Set<string>();
  for (const part of String(header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return undefined;
}

/** True when an unmatched path points into the API, however it is spelled (case, encoding). */
function esRutaApi(url: string, base: string): boolean {
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    return true;
  }
  const plano = decoded.toLowerCase().replace(/\/{2,}/g, "/");
  return plano.startsWith(`${base.toLowerCase()}/api/`) || plano.includes("/api/");
}
