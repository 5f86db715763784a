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
  const pool = new client.Gauge({
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
  const colaCorreos = new client.Gauge({
    name: "rf_mail_outbox_pending",
    help: "E-mails waiting to be sent",
    registers: [registro],
  });
  const colaAntiguedad = new client.Gauge({
    name: "rf_mail_outbox_oldest_seconds",
    help: "Age of the oldest e-mail waiting to be sent (0 when none)",
    registers: [registro],
  });
  const correosFallidos = new client.Gauge({
    name: "rf_mail_failed",
    help: "E-mails that exhausted their tries (Configuración → Correos no enviados)",
    registers: [registro],
  });
  const sesiones = new client.Gauge({
    name: "rf_sessions_active",
    help: "Sessions signed in and not yet expired or ended",
    registers: [registro],
  });
  const bloqueadas = new client.Gauge({
    name: "rf_login_locked_accounts",
    help: "Accounts locked right now by failed sign-ins (per address or everywhere)",
    registers: [registro],
  });
  const ultimoRespaldo = new client.Gauge({
    name: "rf_backup_last_success_timestamp_seconds",
    help: "When the last successful backup ended (Unix time; 0 when there has been none)",
    registers: [registro],
  });
  const edadRespaldo = new client.Gauge({
    name: "rf_backup_last_success_age_seconds",
    help: "Seconds since the last successful backup ended (+Inf when there has been none)",
    registers: [registro],
  });

  const leerSuscriptores = registrarMetricasSuscriptores(registro, db);

  /** One statement for every figure kept in the database, read at each scrape. */
  async function leerBase() {
    const r = (await db.execute(`
      select
        (select count(*) from correos where enviado is null and not fallido)::bigint as pendientes,
        coalesce(extract(epoch from now() - (select min(creado) from correos where enviado is null and not fallido)), 0)::float8 as antiguedad,
        (select count(*) from correos where fallido)::bigint as fallidos,
        (select count(*) from sesiones where revocada is null
           and ultimo_uso > now() - make_interval(mins => ${config.sessionIdleMinutes})
           and creada > now() - make_interval(hours => ${config.sessionMaxHours}))::bigint as sesiones,
        (select count(*) from (select id_usuario from bloqueos_acceso where bloqueado_hasta > now()
           union select id_usuario from usuarios where bloqueado_hasta > now()) b)::bigint as bloqueadas,
        (select extract(epoch from max(fin)) from respaldos where exito)::float8 as respaldo,
        extract(epoch from now())::float8 as ahora`)) as unknown as { rows: Record<string, string | number | null>[] };
    const f = r.rows[0];
    colaCorreos.set(Number(f.pendientes));
    colaAntiguedad.set(Number(f.antiguedad));
    correosFallidos.set(Number(f.fallidos));
    sesiones.set(Number(f.sesiones));
    bloqueadas.set(Number(f.bloqueadas));
    ultimoRespaldo.set(f.respaldo === null ? 0 : Number(f.respaldo));
    edadRespaldo.set(f.respaldo === null ? Number.POSITIVE_INFINITY : Number(f.ahora) - Number(f.respaldo));
  }

  const base = config.basePath;
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
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method === "POST" && request.routeOptions.url?.toLowerCase() === rutaLogin) {
      const texto = typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString() : "";
      if (reply.statusCode >= 400 || texto.startsWith('{"success":false')) fallosAcceso.inc();
    }
    return payload;
  });
  app.addHook("onResponse", async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? "(sin ruta)",
      status: String(reply.statusCode),
    };
    peticiones.inc(labels);
    duracion.observe(labels, reply.elapsedTime / 1000);
  });

  const texto = async () => {
    try {
      await leerBase();
      await leerSuscriptores();
    } catch (err) {
      // The database being down is itself what an operator must see: the process figures still go out.
      app.log.warn({ err }, "metrics: database figures unavailable");
    }
    void pool;
    return registro.metrics();
  };

  const permitido = config.metricsAllow.length ? proxyAddr.compile(config.metricsAllow) : () => false;
  app.get(`${base}/metrics`, { schema: { hide: true }, config: { publico: true } }, async (request, reply) => {
    if (!permitido(request.ip, 0)) {
      return reply.status(404).header("cache-control", "no-store").send({ success: false, message: MSG.noEncontrado });
    }
    return reply
      .header("cache-control", "no-store")
      .type(registro.contentType)
      .send(await texto());
  });

  if (config.metricsPort !== undefined) {
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
  return { registro, texto };
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
    const s = (await db.execute(`
      select s.id_suscripcion as id,
        count(n.id_notificacion) filter (where n.entregado is null and not n.fallido)::bigint as pendientes,
        count(n.id_notificacion) filter (where n.entregado is null and not n.fallido and n.intentos > 0)::bigint as reintentando,
        count(n.id_notificacion) filter (where n.fallido)::bigint as fallidas,
        coalesce(extract(epoch from now() - min(n.creado) filter (where n.entregado is null and not n.fallido)), 0)::float8 as antiguedad
      from suscripciones s left join notificaciones n on n.id_suscripcion = s.id_suscripcion
      where s.eliminada is null
      group by s.id_suscripcion`)) as unknown as { rows: Record<string, string | number>[] };
    for (const g of [pendientes, reintentando, fallidas, antiguedad]) g.reset();
    for (const f of s.rows) {
      const l = { suscripcion: String(f.id) };
      pendientes.set(l, Number(f.pendientes));
      reintentando.set(l, Number(f.reintentando));
      fallidas.set(l, Number(f.fallidas));
      antiguedad.set(l, Number(f.antiguedad));
    }
    const i = (await db.execute(`
      select estado, count(*)::bigint as n,
        coalesce(extract(epoch from now() - min(latido) filter (where estado not in ('terminada', 'fallida'))), 0)::float8 as silencio
      from importaciones group by estado`)) as unknown as { rows: Record<string, string | number>[] };
    importaciones.reset();
    let mayor = 0;
    for (const f of i.rows) {
      importaciones.set({ estado: String(f.estado) }, Number(f.n));
      mayor = Math.max(mayor, Number(f.silencio));
    }
    silencio.set(mayor);
  };
}
