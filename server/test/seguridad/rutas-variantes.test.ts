/**
 * The guard decides from the matched route, never from the URL text. Every registered API route is
 * called the way an attacker would spell it (case, percent-encoding, doubled and trailing slashes,
 * dot segments, with and without BASE_PATH) with no token, a made-up token and the token of a user
 * without the route's view: the answer is 400/401/403/404, never data.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import type { RutaRegistrada } from "../../src/deps.js";
import { DEMO_PASSWORD } from "../../src/seed/demo.js";
import { relojDelSistema } from "../../src/shared/tiempo.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { USUARIOS_DEMO } from "../support/peticiones.js";

const BASE = "/RegistroFirmas";

/** The route's path with every parameter filled with a real-looking id. */
function concreta(url: string): string {
  return url.replace(/:[A-Za-z0-9_]+/g, "1").replace(/\*$/, "x");
}

/** Percent-encodes the first letter of the segment at `indice` (a-z/A-Z only). */
function codificarLetra(ruta: string, indice: number): string {
  const partes = ruta.split("/");
  const seg = partes[indice];
  const i = seg ? seg.search(/[A-Za-z]/) : -1;
  if (!seg || i < 0) return ruta;
  partes[indice] = `${seg.slice(0, i)}%${seg.charCodeAt(i).toString(16).toUpperCase()}${seg.slice(i + 1)}`;
  return partes.join("/");
}

/** Ways to spell `ruta` (which starts with the base path, possibly empty, then /api/...). */
function variantes(ruta: string, base: string): string[] {
  const sinBase = ruta.slice(base.length); // "/api/..."
  const resto = sinBase.slice("/api".length); // "/Area/Call..."
  const apiEscrito = (api: string) => `${base}${api}${resto}`;
  const indiceArea = base ? 3 : 2;
  const out = new Set<string>([
    ruta,
    apiEscrito("/API"),
    apiEscrito("/%61pi"),
    `${ruta}/`,
    codificarLetra(ruta, indiceArea + 1),
  ]);
  if (!base) {
    for (const v of [
      apiEscrito("/Api"),
      apiEscrito("/%41%50%49"),
      ruta.toUpperCase(),
      `//api${resto}`,
      `/api/${resto}`,
      `/x/../api${resto}`,
      `/api/.${resto}`,
      `/api%2F${resto.slice(1)}`,
      codificarLetra(ruta, indiceArea),
    ])
      out.add(v);
  } else {
    for (const v of [
      sinBase,
      `${base.toLowerCase()}${sinBase}`,
      ruta.toUpperCase(),
      codificarLetra(ruta, 1),
      `/${ruta}`,
      `${base}/${sinBase}`,
      `/x/..${ruta}`,
    ])
      out.add(v);
  }
  return [...out];
}

/** A refusal: an error status, and no data in the body. */
function esRechazo(res: LightMyRequestResponse): boolean {
  if (![400, 401, 403, 404, 405].includes(res.statusCode)) return false;
  if (!res.body) return true;
  const tipo = String(res.headers["content-type"] ?? "");
  if (!tipo.startsWith("application/json")) return false;
  const body = res.json() as Record<string, unknown>;
  const claves = Object.keys(body).filter((k) => !["success", "message", "errors"].includes(k));
  return body.success === false && claves.length === 0;
}

async function entrar(t: TestApp, base: string, usuario: string): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: `${base}/api/Account/LogIn`,
    payload: { userName: usuario, password: DEMO_PASSWORD },
  });
  return res.json().token;
}

async function vistasDe(t: TestApp, base: string, token: string): Promise<Set<string>> {
  const res = await t.app.inject({
    method: "GET",
    url: `${base}/api/Account/GetUserData`,
    headers: { authorization: token },
  });
  return new Set((res.json().vistas as { nombre: string }[]).map((v) => v.nombre));
}

/** Every API route that needs a session, with a demo user lacking its views (null: any user may call it). */
async function rutasProtegidas(
  t: TestApp,
  base: string,
  tokens: Map<string, string>,
): Promise<{ ruta: RutaRegistrada; sinVista: string | null }[]> {
  const vistas = new Map<string, Set<string>>();
  for (const u of USUARIOS_DEMO) {
    tokens.set(u, await entrar(t, base, u));
    vistas.set(u, await vistasDe(t, base, tokens.get(u) as string));
  }
  const out: { ruta: RutaRegistrada; sinVista: string | null }[] = [];
  for (const ruta of t.app.rutas) {
    // HEAD twins share their GET route's config and guard.
    if (ruta.method === "HEAD" || !ruta.url.toLowerCase().includes("/api/") || ruta.config.publico) continue;
    let sinVista: string | null = null;
    if (ruta.config.vistas) {
      const requeridas = ruta.config.vistas;
      sinVista = USUARIOS_DEMO.find((u) => !requeridas.some((v) => vistas.get(u)?.has(v))) ?? null;
      if (!sinVista) throw new Error(`every demo user may call ${ruta.method} ${ruta.url}`);
    } else if (ruta.config.alcances?.length && ruta.config.autenticado !== true) {
      // A route for system keys only: every user is without access.
      sinVista = USUARIOS_DEMO[0];
    }
    out.push({ ruta, sinVista });
  }
  return out;
}

