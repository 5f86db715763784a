/**
 * A route's data read in the same statement as the caller's session (one round trip to the database
 * per call instead of two). The route declares `config.lecturaConSesion`; the guard (auth.plugin.ts)
 * then reads the session and the data together, decides on the session exactly as it does on its
 * own read (the same 401s and 403s from the matched route's config, before the handler runs), and
 * only when every check has passed leaves the data on the request for the handler. A request the
 * read does not fit (`argumentos` answers undefined: an input validation will refuse, a question
 * the read does not cover) is guarded the plain way, and its handler reads its data itself.
 */
import type { FastifyRequest } from "fastify";
import type { DatosConClave } from "../claves/claves.repository.js";
import type { Tx } from "../db/client.js";
import type { FilaSesionLeida } from "./sesion-leida.repository.js";

export interface LecturaConSesion<A = unknown, D = unknown> {
  /** The data read's arguments from the request as it arrived (before validation), or undefined. Must not throw. */
  argumentos(request: FastifyRequest): A | undefined;
  /** The session by its token's hash and the data, in one statement. */
  leer(db: Tx, hashSesion: string, args: A): Promise<{ sesion: FilaSesionLeida | null; datos: D | null }>;
}

/**
 * The same for a call made with a system key: the route's data as one SQL expression, read in the
 * key's own statement (claves.repository.ts `usarClave`) when the key is in force; the guard hands
 * it to the handler only after every check of the key passed. Not used while a replica answers the
 * route's reads (the key's statement runs on the primary: the data is read on the replica).
 */
export interface LecturaConClave<A = unknown, D = unknown> {
  /** As `LecturaConSesion.argumentos`. Must not throw. */
  argumentos(request: FastifyRequest): A | undefined;
  /** The data as one SQL expression with placeholders (built once per variant) and this call's values. */
  columna(args: A): DatosConClave;
  /** The data as the handler takes it, from the expression's value as the driver gives it. */
  datos(args: A, valor: unknown): D;
}

/** What the guard read with the session: the arguments it was read for, and the data (null: no row). */
export interface LecturaPrevia {
  args: unknown;
  datos: unknown;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route's data read with the caller's session (see auth/lectura-con-sesion.ts). */
    // biome-ignore lint/suspicious/noExplicitAny: each route's own argument and data types
    lecturaConSesion?: LecturaConSesion<any, any>;
    /** The route's data read in a system key's statement (see auth/lectura-con-sesion.ts). */
    // biome-ignore lint/suspicious/noExplicitAny: each route's own argument and data types
    lecturaConClave?: LecturaConClave<any, any>;
  }
  interface FastifyRequest {
    /** Set by the guard, after its checks passed, when it read the route's data with the session or the key. */
    lecturaPrevia: LecturaPrevia | null;
  }
}

/**
 * The data the guard read with the session for these arguments (`{ datos }`, datos null when there
 * was no row), or undefined when it read none (the handler reads its data itself).
 */
export function lecturaPreviaDe<D>(
  request: FastifyRequest,
  igual: (args: unknown) => boolean,
): { datos: D | null } | undefined {
  const p = request.lecturaPrevia;
  if (!p || !igual(p.args)) return undefined;
  return { datos: p.datos as D | null };
}
