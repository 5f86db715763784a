/**
 * Batch verification: who may call it (401, 400 for the list, 403 for other profiles and for a key
 * without the scope verificacion-lote), per-question errors that do not fail the batch, answers in
 * the order asked; a property test holding every batch answer to the single question's (the naive
 * oracle: GET api/Verificacion/Firma's service, one question at a time) over generated questions,
 * for internal and external callers; and the screen's CSV, answered as formula-safe CSV or Excel.
 */
import {
  digitoVerificador,
  ESTATUS,
  MAX_PREGUNTAS_LOTE,
  MSG,
  type ResultadoLote,
  zConsultaVerificacion,
} from "@registro/contracts";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Llamante } from "../../src/llamante/peticion.js";
import { AppError } from "../../src/shared/errors.js";
import { relojDelSistema } from "../../src/shared/tiempo.js";
import { erroresDeZod } from "../../src/shared/zod-errors.js";
import { verificarLote } from "../../src/verificacion/lote.service.js";
import { verificarFirma } from "../../src/verificacion/verificacion.service.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { CEDULAS, crearSolicitud, idInstitucionDe } from "../support/factories.js";
import { USUARIOS_DEMO } from "../support/peticiones.js";
import { accion } from "../support/revision.js";

let t: TestApp;
/** A valid cédula no official holds. */
const NO_REGISTRADA = `402-9999999-${digitoVerificador("4029999999")}`;
/** A cédula authorised today with no conditions (a permanent signature without range). */
let autorizada: string;

async function filas<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
}

async function clave(alcances: string[]): Promise<string> {
  const r = await t.as("configuracion", {
    method: "POST",
    url: "/api/ClavesSistema",
    payload: { nombre: `Banco ${alcances.join(" ")}`, alcances },
  });
  return r.json().clave;
}

const lote = (payload: unknown, headers: Record<string, string> = {}, usuario: Parameters<TestApp["as"]>[0] = null) =>
  t.as(usuario, { method: "POST", url: "/api/Verificacion/Lote", payload: payload as object, headers });

beforeAll(async () => {
  t = await crearTestApp({ API_KEY_RATE_LIMIT: "100000" });
  const activa = await crearSolicitud(t.db, {
    estatus: 105,
    funcionarios: 3,
    estatusFuncionarios: 1,
    decididoJuridico: true,
  });
  expect((await accion(t, "administrador", "AprobarAdminRcc", activa.idSolicitud)).json().success).toBe(true);
  await crearSolicitud(t.db, { estatus: ESTATUS.ENVIADO, funcionarios: 2 });
  [{ cedula: autorizada }] = await filas<{ cedula: string }>(sql`select f.cedula from funcionarios f
    join autorizaciones a on a.id_funcionario = f.id_funcionario and a.hasta is null
    where not f.firma_vigencia and not f.firma_rango order by f.id_funcionario limit 1`);
});
afterAll(() => t?.close());

