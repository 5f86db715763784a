/**
 * Schema-driven fuzz: every API route from the router, called by a user who may call it, with
 * bodies, queries and path parameters built from the route's own zod schemas where each field
 * gets either a plausible value or a hostile one (NUL, lone surrogates, ids beyond int4, huge
 * numbers, wrong types, deep nesting). Then the request-level classes: JSON nested 10,000 levels,
 * malformed JSON, a wrong content type, malformed multipart. Never a 5xx; every refusal has the
 * product's shape with a Spanish message.
 */
import {
  MSG,
  MSG_IMPORTACION,
  MSG_SEGUNDO_FACTOR,
  zFuncionarioForm,
  zInactivacionForm,
  zSolicitudForm,
} from "@registro/contracts";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { RutaRegistrada } from "../../src/deps.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { USUARIOS_DEMO } from "../support/peticiones.js";

const MENSAJES = new Set<string>(
  [
    ...Object.values(MSG as Record<string, unknown>),
    ...Object.values(MSG_SEGUNDO_FACTOR),
    ...Object.values(MSG_IMPORTACION),
  ].filter((m) => typeof m === "string") as string[],
);
// The web's fallback for an error without a message: the server never says it.
MENSAJES.delete(MSG.errorDesconocido);

/** The fields of a zod object schema, through optional/default/preprocess/pipe wrappers. */
function campos(schema: unknown): string[] {
  let s = schema as z.ZodTypeAny | undefined;
  for (let i = 0; s && i < 8; i++) {
    if (s instanceof z.ZodObject) return Object.keys(s.shape);
    const def = (s as unknown as { _zod?: { def?: Record<string, unknown> } })._zod?.def ?? {};
    const siguiente = [def.innerType, def.out, def.in, def.schema].find(
      (x) => x && typeof x === "object" && "_zod" in (x as object) && !(x instanceof z.ZodTransform),
    );
    s = siguiente as z.ZodTypeAny | undefined;
  }
  return [];
}

/** Fields of the multipart forms, which the handlers read themselves. */
const FORMULARIOS: Record<string, string[]> = {
  "/api/SolicitudFirma/solicitud": [...campos(zSolicitudForm), "InfoIncumbente.Cedula", "InfoIncumbente.Nombre"],
  "/api/SolicitudFirma/Put": [...campos(zSolicitudForm), "IdSolicitud", "InfoIncumbente.Cedula"],
  "/api/SolicitudFirma/SolicitudFuncionario": campos(zFuncionarioForm),
  "/api/SolicitudFirma/EditSolicitudFuncionario": [...campos(zFuncionarioForm), "IdFuncionario"],
  "/api/SolicitudFirma/SolicitudInactivar/:idSolicitud": campos(zInactivacionForm),
};

const PLAUSIBLES = [
  "Prueba",
  "001-0000001-7",
  "(809) 555-1234",
  "correo@ejemplo.do",
  "1",
  1,
  2,
  true,
  "2026-01-15",
  "",
];
const deep = (n: number): unknown => {
  let v: unknown = "x";
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
};
const HOSTILES: unknown[] = [
  "a\u0000b",
  "\u0000",
  "x\ud800y",
  "\udc00",
  "\ud83d",
  2147483648,
  "2147483648",
  99999999999,
  "99999999999",
  -1,
  1e308,
  "1e400",
  "NaN",
  "-0",
  {},
  [],
  [2147483648],
  null,
  "a".repeat(3000),
  deep(20),
  "'; drop table usuarios; --",
  "../../etc/passwd",
];
const PARAMS_HOSTILES = [
  "2147483648",
  "99999999999",
  "-1",
  "0",
  "1e3",
  "%00",
  "a%00b",
  "%ED%A0%80",
  "%C0%AF",
  "x".repeat(300),
];

const valor = fc.oneof(fc.constantFrom(...PLAUSIBLES), fc.constantFrom(...HOSTILES), fc.string(), fc.integer());

function conShape(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400) return null;
  const tipo = String(res.headers["content-type"] ?? "");
  if (!tipo.startsWith("application/json")) return `status ${res.statusCode} sin JSON: ${tipo}`;
  const body = res.json() as { success?: unknown; message?: unknown; errors?: Record<string, unknown> };
  if (body.success !== false || typeof body.message !== "string" || !MENSAJES.has(body.message)) {
    return `forma o texto ajeno: ${res.body.slice(0, 200)}`;
  }
  // A 400 names the field (or "general"): one without errors came from the database refusing a value
  // the schemas let through (the error handler's last-resort net), which is a bug.
  if (res.statusCode === 400 && Object.keys(body.errors ?? {}).length === 0) {
    return `400 sin campo: ${res.body.slice(0, 200)}`;
  }
  const ingles = Object.values(body.errors ?? {})
    .flat()
    .find((m) => typeof m !== "string" || enIngles(m));
  if (ingles !== undefined) return `mensaje no español: ${JSON.stringify(ingles)}`;
  return null;
}

