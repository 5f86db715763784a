/**
 * Dashboard "Tablero": 401/403/400 first; then every figure on a small set of requests
 * seeded with a known history in an institution of its own, checked against values worked out by
 * hand below (not against the dashboard's SQL); a real transition moving the weekly counters; the
 * stays kept by the trigger against a plain walk of the history; and the migration's grant.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CODIGOS_ESTATUS, ETAPAS, etapaTablero, type Tablero } from "@registro/contracts";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { crearTestApp, type TestApp } from "../support/app.js";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

// The app's clock: Wednesday 18 March 2026, 12:00 in Santo Domingo (UTC−4).
const AHORA = new Date("2026-03-18T16:00:00Z");

let t: TestApp;
let idInst: number;
const ids: Record<string, number> = {};

type Filas<T> = { rows: T[] };
async function filas<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(q)) as unknown as Filas<T>).rows;
}

/** One request of the institution with its history (status, instant) in order; the last is current. */
async function solicitud(nombre: string, historia: [number, string][], estatusSinHistoria?: number) {
  const estatus = estatusSinHistoria ?? historia[historia.length - 1][0];
  const [{ id_incumbente }] = await filas<{ id_incumbente: number }>(sql`
    insert into incumbentes (id_institucion, cedula, nombres, apellidos, cod_cargo, telefono)
    values (${idInst}, '001-0000001-1', ${`Incumbente ${nombre}`}, 'Tablero',
            (select min(id_cargo) from cargos), '(809) 555-0101')
    returning id_incumbente`);
  const [{ id_solicitud }] = await filas<{ id_solicitud: number }>(sql`
    insert into solicitudes (id_institucion, id_incumbente, estatus, fecha_solicitud)
    values (${idInst}, ${id_incumbente}, ${estatus}, ${historia[0]?.[1] ?? AHORA.toISOString()}::timestamptz)
    returning id_solicitud`);
  for (const [e, fecha] of historia) {
    await t.db.execute(
      sql`insert into historial (id_solicitud, estatus, fecha) values (${id_solicitud}, ${e}, ${fecha}::timestamptz)`,
    );
  }
  ids[nombre] = id_solicitud;
  return id_solicitud;
}

async function funcionario(
  idSolicitud: number,
  f: { estatus: number; vigencia: boolean; desde?: string; hasta: string },
) {
  const [{ id }] = await filas<{ id: number }>(sql`
    insert into funcionarios (id_solicitud, cedula, nombres, apellidos, cod_cargo, telefono, firma_vigencia,
                              fecha_desde, fecha_hasta, id_estatus, enviado)
    values (${idSolicitud}, '001-0000002-9', 'Funcionario', ${`Vence ${f.hasta}`}, (select min(id_cargo) from cargos),
            '(809) 555-0102', ${f.vigencia}, ${f.desde ?? null}::date, ${f.hasta}::date, ${f.estatus}, true)
    returning id_funcionario as id`);
  return id;
}

const tablero = (usuario: string | null, query = "") =>
  t.as(usuario, { method: "GET", url: `/api/Tablero${query ? `?${query}` : ""}` });

