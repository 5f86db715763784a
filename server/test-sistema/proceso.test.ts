/**
 * The process around the embedded database: one process per data folder, the
 * production command's signal handling, and `npm start`'s (scripts/start.mjs) forwarding and
 * exit codes.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { esperar, iniciarServidor, llamar, type Proceso, puertoLibre } from "./support/sistema.js";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rf-proc-"));
const candado = path.join(dataDir, "registro-firmas.lock");
const vivos: Proceso[] = [];
// No demo data: a first administrator only, the quickest first start (the tests need no requests).
const env = { DATA_DIR: dataDir, DEMO_DATA: "false" };

afterAll(() => {
  for (const p of vivos) p.hijo.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("production command and npm start", () => {
  it("locks the data folder: a second process stops with a message naming it; SIGINT stops cleanly", async () => {
    const a = await iniciarServidor(env);
    vivos.push(a);
    expect(fs.readFileSync(candado, "utf8").trim()).toBe(String(a.hijo.pid));
    expect(a.salida()).toContain("El modo embebido no garantiza durabilidad");
    // DEMO_DATA=false: a first administrator, and no banner naming demo users that do not exist.
    expect(a.salida()).toContain("One-time password");
    expect(a.salida()).not.toContain("Demo users");

    const b = await iniciarServidor(env, { esperar: false });
    const [codigo] = await b.fin;
    expect(codigo).toBe(3);
    expect(b.salida()).toContain(`La carpeta de datos ${dataDir} está en uso por otro proceso (pid ${a.hijo.pid})`);
    // The first one is unharmed.
    expect((await llamar(a.puerto, "GET", "/api/ready")).status).toBe(200);

    a.hijo.kill("SIGINT");
    expect((await a.fin)[0]).toBe(0);
    expect(fs.existsSync(candado)).toBe(false);
  });

  it("npm start: exits non-zero when the server is killed, and SIGTERM stops the server with it", async () => {
    const inicio = ["scripts/start.mjs"];
    const a = await iniciarServidor(env, { script: inicio });
    vivos.push(a);
    const pidServidor = Number(fs.readFileSync(candado, "utf8"));
    expect(pidServidor).not.toBe(a.hijo.pid);
    process.kill(pidServidor, "SIGKILL");
    const [codigo] = await a.fin;
    expect(codigo).toBe(137);

    // The stale lock of the killed server is taken over.
    const puerto = await puertoLibre();
    const b = await iniciarServidor({ ...env, PORT: String(puerto) }, { script: inicio });
    vivos.push(b);
    const pid2 = Number(fs.readFileSync(candado, "utf8"));
    b.hijo.kill("SIGTERM");
    const [codigo2] = await b.fin;
    expect(codigo2).toBe(0);
    // The server went with it: the port is free and the lock released.
    await esperar(200);
    expect(() => process.kill(pid2, 0)).toThrow();
    await expect(llamar(puerto, "GET", "/api/health", { agent: false })).rejects.toThrow(/ECONNREFUSED/);
    expect(fs.existsSync(candado)).toBe(false);
  });

  it("a data folder it may not write stops the start with one Spanish line and exit 2, not a stack trace", async () => {
    const p = await iniciarServidor({ DATA_DIR: "/sys/rf-datos-no-escribible" }, { esperar: false });
    const [codigo] = await p.fin;
    expect(codigo, p.salida()).toBe(2);
    expect(p.salida()).toContain("No se puede escribir en /sys/rf-datos-no-escribible");
    expect(p.salida()).toContain("/var/lib/registro-firmas");
    expect(p.salida()).not.toMatch(/\n\s+at /);
  });
});
