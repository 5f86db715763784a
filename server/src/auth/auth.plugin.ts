/**
 * Resolves the session behind the Authorization header on every API call, and enforces each
 * route's declared access: `config.publico`, `config.autenticado` (any signed-in user) or
 * `config.vistas` (any one of the named views). A route under /api that declares none of them
 * fails at start, so no route is left open by omission.
 */
import { MSG, rolesDeVistas } from "@registro/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { AppError, NoAutenticado, NoAutorizado } from "../shared/errors.js";
import * as repo from "./auth.repository.js";
import type { SesionUsuario } from "./sesion.js";
import { hashToken, tokenDeCabecera } from "./tokens.js";

declare module "fastify" {
  interface FastifyRequest {
    sesion: SesionUsuario | null;
  }
  interface FastifyContextConfig {
    /** Open to anyone (LogIn). */
    publico?: boolean;
    /** Any signed-in user. */
    autenticado?: boolean;
    /** Any one of these views grants the route. */
    vistas?: readonly string[];
    /** Allowed while the user must still change a temporary password. */
    permitirCambioClave?: boolean;
  }
}

/** The signed-in user of a guarded route (the guard has run, so it is never null there). */
export function usuarioDe(request: FastifyRequest): SesionUsuario {
  if (!request.sesion) throw NoAutenticado();
  return request.sesion;
}

const TOUCH_EVERY_MS = 60_000;

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; config: Config }) => {
  const { db, config } = opts;
  app.decorateRequest("sesion", null);

  app.addHook("onRoute", (route) => {
    const url = route.url ?? route.path;
    if (!url.includes("/api/")) return;
    const c = route.config ?? {};
    if (!c.publico && !c.autenticado && !(c.vistas && c.vistas.length > 0)) {
      throw new Error(`Route ${route.method} ${url} declares no access (publico, autenticado or vistas)`);
    }
  });

  // Before validation: a caller without a session or without the view gets 401/403, never a 400
  // that would describe the body the route expects.
  app.addHook("preValidation", async (request) => {
    const c = request.routeOptions.config;
    if (c.publico || !request.url.includes("/api/")) return;
    const token = tokenDeCabecera(request.headers.authorization);
    if (!token) throw NoAutenticado();
    const row = await repo.buscarSesion(db, hashToken(token));
    const now = Date.now();
    const expirada =
      !row ||
      row.revocada !== null ||
      !row.activo ||
      now - row.ultimoUso.getTime() > config.sessionIdleMinutes * 60_000 ||
      now - row.creada.getTime() > config.sessionMaxHours * 3_600_000;
    if (expirada) throw NoAutenticado(MSG.sesionExpirada);
    if (now - row.ultimoUso.getTime() > TOUCH_EVERY_MS) await repo.tocarSesion(db, row.idSesion);
    const vistas = new Set(row.vistas);
    request.sesion = {
      idSesion: row.idSesion,
      idUsuario: row.idUsuario,
      usuario: row.usuario,
      nombre: row.nombre,
      apellido: row.apellido,
      idPerfil: row.idPerfil,
      perfil: row.perfil,
      externo: row.externo,
      idInstitucion: row.externo ? row.idInstitucion : null,
      institucion: row.externo ? row.institucion : null,
      cambioClave: row.cambioClave,
      vistas,
      roles: rolesDeVistas(vistas),
    };
    if (row.cambioClave && !c.permitirCambioClave) {
      throw new AppError("NoAutorizado", MSG.cambioClaveRequerido);
    }
    if (c.vistas && !c.vistas.some((v) => vistas.has(v))) throw NoAutorizado();
  });
});
