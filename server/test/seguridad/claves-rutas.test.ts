/**
 * A system key reaches only the operations its scopes name. For each scope alone, and for all of
 * them, every route the app registered (the router's own list: API, health, OpenAPI, web files,
 * HEAD twins) is called with the key: only the routes in the table below answer, every other one
 * refuses with 401 or 403. The table is written out here, independent of the routes' config, so a
 * route that starts accepting keys fails this test until it is added on purpose.
 */
import { ALCANCES_CLAVE, type AlcanceClave } from "@registro/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearTestApp, type TestApp } from "../support/app.js";

/** "METHOD /url" → the scopes that grant it. */
const TABLA: Record<string, readonly AlcanceClave[]> = {
  "GET /api/Verificacion/Firma": ["verificacion"],
  "HEAD /api/Verificacion/Firma": ["verificacion"],
  // The sealed proof of a Verificar firma answer: what a relying system files with the payment.
  "GET /api/Verificacion/Comprobante": ["verificacion"],
  "HEAD /api/Verificacion/Comprobante": ["verificacion"],
  // A signed document checked against the registry (issue 38), and its sealed validation report.
  "POST /api/Verificacion/Documento": ["verificacion"],
  "GET /api/Verificacion/Documento/Informe/:codigo": ["verificacion"],
  "HEAD /api/Verificacion/Documento/Informe/:codigo": ["verificacion"],
  "POST /api/Verificacion/Lote": ["verificacion-lote"],
  "POST /api/Verificacion/Lote/Archivo": ["verificacion-lote"],
  "POST /api/Notificaciones/Suscripciones": ["notificaciones"],
  "GET /api/Notificaciones/Suscripciones": ["notificaciones"],
  "HEAD /api/Notificaciones/Suscripciones": ["notificaciones"],
  "DELETE /api/Notificaciones/Suscripciones/:idSuscripcion": ["notificaciones"],
};

let t: TestApp;
const claveDe = new Map<string, string>();

beforeAll(async () => {
  t = await crearTestApp({ API_KEY_RATE_LIMIT: "100000" });
  const juegos: AlcanceClave[][] = [...ALCANCES_CLAVE.map((a) => [a]), [...ALCANCES_CLAVE]];
  for (const alcances of juegos) {
    const r = await t.as("configuracion", {
      method: "POST",
      url: "/api/ClavesSistema",
      payload: { nombre: `Sistema ${alcances.join("+")}`, alcances },
    });
    expect(r.statusCode, r.body).toBe(200);
    claveDe.set(alcances.join("+"), r.json().clave);
  }
});
afterAll(() => t?.close());

function concreta(url: string): string {
  return url.replace(/:[A-Za-z]+/g, "0").replace(/\*/g, "x") || "/";
}

describe("system keys against every registered route", () => {
  it("the table names only routes that exist", () => {
    const registradas = new Set(t.app.rutas.map((r) => `${r.method} ${r.url}`));
    for (const clave of Object.keys(TABLA)) expect(registradas, clave).toContain(clave);
  });

  it.each([...ALCANCES_CLAVE.map((a) => [a]), [...ALCANCES_CLAVE]].map((a) => [a.join(" + "), a] as const))(
    "a key with %s reaches exactly the table's routes for it",
    async (_nombre, alcances) => {
      const clave = claveDe.get(alcances.join("+")) as string;
      const fallos: string[] = [];
      const alcanzadas: string[] = [];
      expect(t.app.rutas.length).toBeGreaterThan(100);
      for (const r of t.app.rutas) {
        const id = `${r.method} ${r.url}`;
        for (const cabecera of [{ "x-api-key": clave }, { authorization: `ApiKey ${clave}` }]) {
          const res = await t.app.inject({
            method: r.method as "GET",
            url: concreta(r.url),
            headers: cabecera,
            ...(r.method === "GET" || r.method === "HEAD" ? {} : { payload: {} }),
          });
          const permitida = (TABLA[id] ?? []).some((a) => (alcances as readonly string[]).includes(a));
          const refusada = res.statusCode === 401 || res.statusCode === 403;
          if (permitida === refusada) fallos.push(`${id} → ${res.statusCode}`);
          if (!refusada) alcanzadas.push(id);
        }
      }
      expect(fallos).toEqual([]);
      const esperadas = Object.entries(TABLA).filter(([, a]) =>
        a.some((x) => (alcances as readonly string[]).includes(x)),
      );
      expect(new Set(alcanzadas)).toEqual(new Set(esperadas.map(([id]) => id)));
    },
    120_000,
  );

  it("an unknown address or a web file with a key is refused too", async () => {
    const clave = claveDe.get(ALCANCES_CLAVE.join("+")) as string;
    for (const url of ["/", "/no/existe", "/api/NoExiste", "/Configuracion/ClavesSistema"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { "x-api-key": clave } });
      expect(res.statusCode, url).toBe(403);
    }
  });
});
