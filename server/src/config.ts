/**
 * Typed, validated settings. The environment is read here once; everything else receives `Config`.
 * A bad value stops the start with one clear line per setting.
 *
 * Longer than 300 lines: every setting is read and checked here by design (one place reads the
 * environment), each with the parser and the message of its own line.
 */
import path from "node:path";
import { TOPE_TOTAL_BUSQUEDA } from "@registro/contracts";
import { z } from "zod";

/**
 * TRUST_PROXY: `false`/`0`/`no`/empty (default: trust no proxy, the socket's address is the
 * client's), `true`/`yes` (trust every hop: only when nothing but the proxy can reach the app), a
 * hop count `1`…`10` (trust that many proxies nearest to the app), or a comma-separated list of
 * the proxies' addresses and CIDRs (`127.0.0.1,10.0.0.0/8`; also Fastify's names `loopback`,
 * `linklocal`, `uniquelocal`).
 */
function parseTrustProxy(v: string): unknown {
  const t = v.trim().toLowerCase();
  if (t === "" || t === "false" || t === "no" || t === "0") return false;
  if (t === "true" || t === "yes") return true;
  if (/^\d+$/.test(t)) return Number(t);
  return t.split(",").map((s) => s.trim());
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
function proxyValido(s: string): boolean {
  if (s === "loopback" || s === "linklocal" || s === "uniquelocal") return true;
  const [addr, bits, ...rest] = s.split("/");
  if (rest.length > 0 || !addr) return false;
  const v4 = IPV4.test(addr);
  const v6 = !v4 && /^[0-9a-f:.]+$/.test(addr) && addr.includes(":");
  if (!v4 && !v6) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (v4 ? 32 : 128);
}

const zTrustProxy = z.union([
  z.boolean(),
  z.number().int().min(1, "número de proxies entre 1 y 10").max(10, "número de proxies entre 1 y 10"),
  z
    .array(z.string())
    .min(1)
    .refine(
      (l) => l.every(proxyValido),
      "debe ser true, false, un número de proxies o una lista de direcciones/CIDR separadas por comas",
    ),
]);

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "debe empezar por postgres:// o postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATABASE_MIGRATION_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "debe empezar por postgres:// o postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().min(1).default("./data"),
  BASE_PATH: z
    .string()
    .default("")
    .transform((v) => v.replace(/\/+$/, ""))
    .refine((v) => v === "" || /^\/[A-Za-z0-9._~\-/]*$/.test(v), "debe empezar por / (p. ej. /RegistroFirmas)"),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  DEMO_DATA: z
    .string()
    .default("auto")
    .pipe(z.enum(["auto", "true", "false", "1", "0"])),
  PADRON_FILE: z.string().optional(),
  PADRON_URL: z.string().url("debe ser una URL válida").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().optional(),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  TRUST_PROXY: z.string().default("false").transform(parseTrustProxy).pipe(zTrustProxy),
  // Notices
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "debe empezar por smtp:// o smtps:// (p. ej. smtp://usuario:clave@correo.gob.do:587)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z
    .string()
    .regex(
      /^([^<>]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/,
      "debe ser una dirección (p. ej. Registro de Firmas <firmas@contraloria.gob.do>)",
    )
    .default("Registro de Firmas <no-responder@registro-firmas.local>"),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, "debe ser una URL http:// o https:// (p. ej. https://firmas.contraloria.gob.do)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ALLOWED_HOSTS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine(
      (l) => l.every((h) => /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/.test(h)),
      "debe ser una lista de nombres de host separados por comas (p. ej. firmas.contraloria.gob.do,10.0.0.5:3000)",
    ),
  EXPIRY_NOTICE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // Embedded database only: the most rows one "Importar registro" apply may create or change. The
  // apply is one transaction, and PGlite has one connection: every other call waits for it (0: no bound).
  IMPORT_EMBEDDED_MAX_APPLY_ROWS: z.coerce.number().int().min(0).max(10_000_000).default(10_000),
  NOTICES_POLL_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
  MAIL_SEND_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  // Reliability
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(15_000),
  DB_START_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  // High availability (deploy/patroni): HAProxy's replica port for the reads relying parties make
  // most, used only while it is at most DB_READ_MAX_LAG_SECONDS behind the primary.
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "debe empezar por postgres:// o postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DB_READ_MAX_LAG_SECONDS: z.coerce.number().min(2).max(3600).default(5),
  DB_PROBE_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(8),
  // Verification
  VERIFICACION_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  // The seal of constancias (PKCS#12) and the time-stamping authority (RFC 3161).
  SELLO_P12_FILE: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SELLO_P12_PASSWORD: z.string().optional(),
  TSA_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, "debe ser una URL http:// o https:// (p. ej. http://tsa.example.gob.do/tsr)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Password reset by e-mail: links asked per 15 minutes per client address.
  RESET_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  PERSONA_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  // System keys: calls per minute per key (every process counts in the database).
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  // Change notifications (webhooks)
  WEBHOOK_ALLOW_LOOPBACK: z
    .string()
    .default("false")
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.enum(["true", "false", "1", "0", "yes", "no", ""], { error: "debe ser true o false" })),
  WEBHOOK_SEND_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(0.5).max(60).default(10),
  WEBHOOK_RETRY_FIRST_SECONDS: z.coerce.number().min(0.01).max(3600).default(30),
  WEBHOOK_RETRY_HOURS: z.coerce
    .number()
    .min(0.001)
    .max(24 * 7)
    .default(24),
  // Performance
  SEARCH_COUNT_CAP: z.coerce.number().int().min(100).max(1_000_000).default(TOPE_TOTAL_BUSQUEDA),
  // The audit chain's key and checkpoints live outside the database (and outside DATA_DIR).
  AUDIT_KEY: z
    .string()
    .min(32, "debe tener al menos 32 caracteres (p. ej. openssl rand -hex 32)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  AUDIT_KEY_FILE: z.string().min(1).default("./audit/audit.key"),
  AUDIT_CHECKPOINT_FILE: z.string().min(1).default("./audit/checkpoints.txt"),
  AUDIT_CHECKPOINT_EMAIL: z
    .string()
    .regex(/^[^<>\s@]+@[^<>\s@]+$/, "debe ser una dirección de correo (p. ej. auditoria@contraloria.gob.do)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // How often the audit chain's head is anchored in AUDIT_CHECKPOINT_FILE when it moved (0: never).
  AUDIT_ANCHOR_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  // Operations: scheduled backups and metrics
  BACKUP_DIR: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  BACKUP_HOUR: z.coerce.number().int().min(0, "hora entre 0 y 23").max(23, "hora entre 0 y 23").default(2),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(3650).default(14),
  // Background tasks (tareas/): the scheduler's one loop, its leases and its retries.
  TASKS_TICK_MS: z.coerce.number().int().min(20).max(60_000).default(1000),
  TASKS_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  TASKS_RETRY_FIRST_SECONDS: z.coerce.number().min(0.01).max(86_400).default(30),
  TASKS_RETRY_MAX_SECONDS: z.coerce.number().min(0.01).max(86_400).default(3600),
  METRICS_ALLOW: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((l) => l.every(proxyValido), "debe ser una lista de direcciones/CIDR separadas por comas"),
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  METRICS_HOST: z.string().default("127.0.0.1"),
  // Exports
  EXPORT_MAX_CONCURRENT: z.coerce.number().int().min(1).max(100).default(4),
  EXPORT_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  // Inboxes: a request waiting in its stage for more days than this is highlighted.
  WAIT_ALERT_DAYS: z.coerce
    .number({ error: "debe ser un número de días (p. ej. 5)" })
    .int("debe ser un número entero de días")
    .min(1, "debe ser al menos 1 día")
    .max(365, "debe ser como mucho 365 días")
    .default(5),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: the owner's address, used only to apply migrations and grant the app's role its rights. */
  databaseMigrationUrl: string | undefined;
  dataDir: string;
  basePath: string;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** 'auto': load demo data into a new embedded database only. */
  demoData: "auto" | "always" | "never";
  padronFile: string | undefined;
  padronUrl: string | undefined;
  logLevel: string;
  webDist: string | undefined;
  loginRateLimit: number;
  /** Which proxies' X-Forwarded-For to believe: none, all, the nearest N hops, or these addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  // Notices
  /** Without it nothing is mailed; in-app notices still work. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Address used in e-mail links, base path included, without a trailing slash. */
  publicUrl: string;
  /** Without PUBLIC_URL: Host headers (host or host:port, lower case) a document's link may name. */
  allowedHosts: string[];
  expiryNoticeDays: number;
  importEmbeddedMaxApplyRows: number;
  /** How often an open page asks for new notices (the bell). */
  noticesPollSeconds: number;
  /** How often the background sender looks for due e-mails. */
  mailSendIntervalSeconds: number;
  // Reliability
  /** PostgreSQL: a statement running longer is cancelled (503). */
  dbStatementTimeoutMs: number;
  /** PostgreSQL: opening a connection, or waiting for a free one in the pool, longer than this fails (503). */
  dbConnectTimeoutMs: number;
  dbPoolSize: number;
  /** PostgreSQL: a session idle inside a transaction longer than this is ended by the server. */
  dbIdleInTransactionTimeoutMs: number;
  /** PostgreSQL unreachable at start: keep trying this long before giving up. */
  dbStartWaitSeconds: number;
  /** HAProxy's replica port (deploy/patroni); replica-safe reads go there while fresh enough. */
  databaseReadUrl?: string;
  dbReadMaxLagMs: number;
  dbProbeIntervalMs: number;
  /** Stopping: in-flight calls get this long to finish before the process exits anyway. */
  shutdownTimeoutSeconds: number;
  // Verification
  /** PUBLIC_URL was set: constancias point at it; else at the address of the request that issued them. */
  publicUrlDefinida: boolean;
  /** Public verification calls per address per minute. */
  verificacionRateLimit: number;
  resetRateLimit: number;
  /** The seal certificate's PKCS#12; without it, a development seal in the data folder. */
  selloP12File: string | undefined;
  selloP12Password: string | undefined;
  /** An RFC 3161 time-stamping authority: every seal gets its timestamp; none without it. */
  tsaUrl: string | undefined;
  /** Person registry look-ups (GetPersona) per user per minute. */
  personaRateLimit: number;
  /** Calls per minute one system key may make. */
  apiKeyRateLimit: number;
  // Change notifications (webhooks)
  /** Tests and development only: subscriptions may name http:// addresses on this machine (loopback). */
  webhookAllowLoopback: boolean;
  /** How often the background sender looks for due notifications. */
  webhookSendIntervalSeconds: number;
  /** A receiver that has not answered in this long is a failed attempt; a claim's lease is three times it. */
  webhookTimeoutSeconds: number;
  /** The wait before the second attempt; each later wait doubles (at most two hours). */
  webhookRetryFirstSeconds: number;
  /** After this long without a successful delivery, the notification is marked failed. */
  webhookRetryHours: number;
  // Performance
  /** An inbox search's total is counted up to this many requests ("Más de 10.000"). */
  searchCountCap: number;
  /** The audit chain's HMAC key as given (AUDIT_KEY); without it, read from or created in auditKeyFile. */
  auditKey: string | undefined;
  auditKeyFile: string;
  /** Append-only file of signed checkpoints of the audit chain's head. */
  auditCheckpointFile: string;
  /** Where each checkpoint is also mailed (through the outbox); none without it. */
  auditCheckpointEmail: string | undefined;
  /** Seconds between anchors of the audit chain's head in the checkpoint file (0: none). */
  auditAnchorIntervalSeconds: number;
  // Operations
  /** Folder of the scheduled daily backups; unset, the app makes none. */
  backupDir: string | undefined;
  /** Hour of the day (in the country) of the daily backup. */
  backupHour: number;
  /** Days a scheduled backup is kept. */
  backupKeepDays: number;
  // Background tasks (tareas/planificador.ts)
  /** How often the scheduler's one loop looks for due tasks. */
  tasksTickMs: number;
  /** How long a claimed task is leased (renewed while it runs); a dead process's lease ends then. */
  tasksLeaseSeconds: number;
  /** Wait after a task's first failure; doubled after each further one, up to the maximum. */
  tasksRetryFirstSeconds: number;
  tasksRetryMaxSeconds: number;
  /** Addresses/CIDRs that may read GET /metrics on the app's port (none by default). */
  metricsAllow: string[];
  /** A separate listener for /metrics only (on METRICS_HOST, loopback by default). */
  metricsPort: number | undefined;
  metricsHost: string;
  // Exports
  /** Exports running at once in this process (each user may run two). */
  exportMaxConcurrent: number;
  /** An export still running after this long is ended. */
  exportTimeoutSeconds: number;
  /** Days of waiting in a stage from which the reviewers' inboxes highlight a request. */
  waitAlertDays: number;
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join(".")}: ${i.message} (valor: ${JSON.stringify(env[String(i.path[0])])})`,
    );
    throw new ConfigError(`Configuración inválida:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  comprobarCombinaciones(e);
  return aConfig(e);
}

