/**
 * The one scheduler of background work (decision 0045): every task of the app — the notices' daily
 * round, the e-mail and webhook outboxes, the audit anchor, the scheduled backup, the import runs'
 * heartbeat — is registered here with its name, when it runs and its handler, and runs from this
 * module's one loop. The only timers of server/src that repeat live here (test/arquitectura).
 *
 * Two kinds of task:
 * - "unica": one process at a time among those sharing the database. The task's row in
 *   `tareas_programadas` is claimed with FOR UPDATE SKIP LOCKED and leased (TASKS_LEASE_SECONDS,
 *   renewed every third of it while the task runs); a process killed mid-task leaves a lease that
 *   another process takes over once it has ended.
 * - "cadaProceso": in every process, for work that claims its own rows (the outboxes) or belongs
 *   to the process itself (its import runs' heartbeat). Its schedule is kept in memory.
 * A task that throws is logged, counted, and tried again after a doubling wait
 * (TASKS_RETRY_FIRST_SECONDS up to TASKS_RETRY_MAX_SECONDS). Every instant comes from the clock.
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import type { Reloj } from "../shared/tiempo.js";
import { type Cuando, esperaTrasFallo, primeraVez, siguienteVez } from "./calendario.js";
import * as repo from "./tareas.repository.js";

/** What a handler answers when its work could not start yet (another process on it): ask again soon, no failure. */
export const DESPUES = "despues";

/** How soon a task that was not claimed, or answered DESPUES, is looked at again at the latest. */
const REVISION_MS = 60_000;

export interface Tarea {
  /** Unique, stable: the row's key for an "unica" task and the metrics' label. */
  nombre: string;
  cuando: Cuando;
  alcance: "unica" | "cadaProceso";
  ejecutar(): Promise<unknown>;
  /** Runs once the scheduler has stopped and this task's run in flight has ended (close a transport…). */
  alDetener?(): void | Promise<void>;
}

/** What /metrics shows of a task, as this process saw it. */
export interface EstadoTarea {
  nombre: string;
  /** Runs ended in this process, failures included. */
  ejecuciones: number;
  fallos: number;
  /** The last success in this process. */
  ultimoExito: Date | null;
  /** How late the last run started after it was due, in seconds. */
  retrasoSegundos: number | null;
}

export interface Planificador {
  registrar(tarea: Tarea): void;
  /** Starts the loop (once); until then nothing runs on its own. */
  iniciar(): void;
  /** Stops the loop and waits for the runs in flight. */
  detener(): Promise<void>;
  /** One pass now: runs every due task and resolves when those runs have ended (tests, callers). */
  vuelta(): Promise<void>;
  /** Resolves once the loop's pass and the runs in flight have ended. */
  enCurso(): Promise<void>;
  estado(): EstadoTarea[];
  /** The last success of each task of this process, for "unica" tasks whichever process ran it. */
  ultimosExitos(): Promise<Map<string, Date>>;
}

type Ajustes = Pick<Config, "tasksTickMs" | "tasksLeaseSeconds" | "tasksRetryFirstSeconds" | "tasksRetryMaxSeconds">;

interface Entrada {
  tarea: Tarea;
  /** When to look at it again (null: not yet known — at once). */
  proximo: Date | null;
  /** Failures in a row ("cadaProceso"; an "unica" task counts them in its row). */
  fallos: number;
  asegurada: boolean;
  corriendo: Promise<void> | null;
  estado: EstadoTarea;
}

export interface Registro {
  warn(obj: object, msg: string): void;
}

/** What the functions below share: the database, the clock, this process's name and the settings. */
interface Contexto {
  db: Db;
  reloj: Reloj;
  log: Registro;
  dueno: string;
  plazoMs: number;
  reintento: { primeraMs: number; maximaMs: number };
}

/** Claims the entry's run if it is due here; when it was due and which attempt this is, or null. */
async function reclamar(ctx: Contexto, e: Entrada, ahora: Date): Promise<{ vencia: Date; intentos: number } | null> {
  if (e.proximo && e.proximo.getTime() > ahora.getTime()) return null;
  if (e.tarea.alcance === "cadaProceso") {
    e.proximo ??= primeraVez(e.tarea.cuando, ahora);
    return e.proximo.getTime() <= ahora.getTime() ? { vencia: e.proximo, intentos: e.fallos + 1 } : null;
  }
  if (!e.asegurada) {
    await repo.asegurar(ctx.db, e.tarea.nombre, primeraVez(e.tarea.cuando, ahora));
    e.asegurada = true;
  }
  const r = await repo.reclamar(ctx.db, e.tarea.nombre, ctx.dueno, ahora, new Date(ahora.getTime() + ctx.plazoMs));
  if (r) return { vencia: r.proximo, intentos: r.intentos };
  const libre = await repo.libreDesde(ctx.db, e.tarea.nombre);
  e.proximo = new Date(Math.min(libre?.getTime() ?? Number.POSITIVE_INFINITY, ahora.getTime() + REVISION_MS));
  return null;
}

