/**
 * The e-mail outbox across processes: two real app processes (the production command)
 * on one PostgreSQL, each with its own background sender, and one SMTP server in this test. Many
 * notices are produced at once through both processes; each e-mail arrives exactly once (its
 * Message-ID once), none is lost, and every outbox row was claimed once.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { iniciarSmtp, type ServidorSmtp } from "../test/support/smtp.js";
import {
  type Cluster,
  esperar,
  iniciarPostgres,
  iniciarServidor,
  iniciarSesion,
  llamar,
  type Proceso,
} from "./support/sistema.js";

/** The senders look for due mail every second, so both are busy while the notices are produced. */
const CADA_S = 1;
const REVISORES = ["analista", "analista2", "juridico", "juridico2"] as const;
const RONDAS = 4;

let base: Cluster;
let smtp: ServidorSmtp;
let sql: pg.Client;
const procesos: Proceso[] = [];

beforeAll(async () => {
  [base, smtp] = await Promise.all([iniciarPostgres(), iniciarSmtp()]);
  // info: each sender logs how many mails each of its rounds sent.
  const env = {
    DATABASE_URL: base.url,
    SMTP_URL: smtp.url,
    MAIL_SEND_INTERVAL_SECONDS: String(CADA_S),
    LOG_LEVEL: "info",
  };
  // The first process migrates and loads the demo data; the second finds them there.
  procesos.push(await iniciarServidor({ ...env, DEMO_DATA: "true" }));
  procesos.push(await iniciarServidor(env));
  sql = new pg.Client({ connectionString: base.url });
  await sql.connect();
});

afterAll(async () => {
  await sql?.end();
  for (const p of procesos) p.hijo.kill("SIGKILL");
  await smtp?.cerrar();
  base?.detener();
});

/** Polls until `fn` returns true or the time is up. */
async function hasta(fn: () => boolean, limiteMs: number) {
  const fin = Date.now() + limiteMs;
  while (!fn() && Date.now() < fin) await esperar(100);
  return fn();
}