type Entorno = z.infer<typeof schema>;

/** Settings valid alone but not together: refused with the same Spanish report. */
function comprobarCombinaciones(e: Entorno): void {
  // Whoever holds the data folder must not also hold what proves the audit trail untouched.
  const dentro = (archivo: string) => !path.relative(path.resolve(e.DATA_DIR), path.resolve(archivo)).startsWith("..");
  const fuera = [
    ["AUDIT_KEY_FILE", e.AUDIT_KEY_FILE],
    ["AUDIT_CHECKPOINT_FILE", e.AUDIT_CHECKPOINT_FILE],
  ].filter(([, archivo]) => dentro(archivo));
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    throw new ConfigError("Configuración inválida:\n  DATABASE_READ_URL: requiere DATABASE_URL (la base primaria)");
  }
  if (e.DATABASE_MIGRATION_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      "Configuración inválida:\n  DATABASE_MIGRATION_URL: requiere DATABASE_URL (el rol con el que trabaja la aplicación)",
    );
  }
  if (fuera.length > 0) {
    const lines = fuera.map(
      ([nombre, archivo]) => `  ${nombre}: debe estar fuera de DATA_DIR (valor: ${JSON.stringify(archivo)})`,
    );
    throw new ConfigError(`Configuración inválida:\n${lines.join("\n")}`);
  }
}

