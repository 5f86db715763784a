/**
 * What the app is built from, and what every routes plugin receives: the database, the settings
 * and the clock. Routes take their dependencies from here, never from `app.ts`, so the app that
 * assembles the domains sits above them and no import leads back to it.
 */
import type { FastifyContextConfig, FastifySchema } from "fastify";
import type { Config } from "./config.js";
import type { Database, Db } from "./db/client.js";
import type { Reloj } from "./shared/tiempo.js";

export interface AppDeps {
  db: Db;
  config: Config;
  /** Every read of "now" (today's date, expiry, retry times, the notices' daily tasks). */
  reloj: Reloj;
  /** Whether the background scheduler's loop starts (default true; tests run passes and rounds by hand). */
  segundoPlano?: boolean;
  /** The open database itself: PGlite's client and PostgreSQL's URL for backups, the pool's figures for /metrics. */
  database?: Pick<Database, "kind" | "pglite" | "url" | "estadoPool" | "alta">;
}

/** A route as the router holds it: what the path-variant and fuzz tests walk. */
export interface RutaRegistrada {
  method: string;
  url: string;
  config: FastifyContextConfig;
  schema: FastifySchema | undefined;
}
