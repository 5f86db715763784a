/**
 * Change notifications across processes, with a real receiver (node:http in this test, checking
 * every signature with the `standardwebhooks` library): both app processes are killed with SIGKILL
 * while one of them is delivering; after the restart every event arrives, none is lost, and the
 * repeats carry the same event id and body. Then two live processes deliver a new set of events,
 * each exactly once, in order per official.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { iniciarReceptor, type Receptor } from "../test/support/receptor.js";
import {
  type Cluster,
  esperar,
  iniciarPostgres,
  iniciarServidor,
  iniciarSesion,
  llamar,
  type Proceso,
} from "./support/sistema.js";

let base: Cluster;
let receptor: Receptor;
let sql: pg.Client;
const procesos: Proceso[] = [];
const env: Record<string, string> = {
  WEBHOOK_ALLOW_LOOPBACK: "true",
  WEBHOOK_SEND_INTERVAL_SECONDS: "1",
  // A claimed notification's lease is three times this: 3 s after a crash it is sent again.
  WEBHOOK_TIMEOUT_SECONDS: "1",
  WEBHOOK_RETRY_FIRST_SECONDS: "0.2",
  LOG_LEVEL: "info",
};

beforeAll(async () => {
  [base, receptor] = await Promise.all([iniciarPostgres(), iniciarReceptor()]);
  env.DATABASE_URL = base.url;
  procesos.push(await iniciarServidor({ ...env, DEMO_DATA: "true" }));
  procesos.push(await iniciarServidor(env));
  sql = new pg.Client({ connectionString: base.url });
  await sql.connect();
});

afterAll(async () => {
  await sql?.end();
  for (const p of procesos) p.hijo.kill("SIGKILL");
  await receptor?.cerrar();
  base?.detener();
});

/** Polls until `fn` is true or the time is up. */
async function hasta(fn: () => boolean | Promise<boolean>, limiteMs: number) {
  const fin = Date.now() + limiteMs;
  while (!(await fn()) && Date.now() < fin) await esperar(100);
  return fn();
}

async function eventos(desde: number) {
  return (
    await sql.query<{ id_notificacion: string; id_evento: string; carga: string }>(
      "select id_notificacion, id_evento, carga from notificaciones where id_notificacion > $1 order by id_notificacion",
      [desde],
    )
  ).rows;
}
const ultimo = async () =>
  Number(
    (await sql.query<{ m: string }>("select coalesce(max(id_notificacion), 0) as m from notificaciones")).rows[0].m,
  );

/** Inactivates then reactivates each request through the given processes: two events per active official. */
async function ciclo(ids: number[], token: string, puertos: number[]) {
  const llamadas = ids.map(async (id, i) => {
    const puerto = puertos[i % puertos.length];
    for (const accion of ["Inactivar", "AprobarAdminRcc"]) {
      const r = await llamar(puerto, "POST", `/api/SolicitudFirma/${accion}/${id}`, { token });
      expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
    }
  });
  await Promise.all(llamadas);
}

/** Each official's accepted events (first arrival of each id) have increasing sequence numbers. */
function enOrden(llegadas: Receptor["recibidas"]) {
  const vistos = new Set<string>();
  const ultimaDe = new Map<string, number>();
  for (const r of llegadas) {
    if (r.estado >= 300 || vistos.has(r.id)) continue;
    vistos.add(r.id);
    const k = `${r.cuerpo.idSuscripcion}:${r.cuerpo.idFuncionario}`;
    const s = r.cuerpo.secuencia as number;
    if ((ultimaDe.get(k) ?? 0) >= s) return `${k}: ${s} after ${ultimaDe.get(k)}`;
    ultimaDe.set(k, s);
  }
  return null;
}