beforeAll(async () => {
  t = await crearTestApp({}, { reloj: () => new Date(AHORA) });
  [{ id: idInst }] = await filas<{ id: number }>(sql`
    insert into instituciones (nombre, estructura, direccion, telefono)
    values ('Institución del Tablero', 'Gobierno Central', 'Calle 1', '(809) 555-0100')
    returning id_institucion as id`);
  // Local times are UTC−4: 16:00Z is noon; D's return at 03:30Z on Monday 2 March is still Sunday
  // 1 March, 23:30 in the country, so it counts in the week of Monday 23 February.
  await solicitud("A", [
    [101, "2026-03-08T14:00:00Z"],
    [101, "2026-03-15T16:00:00Z"], // a reassignment: same status, still waiting since the 8th
  ]);
  await solicitud("B", [
    [101, "2026-03-10T16:00:00Z"],
    [102, "2026-03-12T16:00:00Z"],
  ]);
  await solicitud("C", [[101, "2026-03-14T16:00:00Z"]]);
  await solicitud("D", [
    [101, "2026-03-01T16:00:00Z"],
    [108, "2026-03-02T03:30:00Z"],
    [101, "2026-03-16T16:00:00Z"],
  ]);
  const e = await solicitud("E", [
    [101, "2026-02-02T16:00:00Z"],
    [102, "2026-02-05T16:00:00Z"],
    [105, "2026-02-10T16:00:00Z"],
    [106, "2026-03-17T16:00:00Z"],
  ]);
  await solicitud("F", [], 202); // a draft: in no figure
  await solicitud("G", [
    [101, "2026-02-20T16:00:00Z"],
    [102, "2026-02-25T16:00:00Z"],
    [105, "2026-03-03T16:00:00Z"],
  ]);
  await solicitud("H", [
    [101, "2026-03-05T16:00:00Z"],
    [109, "2026-03-11T16:00:00Z"],
  ]);
  await solicitud("I", [
    [101, "2026-03-01T16:00:00Z"],
    [102, "2026-03-17T04:00:00Z"],
  ]);
  // Officials of E (active request); today is 18 March, "por vencer" up to 17 April (30 days).
  ids.f1 = await funcionario(e, { estatus: 2, vigencia: true, hasta: "2026-04-10" });
  await funcionario(e, { estatus: 2, vigencia: true, hasta: "2026-04-30" }); // later
  await funcionario(e, { estatus: 2, vigencia: true, hasta: "2026-03-17" }); // expired yesterday
  ids.f4 = await funcionario(e, { estatus: 2, vigencia: true, hasta: "2026-03-18" }); // last day: today
  ids.f5 = await funcionario(e, { estatus: 2, vigencia: true, desde: "2026-01-01", hasta: "2026-04-17" });
  await funcionario(e, { estatus: 1, vigencia: true, hasta: "2026-04-01" }); // not active
  await funcionario(e, { estatus: 2, vigencia: false, hasta: "2026-04-01" }); // permanent
  await funcionario(e, { estatus: 2, vigencia: true, desde: "2026-03-20", hasta: "2026-04-05" }); // not yet in force
});
afterAll(() => t.close());

describe("GET api/Tablero: access and input", () => {
  it("401 without a session, 403 without the view", async () => {
    expect((await tablero(null)).statusCode).toBe(401);
    for (const u of ["analista", "juridico", "consultor", "configuracion", "originador"]) {
      const res = await tablero(u);
      expect(res.statusCode, u).toBe(403);
      expect(res.json().message).toBe("No está autorizado");
    }
  });

  it("an institution's user is refused even with a profile that holds the view", async () => {
    await t.db.execute(sql`
      insert into perfil_vistas (id_perfil, id_vista)
      select id_perfil, 51 from perfiles where nombre = 'Originador'`);
    try {
      const res = await tablero("originador2");
      expect(res.statusCode).toBe(403);
    } finally {
      await t.db.execute(sql`
        delete from perfil_vistas where id_vista = 51
        and id_perfil = (select id_perfil from perfiles where nombre = 'Originador')`);
    }
  });

  it("bad input is a Spanish 400 on its field", async () => {
    const casos: [string, string, string][] = [
      ["desde=2026-13-01", "desde", "La fecha no es válida."],
      ["hasta=mañana", "hasta", "La fecha no es válida."],
      ["desde=2026-03-10&hasta=2026-03-01", "hasta", "La fecha final no puede ser anterior a la inicial."],
      ["desde=2026-03-20", "desde", "La fecha inicial no puede ser posterior a hoy."],
      ["desde=0999-02-30", "desde", "La fecha no es válida."],
      ["desde=2024-01-01&hasta=2026-03-01", "desde", "El período no puede superar un año."],
      ["idInstitucion=abc", "idInstitucion", ""],
      ["idInstitucion=99999999999", "idInstitucion", ""],
    ];
    for (const [query, campo, mensaje] of casos) {
      const res = await tablero("administrador", query);
      expect(res.statusCode, query).toBe(400);
      const body = res.json();
      expect(body.message).toBe("Los datos suministrados no son válidos");
      const clave = Object.keys(body.errors).find((k) => k.toLowerCase() === campo.toLowerCase());
      expect(clave, query).toBeDefined();
      if (mensaje) expect(body.errors[clave!], query).toEqual([mensaje]);
    }
  });
});