describe("POST api/Verificacion/Lote", () => {
  it("401 without a session or key", async () => {
    expect((await lote({ preguntas: [{ cedula: CEDULAS[0] }] })).statusCode).toBe(401);
    expect((await lote({ preguntas: [{ cedula: CEDULAS[0] }] }, { authorization: "ApiKey nada" })).statusCode).toBe(
      401,
    );
  });

  it("400 for the list itself: missing, empty, more than 1,000, not a list", async () => {
    const casos: [unknown, string][] = [
      [{}, MSG.loteVacio],
      [{ preguntas: [] }, MSG.loteVacio],
      [{ preguntas: "001-0000001-7" }, MSG.loteVacio],
      [
        { preguntas: Array.from({ length: MAX_PREGUNTAS_LOTE + 1 }, () => ({ cedula: CEDULAS[0] })) },
        MSG.loteGrande(1000),
      ],
    ];
    for (const [payload, mensaje] of casos) {
      const r = await lote(payload, {}, "consultor");
      expect(r.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(r.json().errors.preguntas).toEqual([mensaje]);
    }
  });

  it("403 for profiles without Verificar firma, and for a key without the scope verificacion-lote", async () => {
    const permitidos = new Set(["consultor", "analista", "analista2", "administrador", "verificador"]);
    for (const u of USUARIOS_DEMO) {
      const r = await lote({ preguntas: [{ cedula: CEDULAS[0] }] }, {}, u);
      expect(r.statusCode, u).toBe(permitidos.has(u) ? 200 : 403);
    }
    const sola = await clave(["verificacion"]);
    const r = await lote({ preguntas: [{ cedula: CEDULAS[0] }] }, { "x-api-key": sola });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(MSG.claveFueraDeAlcance);
  });

  it("answers every question in order; a bad one gets its own field errors and the rest are answered", async () => {
    const k = await clave(["verificacion-lote"]);
    const preguntas = [
      { cedula: autorizada },
      { cedula: "123" },
      "no es una pregunta",
      { Cedula: autorizada, FECHA: "31/02/2026" },
      { cedula: autorizada, idFirma: 999_999 },
      { cedula: NO_REGISTRADA },
      { cedula: autorizada, monto: "abc" },
      { cedula: autorizada },
    ];
    const r = await lote({ preguntas }, { authorization: `ApiKey ${k}` });
    expect(r.statusCode, r.body).toBe(200);
    const res: ResultadoLote[] = r.json().resultados;
    expect(res.map((x) => x.indice)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(res[0]).toMatchObject({ autorizado: true, motivo: MSG.verificacionAutorizado, cedula: autorizada });
    expect(res[0].funcionario).not.toBeNull();
    expect(res[1]).toMatchObject({ autorizado: null, cedula: "123", errors: { cedula: expect.any(Array) } });
    expect(res[2]).toMatchObject({ autorizado: null, cedula: null, errors: { general: [MSG.datosInvalidos] } });
    expect(res[3]).toMatchObject({ autorizado: null, errors: { fecha: [MSG.fechaInvalida] } });
    expect(res[4]).toMatchObject({ autorizado: null, errors: { idFirma: [MSG.firmaNoExiste] } });
    expect(res[5]).toMatchObject({ autorizado: false, motivo: MSG.verificacionNoRegistrado, funcionario: null });
    expect(res[6].autorizado).toBeNull();
    expect(res[7]).toEqual(res[0] && { ...res[0], indice: 7 });
  });

  it("is in the OpenAPI document, for sessions and system keys, with the key's header scheme", async () => {
    const doc = (await t.as(null, { method: "GET", url: "/api/openapi.json" })).json();
    expect(doc.components.securitySchemes.claveSistema).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "X-Api-Key",
    });
    for (const ruta of ["/api/Verificacion/Lote", "/api/Verificacion/Lote/Archivo"]) {
      expect(doc.paths[ruta].post.security, ruta).toEqual([{ sesion: [] }, { claveSistema: [] }]);
    }
    expect(doc.paths["/api/Verificacion/Firma"].get.security).toEqual([{ sesion: [] }, { claveSistema: [] }]);
    expect(doc.paths["/api/Verificacion/Lote"].post.requestBody.content["application/json"].schema.required).toEqual([
      "preguntas",
    ]);
  });

  it("answers 1,000 questions", async () => {
    const preguntas = Array.from({ length: MAX_PREGUNTAS_LOTE }, (_, i) => ({ cedula: CEDULAS[i % CEDULAS.length] }));
    const r = await lote({ preguntas }, {}, "verificador");
    expect(r.statusCode).toBe(200);
    expect(r.json().resultados).toHaveLength(MAX_PREGUNTAS_LOTE);
  });
});

