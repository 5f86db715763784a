/**
 * The inboxes (GetBandeja*, GetHistorico): failures first (401, 403 per role, 400 per bad query
 * field), then what each lists — exactly its statuses, checked against the database, which also
 * holds the demo requests — and paging, sorting, search and filters. An originator never sees another
 * institution's rows.
 */
import { CATALOGO_ESTATUS, ESTATUS_BANDEJA, MSG, V, zBandejaItem } from "@registro/contracts";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword } from "../../src/auth/passwords.js";
import {
  funcionarios,
  incumbentes,
  instituciones,
  perfiles,
  perfilVistas,
  solicitudes,
  usuarios,
  vistas,
} from "../../src/db/schema.js";
import { crearTestApp, type TestApp, type UsuarioDemo } from "../support/app.js";
import { crearSolicitud, idInstitucionDe, idUsuario } from "../support/factories.js";
import { USUARIOS_DEMO } from "../support/peticiones.js";

// The setup seeds some thirty requests; the shared CI machine can be slow.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
const u: Record<string, number> = {};
let inst1: number;
let inst2: number;

const URL = {
  originador: "/api/SolicitudFirma/GetBandejaOriginador",
  analista: "/api/SolicitudFirma/GetBandejaAnalista",
  juridico: "/api/SolicitudFirma/GetBandejaJuridico",
  historico: "/api/SolicitudFirma/GetHistorico",
  administrador: "/api/SolicitudFirma/GetBandejaAdministradorRCC",
  consultor: "/api/SolicitudFirma/GetBandejaConsultor",
} as const;
type Bandeja = keyof typeof URL;

const PERMITIDOS: Record<Bandeja, UsuarioDemo[]> = {
  originador: ["originador", "originador2"],
  analista: ["analista", "analista2"],
  juridico: ["juridico", "juridico2"],
  historico: ["juridico", "juridico2"],
  administrador: ["administrador"],
  consultor: ["consultor"],
};
const LECTOR: Record<Bandeja, UsuarioDemo> = {
  originador: "originador",
  analista: "analista",
  juridico: "juridico",
  historico: "juridico",
  administrador: "administrador",
  consultor: "consultor",
};
const TODOS = USUARIOS_DEMO;

type Item = ReturnType<typeof zBandejaItem.parse>;

async function lista(usuario: UsuarioDemo | string, bandeja: Bandeja, query: Record<string, string | number> = {}) {
  const res = await t.as(usuario, { method: "GET", url: URL[bandeja], query: aTexto(query) });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(Array.isArray(body)).toBe(true);
  return body as Item[];
}

async function pagina(usuario: UsuarioDemo | string, bandeja: Bandeja, query: Record<string, string | number> = {}) {
  const res = await t.as(usuario, { method: "GET", url: URL[bandeja], query: aTexto({ page: 0, ...query }) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: Item[]; totalRecords: number };
}

const aTexto = (q: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]));

/** Every request as the database holds it, to compute what each inbox must list. */
async function todas() {
  return t.db
    .select({
      id: solicitudes.idSolicitud,
      estatus: solicitudes.estatus,
      idInstitucion: solicitudes.idInstitucion,
      decidido: solicitudes.decididoJuridico,
      asignadoA: solicitudes.asignadoA,
    })
    .from(solicitudes);
}

function esperadas(bandeja: Bandeja, filas: Awaited<ReturnType<typeof todas>>, idInstitucion = inst1) {
  const en = (codigos: readonly number[]) => filas.filter((f) => codigos.includes(f.estatus));
  switch (bandeja) {
    case "originador":
      return filas.filter((f) => f.idInstitucion === idInstitucion);
    case "analista":
      return en(ESTATUS_BANDEJA.analista);
    case "juridico":
      return en(ESTATUS_BANDEJA.juridico);
    case "historico":
      return filas.filter((f) => f.decidido);
    case "administrador":
      return filas.filter((f) => f.estatus !== 202);
    case "consultor":
      return en([106, 203, 201]);
  }
}

const ids = (items: { id: number }[]) => items.map((i) => i.id).sort((a, b) => a - b);

