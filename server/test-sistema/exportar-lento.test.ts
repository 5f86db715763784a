/**
 * Exports read by clients that never read (the attack of the second security test): on PostgreSQL
 * with the default pool (DB_POOL_SIZE 10), twelve exports of tens of thousands of rows are opened by
 * six signed-in users on sockets that never read what comes back, so the server's writes stall on
 * a full socket. Meanwhile a second client signs in, reads its inbox, the bell and /api/ready: every
 * one of its calls must answer 200 within a second, and no app connection may sit "idle in
 * transaction" — an export holds a connection only while it reads a batch, never while it waits for
 * its client. Then the limits: a third export of one user gets the Spanish 429 with Retry-After, and
 * an export that outlives EXPORT_TIMEOUT_SECONDS is ended by the server.
 */
import net from "node:net";
import { MSG } from "@registro/contracts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Cluster,
  esperar,
  iniciarPostgres,
  iniciarServidor,
  iniciarSesion,
  llamar,
  type Proceso,
} from "./support/sistema.js";

/**
 * Requests seeded into each demo originator's institution, half pending the analyst, half active,
 * with long names: each export is several times what the kernel's socket buffers hold on loopback.
 */
const POR_INSTITUCION = 16_000;
const LIMITE_EXPORTACION_S = 50;

let cluster: Cluster;
let app: Proceso;
let admin: pg.Client;

beforeAll(async () => {
  cluster = await iniciarPostgres();
  app = await iniciarServidor({
    DATABASE_URL: cluster.url,
    DEMO_DATA: "true",
    DB_POOL_SIZE: "10",
    // Twelve exports at once, so the pool (10) is what is tested, not only the per-process limit.
    EXPORT_MAX_CONCURRENT: "12",
    EXPORT_TIMEOUT_SECONDS: String(LIMITE_EXPORTACION_S),
    LOGIN_RATE_LIMIT: "1000",
  });
  admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  // Incumbents and requests written by generate_series, as the export benchmark seeds them; the
  // search words' triggers are off for the seed (no search reads these rows).
  await admin.query("set session_replication_role = replica");
  await admin.query(
    `insert into incumbentes (id_institucion, cedula, nombres, apellidos, cod_cargo, telefono)
     select u.id_institucion, lpad((g * 7 + u.id_institucion)::text, 11, '0'), 'Nombre ' || g || ' ' || repeat('x', 400), 'Apellido ' || (g % 977) || ' ' || repeat('y', 400),
       (select id_cargo from cargos where tipo = 1 order by id_cargo limit 1), '(809) 555-0101'
     from generate_series(1, $1::int) g
     cross join (select distinct id_institucion from usuarios where usuario in ('originador', 'originador2')) u`,
    [POR_INSTITUCION],
  );
  await admin.query(
    `insert into solicitudes (id_institucion, id_incumbente, estatus, fecha_solicitud, fue_activa)
     select i.id_institucion, i.id_incumbente, case when i.id_incumbente % 2 = 0 then 101 else 106 end,
       now() - (i.id_incumbente % 50000) * interval '1 minute', i.id_incumbente % 2 = 1
     from incumbentes i where i.nombres like 'Nombre %'`,
  );
  await admin.query("set session_replication_role = origin");
  await admin.query("analyze");
}, 300_000);

afterAll(async () => {
  await admin?.end().catch(() => {});
  app?.hijo.kill("SIGKILL");
  cluster?.detener();
});

interface Lector {
  socket: net.Socket;
  /** The status line of the answer, once its first bytes came. */
  estado: Promise<string>;
  /** The answer's last bytes once the connection ended (after `resume`). */
  final: Promise<string>;
}

/**
 * An export on a socket that reads only the first bytes of the answer (its status line), then never
 * again: the kernel's receive window fills, then the server's send buffer, then its stream.
 */
function lectorLento(puerto: number, token: string, url: string): Lector {
  const socket = net.connect({ host: "127.0.0.1", port: puerto });
  let cola = "";
  const estado = new Promise<string>((resolve, reject) => {
    socket.once("data", (d) => {
      socket.pause();
      resolve(d.toString("latin1").split("\r\n")[0]);
      socket.on("data", (m) => {
        cola = (cola + m.toString("latin1")).slice(-16);
      });
    });
    socket.once("error", reject);
  });
  const final = new Promise<string>((resolve) => socket.once("close", () => resolve(cola)));
  socket.on("error", () => {});
  socket.write(`GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`);
  return { socket, estado, final };
}

/** App connections (not this test's) and how many of them sit idle in a transaction. */
async function conexionesApp() {
  const r = await admin.query<{ estado: string; n: number }>(
    `select coalesce(state, '') as estado, count(*)::int as n from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
     group by 1`,
  );
  return Object.fromEntries(r.rows.map((f) => [f.estado, f.n])) as Record<string, number>;
}