describe("two app processes on one PostgreSQL", () => {
  it("mail each notice exactly once and lose none", async () => {
    const admin = await iniciarSesion(procesos[0].puerto, "administrador");
    // Reviewers default to a daily summary: they choose one e-mail per notice (through either process).
    for (const [i, u] of REVISORES.entries()) {
      const p = procesos[i % 2];
      const r = await llamar(p.puerto, "PUT", "/api/Avisos/Preferencias", {
        token: await iniciarSesion(p.puerto, u),
        body: { Correo: "cada" },
      });
      expect(r.body.success, u).toBe(true);
    }
    const ids = Object.fromEntries(
      (
        await sql.query<{ usuario: string; id_usuario: number }>(
          "select usuario, id_usuario from usuarios where usuario = any($1)",
          [REVISORES],
        )
      ).rows.map((r) => [r.usuario, r.id_usuario]),
    );
    // Every held request in review; Reasignar moves it to the stage's other reviewer and tells both.
    const enRevision = (
      await sql.query<{ id_solicitud: number; asignado_a: number }>(
        "select id_solicitud, asignado_a from solicitudes where estatus in (101, 204, 102, 103) and asignado_a = any($1) order by 1",
        [Object.values(ids)],
      )
    ).rows;
    expect(enRevision.length).toBeGreaterThanOrEqual(5);
    const pareja = new Map([
      [ids.analista, ids.analista2],
      [ids.analista2, ids.analista],
      [ids.juridico, ids.juridico2],
      [ids.juridico2, ids.juridico],
    ]);
    // Mail already queued (the daily round runs at once at start and may queue summaries) is sent
    // first, so the senders' logs below count only this test's notices.
    const pendientes = async () =>
      Number(
        (await sql.query<{ n: string }>("select count(*) as n from correos where enviado is null and not fallido"))
          .rows[0]?.n,
      );
    const limite = Date.now() + 60_000;
    while ((await pendientes()) > 0 && Date.now() < limite) await esperar(200);
    expect(await pendientes()).toBe(0);
    const [{ max: antes }] = (
      await sql.query<{ max: string }>("select coalesce(max(id_correo), 0) as max from correos")
    ).rows;
    const desde = procesos.map((p) => p.salida().length);
    // A slow SMTP server: a sender's batch takes long enough for the other sender to find work too.
    smtp.demoraMs = 40;

    // Rounds of concurrent reassignments, spread over both processes, while both senders run.
    const titular = new Map(enRevision.map((s) => [s.id_solicitud, s.asignado_a]));
    for (let ronda = 0; ronda < RONDAS; ronda++) {
      const respuestas = await Promise.all(
        enRevision.map((s, i) => {
          const destino = pareja.get(titular.get(s.id_solicitud)!)!;
          titular.set(s.id_solicitud, destino);
          return llamar(procesos[(i + ronda) % 2].puerto, "POST", `/api/SolicitudFirma/Reasignar/${s.id_solicitud}`, {
            token: admin,
            body: { IdUsuario: destino, Comentario: `Ronda ${ronda + 1} de reparto.` },
          });
        }),
      );
      for (const r of respuestas) expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
    }

    // Two notices per reassignment (the former holder and the new one), each with its e-mail row.
    const filas = (
      await sql.query<{ message_id: string; asunto: string }>(
        "select message_id, asunto from correos where id_correo > $1 order by id_correo",
        [antes],
      )
    ).rows;
    expect(filas).toHaveLength(enRevision.length * RONDAS * 2);
    const esperados = new Set(filas.map((f) => f.message_id));
    expect(esperados.size).toBe(filas.length);

    const idDe = (messageId: string) => /^<([^@>]+)@/.exec(messageId)?.[1] ?? messageId;
    const llegados = () => smtp.recibidos.filter((m) => esperados.has(idDe(m.messageId)));
    expect(await hasta(() => llegados().length >= esperados.size, 60_000)).toBe(true);
    // A few more rounds of both senders: nothing arrives twice.
    await esperar(3 * CADA_S * 1000);
    const porId = new Map<string, number>();
    for (const m of smtp.recibidos) porId.set(m.messageId, (porId.get(m.messageId) ?? 0) + 1);
    expect([...porId].filter(([, n]) => n > 1)).toEqual([]);
    expect(new Set(llegados().map((m) => idDe(m.messageId)))).toEqual(esperados);
    // The subjects match the rows they came from.
    const asuntoDe = new Map(filas.map((f) => [f.message_id, f.asunto]));
    for (const m of llegados()) expect(m.asunto).toBe(asuntoDe.get(idDe(m.messageId)));

    // In the outbox: every row sent, claimed by one sender once.
    const estado = (
      await sql.query<{ pendientes: number; fallidos: number; reclamos_de_mas: number }>(
        `select count(*) filter (where enviado is null)::int as pendientes,
                count(*) filter (where fallido)::int as fallidos,
                count(*) filter (where intentos <> 1)::int as reclamos_de_mas
         from correos where id_correo > $1`,
        [antes],
      )
    ).rows[0];
    expect(estado).toEqual({ pendientes: 0, fallidos: 0, reclamos_de_mas: 0 });
    // Both processes sent some of them (the race was real), and neither logged an error.
    const enviadosPor = procesos.map((p, i) =>
      [
        ...p
          .salida()
          .slice(desde[i])
          .matchAll(/avisos: (\d+) correos enviados/g),
      ].reduce((n, m) => n + Number(m[1]), 0),
    );
    expect(enviadosPor[0] + enviadosPor[1]).toBe(filas.length);
    expect(enviadosPor[0], `sent by each process: ${enviadosPor}`).toBeGreaterThan(0);
    expect(enviadosPor[1], `sent by each process: ${enviadosPor}`).toBeGreaterThan(0);
    for (const p of procesos) expect(p.salida()).not.toMatch(/"level":(40|50)|falló|DrizzleQueryError/);
  });
});
