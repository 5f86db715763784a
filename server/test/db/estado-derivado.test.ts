/**
 * `solicitudes.busqueda` (migration 0003) is its incumbent's search words whoever writes: after
 * renames, cédula changes, incumbent swaps and new requests, every request's column equals the
 * words computed afresh from its incumbent (`rf_documento_busqueda`, the column's definition).
 * The other derived state has its own tests (see "Where derived state lives" in docs/ARCHITECTURE.md).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearTestApp, type TestApp } from "../support/app.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(() => t?.close());

async function desfasadas(): Promise<number[]> {
  const r = (await t.db.execute(sql`
    select s.id_solicitud as id from solicitudes s join incumbentes i on i.id_incumbente = s.id_incumbente
    where s.busqueda is distinct from rf_documento_busqueda(i.nombres, i.apellidos, i.cedula)
    order by 1`)) as unknown as { rows: { id: number }[] };
  return r.rows.map((f) => f.id);
}

describe("solicitudes.busqueda, kept by triggers", () => {
  it("equals its incumbent's words after renames, cédula changes, incumbent swaps and inserts", async () => {
    expect(await desfasadas()).toEqual([]);
    const antes = (await t.db.execute(
      sql`select count(*)::int as n from solicitudes where busqueda @@ to_tsquery('simple', 'zuleyka:*')`,
    )) as unknown as { rows: { n: number }[] };
    expect(antes.rows[0].n).toBe(0);

    await t.db.execute(sql`update incumbentes set nombres = 'Zuleyka Ámbar', apellidos = 'Ñúñez'
      where id_incumbente in (select id_incumbente from incumbentes order by id_incumbente limit 3)`);
    await t.db.execute(sql`update incumbentes set cedula = '001-0000001-8'
      where id_incumbente = (select id_incumbente from incumbentes order by id_incumbente desc limit 1)`);
    await t.db.execute(sql`update solicitudes set id_incumbente = (select min(id_incumbente) from incumbentes)
      where id_solicitud in (select id_solicitud from solicitudes order by id_solicitud desc limit 5)`);
    await t.db.execute(sql`insert into solicitudes (id_institucion, id_incumbente, estatus)
      select id_institucion, id_incumbente, 202 from solicitudes order by id_solicitud limit 2`);

    expect(await desfasadas()).toEqual([]);
    const despues = (await t.db.execute(
      sql`select count(*)::int as n from solicitudes where busqueda @@ to_tsquery('simple', 'zuleyka:* & nunez:*')`,
    )) as unknown as { rows: { n: number }[] };
    expect(despues.rows[0].n).toBeGreaterThan(0);
  });
});
