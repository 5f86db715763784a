/**
 * A kill -9 of the app while it applies an import leaves the registry as it was: the run, started
 * from the screen's API on the embedded database, is caught while applying and the process killed;
 * after a restart the run reads as interrupted, none of the file's officials is registered, and the
 * same file then applies cleanly.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { MSG_IMPORTACION } from "@registro/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { esperar, iniciarServidor, iniciarSesion, llamar, type Proceso } from "./support/sistema.js";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rf-importacion-"));
const vivos: Proceso[] = [];
// A 30,000-row apply on the embedded database, past its usual bound (IMPORT_EMBEDDED_MAX_APPLY_ROWS):
// what is tested here is a kill -9 in the middle of a long apply.
const env = { DATA_DIR: dataDir, DEMO_DATA: "true", LOG_LEVEL: "info", IMPORT_EMBEDDED_MAX_APPLY_ROWS: "0" };
const N = 30_000;

afterAll(() => {
  for (const p of vivos) p.hijo.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function cedula(n: number): string {
  const base = String(n).padStart(10, "0");
  let s = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(base[9 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    s += d;
  }
  return `${base.slice(0, 3)}-${base.slice(3)}-${(10 - (s % 10)) % 10}`;
}

function archivo(): Buffer {
  const filas = ["Institución,Tipo,Cédula,Nombres,Apellidos,Cargo,Firmas,Fecha de registro"];
  filas.push(`Ministerio de Hacienda,Incumbente,${cedula(9_100_000_000)},Rosa,Peña,Ministro,,01/01/2020`);
  for (let i = 0; i < N; i++)
    filas.push(
      `Ministerio de Hacienda,Funcionario,${cedula(9_200_000_000 + i)},Nombre ${i},Apellido,Tesorero,Cheques,01/01/2020`,
    );
  return Buffer.from(filas.join("\r\n"));
}

/** POST api/Importacion as multipart. */
function subir(puerto: number, token: string, contenido: Buffer): Promise<{ idImportacion: number }> {
  const limite = `----importacion${crypto.randomBytes(6).toString("hex")}`;
  const cuerpo = Buffer.concat([
    Buffer.from(`--${limite}\r\nContent-Disposition: form-data; name="Aplicar"\r\n\r\ntrue\r\n`),
    Buffer.from(
      `--${limite}\r\nContent-Disposition: form-data; name="Archivo"; filename="registro.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    contenido,
    Buffer.from(`\r\n--${limite}--\r\n`),
  ]);
  return new Promise((ok, mal) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: puerto,
        method: "POST",
        path: "/api/Importacion",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": `multipart/form-data; boundary=${limite}`,
          "content-length": cuerpo.length,
        },
      },
      (res) => {
        let t = "";
        res.on("data", (c) => {
          t += c;
        });
        res.on("end", () => {
          const r = JSON.parse(t);
          if (!r.success) mal(new Error(t));
          else ok(r.data);
        });
      },
    );
    req.on("error", mal);
    req.end(cuerpo);
  });
}

async function registrado(puerto: number, token: string, c: string): Promise<boolean> {
  const r = await llamar(puerto, "GET", `/api/Verificacion/Firma?cedula=${c}`, { token });
  expect(r.status).toBe(200);
  return r.body.autorizado === true;
}

describe("import and kill -9", () => {
  it("a killed apply changes nothing; the next run applies", { timeout: 600_000 }, async () => {
    const a = await iniciarServidor(env);
    vivos.push(a);
    const token = await iniciarSesion(a.puerto, "configuracion");
    const contenido = archivo();
    const { idImportacion } = await subir(a.puerto, token, contenido);
    // Caught while applying (its log line; on the embedded database the apply's transaction holds the
    // one connection, so the API itself waits until it ends), then killed.
    for (let i = 0; i < 3000 && !a.salida().includes("import run applying"); i++) await esperar(20);
    expect(a.salida()).toContain("import run applying");
    await esperar(300);
    a.hijo.kill("SIGKILL");
    expect((await a.fin)[1]).toBe("SIGKILL");

    const b = await iniciarServidor(env);
    vivos.push(b);
    const token2 = await iniciarSesion(b.puerto, "configuracion");
    const run = await llamar(b.puerto, "GET", `/api/Importacion/${idImportacion}`, { token: token2 });
    expect(run.body).toMatchObject({ estado: "fallida", aplicada: false, error: MSG_IMPORTACION.interrumpida });
    const consultor = await iniciarSesion(b.puerto, "consultor");
    for (const i of [0, 1, N - 1]) expect(await registrado(b.puerto, consultor, cedula(9_200_000_000 + i))).toBe(false);

    const otra = await subir(b.puerto, token2, contenido);
    let fin: Record<string, unknown> = {};
    for (let i = 0; i < 6000; i++) {
      // On the embedded database a call waits while the apply's transaction holds the connection:
      // on a busy machine longer than the client's 30 s, which is no failure of the run.
      const r = await llamar(b.puerto, "GET", `/api/Importacion/${otra.idImportacion}`, { token: token2 }).catch(
        (e: Error) => {
          if (e.message === "client timeout") return null;
          throw e;
        },
      );
      if (r === null) continue;
      fin = r.body;
      if (fin.estado === "terminada" || fin.estado === "fallida") break;
      await esperar(100);
    }
    expect(fin).toMatchObject({ estado: "terminada", aplicada: true, error: null });
    expect(fin.conteos).toMatchObject({ crear: N + 1, rechazada: 0 });
    for (const i of [0, 1, N - 1]) expect(await registrado(b.puerto, consultor, cedula(9_200_000_000 + i))).toBe(true);
    b.hijo.kill("SIGINT");
    await b.fin;
  });
});