async function recorrer(t: TestApp, base: string): Promise<{ llamadas: number; fallos: string[] }> {
  const tokens = new Map<string, string>();
  const rutas = await rutasProtegidas(t, base, tokens);
  expect(rutas.length).toBeGreaterThan(40);
  const fallos: string[] = [];
  let llamadas = 0;
  for (const { ruta, sinVista } of rutas) {
    const method = ruta.method as "GET";
    const canonica = `${base}${concreta(ruta.url.slice(base.length))}`;
    const quienes: [string, string | undefined][] = [
      ["sin token", undefined],
      ["token inventado", `Bearer ${"b".repeat(43)}`],
    ];
    if (sinVista) quienes.push([`${sinVista} (sin la vista)`, tokens.get(sinVista)]);
    for (const url of variantes(canonica, base)) {
      for (const [quien, authorization] of quienes) {
        const res = await t.app.inject({
          method,
          url,
          headers: authorization ? { authorization } : {},
          ...(method === "GET" || method === "DELETE" ? {} : { payload: {} }),
        });
        llamadas++;
        if (!esRechazo(res)) fallos.push(`${method} ${url} [${quien}] → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    // The plain spelling reaches the route's guard: 401 without a session, 403 without the view.
    const anonimo = await t.app.inject({ method, url: canonica, ...(method === "GET" ? {} : { payload: {} }) });
    if (anonimo.statusCode !== 401) fallos.push(`${method} ${canonica} sin token → ${anonimo.statusCode}, no 401`);
    if (sinVista) {
      const ajeno = await t.app.inject({
        method,
        url: canonica,
        headers: { authorization: tokens.get(sinVista) as string },
        ...(method === "GET" ? {} : { payload: {} }),
      });
      if (ajeno.statusCode !== 403) fallos.push(`${method} ${canonica} ${sinVista} → ${ajeno.statusCode}, no 403`);
    }
  }
  return { llamadas, fallos };
}

describe("every API route, however its path is spelled, refuses callers without access", () => {
  let t: TestApp;
  let tb: TestApp;
  beforeAll(async () => {
    [t, tb] = await Promise.all([crearTestApp(), crearTestApp({ BASE_PATH: BASE })]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), tb?.close()]);
  });

  it("without BASE_PATH", async () => {
    const { llamadas, fallos } = await recorrer(t, "");
    expect(fallos).toEqual([]);
    expect(llamadas).toBeGreaterThan(500);
    console.log(`path variants: ${llamadas} calls`);
  }, 120_000);

  it(`with BASE_PATH=${BASE}`, async () => {
    const { llamadas, fallos } = await recorrer(tb, BASE);
    expect(fallos).toEqual([]);
    expect(llamadas).toBeGreaterThan(500);
    console.log(`path variants: ${llamadas} calls`);
  }, 120_000);

  it("every route registered under the API declares its access", () => {
    for (const r of t.app.rutas.filter((x) => x.url.toLowerCase().includes("/api/"))) {
      const c = r.config;
      expect(
        c.publico === true || c.autenticado === true || (c.vistas?.length ?? 0) > 0 || (c.alcances?.length ?? 0) > 0,
        `${r.method} ${r.url}`,
      ).toBe(true);
    }
  });

  it("a route under the API without declared access stops the start", async () => {
    const { authPlugin } = await import("../../src/auth/auth.plugin.js");
    const Fastify = (await import("fastify")).default;
    const config = loadConfig({ LOG_LEVEL: "silent" });
    for (const url of ["/api/Abierta", "/API/Abierta", "/Otra"]) {
      const app = Fastify();
      app.register(async (api) => {
        await api.register(authPlugin, { db: t.db, config, reloj: relojDelSistema });
        api.get(url, async () => ({ datos: 1 }));
      });
      await expect(app.ready(), url).rejects.toThrow(/declares no access/);
    }
  });
});
