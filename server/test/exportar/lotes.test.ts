/**
 * An export reads its list in keyset batches (`lotesBandeja`, and as rows of texts `porLotesTexto`,
 * db/lotes.ts), one statement each, so that no connection waits on its client. Property: for generated rows full of ties (same dates,
 * names, cédulas, counts, statuses, institutions), any filter, search and sort both ways, and any
 * batch size, the batches joined are exactly the rows of the list's own single query
 * (`consultaTodas`), in the same order.
 */
import { CODIGOS_ESTATUS, ESTATUS_BANDEJA } from "@registro/contracts";
import { type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../src/db/client.js";
import { porLotesTexto, type Tramo } from "../../src/db/lotes.js";
import { consultaTodas, type FilaBandeja } from "../../src/solicitudes/bandeja/bandeja.repository.js";
import type { CampoOrden, FiltroBandeja, OrdenBandeja } from "../../src/solicitudes/bandeja/filtro.js";
import { consultaLoteBandeja, lotesBandeja, tramosBandeja } from "../../src/solicitudes/bandeja/lotes.js";
import { crearTestApp, type TestApp } from "../support/app.js";

vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

const N = 300;
const CODIGOS = [...CODIGOS_ESTATUS] as number[];
const CAMPOS: CampoOrden[] = [
  "fechaSolicitud",
  "estatus",
  "institucion",
  "cedula",
  "nombres",
  "cantFuncionarios",
  "idSolicitud",
  "diasEspera",
];
/** Words of the seeded incumbents' names (and one that names nobody). */
const PALABRAS = ["ana", "perez", "alv", "zoe", "ninguno"];

let t: TestApp;
let instituciones: number[];

async function filas<T>(db: Db, consulta: SQL): Promise<T[]> {
  return ((await db.execute(consulta)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  t = await crearTestApp();
  instituciones = (
    await filas<{ id: number }>(
      t.db,
      sql`select id_institucion as id from instituciones order by id_institucion limit 4`,
    )
  ).map((r) => Number(r.id));
  // Few distinct names and cédulas (accents and case too), so sorts by them tie often.
  await t.db.execute(sql`
    insert into incumbentes (id_institucion, cedula, nombres, apellidos, cod_cargo, telefono)
    select ${instituciones[0]}::int, (array['001-0000001-7', '001-0000002-5', '001-0000001-7'])[1 + g % 3],
      (array['Ana', 'ana', 'Álvaro', 'Zoe'])[1 + g % 4], (array['Pérez', 'Perez', 'Díaz'])[1 + (g / 4) % 3],
      (select id_cargo from cargos order by id_cargo limit 1), '(809) 555-0199'
    from generate_series(0, 11) g`);
  await t.db.execute(sql`
    insert into solicitudes (id_institucion, id_incumbente, estatus, fecha_solicitud, decidido_juridico, asignado_a)
    select (${sql.raw(`array[${instituciones.join(",")}]`)})[1 + (hashint4(g) & 1023) % ${instituciones.length}::int],
      inc.ids[1 + (hashint4(g * 7) & 1023) % array_length(inc.ids, 1)],
      (${sql.raw(`array[${CODIGOS.join(",")}]`)})[1 + (hashint4(g * 13) & 1023) % ${CODIGOS.length}::int],
      timestamptz '2025-03-01 08:00:00.123456+00' + ((hashint4(g * 17) & 1023) % 6) * interval '1 hour',
      (hashint4(g * 19) & 1) = 1,
      case when (hashint4(g * 23) & 3) = 0 then (select min(id_usuario) from usuarios) end
    from generate_series(1, ${N}::int) g,
      (select array_agg(id_incumbente order by id_incumbente) as ids from incumbentes
       where telefono = '(809) 555-0199' and cedula in ('001-0000001-7', '001-0000002-5')) inc`);
  await t.db.execute(sql`update solicitudes set cant_funcionarios = id_solicitud % 3`);
});
afterAll(() => t?.close());

/** A row as both readings give it, with the date as its exact instant. */
type FilaLeida = Omit<FilaBandeja, "fechaSolicitud" | "entradaEtapa"> & {
  fechaSolicitud: Date | string;
  entradaEtapa: Date | string | null;
};
const comparable = (f: FilaBandeja | FilaLeida) => ({
  ...f,
  idSolicitud: Number(f.idSolicitud),
  fechaSolicitud: new Date(f.fechaSolicitud).toISOString(),
  entradaEtapa: f.entradaEtapa === null ? null : new Date(f.entradaEtapa).toISOString(),
});

const arbFiltro = () =>
  fc.record({
    estatus: fc.constantFrom(
      undefined,
      ESTATUS_BANDEJA.analista,
      ESTATUS_BANDEJA.juridico,
      ESTATUS_BANDEJA.administrador,
      ESTATUS_BANDEJA.consultor,
    ),
    decididoJuridico: fc.boolean(),
    idInstitucionAlcance: fc.constantFrom(null, null, -1, ...instituciones),
    institucion: fc.constantFrom(undefined, undefined, ...instituciones),
    estatusFiltro: fc.constantFrom(undefined, undefined, ...CODIGOS),
    palabra: fc.constantFrom(undefined, undefined, ...PALABRAS),
  });

describe("keyset batches of an export", () => {
  it("equal the list's single query, in order, for any filter, sort, direction and batch size", async () => {
    await fc.assert(
      fc.asyncProperty(
        arbFiltro(),
        fc.constantFrom(...CAMPOS),
        fc.constantFrom(1 as const, -1 as const),
        fc.integer({ min: 1, max: 40 }),
        async (f, campo, sentido, lote) => {
          const filtro: FiltroBandeja = {
            estatus: f.estatus,
            decididoJuridico: f.decididoJuridico,
            idInstitucionAlcance: f.idInstitucionAlcance,
            institucion: f.institucion,
            estatusFiltro: f.estatusFiltro,
            busqueda: f.palabra ? [{ palabras: [f.palabra], instituciones: [], estatus: [] }] : [],
          };
          const orden: OrdenBandeja = { campo, sentido };
          const unaConsulta = await filas<FilaBandeja>(t.db, consultaTodas(filtro, orden));
          const porLotes: FilaBandeja[] = [];
          for await (const l of lotesBandeja(t.db, filtro, orden, lote)) {
            expect(l.length).toBeLessThanOrEqual(lote);
            porLotes.push(...l);
          }
          expect(porLotes.map(comparable)).toEqual(unaConsulta.map(comparable));
          // What the export itself reads: the same batches as rows of texts (porLotesTexto).
          const ids: number[] = [];
          const tramos = await tramosBandeja(t.db, filtro, orden);
          const consulta = (tr: Tramo, d: readonly string[] | null, n: number) => consultaLoteBandeja(filtro, tr, d, n);
          for await (const l of porLotesTexto(t.db, tramos, consulta, lote)) {
            expect(l.filas.length).toBeLessThanOrEqual(lote);
            const i = l.campos.indexOf("idSolicitud");
            ids.push(...l.filas.map((r) => Number(r[i])));
          }
          expect(ids).toEqual(unaConsulta.map((r) => Number(r.idSolicitud)));
        },
      ),
      { numRuns: 120 },
    );
  });

  it("the seed has the ties the property needs", async () => {
    const [r] = await filas<{ n: number; fechas: number; nombres: number }>(
      t.db,
      sql`select count(*)::int as n, count(distinct fecha_solicitud)::int as fechas,
        count(distinct (i.nombres, i.apellidos))::int as nombres
      from solicitudes s join incumbentes i using (id_incumbente) where i.telefono = '(809) 555-0199'`,
    );
    expect(r.n).toBeGreaterThanOrEqual(N);
    expect(r.fechas).toBeLessThanOrEqual(6);
    expect(r.nombres).toBeLessThanOrEqual(12);
  });
});