describe("change notifications and crashes", () => {
  it("a kill -9 during delivery loses nothing; two processes then deliver each event once", async () => {
    const [a] = procesos;
    const admin = await iniciarSesion(a.puerto, "administrador");
    const config = await iniciarSesion(a.puerto, "configuracion");
    const k = await llamar(a.puerto, "POST", "/api/ClavesSistema", {
      token: config,
      body: { nombre: "Banco del sistema", alcances: ["notificaciones"] },
    });
    const clave = k.body.clave as string;
    const instituciones = (await sql.query<{ id: number }>("select id_institucion as id from instituciones")).rows.map(
      (r) => r.id,
    );
    const s = await llamar(a.puerto, "POST", "/api/Notificaciones/Suscripciones", {
      headers: { "x-api-key": clave },
      body: { url: receptor.url, instituciones },
    });
    expect(s.status, JSON.stringify(s.body)).toBe(201);
    receptor.secreto = s.body.secreto as string;
    const activas = (
      await sql.query<{ id: number }>(
        `select s.id_solicitud as id from solicitudes s where s.estatus = 106
           and exists (select 1 from funcionarios f where f.id_solicitud = s.id_solicitud and f.id_estatus = 2)
         order by 1 limit 6`,
      )
    ).rows.map((r) => r.id);
    expect(activas.length).toBeGreaterThanOrEqual(3);

    // 1. Events written while both processes run and the receiver is down (503: retried); then the
    // receiver comes back holding each answer, and both processes are killed at its first arrival.
    const antes1 = await ultimo();
    receptor.pausado = true;
    await ciclo(
      activas,
      admin,
      procesos.map((p) => p.puerto),
    );
    const ronda1 = await eventos(antes1);
    expect(ronda1.length).toBeGreaterThanOrEqual(activas.length * 2);
    let muertos = false;
    receptor.demoraMs = 400;
    receptor.alLlegar = () => {
      if (muertos) return;
      muertos = true;
      for (const p of procesos) p.hijo.kill("SIGKILL");
    };
    const armado = receptor.recibidas.length;
    receptor.pausado = false;
    expect(await hasta(() => muertos, 15_000)).toBe(true);
    await Promise.all(procesos.map((p) => p.fin));
    await esperar(500);
    // Deliveries the receiver took while the processes died: their senders never saw the answer.
    const enVuelo = receptor.recibidas.length - armado;
    expect(enVuelo).toBeGreaterThan(0);

    // Restarted: every event of the round arrives, the ones in flight again with the same id and body.
    receptor.alLlegar = null;
    receptor.demoraMs = 20;
    procesos.splice(0, 2, await iniciarServidor(env), await iniciarServidor(env));
    const ids1 = new Map(ronda1.map((e) => [e.id_evento, e.carga]));
    const llegadas = () => new Set(receptor.aceptadas().map((r) => r.id));
    expect(await hasta(() => [...ids1.keys()].every((id) => llegadas().has(id)), 20_000)).toBe(true);
    for (const r of receptor.recibidas) {
      expect(r.firmaValida, r.error ?? "").toBe(true);
      expect(r.texto).toBe(ids1.get(r.id));
    }
    const aceptadas = receptor.aceptadas().map((r) => r.id);
    const repetidas = aceptadas.length - new Set(aceptadas).size;
    expect(repetidas).toBeLessThanOrEqual(enVuelo);
    expect(enOrden(receptor.recibidas)).toBeNull();
    const pendientes1 = async () =>
      (
        await sql.query<{ n: number }>(
          "select count(*)::int as n from notificaciones where id_notificacion > $1 and (entregado is null or fallido)",
          [antes1],
        )
      ).rows[0].n;
    expect(await hasta(async () => (await pendientes1()) === 0, 5000)).toBe(true);

    // 2. Two live processes: a new round, each event delivered exactly once, in order per official.
    const desde = receptor.recibidas.length;
    const antes2 = await ultimo();
    const token2 = await iniciarSesion(procesos[0].puerto, "administrador");
    receptor.demoraMs = 60;
    const salidas = procesos.map((p) => p.salida().length);
    await ciclo(
      activas,
      token2,
      procesos.map((p) => p.puerto),
    );
    await ciclo(activas, token2, procesos.map((p) => p.puerto).reverse());
    const ronda2 = await eventos(antes2);
    expect(ronda2.length).toBe(ronda1.length * 2);
    const nuevas = () => receptor.recibidas.slice(desde);
    expect(await hasta(() => nuevas().length >= ronda2.length, 20_000)).toBe(true);
    await esperar(2500);
    expect(
      nuevas()
        .map((r) => r.id)
        .sort(),
    ).toEqual(ronda2.map((e) => e.id_evento).sort());
    expect(nuevas().every((r) => r.estado === 204 && r.firmaValida)).toBe(true);
    expect(enOrden(nuevas())).toBeNull();
    const estado = (
      await sql.query<{ pendientes: number; fallidas: number; intentos_de_mas: number }>(
        `select count(*) filter (where entregado is null)::int as pendientes, count(*) filter (where fallido)::int as fallidas,
                count(*) filter (where intentos <> 1)::int as intentos_de_mas
         from notificaciones where id_notificacion > $1`,
        [antes2],
      )
    ).rows[0];
    expect(estado).toEqual({ pendientes: 0, fallidas: 0, intentos_de_mas: 0 });
    const porProceso = procesos.map((p, i) =>
      [
        ...p
          .salida()
          .slice(salidas[i])
          .matchAll(/notificaciones: (\d+) entregadas/g),
      ].reduce((n, m) => n + Number(m[1]), 0),
    );
    expect(porProceso[0] + porProceso[1]).toBe(ronda2.length);
    for (const p of procesos) expect(p.salida()).not.toMatch(/"level":50|DrizzleQueryError/);
  });
});