describe("the batch agrees with the single question (property)", () => {
  it("over generated questions, for an internal and an external caller", async () => {
    const cedulas = (
      await filas<{ cedula: string }>(
        sql`select distinct cedula from funcionarios where enviado order by cedula limit 80`,
      )
    ).map((f) => f.cedula);
    const instituciones = (
      await filas<{ id: number }>(sql`select id_institucion as id from instituciones limit 20`)
    ).map((f) => f.id);
    const firmas = (await filas<{ id: number }>(sql`select id_firma as id from firmas`)).map((f) => f.id);
    const bordes = (
      await filas<{ m: string }>(sql`select distinct unnest(array[monto_desde, monto_hasta])::text as m
        from funcionarios where firma_rango and monto_desde is not null limit 40`)
    ).map((f) => Number(f.m));
    const externo: Llamante = { externo: true, idInstitucion: await idInstitucionDe(t.db, "originador") };
    const interno: Llamante = { externo: false, idInstitucion: null };

    const arbFecha = fc.oneof(
      fc.constant(undefined),
      fc
        .date({ min: new Date("2023-01-01T00:00:00Z"), max: new Date("2028-12-31T00:00:00Z"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      fc.constantFrom("15/06/2025", "31/02/2026", "ayer"),
    );
    const arbMonto = fc.oneof(
      fc.constant(undefined),
      fc.constantFrom(...bordes.flatMap((b) => [b, b - 0.01, b + 0.01])),
      fc.integer({ min: 0, max: 5_000_000 }),
      fc.constantFrom("US$ 1,000.50", "1.000,50", "-5"),
    );
    const arbPregunta = fc.record(
      {
        cedula: fc.oneof(fc.constantFrom(...cedulas), fc.constantFrom(NO_REGISTRADA, "001-0000001-8", "")),
        institucion: fc.option(fc.oneof(fc.constantFrom(...instituciones), fc.constant(999_999)), { nil: undefined }),
        idFirma: fc.option(fc.oneof(fc.constantFrom(...firmas), fc.constant(999_999)), { nil: undefined }),
        monto: arbMonto,
        fecha: arbFecha,
      },
      { requiredKeys: ["cedula"] },
    );

    /** The single question's answer, or its field errors as its route would give them. */
    async function oraculo(llamante: Llamante, p: Record<string, unknown>) {
      const leida = zConsultaVerificacion.safeParse(p);
      if (!leida.success) return { errors: erroresDeZod(leida.error) };
      try {
        const r = await verificarFirma(t.db, llamante, leida.data, relojDelSistema);
        return { autorizado: r.autorizado, motivo: r.motivo, fecha: r.fecha };
      } catch (e) {
        if (e instanceof AppError && e.codigo === "Validacion") return { errors: e.errors };
        throw e;
      }
    }

    const motivos = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(arbPregunta, { minLength: 1, maxLength: 25 }), fc.boolean(), async (preguntas, ext) => {
        const llamante = ext ? externo : interno;
        const resultados = await verificarLote(t.db, llamante, preguntas, relojDelSistema);
        expect(resultados).toHaveLength(preguntas.length);
        for (const [i, p] of preguntas.entries()) {
          const r = resultados[i];
          const esperado = await oraculo(llamante, p);
          if ("errors" in esperado) {
            expect(r.autorizado, JSON.stringify(p)).toBeNull();
            expect(r.errors, JSON.stringify(p)).toEqual(esperado.errors);
          } else {
            expect({ autorizado: r.autorizado, motivo: r.motivo, fecha: r.fecha }, JSON.stringify(p)).toEqual(esperado);
            motivos.add(esperado.motivo.replace(/\d.*/, ""));
          }
        }
      }),
      { numRuns: 150 },
    );
    // The generated questions reach the verdicts that matter, not only "not registered".
    expect(motivos).toContain(MSG.verificacionAutorizado);
    expect(motivos).toContain(MSG.verificacionNoRegistrado);
    expect(motivos.size, [...motivos].join(" | ")).toBeGreaterThanOrEqual(5);
  }, 240_000);
});

describe("POST api/Verificacion/Lote/Archivo", () => {
  const archivo = (csv: unknown, formato = "csv", usuario: Parameters<TestApp["as"]>[0] = "consultor") =>
    t.as(usuario, { method: "POST", url: `/api/Verificacion/Lote/Archivo?formato=${formato}`, payload: { csv } });

  it("401, 400 for an unreadable or empty file or a bad format, 403 without the view", async () => {
    expect((await archivo("Cédula\n001-0000001-7", "csv", null)).statusCode).toBe(401);
    const casos: [unknown, string, string, string][] = [
      ["", "csv", "csv", MSG.loteArchivoVacio],
      ["Nombre;Monto\nX;1", "csv", "csv", MSG.loteSinCedula],
      ["Cédula\n", "csv", "csv", MSG.loteVacio],
      ['Cédula\n"001-0000001-7', "csv", "csv", MSG.loteArchivoIlegible],
      ["Cédula\n001-0000001-7", "pdf", "formato", MSG.formatoExportarInvalido],
    ];
    for (const [csv, formato, campo, mensaje] of casos) {
      const r = await archivo(csv, formato);
      expect(r.statusCode, String(csv)).toBe(400);
      expect(r.json().errors[campo], String(csv)).toEqual([mensaje]);
    }
    expect((await archivo("Cédula\n001-0000001-7", "csv", "originador")).statusCode).toBe(403);
  });

  it("reads titles in any case and order, names or numbers, ';' or ','; answers a formula-safe CSV and an Excel file", async () => {
    const [inst] = await filas<{ nombre: string }>(
      sql`select nombre from instituciones order by id_institucion limit 1`,
    );
    const [firma] = await filas<{ firma: string }>(sql`select firma from firmas order by id_firma limit 1`);
    const csv = [
      "FECHA;cedula;Institución;Tipo de firma;Monto",
      `;${autorizada};;;`,
      `15/06/2025;${CEDULAS[1]};${inst.nombre};${firma.firma};1000`,
      `;=HYPERLINK("http://x");;;`,
      `;${autorizada};Institución que no existe;;`,
    ].join("\r\n");
    const r = await archivo(csv);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers["content-type"]).toContain("text/csv");
    const lineas = r.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lineas[0]).toBe("Fila,Cédula,Fecha,Resultado,Motivo,Funcionario,Institución");
    expect(lineas).toHaveLength(5);
    expect(lineas[1]).toMatch(new RegExp(`^2,${autorizada},\\d{2}/\\d{2}/\\d{4},Autorizado,`));
    expect(lineas[2]).toMatch(/^3,/);
    expect(lineas[3]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lineas[3]).toContain("Pregunta no válida");
    expect(lineas[4]).toContain(`Institución: ${MSG.loteInstitucionDesconocida}`);

    const x = await archivo(csv, "xlsx");
    expect(x.statusCode).toBe(200);
    expect(x.headers["content-type"]).toContain("spreadsheetml");
    expect(x.rawPayload.subarray(0, 2).toString()).toBe("PK");
  });
});
