/**
 * Exports: 401/403/400 first, then the file's rows against the list's own rows for the
 * same query (several searches, filters and sorts; CSV read back with csv-parse, Excel with exceljs),
 * the institution's scope, and the consultant's registry of active officials. The columns are the
 * screen's, with the screen's values (the originator's N.º is the request's number; statuses in
 * correct Spanish); in Excel, dates are dates and amounts numbers, with their formats, the columns
 * sized to their content, the header frozen and filterable.
 */
import { type BandejaItem, TEXTO_ACTIVA, TEXTO_PENDIENTE, TEXTO_REVISION, textoEstatus } from "@registro/contracts";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { funcionarios } from "../../src/db/schema.js";
import { crearTestApp, type TestApp, type UsuarioDemo } from "../support/app.js";
import { USUARIOS_DEMO } from "../support/peticiones.js";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(() => t.close());

type Formato = "csv" | "xlsx";

const dos = (n: number) => String(n).padStart(2, "0");

/**
 * An Excel cell as the screen reads it: a date cell (its wall-clock time, stored without a zone) as
 * dd/mm/aaaa, with hh:mm when its format has the time; a number as its text.
 */
function textoExcel(celda: ExcelJS.Cell): string {
  const v = celda.value;
  if (v === null || v === undefined) return "";
  if (v instanceof Date) {
    const dia = `${dos(v.getUTCDate())}/${dos(v.getUTCMonth() + 1)}/${v.getUTCFullYear()}`;
    return celda.numFmt?.includes("hh:mm") ? `${dia} ${dos(v.getUTCHours())}:${dos(v.getUTCMinutes())}` : dia;
  }
  if (typeof v === "number" && celda.numFmt === "#,##0.00") return v.toFixed(2);
  return String(v);
}

/** The file's header and rows, read back with the library of its format. */
async function leer(res: { rawPayload: Buffer; headers: Record<string, unknown> }, formato: Formato) {
  if (formato === "csv") {
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const filas: string[][] = parse(res.rawPayload.toString("utf8").slice(1), { relax_column_count: false });
    return { encabezado: filas[0], filas: filas.slice(1) };
  }
  const hoja = await hojaExcel(res.rawPayload);
  const filas: string[][] = [];
  hoja.eachRow((row) => {
    const celdas: string[] = [];
    for (let i = 1; i <= hoja.columnCount; i++) celdas.push(textoExcel(row.getCell(i)));
    filas.push(celdas);
  });
  return { encabezado: filas[0], filas: filas.slice(1) };
}

async function hojaExcel(contenido: Buffer): Promise<ExcelJS.Worksheet> {
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.load(contenido as unknown as ArrayBuffer);
  return libro.worksheets[0];
}

async function exportar(usuario: UsuarioDemo | null, lista: string, query: string, formato: Formato) {
  const res = await t.as(usuario, { method: "GET", url: `/api/Exportar/${lista}?formato=${formato}&${query}` });
  return res;
}

/** The date as dd/mm/aaaa hh:mm in Santo Domingo (UTC−4 all year), written out independently. */
function fecha(iso: string): string {
  const d = new Date(new Date(iso).getTime() - 4 * 3600_000);
  const dos = (n: number) => String(n).padStart(2, "0");
  return `${dos(d.getUTCDate())}/${dos(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${dos(d.getUTCHours())}:${dos(d.getUTCMinutes())}`;
}

const ENCABEZADO = ["Institución", "Cédula Incumbente", "Nombre Incumbente", "Cant. Funcionarios", "Estatus", "Fecha"];

function comoFila(item: BandejaItem, estatus: string): string[] {
  return [
    item.infoInstitucion.nombre,
    item.infoIncumbente.cedula,
    `${item.infoIncumbente.nombres} ${item.infoIncumbente.apellidos}`.trim(),
    String(item.cantFuncionarios),
    estatus,
    fecha(item.fechaSolicitud),
  ];
}

/** The screens of the comptroller's inboxes start with the request's number; the reviewers' end with the days waiting. */
const conNumero = (item: BandejaItem, fila: string[]) => [String(item.idSolicitud), ...fila];
const conEspera = (item: BandejaItem, fila: string[]) => [
  ...fila,
  item.diasEspera === null ? "" : String(item.diasEspera),
];