/** Requests with known, collation-proof values for the sorting and search tests ("Qwv" marks them). */
const marcadas: number[] = [];

beforeAll(async () => {
  t = await crearTestApp();
  for (const n of ["analista", "analista2", "juridico"]) u[n] = await idUsuario(t.db, n);
  inst1 = await idInstitucionDe(t.db, "originador");
  inst2 = await idInstitucionDe(t.db, "originador2");
  // One request per status in each of two institutions, some assigned, some decided by legal.
  for (const estatus of [202, 101, 108, 102, 204, 104, 105, 103, 106, 203, 201, 109]) {
    for (const idInstitucion of [inst1, inst2]) {
      const decididoJuridico = [104, 105, 103, 106, 203, 201, 204].includes(estatus);
      await crearSolicitud(t.db, { estatus, idInstitucion, decididoJuridico });
    }
  }
  await crearSolicitud(t.db, { estatus: 101, asignadoA: u.analista });
  await crearSolicitud(t.db, { estatus: 204, asignadoA: u.analista2, idInstitucion: inst2 });
  await crearSolicitud(t.db, { estatus: 103, asignadoA: u.juridico });

  // Four active requests with distinct institution, incumbent, cédula, officials, date and status.
  const instOrdenadas = (
    await t.db.select({ id: instituciones.idInstitucion }).from(instituciones).orderBy(asc(instituciones.nombre))
  ).map((r) => r.id);
  const datos = [
    { nombres: "Mike", cedula: "402-0000003-0", n: 3, fecha: "2024-03-01T10:00:00Z", estatus: 201, inst: 2 },
    { nombres: "Alfa", cedula: "402-0000001-0", n: 4, fecha: "2024-01-01T10:00:00Z", estatus: 106, inst: 3 },
    { nombres: "Zulu", cedula: "402-0000004-0", n: 1, fecha: "2024-04-01T10:00:00Z", estatus: 203, inst: 0 },
    { nombres: "Bravo", cedula: "402-0000002-0", n: 2, fecha: "2024-02-01T10:00:00Z", estatus: 106, inst: 1 },
  ];
  for (const d of datos) {
    const s = await crearSolicitud(t.db, {
      estatus: d.estatus,
      funcionarios: d.n,
      idInstitucion: instOrdenadas[d.inst],
    });
    await t.db
      .update(incumbentes)
      .set({ nombres: d.nombres, apellidos: "Qwv Prueba", cedula: d.cedula })
      .where(eq(incumbentes.idIncumbente, s.idIncumbente));
    await t.db
      .update(solicitudes)
      .set({ fechaSolicitud: new Date(d.fecha) })
      .where(eq(solicitudes.idSolicitud, s.idSolicitud));
    marcadas.push(s.idSolicitud);
  }
  // Accents and capitals to fold in search.
  const s = await crearSolicitud(t.db, { estatus: 105 });
  await t.db
    .update(incumbentes)
    .set({ nombres: "XÓCHITL Ñandú", apellidos: "Quetzalcóatl Agüero", cedula: "223-0045678-9" })
    .where(eq(incumbentes.idIncumbente, s.idIncumbente));
  marcadas.push(s.idSolicitud);
});
afterAll(() => t.close());

