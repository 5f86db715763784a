/**
 * GET /metrics in Prometheus' text format (prom-client): calls by route and status with their
 * duration, the database pool, statement timeouts, the e-mail outbox, active sessions, sign-in
 * failures and locked accounts, exports running, the last backup's age, and the process's own
 * figures (memory, event-loop lag). Never public: on the app's port only addresses in METRICS_ALLOW
 * are answered (everyone else gets the app's 404), or it is served on a port of its own
 * (METRICS_PORT, on METRICS_HOST — loopback unless told).
 */
import http from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import { MSG } from "@registro/contracts";
import type { FastifyInstance } from "fastify";
import client from "prom-client";
import { registrarMetricasAuditoria } from "../auditoria/metricas.js";
import type { Config } from "../config.js";
import type { EstadoAlta } from "../db/alta.js";
import type { Db } from "../db/client.js";
import { registrarMetricasTareas } from "../tareas/metricas.js";
import * as repo from "./metricas.repository.js";
import { registrarMetricasAlta } from "./metricas-alta.js";

/** What /metrics reads from outside the HTTP layer; each part is optional. */
export interface FuentesMetricas {
  db: Db;
  config: Config;
  /** PostgreSQL pool: connections open, idle, and calls waiting for one. */
  pool?: () => { total: number; idle: number; waiting: number };
  /** Exports being written right now. */
  exportacionesEnCurso?: () => number;
  /** PostgreSQL under Patroni: the node written to, failovers seen, the replica (db/alta.ts). */
  alta?: () => EstadoAlta;
  tareas?: Parameters<typeof registrarMetricasTareas>[1]; // the scheduler: runs, failures, last success, lag
}

const STATEMENT_TIMEOUT = "57014";

export function registrarMetricas(app: FastifyInstance, fuentes: FuentesMetricas) {
  const { db, config } = fuentes;
  const registro = new client.Registry();
  client.collectDefaultMetrics({ register: registro, prefix: "rf_" });
  registrarMetricasAuditoria(registro, db);
  registrarMetricasAlta(registro, fuentes.alta);
  registrarMetricasTareas(registro, fuentes.tareas);
  metricasHttp(app, registro, config.basePath);
  metricasProceso(registro, fuentes);
  const leerBase = metricasBase(registro, db, config);
  const leerSuscriptores = registrarMetricasSuscriptores(registro, db);

  const texto = async () => {
    try {
      await leerBase();
      await leerSuscriptores();
    } catch (err) {
      // The database being down is itself what an operator must see: the process figures still go out.
      app.log.warn({ err }, "metrics: database figures unavailable");
    }
    return registro.metrics();
  };
  servirMetricas(app, config, registro, texto);
  return { registro, texto };
}

/** Calls by route, method and status with their duration; statement timeouts; refused sign-ins. */
function metricasHttp(app: FastifyInstance, registro: client.Registry, base: string) {
  const peticiones = new client.Counter({
    name: "rf_http_requests_total",
    help: "HTTP calls answered, by route pattern, method and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registro],
  });
  const duracion = new client.Histogram({
    name: "rf_http_request_duration_seconds",
    help: "Time to answer an HTTP call, by route pattern, method and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registro],
  });
  const tiemposAgotados = new client.Counter({
    name: "rf_db_statement_timeouts_total",
    help: "Statements cancelled by DB_STATEMENT_TIMEOUT_MS",
    registers: [registro],
  });
  const fallosAcceso = new client.Counter({
    name: "rf_login_failures_total",
    help: "Refused sign-ins (wrong user or password, locked account)",
    registers: [registro],
  });
  const rutaLogin = `${base}/api/Account/LogIn`.toLowerCase();
  app.addHook("onError", async (_req, _reply, error) => {
    let e: unknown = error;
    for (let i = 0; i < 4 && e && typeof e === "object"; i++) {
      if ((e as { code?: unknown }).code === STATEMENT_TIMEOUT) {
        tiemposAgotados.inc();
        return;
      }
      e = (e as { cause?: unknown }).cause;
    }
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.method === "POST" && request.routeOptions.url?.toLowerCase() === rutaLogin) {
      const texto = typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString() : "";
      if (reply.statusCode >= 400 || texto.startsWith('{"success":false')) fallosAcceso.inc();
    }
    done(null, payload);
  });
  app.addHook("onResponse", (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? "(sin ruta)",
      status: String(reply.statusCode),
    };
    peticiones.inc(labels);
    duracion.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}

/** The process's own figures read from outside the HTTP layer: the pool, exports running. */
function metricasProceso(registro: client.Registry, fuentes: FuentesMetricas) {
  new client.Gauge({
    name: "rf_db_pool_connections",
    help: "PostgreSQL pool of this process: open, idle, and calls waiting for a connection",
    labelNames: ["state"] as const,
    registers: [registro],
    collect() {
      const p = fuentes.pool?.();
      if (!p) return;
      this.set({ state: "total" }, p.total);
      this.set({ state: "idle" }, p.idle);
      this.set({ state: "waiting" }, p.waiting);
    },
  });
  new client.Gauge({
    name: "rf_exports_running",
    help: "Exports (CSV/Excel) being written by this process",
    registers: [registro],
    collect() {
      this.set(fuentes.exportacionesEnCurso?.() ?? 0);
    },
  });
}

