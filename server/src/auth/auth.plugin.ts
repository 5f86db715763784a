/**
 * Resolves the session behind the Authorization header or the web app's cookie on every API call, and enforces each
 * route's declared access: `config.publico`, `config.autenticado` (any signed-in user) or
 * `config.vistas` (any one of the named views). The decision comes from the matched route's own
 * config, never from the URL text (the router ignores case and decodes the path, so any spelling
 * that reaches a route meets its guard). Every route registered where this plugin is (the API)
 * must declare one of them or the start fails, so no route is left open by omission.
 */
import { MSG, MSG_SEGUNDO_FACTOR, rolesDeVistas } from "@registro/contracts";
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { claveDeCabeceras, claveEnUrl } from "../claves/clave.js";
import { auditarLlamada, autenticarClave, VENTANA_CLAVE_MS } from "../claves/claves.service.js";
import type { Config } from "../config.js";
import { esFallaDeConexion } from "../db/fallas.js";
import type { AppDeps } from "../deps.js";
import { AppError, NoAutenticado, NoAutorizado } from "../shared/errors.js";
// Declares the request's `sesion` and `clave` and the routes' access config this guard fills and reads.
import "../llamante/peticion.js";
import { type SesionUsuario, tieneVista } from "../llamante/sesion.js";
import * as repo from "./auth.repository.js";
import { borrarCookieSesion, cambiaEstado, credencialDe, desdeOrigenPropio, nombreCookie } from "./cookie-sesion.js";
import type { LecturaPrevia } from "./lectura-con-sesion.js";
import { almacenLimites } from "./limite-acceso.js";
import { olvidarVentanasViejas } from "./limite-acceso.repository.js";
import { hashToken, tokenValido } from "./tokens.js";

/** How long after its last use a session's use is written again: a small part of the idle limit. */
export function intervaloToque(idleMinutes: number): number {
  return Math.min(60_000, (idleMinutes * 60_000) / 20);
}

/**
 * An onRequest hook of the whole app, web files and unknown addresses included. A key in the URL
 * (path or query) is refused before anything else: URLs end up in logs, proxies and browser
 * histories, so the only places a key is read are the two headers. A call with a key reaches only
 * routes that declare scopes (whose guard then decides by the key's own): anything else refuses it
 * here, before its own hooks (a public route's rate limit, the metrics' address check) run.
 */
export function guardiaClaveApp(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
  const nombre = claveEnUrl(request.url);
  if (nombre !== null) {
    done(new AppError("Validacion", MSG.claveEnDireccion, { [nombre]: [MSG.claveEnDireccion] }));
  } else if (claveDeCabeceras(request.headers) !== undefined && !request.routeOptions.config.alcances?.length) {
    done(new AppError("NoAutorizado", MSG.claveFueraDeAlcance));
  } else {
    done();
  }
}

/** True when the route declares who may call it. */
export function declaraAcceso(c: FastifyContextConfig | undefined): boolean {
  return Boolean(
    c &&
      (c.publico === true ||
        c.autenticado === true ||
        (c.vistas && c.vistas.length > 0) ||
        (c.alcances && c.alcances.length > 0)),
  );
}

type OpcionesGuardia = Pick<AppDeps, "db" | "config" | "reloj" | "database">;

/** What both ways in share: the settings, the key's rate limit, and how a replica-safe route reads. */
function crearGuardia(opts: OpcionesGuardia) {
  const { db, config, reloj } = opts;
  const alta = opts.database?.alta;
  const limites = new (almacenLimites(db))();
  return {
    db,
    config,
    reloj,
    touchEveryMs: intervaloToque(config.sessionIdleMinutes),
    /** For a replica-safe route: reads through the replica watcher; side writes may be skipped while the primary is lost. */
    lecturaDe: (c: FastifyContextConfig) =>
      c.lecturaReplica && alta
        ? { leer: <T>(fn: (d: typeof db) => Promise<T>) => alta.leer(fn), usoPrescindible: esFallaDeConexion }
        : undefined,
    /** Whether a replica answers the route's reads right now (then a key's statement reads no data: see lecturaConClave). */
    replicaLee: (c: FastifyContextConfig) => Boolean(c.lecturaReplica && alta?.estado().replicaUtilizable),
    /** The seconds to wait for a call counted `intentos` in a window with `ttl` ms left (0: within the limit). */
    espera: (intentos: number, ttl: number) =>
      intentos > config.apiKeyRateLimit ? Math.max(1, Math.ceil(ttl / 1000)) : 0,
    /** Counts one call of the key in its one-minute window (a key with an address list, see usarClave). */
    contarClave: (idClave: number) =>
      new Promise<{ intentos: number; ttl: number }>((resolve, reject) =>
        limites.incr(
          `clave-sistema:${idClave}`,
          (err, r) => {
            if (err || !r) return reject(err);
            resolve({ intentos: r.current, ttl: r.ttl });
          },
          VENTANA_CLAVE_MS,
        ),
      ),
  };
}
type Guardia = ReturnType<typeof crearGuardia>;

