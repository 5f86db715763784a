/**
 * The catalogues written at every start (one statement per catalogue, so starting stays fast): a second run
 * changes nothing, and a module or view changed in the database is put back as the code defines it,
 * while reasons, criteria and signatures already present are left as they are.
 */
import { MODULOS, VISTAS } from "@registro/contracts";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { criterios, firmas, modulos, motivos, tiposFirma, vistas } from "../../src/db/schema.js";
import { CRITERIOS, MOTIVOS, seedCatalogos, TIPOS_FIRMA } from "../../src/seed/catalogos.js";
import { crearTestApp, type TestApp } from "../support/app.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(() => t.close());

const leer = async () => ({
  modulos: await t.db.select().from(modulos).orderBy(asc(modulos.idModulo)),
  vistas: await t.db.select().from(vistas).orderBy(asc(vistas.idVista)),
  tipos: await t.db.select().from(tiposFirma).orderBy(asc(tiposFirma.idTipoFirma)),
  firmas: await t.db.select().from(firmas).orderBy(asc(firmas.idFirma)),
  motivos: await t.db.select().from(motivos).orderBy(asc(motivos.idMotivo)),
  criterios: await t.db.select().from(criterios).orderBy(asc(criterios.id)),
});

it("a second run changes nothing; every row is the code's", async () => {
  const antes = await leer();
  await seedCatalogos(t.db);
  expect(await leer()).toEqual(antes);
  expect(antes.modulos).toEqual(MODULOS.map((m, i) => ({ ...m, orden: i + 1 })));
  expect(antes.vistas).toEqual(
    [...VISTAS].map((v, i) => ({ ...v, orden: i + 1 })).sort((a, b) => a.idVista - b.idVista),
  );
  expect(antes.firmas.length).toBe(TIPOS_FIRMA.flatMap((x) => x.firmas).length);
  expect(antes.motivos.map((m) => m.idMotivo)).toEqual(MOTIVOS.map((m) => m.idMotivo));
  expect(antes.criterios.length).toBe(CRITERIOS.length);
});

it("modules and views are put back; reasons already present are kept as they are", async () => {
  const [v] = VISTAS;
  await t.db
    .update(vistas)
    .set({ url: "/Otra", principal: !v.principal, orden: 99 })
    .where(eq(vistas.idVista, v.idVista));
  await t.db
    .update(modulos)
    .set({ nombre: "Cambiado", iconClass: "pi pi-x" })
    .where(eq(modulos.idModulo, MODULOS[0].idModulo));
  await t.db.update(motivos).set({ descripcion: "Editada" }).where(eq(motivos.idMotivo, MOTIVOS[0].idMotivo));
  await seedCatalogos(t.db);
  const despues = await leer();
  expect(despues.vistas.find((x) => x.idVista === v.idVista)).toEqual({ ...v, orden: 1 });
  expect(despues.modulos[0]).toEqual({ ...MODULOS[0], orden: 1 });
  expect(despues.motivos[0].descripcion).toBe("Editada");
});