describe("GET api/Tablero: figures worked out by hand", () => {
  it("stages, waiting times, weekly movements, institution and officials por vencer", async () => {
    const res = await tablero("administrador", `idInstitucion=${idInst}&desde=2026-02-24&hasta=2026-03-18`);
    expect(res.statusCode).toBe(200);
    const b = res.json() as Tablero;
    expect(b.hoy).toBe("2026-03-18");
    expect(b.idInstitucion).toBe(idInst);
    // 24 February is a Tuesday: the chart starts on its Monday.
    expect([b.desde, b.hasta]).toEqual(["2026-02-23", "2026-03-16"]);

    // Now: A, C, D in Analista RyCC (101); B, I in legal review (102); G with the administrator
    // (105); E finished (106). F (draft) and H (annulled) are in no stage.
    expect(b.etapas.map((e) => [e.etapa, e.solicitudes])).toEqual([
      ["Originador", 0],
      ["Analista RyCC", 3],
      ["Revisión legal", 2],
      ["Administrador RyCC", 1],
      ["Finalizado", 1],
    ]);
    // Waiting, in days until Wednesday 18 March 16:00Z:
    //   Analista RyCC: A since 8 March 14:00Z (10 d 2 h = 10.08), C 4.0, D 2.0 (back since the 16th)
    //   → median 4.0, longest 10.1 (A); legal: B 6.0, I 1.5 → median 3.75 → 3.8, longest 6.0 (B);
    //   administrator: G 15.0.
    const espera = Object.fromEntries(b.etapas.map((e) => [e.etapa, e.espera]));
    expect(espera.Originador).toBeNull();
    expect(espera.Finalizado).toBeNull();
    expect(espera["Analista RyCC"]).toEqual({
      solicitudes: 3,
      medianaDias: 4,
      maximoDias: 10.1,
      idSolicitudMasAntigua: ids.A,
      desde: "2026-03-08T14:00:00.000Z",
    });
    expect(espera["Revisión legal"]).toEqual({
      solicitudes: 2,
      medianaDias: 3.8,
      maximoDias: 6,
      idSolicitudMasAntigua: ids.B,
      desde: "2026-03-12T16:00:00.000Z",
    });
    expect(espera["Administrador RyCC"]).toEqual({
      solicitudes: 1,
      medianaDias: 15,
      maximoDias: 15,
      idSolicitudMasAntigua: ids.G,
      desde: "2026-03-03T16:00:00.000Z",
    });

    // Weeks (Mondays, country time), [entered, left] per stage
    // [Originador, Analista RyCC, Revisión legal, Administrador RyCC, Finalizado]:
    //  23 Feb: D and I sent (Analista +2); D returned on Sunday night (Analista −1, Originador +1);
    //          G approved by the analyst (Analista −1, legal +1).
    //   2 Mar: A and H sent (Analista +2); G approved by legal (legal −1, administrator +1).
    //   9 Mar: B and C sent (Analista +2); B approved (Analista −1, legal +1); H annulled (Analista −1).
    //  16 Mar: D sent again (Originador −1, Analista +1); I approved (Analista −1, legal +1);
    //          E activated (administrator −1, Finalizado +1).
    const esperado: Record<string, [number, number][]> = {
      "2026-02-23": [
        [1, 0],
        [2, 2],
        [1, 0],
        [0, 0],
        [0, 0],
      ],
      "2026-03-02": [
        [0, 0],
        [2, 0],
        [0, 1],
        [1, 0],
        [0, 0],
      ],
      "2026-03-09": [
        [0, 0],
        [2, 2],
        [1, 0],
        [0, 0],
        [0, 0],
      ],
      "2026-03-16": [
        [0, 1],
        [1, 1],
        [1, 0],
        [0, 1],
        [1, 0],
      ],
    };
    expect(b.semanas.map((s) => s.semana)).toEqual(Object.keys(esperado));
    for (const s of b.semanas) {
      expect(s.etapas.map((e) => e.etapa)).toEqual([...ETAPAS]);
      expect(
        s.etapas.map((e) => [e.entradas, e.salidas]),
        s.semana,
      ).toEqual(esperado[s.semana]);
    }

    // Sent requests A B C D E G I, of which all but E are still in process.
    expect(b.instituciones).toEqual([
      { idInstitucion: idInst, institucion: "Institución del Tablero", solicitudes: 7, enProceso: 6 },
    ]);

    // In force with an end date from 18 March to 17 April, in date order.
    expect(b.porVencer.dias).toBe(30);
    expect(b.porVencer.total).toBe(3);
    expect(b.porVencer.funcionarios.map((f) => [f.idFuncionario, f.fechaHasta, f.idSolicitud])).toEqual([
      [ids.f4, "2026-03-18", ids.E],
      [ids.f1, "2026-04-10", ids.E],
      [ids.f5, "2026-04-17", ids.E],
    ]);
    expect(b.porVencer.funcionarios[0].institucion).toBe("Institución del Tablero");
  });

  it("without a period: the last 12 weeks up to today's; all institutions listed", async () => {
    const res = await tablero("administrador");
    expect(res.statusCode).toBe(200);
    const b = res.json() as Tablero;
    expect(b.idInstitucion).toBeNull();
    expect(b.semanas).toHaveLength(12);
    expect([b.desde, b.hasta]).toEqual(["2025-12-29", "2026-03-16"]);
    const fila = b.instituciones.find((i) => i.idInstitucion === idInst);
    expect(fila).toMatchObject({ solicitudes: 7, enProceso: 6 });
    // Institutions in descending order of requests; every sent request of the registry counted.
    const enviadas = await filas<{ n: number }>(
      sql`select count(*)::int as n from solicitudes where estatus not in (202, 109)`,
    );
    expect(b.instituciones.reduce((s, i) => s + i.solicitudes, 0)).toBe(enviadas[0].n);
    const ns = b.instituciones.map((i) => i.solicitudes);
    expect(ns).toEqual([...ns].sort((x, y) => y - x));
    const porEstatus = await filas<{ estatus: number; n: number }>(
      sql`select estatus::int as estatus, count(*)::int as n from solicitudes group by estatus`,
    );
    const porEtapa = ETAPAS.map((_, i) =>
      porEstatus.filter((f) => etapaTablero(f.estatus) === i).reduce((s, f) => s + f.n, 0),
    );
    expect(b.etapas.map((e) => e.solicitudes)).toEqual(porEtapa);
  });
});