describe("access", () => {
  for (const bandeja of Object.keys(URL) as Bandeja[]) {
    it(`${bandeja}: 401 without a token`, async () => {
      const res = await t.app.inject({ method: "GET", url: URL[bandeja] });
      expect(res.statusCode).toBe(401);
    });

    for (const usuario of TODOS.filter((x) => !PERMITIDOS[bandeja].includes(x))) {
      it(`${bandeja}: 403 for ${usuario}`, async () => {
        const res = await t.as(usuario, { method: "GET", url: URL[bandeja], query: { page: "0" } });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ success: false, message: MSG.noAutorizado });
      });
    }
  }

  it("the tracking view alone grants the administrator's inbox, not its decisions", async () => {
    const [perfil] = await t.db
      .insert(perfiles)
      .values({ nombre: "Solo Seguimiento", descripcion: "Seguimiento" })
      .returning();
    const vistasSeguimiento = await t.db
      .select()
      .from(vistas)
      .where(sql`${vistas.nombre} in (${V.SEGUIMIENTO}, ${V.DETALLES_SEGUIMIENTO})`);
    await t.db
      .insert(perfilVistas)
      .values(vistasSeguimiento.map((v) => ({ idPerfil: perfil.idPerfil, idVista: v.idVista })));
    const clave = "Seguimiento.Prueba.2026";
    await t.db.insert(usuarios).values({
      usuario: "seguimiento",
      nombre: "Sara",
      apellido: "Seguimiento",
      cedula: "001-0000009-0",
      email: "seguimiento@contraloria.gob.do",
      passwordHash: await hashPassword(clave),
      idPerfil: perfil.idPerfil,
    });
    await t.token("seguimiento", clave);
    const token = await t.token("seguimiento", clave);
    const res = await t.app.inject({
      method: "GET",
      url: URL.administrador,
      headers: { authorization: token },
      query: { page: "0" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().totalRecords).toBe(esperadas("administrador", await todas()).length);
    const [s] = await t.db
      .select({ id: solicitudes.idSolicitud })
      .from(solicitudes)
      .where(eq(solicitudes.estatus, 105));
    const aprobar = await t.app.inject({
      method: "POST",
      url: `/api/SolicitudFirma/AprobarAdminRcc/${s.id}`,
      headers: { authorization: token },
    });
    expect(aprobar.statusCode).toBe(403);
  });
});

describe("400 for a bad query, on the field, in Spanish", () => {
  const casos: [Record<string, string>, string, string][] = [
    [{ page: "-1" }, "page", MSG.numeroInvalido],
    [{ page: "abc" }, "page", MSG.numeroInvalido],
    [{ page: "1.5" }, "page", MSG.numeroInvalido],
    [{ page: "0", rows: "0" }, "rows", MSG.numeroInvalido],
    [{ page: "0", rows: "101" }, "rows", MSG.numeroInvalido],
    [{ page: "0", sortOrder: "2" }, "sortOrder", MSG.sentidoOrdenInvalido],
    [{ page: "0", sortOrder: "asc" }, "sortOrder", MSG.sentidoOrdenInvalido],
    [{ page: "0", sortField: "password_hash" }, "sortField", MSG.ordenInvalido],
    [{ page: "0", sortField: "constructor" }, "sortField", MSG.ordenInvalido],
    [{ sortField: "infoIncumbente.telefono" }, "sortField", MSG.ordenInvalido],
    [{ page: "0", q: "x".repeat(101) }, "q", MSG.textoLargo(100)],
    [{ page: "0", institucion: "abc" }, "institucion", MSG.numeroInvalido],
    [{ page: "0", institucion: "99999999999" }, "institucion", MSG.numeroInvalido],
    [{ page: "0", estatus: "99999" }, "estatus", MSG.numeroInvalido],
    [{ page: "0", estatus: "0" }, "estatus", MSG.numeroInvalido],
  ];
  for (const bandeja of Object.keys(URL) as Bandeja[]) {
    it(bandeja, async () => {
      for (const [query, campo, mensaje] of casos) {
        const res = await t.as(LECTOR[bandeja], { method: "GET", url: URL[bandeja], query });
        expect(res.statusCode, JSON.stringify(query)).toBe(400);
        expect(res.json(), JSON.stringify(query)).toEqual({
          success: false,
          message: MSG.datosInvalidos,
          errors: { [campo]: [mensaje] },
        });
      }
    });
  }
});