/** The words of a validation library's English messages ("Invalid input: expected object, received null"). */
const PALABRAS_INGLESAS = new Set(
  "invalid input expected received too big small must be have contain string number object array boolean option options unrecognized key keys element elements union characters items required greater less than equal match pattern start starts end ends with include includes multiple format".split(
    " ",
  ),
);

/** True when a message a client would read has a word of the library's English. */
function enIngles(mensaje: string): boolean {
  return mensaje
    .toLowerCase()
    .split(/[^a-záéíóúüñ]+/)
    .some((w) => PALABRAS_INGLESAS.has(w));
}

let t: TestApp;
const quienPuede = new Map<string, string>();
let rutas: RutaRegistrada[] = [];

beforeAll(async () => {
  // The public verification calls are rate-limited per address; the fuzz calls them far more often.
  t = await crearTestApp({ VERIFICACION_RATE_LIMIT: "100000" });
  const vistas = new Map<string, Set<string>>();
  for (const u of USUARIOS_DEMO) {
    const res = await t.as(u, { method: "GET", url: "/api/Account/GetUserData" });
    vistas.set(u, new Set((res.json().vistas as { nombre: string }[]).map((v) => v.nombre)));
  }
  rutas = t.app.rutas.filter((r) => r.method !== "HEAD" && r.url.includes("/api/") && r.url !== "/api/Account/LogOff");
  for (const r of rutas) {
    const requeridas = r.config.vistas;
    const u = requeridas ? USUARIOS_DEMO.find((x) => requeridas.some((v) => vistas.get(x)?.has(v))) : "consultor";
    if (u) quienPuede.set(`${r.method} ${r.url}`, u);
  }
});
afterAll(() => t?.close());

function urlCon(ruta: string, params: string[]): string {
  let i = 0;
  return ruta.replace(/:[A-Za-z0-9_]+/g, () => params[i++] ?? "1");
}