describe("stays kept from the history", () => {
  it("the database's rf_etapa() is the contracts' etapaTablero()", async () => {
    for (const codigo of CODIGOS_ESTATUS) {
      const [{ etapa }] = await filas<{ etapa: number | null }>(sql`select rf_etapa(${codigo}::smallint) as etapa`);
      expect(etapa, String(codigo)).toBe(etapaTablero(codigo));
    }
  });

  it("a review decision moves the week's counters and the waiting list", async () => {
    const [s] = await filas<{ id: number; inst: number }>(sql`
      select id_solicitud as id, id_institucion as inst from solicitudes
      where estatus = 101 and asignado_a is null order by id_solicitud limit 1`);
    const hoy = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santo_Domingo" }).format(new Date());
    const consulta = `idInstitucion=${s.inst}&desde=${hoy}&hasta=${hoy}`;
    const antes = (await tablero("administrador", consulta)).json() as Tablero;
    expect(
      (await t.as("analista", { method: "POST", url: `/api/SolicitudFirma/AssignProcess/${s.id}` })).json(),
    ).toMatchObject({ success: true });
    expect(
      (await t.as("analista", { method: "POST", url: `/api/SolicitudFirma/AprobarRcc/${s.id}` })).json(),
    ).toMatchObject({ success: true });
    const despues = (await tablero("administrador", consulta)).json() as Tablero;
    const mov = (b: Tablero, i: number) => b.semanas[0].etapas[i];
    expect(mov(despues, 1).salidas - mov(antes, 1).salidas).toBe(1);
    expect(mov(despues, 2).entradas - mov(antes, 2).entradas).toBe(1);
    expect(despues.etapas[1].solicitudes - antes.etapas[1].solicitudes).toBe(-1);
    expect(despues.etapas[2].solicitudes - antes.etapas[2].solicitudes).toBe(1);
    expect((despues.etapas[2].espera?.solicitudes ?? 0) - (antes.etapas[2].espera?.solicitudes ?? 0)).toBe(1);
  });

  it("stays and weekly counters equal a plain walk of the whole history", async () => {
    const historia = await filas<{ id: number; inst: number; estatus: number; fecha: string }>(sql`
      select h.id_solicitud as id, s.id_institucion as inst, h.estatus::int as estatus,
             to_char(h.fecha at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as fecha
      from historial h join solicitudes s on s.id_solicitud = h.id_solicitud
      order by h.id_solicitud, h.fecha, h.id_historial`);
    type Estancia = { id: number; inst: number; etapa: number; entrada: string; salida: string | null };
    const estancias: Estancia[] = [];
    const abiertas = new Map<number, Estancia>();
    for (const h of historia) {
      const etapa = etapaTablero(h.estatus);
      const abierta = abiertas.get(h.id);
      if ((abierta?.etapa ?? null) === etapa) continue;
      if (abierta) {
        abierta.salida = h.fecha;
        abiertas.delete(h.id);
      }
      if (etapa !== null) {
        const nueva = { id: h.id, inst: h.inst, etapa, entrada: h.fecha, salida: null };
        estancias.push(nueva);
        abiertas.set(h.id, nueva);
      }
    }
    const tabla = await filas<Estancia>(sql`
      select id_solicitud as id, id_institucion as inst, etapa::int as etapa,
             to_char(entrada at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as entrada,
             to_char(salida at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as salida
      from solicitudes_etapas order by id_solicitud, entrada`);
    const clave = (e: Estancia) => `${e.id}|${e.entrada}`;
    expect(tabla.sort((x, y) => clave(x).localeCompare(clave(y)))).toEqual(
      estancias.sort((x, y) => clave(x).localeCompare(clave(y))),
    );
    // Weekly counters: the Monday of each arrival and departure in UTC−4, counted independently.
    const lunes = (iso: string) => {
      const local = new Date(Date.parse(iso) - 4 * 3600_000);
      local.setUTCDate(local.getUTCDate() - ((local.getUTCDay() + 6) % 7));
      return local.toISOString().slice(0, 10);
    };
    const cuenta = new Map<string, [number, number]>();
    const sumar = (iso: string, e: Estancia, k: 0 | 1) => {
      const c = `${lunes(iso)}|${e.etapa}|${e.inst}`;
      const v = cuenta.get(c) ?? [0, 0];
      v[k]++;
      cuenta.set(c, v);
    };
    for (const e of estancias) {
      sumar(e.entrada, e, 0);
      if (e.salida) sumar(e.salida, e, 1);
    }
    const contadores = await filas<{
      semana: string;
      etapa: number;
      inst: number;
      entradas: number;
      salidas: number;
    }>(sql`
      select to_char(semana, 'YYYY-MM-DD') as semana, etapa::int as etapa, id_institucion as inst, entradas, salidas
      from etapas_semanas where entradas <> 0 or salidas <> 0`);
    expect(new Map(contadores.map((c) => [`${c.semana}|${c.etapa}|${c.inst}`, [c.entradas, c.salidas]]))).toEqual(
      cuenta,
    );
    // Waiting requests by week of arrival: the open stays before Finalizado.
    const espera = new Map<string, number>();
    for (const e of estancias.filter((x) => x.salida === null && x.etapa < 4)) {
      const c = `${e.etapa}|${lunes(e.entrada)}|${e.inst}`;
      espera.set(c, (espera.get(c) ?? 0) + 1);
    }
    const histograma = await filas<{ etapa: number; semana: string; inst: number; n: number }>(sql`
      select etapa::int as etapa, to_char(semana, 'YYYY-MM-DD') as semana, id_institucion as inst, n
      from etapas_espera where n <> 0`);
    expect(new Map(histograma.map((h) => [`${h.etapa}|${h.semana}|${h.inst}`, h.n]))).toEqual(espera);
  });

  it("migration 0011 grants the view to existing default profiles, and again changes nothing", async () => {
    const archivo = path.resolve(
      path.dirname(fileURLToPath(import.meta.url)),
      "../../src/db/migrations/0011_dashboard_stage_tables.sql",
    );
    const sentencias = fs
      .readFileSync(archivo, "utf8")
      .split("--> statement-breakpoint")
      .filter((s) => /INSERT INTO "(vistas|perfil_vistas)"/.test(s));
    expect(sentencias).toHaveLength(2);
    const concedidos = () =>
      filas<{ nombre: string }>(sql`
        select p.nombre from perfil_vistas pv join perfiles p on p.id_perfil = pv.id_perfil
        where pv.id_vista = 51 order by p.nombre`);
    // The seed (contracts) and the migration agree: Administrador RyCC, which holds Seguimiento too.
    expect(await concedidos()).toEqual([{ nombre: "Administrador RyCC" }]);
    await t.db.execute(sql`delete from perfil_vistas where id_vista = 51`);
    for (let i = 0; i < 2; i++) for (const s of sentencias) await t.db.execute(sql.raw(s));
    expect(await concedidos()).toEqual([{ nombre: "Administrador RyCC" }]);
    const [v] = await filas<{ nombre: string; url: string }>(sql`select nombre, url from vistas where id_vista = 51`);
    expect(v).toEqual({ nombre: "Tablero", url: "/Tablero" });
  });
});

