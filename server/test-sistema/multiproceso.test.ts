/**
 * Several app processes on one PostgreSQL behind nginx, with deploy/nginx's very
 * configuration: a session made on one process works on the other, the self-assignment race has
 * one winner across processes, the lockout and the sign-in rate limit hold across processes, and
 * killing one process fails at most the calls in flight on it.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MSG } from "@registro/contracts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Cluster,
  esperar,
  iniciarPostgres,
  iniciarServidor,
  llamar,
  type Proceso,
  puertoLibre,
  raiz,
} from "./support/sistema.js";

const LIMITE = 6;
let base: Cluster;
let a: Proceso;
let b: Proceso;
let nginx: ReturnType<typeof spawn>;
let puertoNginx: number;
let dirNginx: string;

function nginxBin(): string {
  const r = spawnSync("sh", ["-c", "command -v nginx || ls /usr/sbin/nginx"], { encoding: "utf8" });
  const bin = r.stdout.trim().split("\n")[0];
  if (!bin) throw new Error("nginx not found (npm test installs Debian's nginx)");
  return bin;
}

beforeAll(async () => {
  base = await iniciarPostgres();
  const env = { DATABASE_URL: base.url, TRUST_PROXY: "127.0.0.1", LOGIN_RATE_LIMIT: String(LIMITE) };
  // The first process migrates and loads the demo data; the second finds them there.
  a = await iniciarServidor({ ...env, DEMO_DATA: "true" });
  b = await iniciarServidor(env);

  dirNginx = fs.mkdtempSync(path.join(os.tmpdir(), "rf-nginx-"));
  fs.chmodSync(dirNginx, 0o777);
  puertoNginx = await puertoLibre();
  const sitio = fs
    .readFileSync(path.join(raiz, "deploy/nginx/registro-firmas.conf"), "utf8")
    .replace("server 127.0.0.1:3001", `server 127.0.0.1:${a.puerto}`)
    .replace("server 127.0.0.1:3002", `server 127.0.0.1:${b.puerto}`)
    .replace("listen 80;", `listen 127.0.0.1:${puertoNginx};`)
    .replace("/var/log/nginx/registro-firmas.access.log", `${dirNginx}/access.log`);
  expect(sitio).toContain(`127.0.0.1:${b.puerto}`);
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
  nginx = spawn(nginxBin(), ["-p", dirNginx, "-c", path.join(dirNginx, "nginx.conf")], { stdio: "inherit" });
  const limite = Date.now() + 15_000;
  while (Date.now() < limite) {
    const r = await llamar(puertoNginx, "GET", "/api/health", { agent: false }).catch(() => undefined);
    if (r?.status === 200) return;
    await esperar(100);
  }
  throw new Error(`nginx did not start: ${fs.readFileSync(path.join(dirNginx, "error.log"), "utf8")}`);
});

afterAll(() => {
  nginx?.kill("SIGTERM");
  a?.hijo.kill("SIGKILL");
  b?.hijo.kill("SIGKILL");
  base?.detener();
  if (dirNginx) fs.rmSync(dirNginx, { recursive: true, force: true });
});

/** Signs in on a process directly, as a client at `desde` (the apps trust 127.0.0.1's X-Forwarded-For). */
const entrar = (p: Proceso, usuario: string, desde: string, password = "Demo.Firmas.2026") =>
  llamar(p.puerto, "POST", "/api/Account/LogIn", {
    body: { userName: usuario, password },
    headers: { "x-forwarded-for": desde },
  });