describe("each inbox lists exactly its statuses", () => {
  for (const bandeja of Object.keys(URL) as Bandeja[]) {
    it(`${bandeja}: the bare array and the paged count match the database`, async () => {
      const filas = await todas();
      const esperado = esperadas(bandeja, filas);
      const items = await lista(LECTOR[bandeja], bandeja);
      expect(ids(items)).toEqual(ids(esperado));
      for (const item of items) expect(() => zBandejaItem.parse(item)).not.toThrow();
      const p = await pagina(LECTOR[bandeja], bandeja);
      expect(p.totalRecords).toBe(esperado.length);
      expect(p.rows).toHaveLength(Math.min(10, esperado.length));
    });
  }

  it("analyst: 101 and 204 only, both present", async () => {
    const estatuses = new Set((await lista("analista", "analista")).map((i) => i.estatusSolitud));
    expect([...estatuses].sort()).toEqual([101, 204]);
  });

  it("legal: 102 and 103 only, both present", async () => {
    const estatuses = new Set((await lista("juridico", "juridico")).map((i) => i.estatusSolitud));
    expect([...estatuses].sort()).toEqual([102, 103]);
  });

  it("administrator and tracking: every status but 202", async () => {
    const estatuses = new Set((await lista("administrador", "administrador")).map((i) => i.estatusSolitud));
    expect([...estatuses].sort()).toEqual([101, 102, 103, 104, 105, 106, 108, 109, 201, 203, 204]);
  });

  it("consultant: 106, 203 and 201 only, all present", async () => {
    const estatuses = new Set((await lista("consultor", "consultor")).map((i) => i.estatusSolitud));
    expect([...estatuses].sort()).toEqual([106, 201, 203]);
  });

  it("legal history: whatever legal decided on, in its current status", async () => {
    const items = await lista("juridico", "historico");
    const decididas = new Set(ids((await todas()).filter((f) => f.decidido)));
    for (const i of items) expect(decididas.has(i.id)).toBe(true);
    expect(new Set(items.map((i) => i.estatusSolitud)).has(106)).toBe(true);
  });

  it("legal history: a request appears once legal decides on it", async () => {
    const s = await crearSolicitud(t.db, { estatus: 102, asignadoA: u.juridico });
    expect(ids(await lista("juridico", "historico"))).not.toContain(s.idSolicitud);
    const res = await t.as("juridico", { method: "POST", url: `/api/SolicitudFirma/AprobarJuridico/${s.idSolicitud}` });
    expect(res.json().success).toBe(true);
    const item = (await lista("juridico2", "historico")).find((i) => i.id === s.idSolicitud);
    expect(item).toMatchObject({ estatusSolitud: 105, estatus: "Aprobado por Juridico" });
  });

  it("originators see only their own institution, whatever filter they send", async () => {
    const filas = await todas();
    for (const [usuario, inst, otra] of [
      ["originador", inst1, inst2],
      ["originador2", inst2, inst1],
    ] as const) {
      const items = await lista(usuario, "originador");
      expect(ids(items)).toEqual(ids(esperadas("originador", filas, inst)));
      expect(items.every((i) => i.infoInstitucion.idInstitucionFirma === inst)).toBe(true);
      expect(await lista(usuario, "originador", { institucion: otra })).toEqual([]);
      expect(await pagina(usuario, "originador", { institucion: otra })).toEqual({ rows: [], totalRecords: 0 });
      // Searching another institution's incumbent finds nothing either.
      const ajena = (await pagina(usuario, "originador", { q: inst === inst1 ? "Ayuntamiento" : "Hacienda" })).rows;
      expect(ajena.every((i) => i.infoInstitucion.idInstitucionFirma === inst)).toBe(true);
    }
  });
});

describe("items", () => {
  it("carry the status text and colour, the holder's name, the officials' count and the date", async () => {
    const [fila] = await t.db
      .select({ id: solicitudes.idSolicitud })
      .from(solicitudes)
      .where(eq(solicitudes.asignadoA, u.analista))
      .limit(1);
    const item = (await lista("analista", "analista")).find((i) => i.id === fila.id)!;
    const [holder] = await t.db.select().from(usuarios).where(eq(usuarios.idUsuario, u.analista));
    expect(item.asignadoA).toBe(`${holder.nombre} ${holder.apellido}`);
    expect(item.idAsignadoA).toBe(u.analista);
    expect(item.idSolicitud).toBe(item.id);
    expect(item.estatus).toBe(CATALOGO_ESTATUS[item.estatusSolitud as 101].estatus);
    expect(item.colorEstatus).toBe(CATALOGO_ESTATUS[item.estatusSolitud as 101].color);
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(funcionarios)
      .where(eq(funcionarios.idSolicitud, item.id));
    expect(item.cantFuncionarios).toBe(n);
    expect(new Date(item.fechaSolicitud).toISOString()).toBe(item.fechaSolicitud);
    const libre = (await lista("analista", "analista")).find((i) => i.idAsignadoA === null)!;
    expect(libre.asignadoA).toBeNull();
  });
});

