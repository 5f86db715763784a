/**
 * Builds the Fastify application: plugins, the error handler, every domain's routes under
 * BASE_PATH, the OpenAPI document, and the built web app with its SPA fallback.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import { MSG } from "@registro/contracts";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler } from "fastify-type-provider-zod";
import { authPlugin } from "./auth/auth.plugin.js";
import { authRoutes } from "./auth/auth.routes.js";
import type { Config } from "./config.js";
import type { Db } from "./db/client.js";
import { domainRoutes } from "./routes.js";
import { registerErrorHandler } from "./shared/error-handler.js";
import { zodValidatorCompiler } from "./shared/validation.js";

export interface AppDeps {
  db: Db;
  config: Config;
}

/** Multipart limits: the largest single file allowed anywhere (route code enforces its own). */
export const MAX_FILE_BYTES = 5_000_000;

export async function buildApp(deps: AppDeps, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false },
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(helmet, {
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
  });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 8, fields: 200, fieldSize: 100_000, parts: 220 },
    throwFileSizeLimit: true,
  });
  await app.register(swagger, {
    openapi: { info: { title: "Registro de Firmas API", version: "2.1.0" } },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      await api.register(authPlugin, deps);
      await api.register(authRoutes, deps);
      await api.register(domainRoutes, deps);
      api.get("/api/openapi.json", { config: { publico: true }, schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: config.basePath },
  );

  registerWeb(app, config);
  return app;
}

function registerWeb(app: FastifyInstance, config: Config) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dist = config.webDist ?? path.resolve(here, "../../web/dist");
  const indexFile = path.join(dist, "index.html");
  const base = config.basePath;
  if (!fs.existsSync(indexFile)) {
    app.setNotFoundHandler((_req, reply) => reply.status(404).send({ success: false, message: MSG.noEncontrado }));
    return;
  }
  // The base path reaches the SPA through <base href> and a meta tag (CSP forbids inline scripts).
  const index = fs
    .readFileSync(indexFile, "utf8")
    .replace("<head>", `<head>\n    <base href="${base}/" />\n    <meta name="base-path" content="${base}" />`);
  app.register(fastifyStatic, { root: dist, prefix: `${base}/`, index: false, wildcard: false, decorateReply: false });
  const sendIndex = (_req: unknown, reply: import("fastify").FastifyReply) =>
    reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(index);
  // ignoreTrailingSlash makes this also answer `${base}` itself (declaring both fails at start).
  app.get(`${base}/`, sendIndex);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split("?")[0];
    const isApi = url.startsWith(`${base}/api/`);
    if (request.method === "GET" && !isApi && url.startsWith(`${base}/`) && !path.extname(url)) {
      return sendIndex(request, reply);
    }
    return reply.status(404).send({ success: false, message: MSG.noEncontrado });
  });
}