async function lista(usuario: UsuarioDemo, url: string, query: string): Promise<BandejaItem[]> {
  const res = await t.as(usuario, { method: "GET", url: `/api/SolicitudFirma/${url}?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("access and bad input", () => {
  it("401 without a token; 403 for users without the list's views; 400 for a bad format or sort", async () => {
    expect((await exportar(null, "Analista", "", "csv")).statusCode).toBe(401);
    const permitidos: Record<string, UsuarioDemo[]> = {
      Analista: ["analista", "analista2"],
      Registro: ["consultor"],
      Seguimiento: ["administrador"],
    };
    for (const [l, quienes] of Object.entries(permitidos)) {
      for (const u of USUARIOS_DEMO.filter((x) => !quienes.includes(x))) {
        expect((await exportar(u, l, "", "csv")).statusCode, `${u} ${l}`).toBe(403);
      }
    }
    const formato = await t.as("analista", { method: "GET", url: "/api/Exportar/Analista?formato=pdf" });
    expect(formato.statusCode).toBe(400);
    expect(formato.json().errors).toHaveProperty("formato");
    const orden = await exportar("analista", "Analista", "sortField=otra", "csv");
    expect(orden.statusCode).toBe(400);
    expect(orden.json().errors).toHaveProperty("sortField");
  });
});

describe("the file holds exactly the list's rows", () => {
  const CONSULTAS = [
    "",
    "sortField=institucion&sortOrder=1",
    "sortField=nombres&sortOrder=-1",
    "sortField=cantFuncionarios&sortOrder=1",
    "sortField=estatus&sortOrder=1",
    "q=ministerio",
    "q=pendiente",
    "estatus=101&sortField=cedula&sortOrder=1",
  ];
  for (const formato of ["csv", "xlsx"] as const) {
    it(`Analista, ${formato}: every search, filter and sort`, async () => {
      let total = 0;
      for (const q of CONSULTAS) {
        const items = await lista("analista", "GetBandejaAnalista", q);
        const res = await exportar("analista", "Analista", q, formato);
        expect(res.statusCode, q).toBe(200);
        expect(res.headers["content-disposition"]).toMatch(
          new RegExp(`attachment; filename="solicitudes-analista-\\d{4}-\\d{2}-\\d{2}\\.${formato}"`),
        );
        const { encabezado, filas } = await leer(res, formato);
        expect(encabezado).toEqual(["N.º", ...ENCABEZADO, "Días en espera"]);
        const esperadas = items.map((i) =>
          conEspera(i, conNumero(i, comoFila(i, i.idAsignadoA === null ? TEXTO_PENDIENTE : TEXTO_REVISION))),
        );
        expect(filas, q).toEqual(esperadas);
        total += filas.length;
      }
      expect(total).toBeGreaterThan(10);
    });
  }

  it("the tracking list shows each status in correct Spanish; the administrator's inbox its own texts", async () => {
    for (const [lista_, estatusDe] of [
      ["Seguimiento", (i: BandejaItem) => textoEstatus(i.estatusSolitud)],
      [
        "Administrador",
        (i: BandejaItem) =>
          i.estatusSolitud === 105
            ? TEXTO_PENDIENTE
            : i.estatusSolitud === 106
              ? TEXTO_ACTIVA
              : textoEstatus(i.estatusSolitud),
      ],
    ] as const) {
      const q = "sortField=institucion&sortOrder=-1";
      const items = await lista("administrador", "GetBandejaAdministradorRCC", q);
      const { filas } = await leer(await exportar("administrador", lista_, q, "xlsx"), "xlsx");
      expect(filas).toEqual(items.map((i) => conEspera(i, conNumero(i, comoFila(i, estatusDe(i))))));
      expect(filas.length).toBeGreaterThan(0);
    }
  });

  it("the legal history numbers its rows", async () => {
    const items = await lista("juridico", "GetHistorico", "sortField=fechaSolicitud&sortOrder=1");
    const { encabezado, filas } = await leer(
      await exportar("juridico", "Historico", "sortField=fechaSolicitud&sortOrder=1", "csv"),
      "csv",
    );
    expect(encabezado).toEqual(["#", "N.º", ...ENCABEZADO]);
    expect(filas).toEqual(
      items.map((i, n) => [
        String(n + 1),
        ...conNumero(i, comoFila(i, i.estatusSolitud === 106 ? TEXTO_ACTIVA : textoEstatus(i.estatusSolitud))),
      ]),
    );
  });
});

describe("scope", () => {
  it("an originator exports only their institution's requests, as their inbox lists them", async () => {
    for (const u of ["originador", "originador2"] as const) {
      const items = await lista(u, "GetBandejaOriginador", "");
      const { encabezado, filas } = await leer(await exportar(u, "Originador", "", "csv"), "csv");
      // The screen's N.º is the request's number, not the row's position.
      expect(encabezado).toEqual(["N.º", ...ENCABEZADO.slice(1)]);
      expect(filas.map((f) => f[0])).toEqual(items.map((i) => String(i.idSolicitud)));
      expect(filas.map((f) => f[1])).toEqual(items.map((i) => i.infoIncumbente.cedula));
      expect(new Set(items.map((i) => i.infoInstitucion.nombre)).size).toBeLessThanOrEqual(1);
    }
    const a = (await leer(await exportar("originador", "Originador", "", "csv"), "csv")).filas;
    const b = (await leer(await exportar("originador2", "Originador", "", "csv"), "csv")).filas;
    expect(a.length + b.length).toBeGreaterThan(0);
    expect(a).not.toEqual(b);
  });
});

/** The registry's columns, documented in the manual (the registry can be imported back from them). */
const REGISTRO = [
  "Institución",
  "Incumbente",
  "Cédula",
  "Nombres",
  "Apellidos",
  "Cargo",
  "Firmas",
  "Monto desde",
  "Monto hasta",
  "Vigencia desde",
  "Vigencia hasta",
  "Estatus",
  "Estado de la firma",
  "Tipo",
  "Teléfono",
  "Fecha de registro",
  "Fecha de baja",
  "Motivo de baja",
  "Causa de baja",
  "Períodos de autorización",
];

describe("the registry", () => {
  it("one row per official ever authorised, by institution, with positions, signatures, limits and validity", async () => {
    // Every official the registry authorised at some time (issue 34: ended ones travel too, as ended).
    const activos = await t.db
      .select({
        cedula: funcionarios.cedula,
        firmaRango: funcionarios.firmaRango,
        montoDesde: funcionarios.montoDesde,
        firmaVigencia: funcionarios.firmaVigencia,
        fechaHasta: funcionarios.fechaHasta,
        abierto: sql<number>`(select count(*) from autorizaciones a where a.id_funcionario = "funcionarios"."id_funcionario" and a.hasta is null)::int`,
      })
      .from(funcionarios)
      .where(sql`exists (select 1 from autorizaciones a where a.id_funcionario = "funcionarios"."id_funcionario")`);
    expect(activos.some((a) => !a.firmaRango) && activos.some((a) => a.firmaRango)).toBe(true);
    expect(activos.some((a) => !a.firmaVigencia) && activos.some((a) => a.firmaVigencia)).toBe(true);
    for (const formato of ["csv", "xlsx"] as const) {
      const res = await exportar("consultor", "Registro", "", formato);
      expect(res.statusCode).toBe(200);
      const { encabezado, filas: todas } = await leer(res, formato);
      expect(encabezado).toEqual(REGISTRO);
      // By institution: each institution's incumbents, then its officials, come together.
      const bloques = todas.map((f) => f[0]).filter((x, i, a) => i === 0 || a[i - 1] !== x);
      expect(new Set(bloques).size).toBe(bloques.length);
      for (let i = 1; i < todas.length; i++)
        if (todas[i][0] === todas[i - 1][0])
          expect([todas[i - 1][13], todas[i][13]]).not.toEqual(["Funcionario", "Incumbente"]);
      // Each institution's incumbents (of the requests holding active officials) once each, named as the rows' titular.
      const incumbentes = todas.filter((f) => f[13] === "Incumbente");
      expect(incumbentes.length).toBeGreaterThan(0);
      expect(new Set(incumbentes.map((f) => `${f[0]}|${f[2]}`)).size).toBe(incumbentes.length);
      for (const f of incumbentes) expect([f[6], f[7], f[12]]).toEqual(["", "", ""]);
      const filas = todas.filter((f) => f[13] === "Funcionario");
      expect(filas).toHaveLength(activos.length);
      for (const f of filas) {
        expect(incumbentes.some((i) => i[0] === f[0] && `${i[3]} ${i[4]}` === f[1])).toBe(true);
        expect(f[15]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      }
      // Each row is an active official of the database, with a position and at least one signature.
      expect(filas.map((f) => f[2]).sort()).toEqual(activos.map((a) => a.cedula).sort());
      expect(filas.every((f) => f[5] !== "" && f[6] !== "")).toBe(true);
      // No blanks where the screens say "Sin límite" and "Permanente"; amounts and dates as the screen reads them.
      for (const f of filas) {
        const a = activos.find((x) => x.cedula === f[2]);
        if (!a) throw new Error(`not an active official: ${f[2]}`);
        if (a.firmaRango) expect(f[7]).toBe(Number(a.montoDesde).toFixed(2));
        else expect([f[7], f[8]]).toEqual(["Sin límite", "Sin límite"]);
        if (a.firmaVigencia) {
          const h = a.fechaHasta ?? "";
          expect(f[10]).toBe(`${h.slice(8, 10)}/${h.slice(5, 7)}/${h.slice(0, 4)}`);
        } else expect([f[9], f[10]]).toEqual(["Permanente", "Permanente"]);
        // Activo: authorised today (its last period open); Inactivo: ended, with its end date, reason and cause.
        const abierto = f[19].endsWith(" -");
        expect(f[11]).toBe(abierto ? "Activo" : "Inactivo");
        expect(f[12]).toMatch(
          /^(Vigente|Por vencer|Vencida|Aún no vigente \(desde \d{2}\/\d{2}\/\d{4}\)|Inactivada el \d{2}\/\d{2}\/\d{4})$/,
        );
        if (abierto) expect([f[16], f[17], f[18]]).toEqual(["", "", ""]);
        else {
          expect(f[16]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
          expect(f[12]).toBe(`Inactivada el ${f[16]}`);
          expect(["Solicitud inactivada", "Funcionario inactivado"]).toContain(f[18]);
          expect(f[17]).not.toBe("");
        }
        expect(f[19]).toMatch(/^\d{2}\/\d{2}\/\d{4} -/);
      }
      expect(filas.filter((f) => f[11] === "Activo")).toHaveLength(activos.filter((a) => Number(a.abierto) > 0).length);
      // The demo's expired temporary official reads "Vencida", as in the officials' tables.
      expect(filas.some((f) => f[12] === "Vencida")).toBe(true);
    }
  });
});

describe("Excel files", () => {
  it("dates are dates and amounts numbers with their formats; columns fit; the header is frozen and filterable", async () => {
    const bandeja = await hojaExcel((await exportar("analista", "Analista", "", "xlsx")).rawPayload);
    const registro = await hojaExcel((await exportar("consultor", "Registro", "", "xlsx")).rawPayload);
    for (const hoja of [bandeja, registro]) {
      expect(hoja.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
      expect(hoja.autoFilter).toBeTruthy();
      expect(hoja.getRow(1).font?.bold).toBe(true);
      // Each column at least as wide as its header and its first rows' texts (within bounds).
      for (let c = 1; c <= hoja.columnCount; c++) {
        const ancho = hoja.getColumn(c).width ?? 0;
        let largo = 0;
        hoja.eachRow((row) => {
          largo = Math.max(largo, textoExcel(row.getCell(c)).length);
        });
        expect(ancho, `column ${c}`).toBeGreaterThanOrEqual(Math.min(60, largo));
      }
    }
    // The inbox's Fecha (after No.): a date with its time, shown dd/mm/aaaa hh:mm; numbers are numbers.
    const fecha = bandeja.getRow(2).getCell(7);
    expect(fecha.value).toBeInstanceOf(Date);
    expect(fecha.numFmt).toBe("dd/mm/yyyy hh:mm");
    for (const c of [1, 5, 8]) expect(typeof bandeja.getRow(2).getCell(c).value, `column ${c}`).toBe("number");
    // The registry's amounts are numbers, its validity dates dates (dd/mm/aaaa); the rest is text.
    // Officials' rows (the incumbents' have no amounts or validity).
    const celdas = (col: number) => {
      const r: ExcelJS.Cell[] = [];
      registro.eachRow((row, n) => {
        if (n > 1 && row.getCell(14).value === "Funcionario") r.push(row.getCell(col));
      });
      return r;
    };
    const montos = celdas(8).filter((c) => c.value !== "Sin límite");
    expect(montos.length).toBeGreaterThan(0);
    expect(montos.every((c) => typeof c.value === "number" && c.numFmt === "#,##0.00")).toBe(true);
    const fechas = celdas(11).filter((c) => c.value !== "Permanente");
    expect(fechas.length).toBeGreaterThan(0);
    expect(fechas.every((c) => c.value instanceof Date && c.numFmt === "dd/mm/yyyy")).toBe(true);
    expect(celdas(16).every((c) => c.value instanceof Date && c.numFmt === "dd/mm/yyyy")).toBe(true);
  });
});