describe("paging", () => {
  it("pages concatenate to the bare list in the same order, with the same total", async () => {
    const orden = { sortField: "fechaSolicitud", sortOrder: -1 };
    const todo = await lista("administrador", "administrador", orden);
    const paginas: Item[] = [];
    let total = -1;
    for (let page = 0; page * 7 < todo.length + 7; page++) {
      const p = await pagina("administrador", "administrador", { ...orden, page, rows: 7 });
      total = p.totalRecords;
      paginas.push(...p.rows);
      if (p.rows.length < 7) break;
    }
    expect(total).toBe(todo.length);
    expect(paginas.map((i) => i.id)).toEqual(todo.map((i) => i.id));
  });

  it("defaults to 10 rows, newest first", async () => {
    const p = await pagina("administrador", "administrador");
    expect(p.rows).toHaveLength(10);
    const fechas = p.rows.map((i) => i.fechaSolicitud);
    expect([...fechas].sort().reverse()).toEqual(fechas);
  });

  it("a page past the end is empty but keeps the total", async () => {
    const p = await pagina("consultor", "consultor", { page: 1000 });
    expect(p.rows).toEqual([]);
    expect(p.totalRecords).toBe(esperadas("consultor", await todas()).length);
  });
});

describe("sorting", () => {
  /** The consultant inbox ordered by (rank of its value, newest first), computed here from the database. */
  async function esperadoPor(rango: (f: { idInstitucion: number; estatus: number }) => number, sentido: 1 | -1) {
    const filas = await t.db
      .select({
        id: solicitudes.idSolicitud,
        idInstitucion: solicitudes.idInstitucion,
        estatus: solicitudes.estatus,
        // Microseconds: JS dates stop at milliseconds.
        fecha: sql<string>`(extract(epoch from ${solicitudes.fechaSolicitud}) * 1000000)::bigint::text`,
      })
      .from(solicitudes)
      .where(sql`${solicitudes.estatus} in (106, 203, 201)`);
    return filas
      .sort((a, b) => {
        const r = sentido * (rango(a) - rango(b));
        if (r !== 0) return r;
        const fa = BigInt(a.fecha);
        const fb = BigInt(b.fecha);
        if (fa !== fb) return fa > fb ? -1 : 1;
        return b.id - a.id;
      })
      .map((f) => f.id);
  }

  it("by institution and by status without a search: every row, every page, newest first within a value", async () => {
    const porNombre = await t.db
      .select({ id: instituciones.idInstitucion })
      .from(instituciones)
      .orderBy(asc(instituciones.nombre), asc(instituciones.idInstitucion));
    const rangoInst = new Map(porNombre.map((r, i) => [r.id, i]));
    const porTexto = [106, 203, 201].sort((a, b) =>
      CATALOGO_ESTATUS[a as 106].estatus.localeCompare(CATALOGO_ESTATUS[b as 106].estatus, "es"),
    );
    const casos: [string, (f: { idInstitucion: number; estatus: number }) => number][] = [
      ["institucion", (f) => rangoInst.get(f.idInstitucion)!],
      ["estatus", (f) => porTexto.indexOf(f.estatus)],
    ];
    for (const [campo, rango] of casos) {
      for (const sentido of [1, -1] as const) {
        const esperado = await esperadoPor(rango, sentido);
        const todo = await lista("consultor", "consultor", { sortField: campo, sortOrder: sentido });
        expect(
          todo.map((i) => i.id),
          `${campo} ${sentido}`,
        ).toEqual(esperado);
        const p = await pagina("consultor", "consultor", { sortField: campo, sortOrder: sentido, page: 1, rows: 5 });
        expect(
          p.rows.map((i) => i.id),
          `${campo} ${sentido} page 1`,
        ).toEqual(esperado.slice(5, 10));
      }
    }
  });

  const marcadasEn = (items: Item[]) => items.filter((i) => marcadas.slice(0, 4).includes(i.id));
  const nombresPor = async (sortField: string, sortOrder: 1 | -1) =>
    marcadasEn(await lista("consultor", "consultor", { q: "qwv", sortField, sortOrder })).map(
      (i) => i.infoIncumbente.nombres,
    );

  it("by every whitelisted field, both ways", async () => {
    const asc: Record<string, string[]> = {
      fechaSolicitud: ["Alfa", "Bravo", "Mike", "Zulu"],
      nombres: ["Alfa", "Bravo", "Mike", "Zulu"],
      "infoIncumbente.nombres": ["Alfa", "Bravo", "Mike", "Zulu"],
      cedula: ["Alfa", "Bravo", "Mike", "Zulu"],
      "infoIncumbente.cedula": ["Alfa", "Bravo", "Mike", "Zulu"],
      cantFuncionarios: ["Zulu", "Bravo", "Mike", "Alfa"],
      institucion: ["Zulu", "Bravo", "Mike", "Alfa"],
      "infoInstitucion.nombre": ["Zulu", "Bravo", "Mike", "Alfa"],
      idSolicitud: ["Mike", "Alfa", "Zulu", "Bravo"],
    };
    for (const [campo, orden] of Object.entries(asc)) {
      expect(await nombresPor(campo, 1), campo).toEqual(orden);
      expect(await nombresPor(campo, -1), campo).toEqual([...orden].reverse());
    }
  });

  it("by status text, newest first within a status", async () => {
    // Aprobado por Adminstrador RyCC (Bravo, then the older Alfa) < Inactivado (Mike) < Solicitud para Inactivar (Zulu).
    expect(await nombresPor("estatus", 1)).toEqual(["Bravo", "Alfa", "Mike", "Zulu"]);
    expect(await nombresPor("estatus", -1)).toEqual(["Zulu", "Mike", "Bravo", "Alfa"]);
  });

  it("numbers and dates sort over a whole inbox", async () => {
    const porCant = await lista("administrador", "administrador", { sortField: "cantFuncionarios", sortOrder: 1 });
    const cants = porCant.map((i) => i.cantFuncionarios);
    expect(cants).toEqual([...cants].sort((a, b) => a - b));
    const porFecha = await lista("administrador", "administrador", { sortField: "fechaSolicitud", sortOrder: 1 });
    const fechas = porFecha.map((i) => i.fechaSolicitud);
    expect(fechas).toEqual([...fechas].sort());
  });
});

