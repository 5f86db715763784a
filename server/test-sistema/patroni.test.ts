/**
 * No single point of failure: deploy/patroni's topology on loopback — one etcd, two PostgreSQL
 * nodes under Patroni with synchronous replication, HAProxy (writes to the primary, reads to the
 * replica) — and two app processes behind nginx, under a steady load of writes (with
 * Idempotency-Keys) and verifications (DATABASE_READ_URL on the replica port). Rounds, each as the
 * runbook in docs/operacion.md describes it:
 * 1. kill -9 of the primary's postgres: Patroni fails over; the old primary rejoins as a replica;
 * 2. kill -9 of the whole primary node (Patroni and PostgreSQL); the lost node is rebuilt from
 *    scratch (its data folder removed) and rejoins;
 * 3. a planned `patronictl switchover`.
 * Measured: time until writes succeed again, acknowledged writes lost (0), answers 5xx other than
 * 503 (0), failed verifications; then the audit trail's verification and /metrics.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MSG } from "@registro/contracts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasta, iniciarTopologia, type Nodo, type Topologia } from "./support/patroni.js";
import {
  esperar,
  iniciarServidor,
  iniciarSesion,
  llamar,
  type Proceso,
  puertoLibre,
  type Respuesta,
  raiz,
} from "./support/sistema.js";

let topo: Topologia;
const apps: Proceso[] = [];
let nginx: ReturnType<typeof spawn> | undefined;
let dirNginx: string;
let puerto: number;
let tokenEscritura: string;
let tokenVerificacion: string;
let cedula: string;
const cifras: Record<string, unknown>[] = [];

/** One call as the load saw it. */
interface Llamada {
  tipo: "escritura" | "verificacion";
  inicio: number;
  fin: number;
  status: number;
  message?: string;
  nombre?: string;
}

beforeAll(async () => {
  topo = await iniciarTopologia(2);
  await sincronizada();
  const env = {
    DATABASE_URL: topo.urlEscritura,
    DATABASE_READ_URL: topo.urlLectura,
    DB_CONNECT_TIMEOUT_MS: "2000",
    DB_STATEMENT_TIMEOUT_MS: "3000",
    TRUST_PROXY: "127.0.0.1",
    METRICS_ALLOW: "127.0.0.1",
    LOGIN_RATE_LIMIT: "1000",
  };
  apps.push(await iniciarServidor({ ...env, DEMO_DATA: "true" }));
  apps.push(await iniciarServidor(env));
  puerto = await iniciarNginx(apps.map((a) => a.puerto));
  tokenEscritura = await iniciarSesion(puerto, "configuracion");
  tokenVerificacion = await iniciarSesion(puerto, "verificador");
  cedula = await conPrimaria(async (c) => (await c.query("select cedula from funcionarios limit 1")).rows[0].cedula);
  await sincronizada();
}, 240_000);

afterAll(() => {
  // HA_LOGS=<folder>: keep the apps' and the nodes' logs there (to read a failed run).
  if (process.env.HA_LOGS) {
    for (const [i, a] of apps.entries()) fs.writeFileSync(`${process.env.HA_LOGS}/app-${i}.log`, a.salida());
    for (const n of topo?.nodos ?? []) fs.writeFileSync(`${process.env.HA_LOGS}/${n.nombre}.log`, n.log.join(""));
  }
  nginx?.kill("SIGTERM");
  for (const a of apps) a.hijo.kill("SIGKILL");
  topo?.detener();
  if (dirNginx) fs.rmSync(dirNginx, { recursive: true, force: true });
  if (cifras.length) console.log(`figures:\n${cifras.map((c) => JSON.stringify(c)).join("\n")}`);
});

async function conPrimaria<T>(f: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: topo.urlEscritura, connectionTimeoutMillis: 2000 });
  await c.connect();
  try {
    return await f(c);
  } finally {
    await c.end();
  }
}

