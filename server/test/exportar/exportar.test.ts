/**
 * Exports (issue 15): 401/403/400 first, then the file's rows against the list's own rows for the
 * same query (several searches, filters and sorts; CSV read back with csv-parse, Excel with exceljs),
 * the institution's scope, and the consultant's registry of active officials.
 */
import {
  type BandejaItem,
  ESTATUS_FUNCIONARIO,
  TEXTO_ACTIVA,
  TEXTO_PENDIENTE,
  TEXTO_REVISION,
} from "@registro/contracts";
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
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

/** The file's header and rows, read back with the library of its format. */
async function leer(res: { rawPayload: Buffer; headers: Record<string, unknown> }, formato: Formato) {
  if (formato === "csv") {
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const filas: string[][] = parse(res.rawPayload.toString("utf8").slice(1), { relax_column_count: false });
    return { encabezado: filas[0], filas: filas.slice(1) };
  }
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const hoja = libro.worksheets[0];
  const filas: string[][] = [];
  hoja.eachRow((row) => {
    const valores = (row.values as unknown[]).slice(1);
    filas.push(valores.map((v) => (v === null || v === undefined ? "" : String(v))));
  });
  return { encabezado: filas[0], filas: filas.slice(1) };
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
        expect(encabezado).toEqual(ENCABEZADO);
        const esperadas = items.map((i) => comoFila(i, i.idAsignadoA === null ? TEXTO_PENDIENTE : TEXTO_REVISION));
        expect(filas, q).toEqual(esperadas);
        total += filas.length;
      }
      expect(total).toBeGreaterThan(10);
    });
  }

  it("the tracking list shows the server's status; the administrator's inbox its own texts", async () => {
    for (const [lista_, estatusDe] of [
      ["Seguimiento", (i: BandejaItem) => i.estatus],
      [
        "Administrador",
        (i: BandejaItem) =>
          i.estatusSolitud === 105 ? TEXTO_PENDIENTE : i.estatusSolitud === 106 ? TEXTO_ACTIVA : i.estatus,
      ],
    ] as const) {
      const q = "sortField=institucion&sortOrder=-1";
      const items = await lista("administrador", "GetBandejaAdministradorRCC", q);
      const { filas } = await leer(await exportar("administrador", lista_, q, "xlsx"), "xlsx");
      expect(filas).toEqual(items.map((i) => comoFila(i, estatusDe(i))));
      expect(filas.length).toBeGreaterThan(0);
    }
  });

  it("the legal history numbers its rows", async () => {
    const items = await lista("juridico", "GetHistorico", "sortField=fechaSolicitud&sortOrder=1");
    const { encabezado, filas } = await leer(
      await exportar("juridico", "Historico", "sortField=fechaSolicitud&sortOrder=1", "csv"),
      "csv",
    );
    expect(encabezado).toEqual(["#", ...ENCABEZADO]);
    expect(filas).toEqual(
      items.map((i, n) => [String(n + 1), ...comoFila(i, i.estatusSolitud === 106 ? TEXTO_ACTIVA : i.estatus)]),
    );
  });
});

describe("scope", () => {
  it("an originator exports only their institution's requests, as their inbox lists them", async () => {
    for (const u of ["originador", "originador2"] as const) {
      const items = await lista(u, "GetBandejaOriginador", "");
      const { encabezado, filas } = await leer(await exportar(u, "Originador", "", "csv"), "csv");
      expect(encabezado).toEqual(["#", ...ENCABEZADO.slice(1)]);
      expect(filas.map((f) => f[1])).toEqual(items.map((i) => i.infoIncumbente.cedula));
      expect(new Set(items.map((i) => i.infoInstitucion.nombre)).size).toBeLessThanOrEqual(1);
    }
    const a = (await leer(await exportar("originador", "Originador", "", "csv"), "csv")).filas;
    const b = (await leer(await exportar("originador2", "Originador", "", "csv"), "csv")).filas;
    expect(a.length + b.length).toBeGreaterThan(0);
    expect(a).not.toEqual(b);
  });
});

describe("the registry", () => {
  it("one row per active official, by institution, with positions and signatures", async () => {
    const [{ n }] = (
      (await t.db.execute(
        sql`select count(*)::int as n from ${funcionarios} where ${funcionarios.idEstatus} = ${ESTATUS_FUNCIONARIO.ACTIVO}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    for (const formato of ["csv", "xlsx"] as const) {
      const res = await exportar("consultor", "Registro", "", formato);
      expect(res.statusCode).toBe(200);
      const { encabezado, filas } = await leer(res, formato);
      expect(encabezado).toEqual([
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
      ]);
      expect(filas).toHaveLength(Number(n));
      // By institution: each institution's officials come together.
      const bloques = filas.map((f) => f[0]).filter((x, i, a) => i === 0 || a[i - 1] !== x);
      expect(new Set(bloques).size).toBe(bloques.length);
      // Each row is an active official of the database, with a position and at least one signature.
      const activos = await t.db
        .select({ cedula: funcionarios.cedula })
        .from(funcionarios)
        .where(eq(funcionarios.idEstatus, ESTATUS_FUNCIONARIO.ACTIVO));
      expect(filas.map((f) => f[2]).sort()).toEqual(activos.map((a) => a.cedula).sort());
      expect(filas.every((f) => f[5] !== "" && f[6] !== "")).toBe(true);
    }
  });
});