describe("exports read by clients that never read", () => {
  it("twelve stalled exports on a pool of ten: a second client's calls all answer 200 within a second", async () => {
    const exportadores: [string, string][] = [
      ["originador", "Originador"],
      ["originador2", "Originador"],
      ["analista", "Analista"],
      ["analista2", "Analista"],
      ["administrador", "Seguimiento"],
      ["consultor", "Consultor"],
    ];
    // The second client was at work before the exports started (a new process prepares each
    // statement on its first use): what is measured is what the stalled exports do to it.
    const previo = await iniciarSesion(app.puerto, "juridico");
    await llamar(app.puerto, "GET", "/api/SolicitudFirma/GetBandejaJuridico?page=0&rows=10", { token: previo });
    await llamar(app.puerto, "GET", "/api/Avisos/NoLeidos", { token: previo });
    await llamar(app.puerto, "GET", "/api/ready");
    const lectores: Lector[] = [];
    const inicio = Date.now();
    // Every attacker signs in first, then opens its two exports.
    const tokens = await Promise.all(exportadores.map(([usuario]) => iniciarSesion(app.puerto, usuario)));
    exportadores.forEach(([, lista], n) => {
      for (let i = 0; i < 2; i++)
        lectores.push(lectorLento(app.puerto, tokens[n], `/api/Exportar/${lista}?formato=csv`));
    });
    try {
      // Let every export fill its socket and stall: until no app connection has run a statement for a
      // second (the exports' first batches, tens of MB in all, share the pool with everyone meanwhile).
      const hastaQuietas = Date.now() + 25_000;
      let quietas = 0;
      while (quietas < 4 && Date.now() < hastaQuietas) {
        await esperar(250);
        quietas = ((await conexionesApp()).active ?? 0) === 0 ? quietas + 1 : 0;
      }
      expect(quietas).toBe(4);

      const tiempos: { llamada: string; ms: number; status: number }[] = [];
      const medir = async (llamada: string, f: () => Promise<{ status: number }>) => {
        const t0 = performance.now();
        let status = 0;
        try {
          status = (await f()).status;
        } catch {
          status = -1;
        }
        tiempos.push({ llamada, ms: performance.now() - t0, status });
      };
      // Past the pool's wait (DB_CONNECT_TIMEOUT_MS, 5 s): a pinned pool answers 503 by then.
      const hasta = Date.now() + 8_000;
      let enTransaccion = 0;
      while (Date.now() < hasta) {
        let token = "";
        await medir("LogIn", async () => {
          const r = await llamar(app.puerto, "POST", "/api/Account/LogIn", {
            body: { userName: "juridico", password: "Demo.Firmas.2026" },
            agent: false,
          });
          token = String(r.body.token ?? "");
          return r;
        });
        await medir("GetBandejaJuridico", () =>
          llamar(app.puerto, "GET", "/api/SolicitudFirma/GetBandejaJuridico?page=0&rows=10", { token, agent: false }),
        );
        await medir("Avisos/NoLeidos", () =>
          llamar(app.puerto, "GET", "/api/Avisos/NoLeidos", { token, agent: false }),
        );
        await medir("ready", () => llamar(app.puerto, "GET", "/api/ready", { agent: false }));
        enTransaccion = Math.max(enTransaccion, (await conexionesApp())["idle in transaction"] ?? 0);
      }
      const peor = Math.max(...tiempos.map((t) => t.ms));
      const [lenta] = [...tiempos].sort((a, b) => b.ms - a.ms);
      console.log(
        `Second client: ${tiempos.length} calls, worst ${peor.toFixed(0)} ms (${lenta.llamada}), ` +
          `${tiempos.filter((t) => t.status !== 200).length} not 200; app connections idle in transaction: ${enTransaccion}`,
      );
      const estados = await Promise.all(lectores.map((l) => l.estado));
      expect(estados.filter((e) => !e.startsWith("HTTP/1.1 200"))).toEqual([]);
      expect(tiempos.filter((t) => t.status !== 200)).toEqual([]);
      expect(peor).toBeLessThan(1_000);
      expect(enTransaccion).toBe(0);
      // The stalled exports are still open: the calls above did not succeed because they ended.
      expect(lectores.filter((l) => !l.socket.destroyed).length).toBe(12);

      // A third export of one user waits for one of theirs to end: a Spanish 429 with Retry-After.
      const token = await iniciarSesion(app.puerto, "originador");
      const tercera = await new Promise<{ status: number; retry: string | undefined; body: string }>(
        (resolve, reject) => {
          const s = net.connect({ host: "127.0.0.1", port: app.puerto });
          let t = "";
          s.on("data", (d) => {
            t += d.toString("utf8");
          });
          s.on("end", () => {
            const [cabecera, cuerpo] = t.split("\r\n\r\n");
            resolve({
              status: Number(cabecera.split(" ")[1]),
              retry: /\r\nretry-after: (\d+)/i.exec(cabecera)?.[1],
              body: cuerpo,
            });
          });
          s.on("error", reject);
          s.write(
            `GET /api/Exportar/Originador?formato=csv HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
          );
        },
      );
      expect(tercera.status).toBe(429);
      expect(Number(tercera.retry)).toBeGreaterThan(0);
      expect(tercera.body).toContain(JSON.stringify(MSG.exportacionesPropias).slice(1, -1));

      // Each export has a total time limit: the server cut the stalled ones off. (A socket that does
      // not read does not see its end either: read once the limit is past.)
      await esperar(inicio + (LIMITE_EXPORTACION_S + 3) * 1000 - Date.now());
      const leyendo = Date.now();
      for (const l of lectores) l.socket.resume();
      const finales = await Promise.all(lectores.map((l) => l.final));
      expect(Date.now() - leyendo).toBeLessThan(15_000);
      // Cut off: none ends with the last chunk of a complete answer.
      expect(finales.filter((f) => f.endsWith("\r\n0\r\n\r\n"))).toEqual([]);
    } finally {
      for (const l of lectores) l.socket.destroy();
    }
  }, 180_000);
});