describe("waiting and weekly figures against a plain computation (fast-check)", () => {
  const ESTATUS_HISTORIA = [101, 108, 102, 204, 104, 105, 103, 106, 203, 201, 109];
  // One request: its history as (status, hours after the previous entry); the first entry up to
  // 16 weeks before the clock, so waits cross weeks, Sunday nights in UTC−4 and the 12-week window.
  const arbSolicitud = fc.record({
    inicio: fc.integer({ min: 1, max: 16 * 7 * 24 }),
    pasos: fc.array(
      fc.record({ estatus: fc.constantFrom(...ESTATUS_HISTORIA), horas: fc.integer({ min: 0, max: 400 }) }),
      { minLength: 1, maxLength: 5 },
    ),
  });

  it("median, oldest, counts and entries/exits per week equal the history walked in JS", async () => {
    let ronda = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(arbSolicitud, { minLength: 1, maxLength: 8 }), async (generadas) => {
        ronda++;
        const [{ id }] = await filas<{ id: number }>(sql`
          insert into instituciones (nombre, estructura, direccion, telefono)
          values (${`Propiedad ${ronda} ${Math.random()}`}, 'Gobierno Central', 'Calle 2', '(809) 555-0100')
          returning id_institucion as id`);
        const anterior = idInst;
        idInst = id;
        type Paso = { id: number; estatus: number; ms: number };
        const pasos: Paso[] = [];
        try {
          for (const [i, g] of generadas.entries()) {
            let ms = AHORA.getTime() - g.inicio * 3600_000;
            const historia: [number, string][] = [];
            for (const [j, p] of g.pasos.entries()) {
              if (j > 0) ms += p.horas * 3600_000;
              if (ms > AHORA.getTime()) break;
              historia.push([p.estatus, new Date(ms).toISOString()]);
            }
            const idSolicitud = await solicitud(`P${ronda}-${i}`, historia);
            for (const [e, f] of historia) pasos.push({ id: idSolicitud, estatus: e, ms: Date.parse(f) });
          }
        } finally {
          idInst = anterior;
        }
        // Plain walk: stays per request, in history order (insertion order within a request).
        const abiertas = new Map<number, { etapa: number; ms: number }>();
        const semanaDe = (ms: number) => {
          const local = new Date(ms - 4 * 3600_000);
          local.setUTCDate(local.getUTCDate() - ((local.getUTCDay() + 6) % 7));
          return local.toISOString().slice(0, 10);
        };
        const movimientos = new Map<string, [number, number]>();
        const mover = (ms: number, etapa: number, k: 0 | 1) => {
          const c = `${semanaDe(ms)}|${etapa}`;
          const v = movimientos.get(c) ?? [0, 0];
          v[k]++;
          movimientos.set(c, v);
        };
        for (const p of pasos) {
          const etapa = etapaTablero(p.estatus);
          const abierta = abiertas.get(p.id);
          if ((abierta?.etapa ?? null) === etapa) continue;
          if (abierta) {
            mover(p.ms, abierta.etapa, 1);
            abiertas.delete(p.id);
          }
          if (etapa !== null) {
            mover(p.ms, etapa, 0);
            abiertas.set(p.id, { etapa, ms: p.ms });
          }
        }
        const res = await tablero("administrador", `idInstitucion=${id}`);
        expect(res.statusCode, res.body).toBe(200);
        const b = res.json() as Tablero;
        for (let etapa = 0; etapa < 4; etapa++) {
          const esperando = [...abiertas.entries()]
            .filter(([, a]) => a.etapa === etapa)
            .map(([idS, a]) => ({ idS, ms: a.ms }))
            .sort((x, y) => x.ms - y.ms || x.idS - y.idS);
          const e = b.etapas[etapa].espera;
          if (esperando.length === 0) {
            expect(e).toBeNull();
            continue;
          }
          const dias = (ms: number) => (AHORA.getTime() - ms) / 86_400_000;
          const medio = (esperando.length - 1) >> 1;
          const mediana =
            esperando.length % 2
              ? dias(esperando[medio].ms)
              : (dias(esperando[medio].ms) + dias(esperando[medio + 1].ms)) / 2;
          expect(e).not.toBeNull();
          expect(e!.solicitudes).toBe(esperando.length);
          expect(e!.idSolicitudMasAntigua).toBe(esperando[0].idS);
          expect(e!.maximoDias).toBeCloseTo(Math.round(dias(esperando[0].ms) * 10) / 10, 5);
          expect(Math.abs(e!.medianaDias - mediana)).toBeLessThanOrEqual(0.05 + 1e-9);
          // Requests now in the stage: the current statuses (history's last entry) counted apart.
        }
        const actuales = new Map<number, number>();
        for (const p of pasos) actuales.set(p.id, p.estatus);
        expect(b.etapas.map((e) => e.solicitudes)).toEqual(
          ETAPAS.map((_, i) => [...actuales.values()].filter((x) => etapaTablero(x) === i).length),
        );
        for (const s of b.semanas) {
          expect(
            s.etapas.map((x) => [x.entradas, x.salidas]),
            s.semana,
          ).toEqual(ETAPAS.map((_, i) => movimientos.get(`${s.semana}|${i}`) ?? [0, 0]));
        }
      }),
      { numRuns: 25 },
    );
  });
});