/**
 * Until the cluster has a synchronous standby (an acknowledged write is on two nodes) and every app
 * has judged its read pool's node to be it: the precondition of "verification never stops". A
 * fault straight after a replica change found an app that had not judged the new node yet (one probe
 * round after the change), and its reads went to the lost primary for the whole outage.
 */
async function sincronizada() {
  await clusterSincronizado();
  if (apps.length === 0) return;
  await hasta(
    async () => {
      for (const a of apps) {
        const texto = (await llamar(a.puerto, "GET", "/metrics")).body.message as string;
        if (!/^rf_db_replica_synchronous 1$/m.test(texto) || !/^rf_db_replica_usable 1$/m.test(texto)) return false;
      }
      return true;
    },
    30_000,
    () =>
      apps
        .map((a) =>
          a
            .salida()
            .split("\n")
            .filter((l) => l.includes("read routing"))
            .slice(-5)
            .join("\n"),
        )
        .join("\n----\n"),
  );
}

async function clusterSincronizado() {
  await hasta(
    async () => {
      const r = await topo.patronictl(["list", "-f", "json"]);
      const miembros = JSON.parse(r.salida) as { Role: string; State: string }[];
      return (
        miembros.some((m) => m.Role === "Leader" && m.State === "running") &&
        miembros.some((m) => m.Role === "Sync Standby" && ["running", "streaming"].includes(m.State))
      );
    },
    90_000,
    () => JSON.stringify(topo.nodos.map((n) => n.log.join("").slice(-1500))),
  );
}

async function lider(): Promise<Nodo> {
  for (let i = 0; i < 3; i++) {
    for (const n of topo.nodos) if ((await topo.rol(n)) === "primary") return n;
    await esperar(1_000);
  }
  const lista = (await topo.patronictl(["list"])).salida;
  throw new Error(`no primary:\n${lista}\n${topo.nodos.map((n) => n.log.join("").slice(-3000)).join("\n----\n")}`);
}