/** One run of a claimed task, its lease renewed meanwhile, its end written. */
async function correr(ctx: Contexto, e: Entrada, vencia: Date, intentos: number): Promise<void> {
  const { db, reloj, log, dueno, plazoMs } = ctx;
  const { tarea, estado } = e;
  estado.retrasoSegundos = Math.max(0, (reloj().getTime() - vencia.getTime()) / 1000);
  const unica = tarea.alcance === "unica";
  const renovar = unica
    ? setInterval(() => {
        const hasta = new Date(reloj().getTime() + plazoMs);
        repo.prolongar(db, tarea.nombre, dueno, hasta).catch((err) => log.warn({ err }, "tareas: lease"));
      }, plazoMs / 3)
    : undefined;
  renovar?.unref();
  let fin: repo.FinDeEjecucion;
  try {
    const r = await tarea.ejecutar();
    const ahora = reloj();
    if (r === DESPUES) {
      const pronto = Math.min(siguienteVez(tarea.cuando, ahora).getTime(), ahora.getTime() + REVISION_MS);
      fin = { proximo: new Date(pronto), exito: null, error: null, reiniciar: true };
    } else {
      estado.ejecuciones++;
      estado.ultimoExito = ahora;
      fin = { proximo: siguienteVez(tarea.cuando, ahora), exito: ahora, error: null, reiniciar: true };
    }
  } catch (err) {
    estado.ejecuciones++;
    estado.fallos++;
    const proximo = esperaTrasFallo(tarea.cuando, reloj(), intentos, ctx.reintento);
    log.warn({ err, tarea: tarea.nombre, intento: intentos, proximo }, `tareas: ${tarea.nombre} falló`);
    fin = { proximo, exito: null, error: err instanceof Error ? err.message : String(err), reiniciar: false };
  } finally {
    clearInterval(renovar);
  }
  e.fallos = fin.reiniciar ? 0 : e.fallos + 1;
  e.proximo = fin.proximo;
  // A lost write leaves the lease to end: the task is then taken over as a dead process's would be.
  if (unica) await repo.terminar(db, tarea.nombre, dueno, fin).catch((err) => log.warn({ err }, "tareas: end"));
}

/** Starts every due task not already running; the runs started. */
async function lanzar(ctx: Contexto, entradas: Iterable<Entrada>): Promise<Promise<void>[]> {
  const ahora = ctx.reloj();
  const lanzadas: Promise<void>[] = [];
  for (const e of entradas) {
    if (e.corriendo) continue;
    const claim = await reclamar(ctx, e, ahora).catch((err) => {
      ctx.log.warn({ err, tarea: e.tarea.nombre }, "tareas: claim failed");
      return null;
    });
    if (!claim) continue;
    const run = correr(ctx, e, claim.vencia, claim.intentos).finally(() => {
      e.corriendo = null;
    });
    e.corriendo = run;
    lanzadas.push(run);
  }
  return lanzadas;
}

export function crearPlanificador(deps: { db: Db; reloj: Reloj; config: Ajustes; log: Registro }): Planificador {
  const { config } = deps;
  const ctx: Contexto = {
    ...deps,
    dueno: `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    plazoMs: config.tasksLeaseSeconds * 1000,
    reintento: { primeraMs: config.tasksRetryFirstSeconds * 1000, maximaMs: config.tasksRetryMaxSeconds * 1000 },
  };
  const entradas = new Map<string, Entrada>();
  let activo = false;
  let temporizador: NodeJS.Timeout | undefined;
  let pasada: Promise<unknown> = Promise.resolve();
  const enVuelo = () => [...entradas.values()].flatMap((e) => (e.corriendo ? [e.corriendo] : []));

  return {
    registrar(tarea) {
      if (entradas.has(tarea.nombre)) throw new Error(`task registered twice: ${tarea.nombre}`);
      const estado = { nombre: tarea.nombre, ejecuciones: 0, fallos: 0, ultimoExito: null, retrasoSegundos: null };
      entradas.set(tarea.nombre, { tarea, proximo: null, fallos: 0, asegurada: false, corriendo: null, estado });
    },
    iniciar() {
      if (activo) return;
      activo = true;
      const paso = () => {
        if (!activo) return;
        pasada = lanzar(ctx, entradas.values()).then(() => {
          if (!activo) return;
          temporizador = setTimeout(paso, config.tasksTickMs);
          temporizador.unref();
        });
      };
      paso();
    },
    async detener() {
      activo = false;
      clearTimeout(temporizador);
      await pasada;
      await Promise.all(enVuelo());
      for (const e of entradas.values()) await e.tarea.alDetener?.();
    },
    async vuelta() {
      await Promise.all(await lanzar(ctx, entradas.values()));
    },
    async enCurso() {
      await pasada;
      await Promise.all(enVuelo());
    },
    estado: () => [...entradas.values()].map((e) => ({ ...e.estado })),
    async ultimosExitos() {
      const deLaBase = await repo.ultimosExitos(ctx.db);
      const r = new Map<string, Date>();
      for (const { tarea, estado } of entradas.values()) {
        const otra = tarea.alcance === "unica" ? deLaBase.get(tarea.nombre) : undefined;
        const ultimo = [estado.ultimoExito, otra].filter((d): d is Date => !!d).sort((a, b) => +b - +a)[0];
        if (ultimo) r.set(tarea.nombre, ultimo);
      }
      return r;
    },
  };
}