/** The typed settings, one line each, from the validated environment. */
function aConfig(e: Entorno): Config {
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseMigrationUrl: e.DATABASE_MIGRATION_URL,
    dataDir: path.resolve(e.DATA_DIR),
    basePath: e.BASE_PATH,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    demoData: e.DEMO_DATA === "auto" ? "auto" : e.DEMO_DATA === "true" || e.DEMO_DATA === "1" ? "always" : "never",
    padronFile: e.PADRON_FILE,
    padronUrl: e.PADRON_URL,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY,
    // Notices
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}${e.BASE_PATH}`).replace(/\/+$/, ""),
    allowedHosts: e.ALLOWED_HOSTS,
    expiryNoticeDays: e.EXPIRY_NOTICE_DAYS,
    importEmbeddedMaxApplyRows: e.IMPORT_EMBEDDED_MAX_APPLY_ROWS,
    noticesPollSeconds: e.NOTICES_POLL_SECONDS,
    mailSendIntervalSeconds: e.MAIL_SEND_INTERVAL_SECONDS,
    // Reliability
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dbPoolSize: e.DB_POOL_SIZE,
    dbIdleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    dbStartWaitSeconds: e.DB_START_WAIT_SECONDS,
    // High availability
    databaseReadUrl: e.DATABASE_READ_URL,
    dbReadMaxLagMs: e.DB_READ_MAX_LAG_SECONDS * 1000,
    dbProbeIntervalMs: e.DB_PROBE_INTERVAL_MS,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    // Verification
    publicUrlDefinida: e.PUBLIC_URL !== undefined,
    verificacionRateLimit: e.VERIFICACION_RATE_LIMIT,
    resetRateLimit: e.RESET_RATE_LIMIT,
    selloP12File: e.SELLO_P12_FILE === undefined ? undefined : path.resolve(e.SELLO_P12_FILE),
    selloP12Password: e.SELLO_P12_PASSWORD,
    tsaUrl: e.TSA_URL,
    personaRateLimit: e.PERSONA_RATE_LIMIT,
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    webhookAllowLoopback: ["true", "1", "yes"].includes(e.WEBHOOK_ALLOW_LOOPBACK),
    webhookSendIntervalSeconds: e.WEBHOOK_SEND_INTERVAL_SECONDS,
    webhookTimeoutSeconds: e.WEBHOOK_TIMEOUT_SECONDS,
    webhookRetryFirstSeconds: e.WEBHOOK_RETRY_FIRST_SECONDS,
    webhookRetryHours: e.WEBHOOK_RETRY_HOURS,
    // Performance
    searchCountCap: e.SEARCH_COUNT_CAP,
    auditKey: e.AUDIT_KEY,
    auditKeyFile: path.resolve(e.AUDIT_KEY_FILE),
    auditCheckpointFile: path.resolve(e.AUDIT_CHECKPOINT_FILE),
    auditCheckpointEmail: e.AUDIT_CHECKPOINT_EMAIL,
    auditAnchorIntervalSeconds: e.AUDIT_ANCHOR_INTERVAL_SECONDS,
    // Operations
    backupDir: e.BACKUP_DIR === undefined ? undefined : path.resolve(e.BACKUP_DIR),
    backupHour: e.BACKUP_HOUR,
    backupKeepDays: e.BACKUP_KEEP,
    tasksTickMs: e.TASKS_TICK_MS,
    tasksLeaseSeconds: e.TASKS_LEASE_SECONDS,
    tasksRetryFirstSeconds: e.TASKS_RETRY_FIRST_SECONDS,
    tasksRetryMaxSeconds: e.TASKS_RETRY_MAX_SECONDS,
    metricsAllow: e.METRICS_ALLOW,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    exportMaxConcurrent: e.EXPORT_MAX_CONCURRENT,
    exportTimeoutSeconds: e.EXPORT_TIMEOUT_SECONDS,
    waitAlertDays: e.WAIT_ALERT_DAYS,
  };
}
