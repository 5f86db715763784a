/**
 * Exports of the configuration lists: users, profiles, institutions and positions. Access
 * as for the list's screen (401, 403 for every demo user without its view), bad input (400 on the
 * field), then the file's rows against the list's own rows selected by an oracle written here for
 * several searches and sorts, in both formats (CSV read back with csv-parse, Excel with exceljs).
 */
import { type Cargo, type Institucion, type Perfil, type Usuario, V } from "@registro/contracts";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { crearTestApp, type TestApp, type UsuarioDemo } from "../support/app.js";
import { USUARIOS_DEMO } from "../support/peticiones.js";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
  // Accents, case and a comma in the data: the search ignores the first two, CSV quotes the third.
  const r = await t.as("configuracion", {
    method: "POST",
    url: "/api/Usuarios/CrearCargo",
    payload: { Nombre: "Subdirectora Técnica, Área Jurídica", Descripcion: 'Ñandú "Ávila"', Tipo: 2 },
  });
  expect(r.json().success, r.body).toBe(true);
});
afterAll(() => t.close());

type Formato = "csv" | "xlsx";

async function leer(res: { rawPayload: Buffer }, formato: Formato) {
  if (formato === "csv") {
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const filas: string[][] = parse(res.rawPayload.toString("utf8").slice(1), { relax_column_count: false });
    return { encabezado: filas[0], filas: filas.slice(1) };
  }
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const filas: string[][] = [];
  libro.worksheets[0].eachRow((row) => {
    filas.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? "" : String(v))));
  });
  // A row's trailing empty cells are not stored: read them back as empty.
  const ancho = filas[0].length;
  return { encabezado: filas[0], filas: filas.slice(1).map((f) => [...f, ...Array(ancho - f.length).fill("")]) };
}

/** The oracle's search: any of the fields contains the text, compared without accents or case. */
const plano = (s: unknown) =>
  String(s)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

function oraculo<T>(filas: T[], campos: (keyof T)[], q: string, sortField?: keyof T, sortOrder = 1): T[] {
  const buscadas = q ? filas.filter((f) => campos.some((c) => plano(f[c]).includes(plano(q)))) : filas;
  if (!sortField) return buscadas;
  // Stable: equal keys keep the list's order.
  return buscadas
    .map((f, i) => ({ f, i }))
    .sort((a, b) => {
      const x = a.f[sortField];
      const y = b.f[sortField];
      const c =
        typeof x === "string"
          ? x.localeCompare(String(y), "es", { numeric: true, sensitivity: "base" })
          : Number(x) - Number(y);
      return c === 0 ? a.i - b.i : sortOrder * c;
    })
    .map((p) => p.f);
}

interface Caso<T> {
  lista: string;
  url: string;
  vista: string;
  encabezado: string[];
  fila: (x: T) => string[];
  campos: (keyof T)[];
  consultas: { q?: string; sortField?: keyof T & string; sortOrder?: 1 | -1 }[];
  archivo: string;
}

const si = (b: boolean) => (b ? "Activo" : "Inactivo");

const USUARIOS: Caso<Usuario & { nombreCompleto: string }> = {
  lista: "Usuarios",
  url: "/api/Usuarios",
  vista: V.USUARIOS,
  archivo: "usuarios",
  encabezado: ["Usuario", "Nombre", "Institución", "Perfil", "Cédula", "Estatus"],
  fila: (u) => [u.usuario, u.nombreCompleto, u.institucion, u.perfil, u.cedula, si(u.activo)],
  campos: ["usuario", "nombreCompleto", "institucion", "perfil", "cedula", "email"],
  consultas: [
    {},
    { q: "analista" },
    { q: "HACIENDA", sortField: "usuario", sortOrder: -1 },
    { sortField: "institucion", sortOrder: 1 },
    { sortField: "perfil", sortOrder: -1 },
    { q: "contraloria", sortField: "nombreCompleto" },
    { q: "nadie-se-llama-asi" },
  ],
};

const PERFILES: Caso<Perfil> = {
  lista: "Perfiles",
  url: "/api/Perfiles",
  vista: V.PERFILES,
  archivo: "perfiles",
  encabezado: ["#", "Nombre", "Descripción", "Cant. Permisos", "Por defecto"],
  fila: (p) => [String(p.idPerfil), p.nombre, p.descripcion, String(p.cantPermisos), p.porDefecto ? "Sí" : "No"],
  campos: ["nombre", "descripcion"],
  consultas: [
    {},
    { q: "analista" },
    { sortField: "cantPermisos", sortOrder: -1 },
    { sortField: "nombre", sortOrder: 1 },
    { q: "revision", sortField: "idPerfil", sortOrder: -1 },
  ],
};

const INSTITUCIONES: Caso<Institucion> = {
  lista: "Instituciones",
  url: "/api/Instituciones",
  vista: V.INSTITUCIONES,
  archivo: "instituciones",
  encabezado: ["Institución", "Dirección", "Cargos asociados", "Estatus", "Teléfono", "Extensión"],
  fila: (i) => [i.nombre, i.direccion, String(i.cantCargos), si(i.estatus), i.telefono, i.ext],
  campos: ["nombre", "estructura", "direccion", "telefono", "ext"],
  consultas: [
    {},
    { q: "ministerio" },
    { sortField: "cantCargos", sortOrder: -1 },
    { q: "SANTIAGO", sortField: "nombre" },
  ],
};