async function iniciarNginx(puertos: number[]): Promise<number> {
  dirNginx = fs.mkdtempSync(path.join(os.tmpdir(), "rf-nginx-ha-"));
  fs.chmodSync(dirNginx, 0o777);
  const p = await puertoLibre();
  const sitio = fs
    .readFileSync(path.join(raiz, "deploy/nginx/registro-firmas.conf"), "utf8")
    .replace("server 127.0.0.1:3001", `server 127.0.0.1:${puertos[0]}`)
    .replace("server 127.0.0.1:3002", `server 127.0.0.1:${puertos[1]}`)
    .replace("listen 80;", `listen 127.0.0.1:${p};`)
    .replace("/var/log/nginx/registro-firmas.access.log", `${dirNginx}/access.log`);
  fs.writeFileSync(
    path.join(dirNginx, "nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${dirNginx}/nginx.pid;
error_log ${dirNginx}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dirNginx}/body;
  proxy_temp_path ${dirNginx}/proxy;
  fastcgi_temp_path ${dirNginx}/fastcgi;
  uwsgi_temp_path ${dirNginx}/uwsgi;
  scgi_temp_path ${dirNginx}/scgi;
${sitio}
}
`,
  );
  const bin = spawnSync("sh", ["-c", "command -v nginx || ls /usr/sbin/nginx"], { encoding: "utf8" })
    .stdout.trim()
    .split("\n")[0] as string;
  nginx = spawn(bin, ["-p", dirNginx, "-c", path.join(dirNginx, "nginx.conf")], { stdio: "inherit" });
  await hasta(async () => (await llamar(p, "GET", "/api/health", { agent: false })).status === 200, 15_000);
  return p;
}

let secuencia = 0;
/**
 * Three writers and two verifiers until stopped. A write that fails is retried by its client with
 * the same Idempotency-Key and body (what the key is for), after a pause, until it succeeds.
 */
function carga() {
  const llamadas: Llamada[] = [];
  const confirmadas = new Set<string>();
  const sinRespuesta = new Set<string>();
  let parar = false;
  const escritor = async () => {
    while (!parar) {
      const nombre = `Cargo HA ${process.pid}-${++secuencia}`;
      const clave = `ha-${process.pid}-${secuencia}-${Math.random().toString(36).slice(2, 10)}`;
      let intentos = 0;
      const primero = performance.now();
      for (;;) {
        const inicio = performance.now();
        const r = await llamar(puerto, "POST", "/api/Usuarios/CrearCargo", {
          token: tokenEscritura,
          body: { Nombre: nombre, Descripcion: "Carga durante una conmutación", Tipo: 1 },
          headers: { "idempotency-key": clave },
        }).catch((e): Respuesta => ({ status: 0, body: { message: String(e) } }));
        llamadas.push({
          tipo: "escritura",
          inicio,
          fin: performance.now(),
          status: r.status,
          message: r.body.message,
          nombre,
        });
        if (r.status === 200 && r.body.success === true) {
          confirmadas.add(nombre);
          break;
        }
        intentos++;
        // An earlier try committed but its answer was lost with the connection (and with it the
        // key's stored answer), so the retry ran again and met the unique name: counted apart.
        if (intentos > 1 && r.status === 400 && JSON.stringify(r.body).includes("Ya existe")) {
          sinRespuesta.add(nombre);
          break;
        }
        if (r.status === 200 || r.status === 400 || performance.now() - primero > 45_000)
          throw new Error(`write refused or never done (${intentos} tries): ${r.status} ${JSON.stringify(r.body)}`);
        await esperar(250);
      }
      await esperar(20);
    }
  };
  const verificador = async () => {
    while (!parar) {
      const inicio = performance.now();
      const r = await llamar(puerto, "GET", `/api/Verificacion/Firma?cedula=${encodeURIComponent(cedula)}`, {
        token: tokenVerificacion,
      }).catch((e): Respuesta => ({ status: 0, body: { message: String(e) } }));
      llamadas.push({
        tipo: "verificacion",
        inicio,
        fin: performance.now(),
        status: r.status,
        message: r.body.message,
      });
      await esperar(20);
    }
  };
  const hilos = Promise.all([escritor(), escritor(), escritor(), verificador(), verificador()]);
  return {
    llamadas,
    confirmadas,
    sinRespuesta,
    terminar: async () => {
      parar = true;
      await hilos;
    },
  };
}

type Carga = ReturnType<typeof carga>;

/** What a round did to the load, from `t0` (the fault) on. */
function medir(nombre: string, c: Carga, t0: number) {
  const desde = c.llamadas.filter((l) => l.inicio >= t0 - 5_000);
  const escrituras = desde.filter((l) => l.tipo === "escritura");
  const fallidas = escrituras.filter((l) => l.status !== 200);
  const ultimaFalla = Math.max(t0, ...fallidas.map((l) => l.inicio));
  const primeraBuena = escrituras.find((l) => l.status === 200 && l.inicio >= ultimaFalla);
  const verificaciones = desde.filter((l) => l.tipo === "verificacion");
  const verifFallidas = verificaciones.filter((l) => l.status !== 200);
  const finVentana = t0 + (primeraBuena ? primeraBuena.fin - t0 : 60_000) + 5_000;
  const r = {
    ronda: nombre,
    escrituras: escrituras.length,
    escriturasFallidas: fallidas.length,
    escriturasDeNuevoEnMs: primeraBuena ? Math.round(primeraBuena.fin - t0) : null,
    verificaciones: verificaciones.length,
    verificacionesFallidas: verifFallidas.length,
    // With the read pool on the synchronous standby, verification (session check included) needs no primary.
    verificacionesFallidasFueraDeVentana: verifFallidas.filter((l) => l.inicio < t0 - 1_000 || l.inicio > finVentana)
      .length,
    otros5xx: desde.filter((l) => l.status >= 500 && l.status !== 503).length,
    sinRespuesta: desde.filter((l) => l.status === 0).length,
  };
  cifras.push(r);
  // A retry refused with "Ya existe" because its first try committed while the primary went away
  // (the documented limit in docs/operacion.md, «Límites»): counted apart by the load and checked
  // once in the table by sinPerdidas, not a failure of the retry.
  const guardadaSinRespuesta = (l: Llamada) =>
    l.status === 400 && l.nombre !== undefined && c.sinRespuesta.has(l.nombre);
  return { ...r, fallidas: desde.filter((l) => l.status !== 200 && !guardadaSinRespuesta(l)) };
}

/** Every call that failed is the Spanish 503 (retryable), never a 500, a 502 or a dropped call. */
function soloReintentables(fallidas: Llamada[]) {
  for (const f of fallidas) {
    // 409: a retry with the same key while the first try's claim was still held — "try later".
    const esperada = f.status === 409 ? MSG.idempotenciaEnCurso : MSG.servicioNoDisponible;
    expect({ status: f.status, message: f.message }).toEqual({
      status: f.status === 409 ? 409 : 503,
      message: esperada,
    });
  }
}

/** Writes are answered again by the new primary: until a direct write through the app works. */
async function hastaEscrituras(t0: number): Promise<number> {
  await hasta(
    async () => {
      const r = await llamar(puerto, "POST", "/api/Usuarios/CrearCargo", {
        token: tokenEscritura,
        body: { Nombre: `Cargo sonda ${process.pid}-${++secuencia}`, Descripcion: "Sonda", Tipo: 1 },
      });
      return r.status === 200 && r.body.success === true;
    },
    60_000,
    () => topo.nodos.map((n) => n.log.join("").slice(-2000)).join("\n----\n"),
  );
  return performance.now() - t0;
}

describe("PostgreSQL under Patroni: failover, rebuild and switchover under load", () => {
  it("round 1: kill -9 of the primary's postgres — writes back within 15 s, nothing acknowledged lost", async () => {
    const c = carga();
    try {
      await esperar(2_000);
      const viejo = await lider();
      const t0 = performance.now();
      topo.matarPostgres(viejo);
      const ms = await hastaEscrituras(t0);
      await esperar(2_000);
      expect(ms).toBeLessThan(15_000);
      expect((await lider()).nombre).not.toBe(viejo.nombre);
      const m = medir("kill -9 postgres", c, t0);
      soloReintentables(m.fallidas);
      // The read pool is on the synchronous standby: verification never stops.
      expect(m.verificacionesFallidas, JSON.stringify(m.fallidas.filter((l) => l.tipo === "verificacion"))).toBe(0);
      expect(m.escriturasDeNuevoEnMs).not.toBeNull();
      expect(m.escriturasDeNuevoEnMs as number).toBeLessThan(15_000);
      // The old primary comes back as a replica (pg_rewind if needed), synchronous again.
      await hasta(
        async () => (await topo.rol(viejo)) === "replica",
        60_000,
        () => viejo.log.join(""),
      );
      await sincronizada();
    } finally {
      await c.terminar();
    }
    await sinPerdidas(c);
  });

  it("round 2: kill -9 of the whole primary node — writes back within 15 s; the lost node is rebuilt", async () => {
    const c = carga();
    let perdido: Nodo | undefined;
    try {
      await esperar(2_000);
      perdido = await lider();
      const t0 = performance.now();
      await topo.matarNodo(perdido);
      const ms = await hastaEscrituras(t0);
      await esperar(2_000);
      expect(ms).toBeLessThan(15_000);
      const m = medir("kill -9 node", c, t0);
      soloReintentables(m.fallidas);
      expect(m.verificacionesFallidas, JSON.stringify(m.fallidas.filter((l) => l.tipo === "verificacion"))).toBe(0);
      expect(m.escriturasDeNuevoEnMs as number).toBeLessThan(15_000);
      // Rebuilding a lost node (runbook): an empty data folder, Patroni clones it from the primary.
      fs.rmSync(path.join(perdido.dir, "data"), { recursive: true, force: true });
      const t1 = performance.now();
      topo.iniciarNodo(perdido);
      const nodo = perdido;
      await hasta(
        async () => (await topo.rol(nodo)) === "replica",
        90_000,
        () => nodo.log.join(""),
      );
      await sincronizada();
      cifras.push({ ronda: "rebuild", nodoReconstruidoEnMs: Math.round(performance.now() - t1) });
    } finally {
      await c.terminar();
    }
    await sinPerdidas(c);
  });

  it("round 3: a planned switchover — every failed write is a 503 its client retried safely", async () => {
    const c = carga();
    try {
      await esperar(2_000);
      const viejo = await lider();
      const nuevo = topo.nodos.find((n) => n !== viejo) as Nodo;
      const t0 = performance.now();
      const r = await topo.patronictl(["switchover", "--leader", viejo.nombre, "--candidate", nuevo.nombre, "--force"]);
      expect(r.status, r.salida).toBe(0);
      await hasta(
        async () => (await topo.rol(nuevo)) === "primary",
        30_000,
        () => r.salida,
      );
      await hastaEscrituras(t0);
      await esperar(2_000);
      const m = medir("switchover", c, t0);
      soloReintentables(m.fallidas);
      expect(m.verificacionesFallidasFueraDeVentana).toBe(0);
      await hasta(
        async () => (await topo.rol(viejo)) === "replica",
        60_000,
        () => viejo.log.join(""),
      );
      await sincronizada();
    } finally {
      await c.terminar();
    }
    await sinPerdidas(c);
  });

  it("afterwards: the audit trail verifies, and /metrics shows the node written to and the failovers seen", async () => {
    const token = await iniciarSesion(puerto, "configuracion");
    const v = await llamar(puerto, "GET", "/api/Auditoria/Verificar", { token });
    expect(v.status, JSON.stringify(v.body)).toBe(200);
    expect(v.body, JSON.stringify(v.body)).toMatchObject({ integra: true });
    const primaria = await lider();
    for (const a of apps) {
      const texto = (await llamar(a.puerto, "GET", "/metrics")).body.message as string;
      expect(texto).toContain(`rf_db_primary_node{node="127.0.0.1:${primaria.puertoPg}"} 1`);
      const cambios = Number(/^rf_db_primary_changes_total (\d+)/m.exec(texto)?.[1]);
      expect(cambios).toBeGreaterThanOrEqual(3);
      expect(texto).toMatch(/^rf_db_replica_lag_seconds /m);
      const enReplica = Number(/^rf_db_reads_total\{target="replica"\} (\d+)/m.exec(texto)?.[1]);
      expect(enReplica).toBeGreaterThan(0);
      cifras.push({ proceso: a.puerto, cambiosDePrimariaVistos: cambios, lecturasEnReplica: enReplica });
    }
    for (const a of apps) expect(a.hijo.exitCode, a.salida()).toBeNull();
  });
});

/** Every write acknowledged (2xx) is on the primary now, exactly once. */
async function sinPerdidas(c: Carga) {
  const nombres = [...c.confirmadas];
  expect(nombres.length).toBeGreaterThan(10);
  const filas = await conPrimaria(
    async (cl) =>
      (
        await cl.query("select nombre, count(*)::int as n from cargos where nombre = any($1) group by nombre", [
          nombres,
        ])
      ).rows as { nombre: string; n: number }[],
  );
  const perdidas = nombres.filter((n) => !filas.some((f) => f.nombre === n));
  cifras.push({
    escriturasConfirmadas: nombres.length,
    perdidas: perdidas.length,
    // 503 to the client, yet committed: its retry with the same key ran again (docs/operacion.md §9, Límites).
    guardadasSinRespuesta: c.sinRespuesta.size,
  });
  expect(perdidas).toEqual([]);
  expect(filas.filter((f) => f.n !== 1)).toEqual([]);
  const otras = await conPrimaria(
    async (cl) =>
      (await cl.query("select count(*)::int as n from cargos where nombre = any($1)", [[...c.sinRespuesta]])).rows[0].n,
  );
  expect(otras).toBe(c.sinRespuesta.size);
}