describe("search", () => {
  const buscar = async (
    usuario: UsuarioDemo,
    bandeja: Bandeja,
    q: string,
    extra: Record<string, string | number> = {},
  ) => lista(usuario, bandeja, { q, ...extra });

  it("ignores case and accents, in the query and in the data", async () => {
    const marcada = marcadas[4];
    for (const q of ["xochitl nandu", "ÑANDÚ", "quetzalcoatl", "QUETZALCÓATL AGÜERO", "aguero xóchitl", "Ñandu"]) {
      expect(ids(await buscar("administrador", "administrador", q)), q).toEqual([marcada]);
    }
  });

  it("matches the start of the incumbent's words, and any part of the institution's name", async () => {
    const marcada = marcadas[4];
    expect(ids(await buscar("administrador", "administrador", "quetz"))).toEqual([marcada]);
    expect(await buscar("administrador", "administrador", "tzalcoatl")).toEqual([]);
    const cienda = await buscar("administrador", "administrador", "cienda");
    expect(cienda.length).toBeGreaterThan(0);
    expect(cienda.every((i) => i.infoInstitucion.idInstitucionFirma === inst1)).toBe(true);
  });

  it("with several words, every word must match: names together, or a name and the status", async () => {
    const marcada = marcadas[4];
    expect(ids(await buscar("administrador", "administrador", "xochitl quetzalcoatl"))).toEqual([marcada]);
    expect(await buscar("administrador", "administrador", "xochitl bravo")).toEqual([]);
    // "juridico" is part of the status text of 105 (Aprobado por Juridico), where the marked one is.
    expect(ids(await buscar("administrador", "administrador", "xochitl juridico"))).toEqual([marcada]);
    expect(await buscar("administrador", "administrador", "xochitl inactivar")).toEqual([]);
  });

  it("finds a cédula with or without dashes", async () => {
    const marcada = marcadas[4];
    for (const q of ["223-0045678-9", "22300456789", "0045678"]) {
      expect(ids(await buscar("administrador", "administrador", q)), q).toEqual([marcada]);
    }
  });

  it("finds by institution name", async () => {
    const items = await buscar("administrador", "administrador", "HACIENDA");
    const esperado = esperadas("administrador", await todas()).filter((f) => f.idInstitucion === inst1);
    expect(ids(items)).toEqual(ids(esperado));
  });

  it("finds by the status text", async () => {
    const filas = await todas();
    const items = await buscar("administrador", "administrador", "para inactivar");
    expect(ids(items)).toEqual(ids(filas.filter((f) => f.estatus === 203)));
    const rechazadas = await buscar("administrador", "administrador", "rechazado");
    expect(ids(rechazadas)).toEqual(ids(filas.filter((f) => f.estatus === 104)));
  });

  it("finds by the text each inbox shows: Pendiente and Revisión by assignment", async () => {
    const filas = esperadas("analista", await todas());
    const revision = await buscar("analista", "analista", "revisión");
    expect(ids(revision)).toEqual(ids(filas.filter((f) => f.asignadoA !== null)));
    const pendiente = await buscar("analista", "analista", "Pendiente");
    expect(ids(pendiente)).toEqual(ids(filas.filter((f) => f.asignadoA === null)));
    expect(revision.length).toBeGreaterThan(0);
    expect(pendiente.length).toBeGreaterThan(0);
  });

  it("finds Activa in the consultant inbox and En revisión legal in the originator's", async () => {
    const consultor = await buscar("consultor", "consultor", "activa");
    const activas = ids(esperadas("consultor", await todas()).filter((f) => f.estatus === 106));
    for (const id of activas) expect(ids(consultor)).toContain(id);
    const originador = await buscar("originador", "originador", "revision legal");
    expect(ids(originador)).toEqual(ids(esperadas("originador", await todas()).filter((f) => f.estatus === 103)));
    expect(originador.length).toBeGreaterThan(0);
  });

  it("finds nothing for a search without letters or digits", async () => {
    expect(await buscar("administrador", "administrador", "%")).toEqual([]);
    expect(await buscar("administrador", "administrador", "_")).toEqual([]);
    expect(await buscar("administrador", "administrador", "\\")).toEqual([]);
  });

  it("answers with the same count in the paged form", async () => {
    const todo = await buscar("administrador", "administrador", "hacienda enviado");
    const p = await pagina("administrador", "administrador", { q: "hacienda enviado", rows: 3 });
    expect(p.totalRecords).toBe(todo.length);
    expect(todo.every((i) => i.estatusSolitud === 101 && i.infoInstitucion.idInstitucionFirma === inst1)).toBe(true);
    expect(todo.length).toBeGreaterThan(0);
  });
});

describe("filters", () => {
  it("by institution (exact)", async () => {
    const items = await lista("consultor", "consultor", { institucion: inst2 });
    expect(ids(items)).toEqual(ids(esperadas("consultor", await todas()).filter((f) => f.idInstitucion === inst2)));
    expect(items.length).toBeGreaterThan(0);
  });

  it("by status code", async () => {
    const items = await lista("administrador", "administrador", { estatus: 105 });
    expect(ids(items)).toEqual(ids((await todas()).filter((f) => f.estatus === 105)));
  });

  it("by a status the inbox does not list: nothing", async () => {
    expect(await pagina("analista", "analista", { estatus: 106 })).toEqual({ rows: [], totalRecords: 0 });
    expect(await pagina("consultor", "consultor", { estatus: 999 })).toEqual({ rows: [], totalRecords: 0 });
  });

  it("all together with search and sorting", async () => {
    const items = await lista("administrador", "administrador", {
      institucion: inst1,
      estatus: 101,
      q: "ana",
      sortField: "idSolicitud",
      sortOrder: 1,
    });
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.estatusSolitud === 101 && i.infoInstitucion.idInstitucionFirma === inst1)).toBe(true);
    expect(items.map((i) => i.id)).toEqual(ids(items));
  });
});