/** The figures kept in the database (outbox, sessions, locks, last backup), read in one statement at each scrape. */
function metricasBase(registro: client.Registry, db: Db, config: Config): () => Promise<void> {
  const medida = (name: string, help: string) => new client.Gauge({ name, help, registers: [registro] });
  const colaCorreos = medida("rf_mail_outbox_pending", "E-mails waiting to be sent");
  const colaAntiguedad = medida(
    "rf_mail_outbox_oldest_seconds",
    "Age of the oldest e-mail waiting to be sent (0 when none)",
  );
  const correosFallidos = medida(
    "rf_mail_failed",
    "E-mails that exhausted their tries (Configuración → Correos no enviados)",
  );
  const sesiones = medida("rf_sessions_active", "Sessions signed in and not yet expired or ended");
  const bloqueadas = medida(
    "rf_login_locked_accounts",
    "Accounts locked right now by failed sign-ins (per address or everywhere)",
  );
  const ultimoRespaldo = medida(
    "rf_backup_last_success_timestamp_seconds",
    "When the last successful backup ended (Unix time; 0 when there has been none)",
  );
  const edadRespaldo = medida(
    "rf_backup_last_success_age_seconds",
    "Seconds since the last successful backup ended (+Inf when there has been none)",
  );
  return async () => {
    const f = await repo.cifrasBase(db, config.sessionIdleMinutes, config.sessionMaxHours);
    colaCorreos.set(f.pendientes);
    colaAntiguedad.set(f.antiguedad);
    correosFallidos.set(f.fallidos);
    sesiones.set(f.sesiones);
    bloqueadas.set(f.bloqueadas);
    ultimoRespaldo.set(f.respaldo === null ? 0 : f.respaldo);
    edadRespaldo.set(f.respaldo === null ? Number.POSITIVE_INFINITY : f.ahora - f.respaldo);
  };
}

/** GET /metrics on the app's port for METRICS_ALLOW's addresses, and on METRICS_PORT when set. */
function servirMetricas(app: FastifyInstance, config: Config, registro: client.Registry, texto: () => Promise<string>) {
  const permitido = config.metricsAllow.length ? proxyAddr.compile(config.metricsAllow) : () => false;
  app.get(
    `${config.basePath}/metrics`,
    { schema: { hide: true }, config: { publico: true } },
    async (request, reply) => {
      if (!permitido(request.ip, 0)) {
        return reply
          .status(404)
          .header("cache-control", "no-store")
          .send({ success: false, message: MSG.noEncontrado });
      }
      return reply
        .header("cache-control", "no-store")
        .type(registro.contentType)
        .send(await texto());
    },
  );
  if (config.metricsPort === undefined) return;
  const servidor = http.createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404).end();
      return;
    }
    texto().then(
      (cuerpo) => res.writeHead(200, { "content-type": registro.contentType }).end(cuerpo),
      () => res.writeHead(500).end(),
    );
  });
  app.addHook("onReady", async () => {
    await new Promise<void>((resolve, reject) => {
      servidor.once("error", reject);
      servidor.listen(config.metricsPort, config.metricsHost, () => resolve());
    });
    app.log.info(`Métricas en http://${config.metricsHost}:${config.metricsPort}/metrics`);
  });
  app.addHook("onClose", async () => {
    await new Promise<void>((resolve) => servidor.close(() => resolve()));
  });
}

/**
 * What relying parties depend on: the change notifications (webhooks) of each subscription — waiting,
 * waiting after a failed attempt, given up, and the age of the oldest waiting — and the import runs
 * by state, with the silence of the oldest one still running (its process's heartbeat). Read at each
 * scrape; returns the reader.
 */
export function registrarMetricasSuscriptores(registro: client.Registry, db: Db): () => Promise<void> {
  const etiquetas = ["suscripcion"] as const;
  const pendientes = new client.Gauge({
    name: "rf_webhook_pending",
    help: "Change notifications waiting to be delivered, by subscription",
    labelNames: etiquetas,
    registers: [registro],
  });
  const reintentando = new client.Gauge({
    name: "rf_webhook_failing",
    help: "Change notifications waiting after at least one failed attempt, by subscription",
    labelNames: etiquetas,
    registers: [registro],
  });
  const fallidas = new client.Gauge({
    name: "rf_webhook_failed",
    help: "Change notifications given up after WEBHOOK_RETRY_HOURS, by subscription",
    labelNames: etiquetas,
    registers: [registro],
  });
  const antiguedad = new client.Gauge({
    name: "rf_webhook_oldest_pending_seconds",
    help: "Age of the oldest change notification waiting to be delivered, by subscription (0 when none)",
    labelNames: etiquetas,
    registers: [registro],
  });
  const importaciones = new client.Gauge({
    name: "rf_import_runs",
    help: "Import runs by state (pendiente, validando, aplicando, terminada, fallida…)",
    labelNames: ["estado"] as const,
    registers: [registro],
  });
  const silencio = new client.Gauge({
    name: "rf_import_running_silent_seconds",
    help: "Seconds since the oldest import run still running last gave a sign of life (0 when none runs)",
    registers: [registro],
  });
  return async () => {
    const s = await repo.cifrasSuscripciones(db);
    for (const g of [pendientes, reintentando, fallidas, antiguedad]) g.reset();
    for (const f of s) {
      const l = { suscripcion: String(f.id) };
      pendientes.set(l, Number(f.pendientes));
      reintentando.set(l, Number(f.reintentando));
      fallidas.set(l, Number(f.fallidas));
      antiguedad.set(l, Number(f.antiguedad));
    }
    const i = await repo.cifrasImportaciones(db);
    importaciones.reset();
    let mayor = 0;
    for (const f of i) {
      importaciones.set({ estado: String(f.estado) }, Number(f.n));
      mayor = Math.max(mayor, Number(f.silencio));
    }
    silencio.set(mayor);
  };
}