/**
 * A system key is not a session: no second factor, no password change, no views. It reaches only
 * the routes that name one of its scopes, and counts against its own rate limit.
 */
async function porClave(
  g: Guardia,
  request: FastifyRequest,
  reply: FastifyReply,
  c: FastifyContextConfig,
  presentada: string,
) {
  const lectura = g.lecturaDe(c);
  // The route's data read in the key's statement, unless a replica answers its reads (the key's
  // statement writes, so it runs on the primary).
  const conDatos = c.lecturaConClave;
  const args = conDatos && !g.replicaLee(c) ? conDatos.argumentos(request) : undefined;
  const uso = await autenticarClave(g.db, presentada, request.ip, g.reloj, {
    lectura,
    alcancesRuta: c.alcances ?? [],
    datos: conDatos && args !== undefined ? conDatos.columna(args) : undefined,
  });
  const { clave } = uso;
  request.clave = clave;
  if (!uso.direccionPermitida) throw new AppError("NoAutorizado", MSG.claveDireccionNoPermitida);
  if (!c.alcances?.some((a) => clave.alcances.includes(a))) {
    throw new AppError("NoAutorizado", MSG.claveFueraDeAlcance);
  }
  let cuenta = uso.cuenta;
  if (uso.sinEscritura) {
    // The counter lives on the primary: while it is lost, a replica-safe read is not limited.
    request.log.warn("system key's rate limit skipped: the primary is unreachable");
  } else if (cuenta === null) {
    cuenta = await g.contarClave(clave.idClave).catch((e: unknown) => {
      if (!lectura?.usoPrescindible(e)) throw e;
      request.log.warn({ err: e }, "system key's rate limit skipped: the primary is unreachable");
      return null;
    });
  } else if (Math.random() < 0.01) {
    // Now and then, forget windows that ended long ago (as the rate limit's store does).
    olvidarVentanasViejas(g.db).catch(() => {});
  }
  const espera = cuenta ? g.espera(cuenta.intentos, cuenta.ttl) : 0;
  if (espera > 0) {
    reply.header("retry-after", String(espera));
    throw new AppError("DemasiadasSolicitudes", MSG.demasiadasSolicitudes);
  }
  // Every check passed: only now does the handler see what was read with the key.
  if (conDatos && args !== undefined && uso.datos !== undefined) {
    request.lecturaPrevia = { args, datos: conDatos.datos(args, uso.datos) };
  }
}