const CARGOS: Caso<Cargo & { tipoNombre: string; estatusNombre: string }> = {
  lista: "Cargos",
  url: "/api/Usuarios/CargosActivos",
  vista: V.CARGOS,
  archivo: "cargos",
  encabezado: ["Cargo", "Descripción", "Estatus", "Tipo"],
  fila: (c) => [c.nombre, c.descripcion, c.estatusNombre, c.tipoNombre],
  campos: ["nombre", "descripcion", "tipoNombre", "estatusNombre"],
  consultas: [
    {},
    { q: "area juridica" },
    { q: "nandu" },
    { q: "funcionario", sortField: "nombre", sortOrder: -1 },
    { sortField: "tipoNombre", sortOrder: 1 },
  ],
};

async function filasDeLista(caso: Caso<never>): Promise<never[]> {
  const res = await t.as("configuracion", { method: "GET", url: caso.url });
  expect(res.statusCode, res.body).toBe(200);
  const filas = res.json() as Record<string, unknown>[];
  // The screens' derived columns, written out here.
  if (caso.lista === "Usuarios")
    return filas.map((u) => ({ ...u, nombreCompleto: `${u.nombre} ${u.apellido}`.trim() })) as never[];
  if (caso.lista === "Cargos")
    return filas.map((c) => ({
      ...c,
      tipoNombre: c.tipo === 1 ? "Incumbente" : "Funcionario",
      estatusNombre: c.estatus === 1 ? "Activo" : "Inactivo",
    })) as never[];
  return filas as never[];
}

const CASOS = [USUARIOS, PERFILES, INSTITUCIONES, CARGOS] as unknown as Caso<never>[];

const consultaUrl = (c: Record<string, unknown>) =>
  Object.entries(c)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join("&");

describe("access and bad input", () => {
  it("401 without a token; 403 for every demo user without the list's view; 400 on a bad field", async () => {
    const vistas: Record<string, string[]> = {};
    for (const u of USUARIOS_DEMO) {
      const r = await t.as(u, { method: "GET", url: "/api/Account/GetUserData" });
      vistas[u] = (r.json().vistas as { nombre: string }[]).map((v) => v.nombre);
    }
    for (const caso of CASOS) {
      const url = `/api/Exportar/${caso.lista}?formato=csv`;
      expect((await t.as(null, { method: "GET", url })).statusCode).toBe(401);
      let permitidos = 0;
      for (const u of USUARIOS_DEMO as UsuarioDemo[]) {
        const puede = vistas[u].includes(caso.vista);
        permitidos += Number(puede);
        expect((await t.as(u, { method: "GET", url })).statusCode, `${u} ${caso.lista}`).toBe(puede ? 200 : 403);
      }
      expect(permitidos).toBeGreaterThan(0);
      expect(permitidos).toBeLessThan(USUARIOS_DEMO.length);
    }
    for (const [query, campo] of [
      ["formato=pdf", "formato"],
      ["sortField=email", "sortField"],
      ["sortField=usuario&sortOrder=2", "sortOrder"],
      [`q=${"x".repeat(101)}`, "q"],
    ]) {
      const r = await t.as("configuracion", { method: "GET", url: `/api/Exportar/Usuarios?${query}` });
      expect(r.statusCode, query).toBe(400);
      expect(r.json().errors, query).toHaveProperty(campo);
    }
  });
});

describe("the file holds exactly the rows the screen's search and sort select", () => {
  for (const formato of ["csv", "xlsx"] as const) {
    it(`users, profiles, institutions and positions as ${formato}`, async () => {
      for (const caso of CASOS) {
        const todas = await filasDeLista(caso);
        let vistas = 0;
        for (const c of caso.consultas) {
          const res = await t.as("configuracion", {
            method: "GET",
            url: `/api/Exportar/${caso.lista}?formato=${formato}&${consultaUrl(c)}`,
          });
          expect(res.statusCode, `${caso.lista} ${consultaUrl(c)}`).toBe(200);
          expect(res.headers["content-disposition"]).toMatch(
            new RegExp(`filename="${caso.archivo}-\\d{4}-\\d{2}-\\d{2}\\.${formato}"`),
          );
          const { encabezado, filas } = await leer(res, formato);
          expect(encabezado).toEqual(caso.encabezado);
          const esperadas = oraculo(todas, caso.campos, c.q ?? "", c.sortField as never, c.sortOrder ?? 1);
          expect(filas, `${caso.lista} ${consultaUrl(c)}`).toEqual(esperadas.map(caso.fila));
          vistas += filas.length;
        }
        // The queries select something, and not always everything.
        expect(vistas).toBeGreaterThan(todas.length);
      }
    });
  }

  it("a search that differs only in accents and case selects the same rows", async () => {
    const a = await t.as("configuracion", { method: "GET", url: "/api/Exportar/Cargos?q=%C3%81REA%20JUR%C3%8DDICA" });
    const b = await t.as("configuracion", { method: "GET", url: "/api/Exportar/Cargos?q=area%20juridica" });
    const filas = (await leer(a, "csv")).filas;
    expect(filas.map((f) => f[0])).toEqual(["Subdirectora Técnica, Área Jurídica"]);
    expect((await leer(b, "csv")).filas).toEqual(filas);
  });
});
