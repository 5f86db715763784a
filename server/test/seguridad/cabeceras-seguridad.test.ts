/**
 * The security headers every answer carries (helmet's, computed once at start, and the
 * Permissions-Policy): the same names, values and order @fastify/helmet itself writes with the
 * same options, on the page, a built file, an API answer, a refused call and an unknown address.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import helmet from "@fastify/helmet";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cabecerasHelmet, OPCIONES_HELMET, POLITICA_PERMISOS } from "../../src/shared/cabeceras-seguridad.js";
import { crearTestApp, type TestApp } from "../support/app.js";

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "rf-cabeceras-"));
  fs.mkdirSync(path.join(dist, "assets"));
  fs.writeFileSync(path.join(dist, "index.html"), "<!doctype html><html><head></head><body></body></html>");
  fs.writeFileSync(path.join(dist, "assets", "index-AbCd12_-.js"), "console.log(1);\n");
  t = await crearTestApp({ WEB_DIST: dist });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The header lines of an answer as written on the wire (name as sent, value), in order. */
function lineas(res: { raw: { res: unknown } }): string[] {
  const cabecera = (res.raw.res as { _header: string })._header;
  return cabecera.split("\r\n").slice(1).filter(Boolean);
}

/** The lines @fastify/helmet writes with these options, from a bare Fastify with nothing else. */
async function deReferencia(): Promise<string[]> {
  const app = Fastify({ logger: false });
  await app.register(helmet, OPCIONES_HELMET);
  app.get("/", async () => "");
  const res = await app.inject({ method: "GET", url: "/" });
  await app.close();
  const propias = /^(content-type|content-length|date|connection|keep-alive):/i;
  return lineas(res).filter((l) => !propias.test(l));
}

describe("security headers", () => {
  it("helmet's middleware run once sets exactly what @fastify/helmet sets on a call", async () => {
    const { poner } = cabecerasHelmet(OPCIONES_HELMET);
    expect(poner.map(([n, v]) => `${n}: ${v}`)).toEqual(await deReferencia());
  });

  it("every kind of answer carries helmet's lines byte for byte, in helmet's order, then the Permissions-Policy", async () => {
    const referencia = await deReferencia();
    expect(referencia.some((l) => l.startsWith("Content-Security-Policy: default-src 'self'"))).toBe(true);
    const respuestas = [
      await t.app.inject({ method: "GET", url: "/Login" }),
      await t.app.inject({ method: "GET", url: "/assets/index-AbCd12_-.js" }),
      await t.app.inject({ method: "GET", url: "/api/health" }),
      await t.app.inject({ method: "GET", url: "/api/Account/GetUserData" }),
      await t.app.inject({ method: "GET", url: "/api/NoExiste" }),
    ];
    expect(respuestas.map((r) => r.statusCode)).toEqual([200, 200, 200, 401, 404]);
    for (const r of respuestas) {
      const suyas = lineas(r);
      const deHelmet = suyas.filter((l) => referencia.includes(l));
      expect(deHelmet).toEqual(referencia);
      // No second copy of any of helmet's headers under another spelling.
      const nombres = suyas.map((l) => l.split(":")[0].toLowerCase());
      expect(new Set(nombres).size).toBe(nombres.length);
      expect(r.headers["permissions-policy"]).toBe(POLITICA_PERMISOS);
    }
  });
});
