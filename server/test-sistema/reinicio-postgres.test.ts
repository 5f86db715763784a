/**
 * PostgreSQL restarting under write load: 10 rounds alternating `pg_ctl restart -m fast`
 * and a crash-restart (`stop -m immediate`, start). The app process must stay up, every failed call
 * must be a 503 with the Spanish message (never a 500 or a dropped connection), and writes must
 * work again after each round. Then: a frozen server (SIGSTOP) ends calls in the same 503 within
 * the timeouts; stopping under load takes less than 10 s.
 */
import { MSG } from "@registro/contracts";
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

let pg: Cluster;
let app: Proceso;
let token: string;
let n = 0;

beforeAll(async () => {
  pg = await iniciarPostgres();
  app = await iniciarServidor({
    DATABASE_URL: pg.url,
    DEMO_DATA: "true",
    DB_CONNECT_TIMEOUT_MS: "2000",
    DB_STATEMENT_TIMEOUT_MS: "2000",
  });
  token = await iniciarSesion(app.puerto, "configuracion");
});

afterAll(() => {
  app?.hijo.kill("SIGKILL");
  pg?.detener();
});

const escribir = () =>
  llamar(app.puerto, "POST", "/api/Usuarios/CrearCargo", {
    token,
    body: { Nombre: `Cargo de prueba ${process.pid}-${++n}`, Descripcion: "Carga", Tipo: 1 },
  });

/** Four writers until `parar` is set; every answer and every network error is kept. */
function carga() {
  const estado = { parar: false, respuestas: [] as { status: number; message?: string }[], errores: [] as string[] };
  const escritor = async () => {
    while (!estado.parar) {
      try {
        const r = await escribir();
        estado.respuestas.push({ status: r.status, message: r.body.message });
      } catch (e) {
        estado.errores.push((e as Error).message);
        await esperar(50);
      }
    }
  };
  const hilos = Promise.all([escritor(), escritor(), escritor(), escritor()]);
  const terminar = async () => {
    estado.parar = true;
    await hilos;
  };
  return { estado, terminar };
}

describe("PostgreSQL restarts under write load", () => {
  it("10 rounds of restart and crash-restart: the app stays up, failed calls are 503 in Spanish", async () => {
    const { estado, terminar } = carga();
    const porRonda: { fallidas: number; recuperadaEnMs: number }[] = [];
    try {
      for (let ronda = 0; ronda < 10; ronda++) {
        await esperar(400);
        const antes = estado.respuestas.filter((r) => r.status !== 200).length;
        if (ronda % 2 === 0) pg.pgctl("-m fast restart");
        else {
          pg.pgctl("-m immediate stop");
          await esperar(1000);
          pg.pgctl("start");
        }
        const t0 = Date.now();
        // Back by itself: a write succeeds again within a few seconds.
        let ok = false;
        while (!ok && Date.now() - t0 < 20_000) {
          const r = await escribir().catch(() => undefined);
          ok = r?.status === 200 && r.body.success === true;
          if (!ok) await esperar(200);
        }
        expect(ok, `writes did not come back after round ${ronda + 1}`).toBe(true);
        porRonda.push({
          fallidas: estado.respuestas.filter((r) => r.status !== 200).length - antes,
          recuperadaEnMs: Date.now() - t0,
        });
        expect(app.hijo.exitCode, app.salida()).toBeNull();
      }
    } finally {
      await terminar();
    }
    console.log(`rounds (failed calls, ms until writes worked again): ${JSON.stringify(porRonda)}`);
    console.log(`calls: ${estado.respuestas.length}, network errors: ${estado.errores.length}`);
    expect(app.hijo.exitCode).toBeNull();
    expect(estado.errores).toEqual([]);
    const fallidas = estado.respuestas.filter((r) => r.status !== 200);
    // The restarts were felt (some calls failed) and every failure is the Spanish 503.
    expect(fallidas.length).toBeGreaterThan(0);
    for (const f of fallidas) expect(f).toEqual({ status: 503, message: MSG.servicioNoDisponible });
    expect(estado.respuestas.filter((r) => r.status === 200).length).toBeGreaterThan(0);
    expect((await llamar(app.puerto, "GET", "/api/ready")).status).toBe(200);
  });

  it("a frozen PostgreSQL: calls end in the Spanish 503 within the timeouts, and work again when it thaws", async () => {
    const pids = pg.procesos();
    for (const pid of pids) process.kill(pid, "SIGSTOP");
    let r: Awaited<ReturnType<typeof escribir>>;
    const t0 = Date.now();
    try {
      r = await escribir();
    } finally {
      for (const pid of pids) process.kill(pid, "SIGCONT");
    }
    const ms = Date.now() - t0;
    console.log(`a call to a frozen PostgreSQL answered ${r.status} after ${ms} ms`);
    expect(r.status).toBe(503);
    expect(r.body.message).toBe(MSG.servicioNoDisponible);
    // Statement timeout 2 s (+2 s on the client for a server that does not answer), connect 2 s.
    expect(ms).toBeLessThan(6_000);
    let ok = false;
    const limite = Date.now() + 20_000;
    while (!ok && Date.now() < limite) {
      ok = (await escribir()).body.success === true;
      if (!ok) await esperar(200);
    }
    expect(ok).toBe(true);
    expect(app.hijo.exitCode).toBeNull();
  });

  it("stops in under 10 s under load: calls in flight finish, later ones get the Spanish 503", async () => {
    const { estado, terminar } = carga();
    await esperar(1500);
    const t0 = Date.now();
    app.hijo.kill("SIGTERM");
    const [code] = await app.fin;
    const ms = Date.now() - t0;
    await terminar();
    console.log(`stopped under load in ${ms} ms; answers during the run: ${estado.respuestas.length}`);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    for (const r of estado.respuestas.filter((x) => x.status !== 200)) {
      expect(r).toEqual({ status: 503, message: MSG.servicioNoDisponible });
    }
  });

  it("PostgreSQL down at start: retried with a clear log line, serving once it is up", async () => {
    pg.pgctl("-m fast stop");
    const tarde = await iniciarServidor({ DATABASE_URL: pg.url, DB_START_WAIT_SECONDS: "60" }, { esperar: false });
    try {
      await esperar(2500);
      expect(tarde.hijo.exitCode).toBeNull();
      expect(tarde.salida()).toMatch(
        /PostgreSQL at 127\.0\.0\.1:\d+\/postgres is not reachable .*; retrying for up to \d+ s more/,
      );
      pg.pgctl("start");
      let ok = false;
      const limite = Date.now() + 30_000;
      while (!ok && Date.now() < limite) {
        ok = (await llamar(tarde.puerto, "GET", "/api/ready", { agent: false }).catch(() => undefined))?.status === 200;
        if (!ok) await esperar(200);
      }
      expect(ok, tarde.salida()).toBe(true);
      expect(tarde.salida()).toContain("is reachable.");
    } finally {
      tarde.hijo.kill("SIGKILL");
    }
  });
});
