/**
 * Deep inbox pages. From row 1,000 on, the count is taken first and a page past the middle is read
 * from the other end of the order, then turned around. For every sortable field, both ways, those
 * pages must hold exactly the rows the bare (unpaged) list holds there. Ties are common here: dates
 * repeat, and so do officials' counts and names.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { crearTestApp, type TestApp } from "../support/app.js";

// Some two thousand requests, each inbox list read whole several times.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

const URL = "/api/SolicitudFirma/GetBandejaAdministradorRCC";
const N = 2_100;

let t: TestApp;

beforeAll(async () => {
  t = await crearTestApp();
  const antes = await t.db.execute(sql`select coalesce(max(id_solicitud), 0)::int as n from solicitudes`);
  const ultimaDemo = (antes as unknown as { rows: { n: number }[] }).rows[0].n;
  await t.db.execute(sql`
    insert into incumbentes (id_institucion, cedula, nombres, apellidos, cod_cargo, telefono)
    select inst.ids[1 + g % array_length(inst.ids, 1)],
           '001-' || lpad((g % 700)::text, 7, '0') || '-1',
           (array['Ana','Luis','Rosa','Pedro'])[1 + g % 4], (array['Pérez','Núñez','Díaz'])[1 + g % 3],
           c.id, '(809) 555-0101'
    from generate_series(1, ${N}::int) g,
         (select array_agg(id_institucion order by id_institucion) as ids from instituciones) inst,
         (select min(id_cargo) as id from cargos where tipo = 1) c`);
  await t.db.execute(sql`
    insert into solicitudes (id_institucion, id_incumbente, estatus, fecha_solicitud)
    select i.id_institucion, i.id_incumbente,
           (array[101,108,102,204,104,105,103,106,203,201])[1 + i.id_incumbente % 10],
           timestamptz '2025-01-01 08:00:00+00' + (i.id_incumbente % 150) * interval '1 hour'
    from incumbentes i
    where not exists (select 1 from solicitudes s where s.id_incumbente = i.id_incumbente)`);
  await t.db.execute(sql`
    insert into funcionarios (id_solicitud, cedula, nombres, apellidos, cod_cargo, telefono)
    select s.id_solicitud, '001-0000002-5', 'Funcionario', 'De Prueba', c.id, '(809) 555-0202'
    from solicitudes s
    cross join lateral generate_series(1, s.id_solicitud % 4) k,
    (select min(id_cargo) as id from cargos where tipo = 2) c
    where s.id_solicitud > ${ultimaDemo}::int`);
});
afterAll(() => t.close());

async function leer(query: Record<string, string | number>) {
  const res = await t.as("administrador", {
    method: "GET",
    url: URL,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const CAMPOS = ["fechaSolicitud", "idSolicitud", "cedula", "nombres", "cantFuncionarios", "estatus", "institucion"];

describe("deep pages hold the rows the whole list holds there", () => {
  it.each(CAMPOS)("sorted by %s, both ways", async (sortField) => {
    for (const sortOrder of [1, -1]) {
      const completa = ((await leer({ sortField, sortOrder })) as { idSolicitud: number }[]).map((i) => i.idSolicitud);
      expect(completa.length).toBeGreaterThan(N);
      const ultima = Math.floor((completa.length - 1) / 100);
      // Before the middle (read forwards), past it (read backwards), the last, partial page, and
      // a page past the end.
      for (const [page, rows] of [
        [10, 100],
        [101, 10],
        [15, 100],
        [ultima, 100],
        [Math.floor((completa.length - 1) / 7), 7],
        [ultima + 1, 100],
      ]) {
        const p = await leer({ sortField, sortOrder, page, rows });
        expect(p.totalRecords).toBe(completa.length);
        expect(
          p.rows.map((i: { idSolicitud: number }) => i.idSolicitud),
          `${sortField} ${sortOrder} page ${page} × ${rows}`,
        ).toEqual(completa.slice(page * rows, page * rows + rows));
      }
    }
  });

  it("the officials' count of every row is the officials it holds, after bulk moves and deletes", async () => {
    // The database keeps the count whoever writes: move some officials, delete others, in bulk.
    await t.db.execute(sql`update funcionarios set id_solicitud = id_solicitud + 1 where id_funcionario % 7 = 0
      and id_solicitud < (select max(id_solicitud) from solicitudes)`);
    await t.db.execute(sql`delete from funcionarios where id_funcionario % 5 = 0`);
    const filas = (await leer({ sortField: "cantFuncionarios", sortOrder: -1 })) as {
      idSolicitud: number;
      cantFuncionarios: number;
    }[];
    const reales = await t.db.execute(
      sql`select s.id_solicitud as id, count(f.id_funcionario)::int as n from solicitudes s
          left join funcionarios f on f.id_solicitud = s.id_solicitud group by s.id_solicitud`,
    );
    const n = new Map((reales as unknown as { rows: { id: number; n: number }[] }).rows.map((r) => [r.id, r.n]));
    expect(filas.every((f) => f.cantFuncionarios === n.get(f.idSolicitud))).toBe(true);
  });
});
