/**
 * Finding and owning work in the inboxes: the request's number in the search ("46" finds request
 * 46 as well as the cédulas with a part starting 46), "Mis asignadas" (`asignadas=mias`), and the
 * days a request has waited in its current stage (`diasEspera`, `esperaLarga` past WAIT_ALERT_DAYS,
 * `espera=larga`, `sortField=diasEspera`). Failures first (401, 400, 403), then examples through
 * the API, then pages of every inbox against a plain query written here, on generated requests
 * whose stages come from their history (the trigger of migration 0011).
 */
import { ESTATUS_BANDEJA, MSG, rolesDeVistas } from "@registro/contracts";
import { type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../src/db/client.js";
import type { SesionUsuario } from "../../src/llamante/sesion.js";
import { type Bandeja, listarBandeja } from "../../src/solicitudes/bandejas.service.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { idUsuario } from "../support/factories.js";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

// 11:00 in the country (UTC−4) on 15 June 2027, after every demo request: "today" is 2027-06-15.
const AHORA = new Date("2027-06-15T15:00:00Z");
const HOY = "2027-06-15";
const DIAS_ALERTA = 5;
const N = 400;
const URL = "/api/SolicitudFirma/GetBandejaAnalista";

let t: TestApp;
let analista: number;
let analista2: number;
let ids: number[];

async function filas<T>(db: Db, consulta: SQL): Promise<T[]> {
  return ((await db.execute(consulta)) as unknown as { rows: T[] }).rows;
}

const sesionInterna = (idUsuario: number): SesionUsuario => ({
  idSesion: 0,
  idUsuario,
  usuario: "analista",
  nombre: "Prueba",
  apellido: "Prueba",
  idPerfil: 0,
  perfil: "Prueba",
  externo: false,
  idInstitucion: null,
  institucion: null,
  cambioClave: false,
  segundoFactorPendiente: false,
  vistas: new Set(),
  roles: rolesDeVistas(new Set()),
});

beforeAll(async () => {
  t = await crearTestApp({ WAIT_ALERT_DAYS: String(DIAS_ALERTA) }, { reloj: () => AHORA });
  analista = await idUsuario(t.db, "analista");
  analista2 = await idUsuario(t.db, "analista2");
  const [{ cargo }] = await filas<{ cargo: number }>(t.db, sql`select min(id_cargo)::int as cargo from cargos`);
  const [{ inst }] = await filas<{ inst: number }>(
    t.db,
    sql`select min(id_institucion)::int as inst from instituciones`,
  );
  // Cédulas 405-00000gg-1: a number typed alone matches some of their parts and some request numbers.
  await t.db.execute(sql`
    insert into incumbentes (id_institucion, cedula, nombres, apellidos, cod_cargo, telefono)
    select ${inst}::int, '405-' || lpad(g::text, 7, '0') || '-1', 'Prueba', 'Espera', ${cargo}::int, '(809) 555-0101'
    from generate_series(1, 60) g`);
  const codigos = [101, 204, 102, 103, 105, 106, 108, 203, 201];
  ids = (
    await filas<{ id: number }>(
      t.db,
      sql`insert into solicitudes (id_institucion, id_incumbente, estatus, fecha_solicitud, decidido_juridico, asignado_a)
        select ${inst}::int, inc.ids[1 + (hashint4(g * 7) & 1023) % array_length(inc.ids, 1)],
               (${sql.raw(`array[${codigos.join(",")}]`)})[1 + (hashint4(g * 13) & 1023) % ${codigos.length}::int],
               timestamptz '2026-01-01 08:00:00+00' + ((hashint4(g * 17) & 1023) % 120) * interval '1 day',
               (hashint4(g * 19) & 1) = 1,
               case (hashint4(g * 23) & 3) when 0 then ${analista}::int when 1 then ${analista2}::int end
        from generate_series(1, ${N}::int) g,
             (select array_agg(id_incumbente order by id_incumbente) as ids from incumbentes where cedula like '405-%') inc
        returning id_solicitud as id`,
    )
  ).map((r) => r.id);
  // Each request's history: its current status entered 0–20 days ago, at a random hour (the day in
  // the country may differ from the day in UTC), and some a second time on the same day.
  await t.db.execute(sql`
    insert into historial (id_solicitud, estatus, fecha)
    select s.id_solicitud, s.estatus,
           ${AHORA.toISOString()}::timestamptz - ((hashint4(s.id_solicitud * 29) & 1023) % 21) * interval '1 day'
             - ((hashint4(s.id_solicitud * 31) & 1023) % 24) * interval '1 hour'
    from solicitudes s where s.id_solicitud >= ${Math.min(...ids)}::int`);
});
afterAll(() => t?.close());

describe("failures first", () => {
  it("401 without a session", async () => {
    const res = await t.app.inject({ method: "GET", url: URL, query: { page: "0", asignadas: "mias" } });
    expect(res.statusCode).toBe(401);
  });

  it("400 with the field's Spanish message for an unknown holder or waiting filter", async () => {
    const a = await t.as("analista", { method: "GET", url: URL, query: { page: "0", asignadas: "todas" } });
    expect(a.statusCode).toBe(400);
    expect(a.json().errors.asignadas).toEqual([MSG.asignadasInvalido]);
    const e = await t.as("analista", { method: "GET", url: URL, query: { page: "0", espera: "corta" } });
    expect(e.statusCode).toBe(400);
    expect(e.json().errors.espera).toEqual([MSG.esperaInvalida]);
  });

  it("403 for a role the inbox is not for, whatever filter it sends", async () => {
    const res = await t.as("originador", { method: "GET", url: URL, query: { asignadas: "mias", espera: "larga" } });
    expect(res.statusCode).toBe(403);
  });
});

type Item = { idSolicitud: number; idAsignadoA: number | null; diasEspera: number | null; esperaLarga: boolean };
const pagina = async (
  usuario: "analista" | "analista2" | "administrador",
  url: string,
  query: Record<string, string>,
) => {
  const res = await t.as(usuario, { method: "GET", url, query: { page: "0", rows: "100", ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: Item[]; totalRecords: number };
};

describe("through the API", () => {
  it("a number alone finds the request with that number (the administrator's and the analyst's inbox)", async () => {
    const [{ id }] = await filas<{ id: number }>(
      t.db,
      sql`select max(id_solicitud)::int as id from solicitudes where estatus = 101 and id_solicitud >= ${Math.min(...ids)}::int`,
    );
    for (const [usuario, url] of [
      ["administrador", "/api/SolicitudFirma/GetBandejaAdministradorRCC"],
      ["analista", URL],
    ] as const) {
      const r = await pagina(usuario, url, { q: String(id) });
      expect(r.rows.map((x) => x.idSolicitud)).toContain(id);
    }
    // With a second word the number is a cédula part only, as before.
    const dos = await pagina("administrador", "/api/SolicitudFirma/GetBandejaAdministradorRCC", { q: `${id} espera` });
    expect(dos.rows.map((x) => x.idSolicitud)).not.toContain(id);
  });

  it("Mis asignadas: only what the signed-in analyst holds", async () => {
    for (const [usuario, yo] of [
      ["analista", analista],
      ["analista2", analista2],
    ] as const) {
      const r = await pagina(usuario, URL, { asignadas: "mias" });
      expect(r.rows.length).toBeGreaterThan(0);
      expect(r.rows.every((x) => x.idAsignadoA === yo)).toBe(true);
      const [{ n }] = await filas<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from solicitudes where estatus in (101, 204) and asignado_a = ${yo}`,
      );
      expect(r.totalRecords).toBe(n);
    }
  });

  it("days waiting in the current stage, highlighted past the setting, filtered and sorted", async () => {
    const todas = await pagina("analista", URL, { rows: "100", sortField: "diasEspera", sortOrder: "-1" });
    const dias = todas.rows.map((x) => x.diasEspera);
    expect(dias.every((d) => d !== null && d >= 0)).toBe(true);
    expect(dias).toEqual([...dias].sort((a, b) => (b ?? 0) - (a ?? 0)));
    for (const x of todas.rows) expect(x.esperaLarga).toBe((x.diasEspera ?? 0) > DIAS_ALERTA);
    const largas = await pagina("analista", URL, { espera: "larga" });
    expect(largas.rows.length).toBeGreaterThan(0);
    expect(largas.rows.every((x) => x.esperaLarga)).toBe(true);
    expect(largas.totalRecords).toBe(todas.rows.filter((x) => x.esperaLarga).length);
    // Finished requests (active, inactivated) wait in no stage; a deactivation request waits for the administrator.
    const consultor = await t.as("consultor", {
      method: "GET",
      url: "/api/SolicitudFirma/GetBandejaConsultor",
      query: { page: "0", rows: "100" },
    });
    const filasConsultor = consultor.json().rows as (Item & { estatusSolitud: number })[];
    expect(filasConsultor.some((x) => x.estatusSolitud !== 203)).toBe(true);
    for (const x of filasConsultor) expect(x.diasEspera === null).toBe(x.estatusSolitud !== 203);
  });
});

describe("pages against the plain query", () => {
  const BANDEJAS: Bandeja[] = ["analista", "juridico", "administrador", "historico", "consultor"];
  const ESTATUS: Record<Bandeja, readonly number[] | undefined> = {
    originador: undefined,
    analista: ESTATUS_BANDEJA.analista,
    juridico: ESTATUS_BANDEJA.juridico,
    administrador: ESTATUS_BANDEJA.administrador,
    historico: undefined,
    consultor: ESTATUS_BANDEJA.consultor,
  };

  it("every reviewer's inbox, mine or all, waiting long or all, a number alone, any order, page and size", async () => {
    const arb = fc.record({
      bandeja: fc.constantFrom(...BANDEJAS),
      yo: fc.constantFrom(0, 1),
      mias: fc.boolean(),
      larga: fc.boolean(),
      numero: fc.option(
        fc.oneof(
          fc.constantFrom(...ids).map(String),
          fc.integer({ min: 1, max: 60 }).map(String),
          fc.constantFrom("405", "0000", "4"),
        ),
        { nil: undefined, freq: 2 },
      ),
      sortField: fc.constantFrom("diasEspera", "fechaSolicitud", "idSolicitud"),
      sortOrder: fc.constantFrom(1 as const, -1 as const),
      rows: fc.oneof(fc.constantFrom(1, 10, 50), fc.integer({ min: 1, max: 100 })),
      posicion: fc.oneof(fc.constantFrom(0, 0.49, 0.51, 0.99, 1.1), fc.double({ min: 0, max: 1, noNaN: true })),
    });
    await fc.assert(
      fc.asyncProperty(arb, async (c) => {
        const yo = c.yo === 0 ? analista : analista2;
        const estatus = ESTATUS[c.bandeja];
        const dir = sql.raw(c.sortOrder === 1 ? "asc" : "desc");
        const inverso = sql.raw(c.sortOrder === 1 ? "desc" : "asc");
        const orden =
          c.sortField === "diasEspera"
            ? sql`coalesce(e.entrada, 'infinity'::timestamptz) ${inverso}, s.id_solicitud ${inverso}`
            : c.sortField === "fechaSolicitud"
              ? sql`s.fecha_solicitud ${dir}, s.id_solicitud ${dir}`
              : sql`s.id_solicitud ${dir}`;
        // Waiting long: the stage's first day in the country is before today minus the setting.
        const condiciones: SQL[] = [sql`true`];
        if (estatus) condiciones.push(sql`s.estatus in (${sql.raw(estatus.join(","))})`);
        if (c.bandeja === "historico") condiciones.push(sql`s.decidido_juridico`);
        if (c.mias) condiciones.push(sql`s.asignado_a = ${yo}::int`);
        if (c.larga) {
          condiciones.push(
            sql`e.entrada is not null and (e.entrada at time zone interval '-04:00')::date < ${HOY}::date - ${DIAS_ALERTA}::int`,
          );
        }
        if (c.numero !== undefined) {
          condiciones.push(
            // The request's number, or a part of its incumbent's or one of its officials' cédula.
            sql`(s.id_solicitud = ${Number(c.numero)}::int or s.busqueda @@ to_tsquery('simple', ${`${c.numero}:*`})
              or exists (select 1 from funcionarios f where f.id_solicitud = s.id_solicitud
                and f.busqueda @@ to_tsquery('simple', ${`${c.numero}:*`})))`,
          );
        }
        const donde = sql.join(condiciones, sql` and `);
        const base = sql`from solicitudes s
          left join solicitudes_etapas e on e.id_solicitud = s.id_solicitud and e.salida is null and e.etapa between 1 and 3
          where ${donde}`;
        const [{ n: total }] = await filas<{ n: number }>(t.db, sql`select count(*)::int as n ${base}`);
        const page = Math.floor(Math.min(c.posicion * total, total + c.rows) / c.rows);
        const esperados = await filas<{ id: number; dias: number | null }>(
          t.db,
          sql`select s.id_solicitud as id,
                 (${HOY}::date - (e.entrada at time zone interval '-04:00')::date)::int as dias
              ${base} order by ${orden} limit ${c.rows}::int offset ${page * c.rows}::int`,
        );
        const respuesta = await listarBandeja(
          t.db,
          sesionInterna(yo),
          c.bandeja,
          {
            page,
            rows: c.rows,
            sortField: c.sortField,
            sortOrder: c.sortOrder,
            q: c.numero,
            asignadas: c.mias ? "mias" : undefined,
            espera: c.larga ? "larga" : undefined,
          },
          { hoy: HOY, diasAviso: 30, diasAlertaEspera: DIAS_ALERTA },
        );
        if (Array.isArray(respuesta)) throw new Error("a paged call answers a page");
        expect(respuesta.totalRecords).toBe(total);
        expect(respuesta.rows.map((r) => [r.idSolicitud, r.diasEspera])).toEqual(esperados.map((r) => [r.id, r.dias]));
      }),
      { numRuns: 150 },
    );
  });
});