/** A signed-in user: a valid session, its use noted, a pending password change or second factor, the route's views. */
async function porSesion(g: Guardia, request: FastifyRequest, reply: FastifyReply, c: FastifyContextConfig) {
  const { db, config } = g;
  const credencial = credencialDe(request);
  if (!credencial) throw NoAutenticado();
  // The cookie rides along with any call the browser makes to us, also from another site's page:
  // a call it carries may change state only when it comes from the app's own origin.
  if (credencial.porCookie && cambiaEstado(request) && !desdeOrigenPropio(request, config)) throw NoAutorizado();
  const lectura = g.lecturaDe(c);
  const hash = hashToken(credencial.token);
  // The route's data read in the session's statement when the route declares how (lectura-con-sesion.ts).
  const conDatos = c.lecturaConSesion;
  const args = conDatos?.argumentos(request);
  let previa: LecturaPrevia | null = null;
  let row: repo.FilaSesionLeida | null;
  if (conDatos && args !== undefined) {
    const leido = await (lectura ? lectura.leer((d) => conDatos.leer(d, hash, args)) : conDatos.leer(db, hash, args));
    row = leido.sesion;
    previa = { args, datos: leido.datos };
  } else {
    row = await (lectura ? lectura.leer((d) => repo.buscarSesion(d, hash)) : repo.buscarSesion(db, hash));
  }
  if (!row || !sesionVigente(row, config)) {
    if (credencial.porCookie) borrarCookieSesion(request, reply, config);
    // Ended by the user from "Mis sesiones" in another session: said so, not "expired".
    throw NoAutenticado(
      row?.revocada && row.cerradaDesde === "mis_sesiones" ? MSG.sesionCerradaDesdeMisSesiones : MSG.sesionExpirada,
    );
  }
  if (row.ahora.getTime() - row.ultimoUso.getTime() > g.touchEveryMs) {
    await repo.tocarSesion(db, row.idSesion).catch((e: unknown) => {
      if (!lectura?.usoPrescindible(e)) throw e;
      request.log.warn({ err: e }, "session's last use not noted: the primary is unreachable");
    });
  }
  request.sesion = aSesionUsuario(row);
  if (row.cambioClave && !c.permitirCambioClave) {
    throw new AppError("NoAutorizado", MSG.cambioClaveRequerido);
  }
  // Like the forced password change: until a second factor is enrolled, nothing else is open.
  if (!row.cambioClave && row.segundoFactorPendiente && !c.permitirEnrolamiento) {
    throw new AppError("NoAutorizado", MSG_SEGUNDO_FACTOR.enrolamientoRequerido);
  }
  // Routes for keys only (no views, not `autenticado`) refuse every user.
  if (c.vistas ? !tieneVista(request.sesion, c.vistas) : c.autenticado !== true) throw NoAutorizado();
  // Every check passed: only now does the handler see what was read with the session.
  request.lecturaPrevia = previa;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: OpcionesGuardia) => {
  const g = crearGuardia(opts);
  app.decorateRequest("sesion", null);
  app.decorateRequest("clave", null);
  app.decorateRequest("lecturaPrevia", null);

  app.addHook("onRoute", (route) => {
    if (!declaraAcceso(route.config)) {
      const url = route.url ?? route.path;
      throw new Error(`Route ${route.method} ${url} declares no access (publico, autenticado or vistas)`);
    }
  });

  // Every call made with a key is audited under the key's name, with the route and the answer's
  // status, before the answer leaves (so the entry exists when the caller has its answer).
  app.addHook("onSend", (request, reply, payload, done) => {
    if (!request.clave) return done(null, payload);
    auditarLlamada(g.db, request.clave, {
      metodo: request.method,
      ruta: request.routeOptions.url ?? request.url.split("?")[0],
      estado: reply.statusCode,
    })
      .catch((err: unknown) => request.log.error({ err }, "audit of a system key's call failed"))
      .then(() => done(null, payload));
  });

  // Before validation: a caller without a session or without the view gets 401/403, never a 400
  // that would describe the body the route expects.
  app.addHook("preValidation", async (request, reply) => {
    // An unmatched URL reaches the not-found handler, which answers 404 without data.
    if (request.is404) return;
    const c = request.routeOptions.config;
    const presentada = claveDeCabeceras(request.headers);
    if (presentada !== undefined) {
      await porClave(g, request, reply, c, presentada);
      return;
    }
    if (c.publico === true) return;
    // Unreachable (onRoute refuses such routes), kept so a gap can never mean "open".
    if (!declaraAcceso(c)) throw NoAutorizado();
    await porSesion(g, request, reply, c);
  });
});

/**
 * The views of the session whose cookie comes with a page's request (not an API call), when that
 * session may open screens: valid, and no password change or second factor pending. Null for any
 * other request. Reading a page neither extends nor ends the session (its API calls do).
 */
export async function vistasDePagina(
  db: AppDeps["db"],
  config: Pick<Config, "sessionIdleMinutes" | "sessionMaxHours">,
  request: FastifyRequest,
): Promise<ReadonlySet<string> | null> {
  const token = request.cookies?.[nombreCookie(request)];
  if (!token || !tokenValido(token)) return null;
  const row = await repo.buscarSesion(db, hashToken(token));
  if (!row || !sesionVigente(row, config) || row.cambioClave || row.segundoFactorPendiente) return null;
  return new Set(row.vistas);
}

type FilaSesion = repo.FilaSesionLeida;

/** Not revoked, its user active, within the idle and absolute limits (by the database's clock). */
export function sesionVigente(
  row: FilaSesion,
  config: Pick<Config, "sessionIdleMinutes" | "sessionMaxHours">,
): boolean {
  const now = row.ahora.getTime();
  return (
    row.revocada === null &&
    row.activo &&
    now - row.ultimoUso.getTime() <= config.sessionIdleMinutes * 60_000 &&
    now - row.creada.getTime() <= config.sessionMaxHours * 3_600_000
  );
}

export function aSesionUsuario(row: FilaSesion): SesionUsuario {
  const vistas = new Set(row.vistas);
  return {
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
    segundoFactorPendiente: row.segundoFactorPendiente,
    vistas,
    roles: rolesDeVistas(vistas),
  };
}
