/**
 * Typed, validated settings. The environment is read here once; everything else receives `Config`.
 * A bad value stops the start with one clear line per setting.
 */
import path from "node:path";
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z
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
  TRUST_PROXY: bool.default(false),
  // Avisos (issue 14)
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
  EXPIRY_NOTICE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
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
  trustProxy: boolean;
  // Avisos (issue 14)
  /** Without it nothing is mailed; in-app notices still work. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Address used in e-mail links, base path included, without a trailing slash. */
  publicUrl: string;
  expiryNoticeDays: number;
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
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
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
    // Avisos (issue 14)
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}${e.BASE_PATH}`).replace(/\/+$/, ""),
    expiryNoticeDays: e.EXPIRY_NOTICE_DAYS,
  };
}
