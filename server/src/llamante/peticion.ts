/**
 * Who is calling, as a route reads it: the signed-in user or the system key the guard
 * (`auth/auth.plugin.ts`) put on the request, and the access a route declares in its config.
 * Every domain reads its caller here, below all of them, so no domain imports auth's insides.
 */
import type { AlcanceClave } from "@registro/contracts";
import type { FastifyRequest } from "fastify";
import { NoAutenticado } from "../shared/errors.js";
import type { SesionUsuario } from "./sesion.js";

/** A system key the guard has authenticated: the principal of a call made with a key. */
export interface ClaveAutenticada {
  idClave: number;
  nombre: string;
  alcances: readonly AlcanceClave[];
}

declare module "fastify" {
  interface FastifyRequest {
    sesion: SesionUsuario | null;
    /** The system key the call was made with (null for users and anonymous calls). */
    clave: ClaveAutenticada | null;
  }
  interface FastifyContextConfig {
    /** Open to anyone (LogIn). */
    publico?: boolean;
    /** Any signed-in user. */
    autenticado?: boolean;
    /** Any one of these views grants the route. */
    vistas?: readonly string[];
    /**
     * The system-key scopes that grant the route. A call made with a key reaches only routes
     * naming one of its scopes; every other route, public ones included, refuses it.
     */
    alcances?: readonly AlcanceClave[];
    /** Allowed while the user must still change a temporary password. */
    permitirCambioClave?: boolean;
    /** Allowed while the user must still enrol a second factor their profile requires. */
    permitirEnrolamiento?: boolean;
    /**
     * A read relying parties make most (verification): the caller's session or key may be read on
     * the replica (db/alta.ts), and what the guard writes on the side (a session's or key's last
     * use, the key's rate-limit counter) is skipped while the primary is unreachable, so the call
     * is still answered during a failover.
     */
    lecturaReplica?: boolean;
  }
}

/** The signed-in user of a guarded route (the guard has run, so it is never null there). */
export function usuarioDe(request: FastifyRequest): SesionUsuario {
  if (!request.sesion) throw NoAutenticado();
  return request.sesion;
}

/** The caller of a route open to users and keys: its institution reach (keys see every institution). */
export interface Llamante {
  externo: boolean;
  idInstitucion: number | null;
}

/** A signed-in user, or a system key (internal reach: the registry of every institution). */
export function llamanteDe(request: FastifyRequest): Llamante {
  if (request.clave) return { externo: false, idInstitucion: null };
  return usuarioDe(request);
}