describe("two app processes behind nginx", () => {
  it("the access log keeps paths without their query (signed links are bearer secrets)", async () => {
    await llamar(puertoNginx, "GET", "/api/health?s=FIRMA-SECRETA&e=123", { agent: false });
    const linea = fs
      .readFileSync(path.join(dirNginx, "access.log"), "utf8")
      .split("\n")
      .filter((l) => l.includes("/api/health"))
      .pop();
    expect(linea).toContain('"GET /api/health HTTP/1.1" 200');
    expect(linea).not.toContain("FIRMA-SECRETA");
  });

  it("a session made on one process works on the other", async () => {
    const r = await entrar(a, "originador", "192.0.2.1");
    expect(r.body.success).toBe(true);
    const token = r.body.token as string;
    const enA = await llamar(a.puerto, "GET", "/api/Account/GetUserData", { token });
    const enB = await llamar(b.puerto, "GET", "/api/Account/GetUserData", { token });
    expect(enA.status).toBe(200);
    expect(enB.status).toBe(200);
    expect(enB.body).toEqual(enA.body);
    // Signed out on B: gone on A too.
    expect((await llamar(b.puerto, "PUT", "/api/Account/LogOff", { token })).status).toBe(200);
    expect((await llamar(a.puerto, "GET", "/api/Account/GetUserData", { token })).status).toBe(401);
  });

  it("two analysts taking the same request on different processes: exactly one wins", async () => {
    const t1 = (await entrar(a, "analista", "192.0.2.2")).body.token as string;
    const t2 = (await entrar(b, "analista2", "192.0.2.3")).body.token as string;
    const cliente = new pg.Client({ connectionString: base.url });
    await cliente.connect();
    try {
      const { rows } = await cliente.query(
        "select id_solicitud from solicitudes where estatus = 101 and asignado_a is null order by id_solicitud limit 3",
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const { id_solicitud: id } of rows) {
        const [r1, r2] = await Promise.all([
          llamar(a.puerto, "POST", `/api/SolicitudFirma/AssignProcess/${id}`, { token: t1 }),
          llamar(b.puerto, "POST", `/api/SolicitudFirma/AssignProcess/${id}`, { token: t2 }),
        ]);
        expect([r1.status, r2.status]).toEqual([200, 200]);
        expect([r1.body.success, r2.body.success].filter(Boolean)).toHaveLength(1);
        const { rows: fila } = await cliente.query(
          "select u.usuario from solicitudes s join usuarios u on u.id_usuario = s.asignado_a where s.id_solicitud = $1",
          [id],
        );
        expect(fila[0].usuario).toBe(r1.body.success ? "analista" : "analista2");
      }
    } finally {
      await cliente.end();
    }
  });

  it("the lockout holds across processes: five failures spread over both lock the account", async () => {
    const desde = "192.0.2.4";
    for (let i = 0; i < 4; i++) {
      const r = await entrar(i % 2 === 0 ? a : b, "juridico2", desde, "Clave.Equivocada.1");
      expect(r.body).toEqual({ success: false, message: MSG.loginFallido });
    }
    // The fifth failure, on the other process, starts the lock and already says so.
    const quinta = await entrar(b, "juridico2", desde, "Clave.Equivocada.1");
    expect(quinta.body).toEqual({ success: false, message: MSG.cuentaBloqueada(15) });
    // The right password is refused now, on either process (by the lock, or by then by the
    // address's sign-in rate limit, which this file sets low).
    expect((await entrar(a, "juridico2", desde)).body.success).toBe(false);
    expect((await entrar(b, "juridico2", desde)).body.success).toBe(false);
  });

  it("the sign-in rate limit holds across processes behind nginx, whatever X-Forwarded-For the client sends", async () => {
    const codigos: number[] = [];
    for (let i = 0; i < LIMITE + 4; i++) {
      const r = await llamar(puertoNginx, "POST", "/api/Account/LogIn", {
        body: { userName: "nadie", password: "x" },
        headers: { "x-forwarded-for": `198.51.100.${i}` },
        agent: false,
      });
      codigos.push(r.status);
    }
    // nginx alternates the processes; together they allow LIMITE attempts, not twice as many.
    expect(codigos).toEqual([...Array(LIMITE).fill(200), ...Array(4).fill(429)]);
  });

  it("killing one process fails at most the calls in flight on it", async () => {
    const token = (await entrar(a, "consultor", "192.0.2.5")).body.token as string;
    const resultados: { t: number; status: number }[] = [];
    let parar = false;
    const CONCURRENCIA = 4;
    const trabajador = async () => {
      while (!parar) {
        const r = await llamar(puertoNginx, "GET", "/api/Account/GetUserData", { token }).catch(() => ({ status: 0 }));
        resultados.push({ t: Date.now(), status: r.status });
      }
    };
    const hilos = Promise.all(Array.from({ length: CONCURRENCIA }, trabajador));
    await esperar(1500);
    const muerte = Date.now();
    b.hijo.kill("SIGKILL");
    await b.fin;
    await esperar(2000);
    parar = true;
    await hilos;
    const fallidas = resultados.filter((r) => r.status !== 200);
    console.log(`calls: ${resultados.length}, failed: ${fallidas.length} (${JSON.stringify(fallidas)})`);
    expect(resultados.filter((r) => r.t > muerte).length).toBeGreaterThan(10);
    expect(fallidas.length).toBeLessThanOrEqual(CONCURRENCIA);
    // Everything after the first second is served by the process left.
    expect(resultados.filter((r) => r.t > muerte + 1000 && r.status !== 200)).toEqual([]);
  });
});