describe("schema-driven fuzz over every route", () => {
  it("no 5xx and the product's shape, whatever the fields hold", async () => {
    const fallos: string[] = [];
    for (const r of rutas) {
      const usuario = r.config.publico ? null : (quienPuede.get(`${r.method} ${r.url}`) ?? null);
      const nParams = (r.url.match(/:[A-Za-z0-9_]+/g) ?? []).length;
      const claveBody = campos(r.schema?.body);
      const formulario = FORMULARIOS[r.url];
      const claveQuery = campos(r.schema?.querystring);
      const conCuerpo = r.method !== "GET" && r.method !== "DELETE";
      const arb = fc.record({
        params: fc.array(fc.oneof(fc.constantFrom(...PARAMS_HOSTILES), fc.constant("1")), {
          minLength: nParams,
          maxLength: nParams,
        }),
        query: fc.dictionary(fc.constantFrom(...(claveQuery.length ? claveQuery : ["q"])), valor),
        body: fc.dictionary(fc.constantFrom(...(formulario ?? (claveBody.length ? claveBody : ["x"]))), valor),
      });
      const corridas = r.url.includes("LogIn") ? 5 : 8;
      await fc.assert(
        fc.asyncProperty(arb, async ({ params, query, body }) => {
          const qs = new URLSearchParams(
            Object.entries(query).map(([k, v]): [string, string] => [k, typeof v === "string" ? v : JSON.stringify(v)]),
          ).toString();
          const res = await t.as(usuario, {
            method: r.method as "GET",
            url: `${urlCon(r.url, params)}${qs ? `?${qs}` : ""}`,
            ...(conCuerpo ? { payload: body as Record<string, unknown> } : {}),
          });
          const fallo = conShape(res);
          if (fallo)
            fallos.push(`${r.method} ${r.url} ${JSON.stringify({ params, query, body }).slice(0, 300)} → ${fallo}`);
        }),
        { numRuns: corridas },
      );
    }
    expect(fallos).toEqual([]);
  }, 180_000);

  it("request-level bad input on every route with a body: deep JSON, broken JSON, wrong type, broken multipart", async () => {
    const profundo = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    const objetoProfundo = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
    const casos: { nombre: string; tipo: string; cuerpo: string | Buffer }[] = [
      { nombre: "JSON 10.000 niveles", tipo: "application/json", cuerpo: profundo },
      { nombre: "objeto 10.000 niveles", tipo: "application/json", cuerpo: objetoProfundo },
      { nombre: "JSON roto", tipo: "application/json", cuerpo: '{"a": ' },
      { nombre: "JSON con NUL", tipo: "application/json", cuerpo: '{"Nombre":"a\\u0000b","Usuario":"x\\ud800"}' },
      { nombre: "proto", tipo: "application/json", cuerpo: '{"__proto__":{"x":1}}' },
      { nombre: "texto plano", tipo: "text/plain", cuerpo: "hola" },
      { nombre: "tipo raro", tipo: "application/x-raro", cuerpo: "hola" },
      { nombre: "multipart sin boundary", tipo: "multipart/form-data", cuerpo: "--x\r\n" },
      {
        nombre: "multipart truncado",
        tipo: "multipart/form-data; boundary=XYZ",
        cuerpo: '--XYZ\r\nContent-Disposition: form-data; name="Nombre"\r\n\r\nPrue',
      },
      {
        nombre: "multipart basura",
        tipo: "multipart/form-data; boundary=XYZ",
        cuerpo: Buffer.from([0, 255, 1, 2, 3, 45, 45]),
      },
      {
        nombre: "multipart con NUL",
        tipo: "multipart/form-data; boundary=XYZ",
        cuerpo: '--XYZ\r\nContent-Disposition: form-data; name="Comentario"\r\n\r\na\u0000b\r\n--XYZ--\r\n',
      },
    ];
    const fallos: string[] = [];
    for (const r of rutas.filter((x) => x.method === "POST" || x.method === "PUT")) {
      const usuario = r.config.publico ? null : (quienPuede.get(`${r.method} ${r.url}`) ?? null);
      for (const c of casos) {
        const res = await t.as(usuario, {
          method: r.method as "POST",
          url: urlCon(r.url, []),
          headers: { "content-type": c.tipo },
          payload: c.cuerpo,
        });
        const fallo = conShape(res);
        if (fallo) fallos.push(`${r.method} ${r.url} [${c.nombre}] → ${fallo}`);
        else if (c.nombre.includes("10.000") && res.statusCode !== 400 && res.statusCode !== 403) {
          fallos.push(`${r.method} ${r.url} [${c.nombre}] → ${res.statusCode}`);
        }
      }
    }
    expect(fallos).toEqual([]);
  }, 120_000);

  it("every kind of schema refusal reads in Spanish, never the validation library's English (issue 34)", async () => {
    const casos: { method: "POST" | "PUT"; url: string; usuario: string | null; payload: unknown }[] = [
      { method: "POST", url: "/api/Account/LogIn", usuario: null, payload: { userName: null, password: 5 } },
      { method: "POST", url: "/api/Account/LogIn", usuario: null, payload: { userName: ["a"], password: {} } },
      { method: "POST", url: "/api/Account/OlvidoClave", usuario: null, payload: { Email: 12 } },
      { method: "PUT", url: "/api/Usuarios", usuario: "configuracion", payload: { IdUsuario: "x", Activo: "sí" } },
      { method: "PUT", url: "/api/Usuarios", usuario: "configuracion", payload: { IdUsuario: 1.5, Email: ["a"] } },
    ];
    const fallos: string[] = [];
    for (const c of casos) {
      const res = await t.as(c.usuario, {
        method: c.method,
        url: c.url,
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(c.payload),
      });
      expect(res.statusCode, `${c.url} ${res.body}`).toBe(400);
      const fallo = conShape(res);
      if (fallo) fallos.push(`${c.method} ${c.url} ${JSON.stringify(c.payload)} → ${fallo}`);
    }
    // A null body: the whole body is of the wrong type.
    const nulo = await t.app.inject({
      method: "POST",
      url: "/api/Account/LogIn",
      headers: { "content-type": "application/json" },
      payload: "null",
    });
    const fallo = conShape(nulo);
    if (fallo) fallos.push(`POST LogIn null → ${fallo}`);
    expect(fallos).toEqual([]);
  });

  it("a NUL in LogIn's user name, an id beyond int4 and a bad path are Spanish 400s naming the field", async () => {
    const login = await t.app.inject({
      method: "POST",
      url: "/api/Account/LogIn",
      payload: { userName: "admin\u0000", password: "x" },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().errors).toEqual({ userName: [MSG.caracteresInvalidos] });
    const id = await t.as("configuracion", { method: "PUT", url: "/api/Usuarios/ResetPassword/2147483648" });
    expect(id.statusCode).toBe(400);
    expect(Object.keys(id.json().errors)).toEqual(["idUsuario"]);
    const cuerpo = await t.as("configuracion", {
      method: "PUT",
      url: "/api/Usuarios",
      payload: { IdUsuario: 99999999999 },
    });
    expect(cuerpo.statusCode).toBe(400);
    expect(cuerpo.json().errors.IdUsuario).toEqual([MSG.numeroInvalido]);
    const url = await t.app.inject({ method: "GET", url: "/api/Usuarios/%E0%A4%A" });
    expect(url.statusCode).toBe(400);
    expect(url.json()).toEqual({ success: false, message: MSG.datosInvalidos, errors: { general: [MSG.urlInvalida] } });
    const nada = await t.app.inject({ method: "GET", url: "/API/NoExiste" });
    expect(nada.statusCode).toBe(404);
    expect(nada.json()).toEqual({ success: false, message: MSG.noEncontrado });
  });
});
