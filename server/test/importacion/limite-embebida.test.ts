/**
 * On the embedded database an apply holds the one connection until it ends (issue 34.6): "Importar
 * registro" applies at most IMPORT_EMBEDDED_MAX_APPLY_ROWS created or changed rows at once, and a
 * larger file ends unapplied, saying so, with nothing written. PostgreSQL's pool serves other users
 * meanwhile: there the bound does not apply.
 */
import { type Importacion, MSG_IMPORTACION } from "@registro/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearTestApp, type TestApp } from "../support/app.js";
import { cedula } from "../support/importacion.js";
import { enviarMultipart } from "../support/peticiones.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp({ IMPORT_EMBEDDED_MAX_APPLY_ROWS: "2" });
});
afterAll(async () => {
  await t?.close();
});

const INST = "Ayuntamiento de Santiago";
const C = { inc: cedula("7020000011"), f1: cedula("7020000021"), f2: cedula("7020000031") };
const ARCHIVO = Buffer.from(
  [
    "Institución,Tipo,Cédula,Nombres,Apellidos,Cargo,Firmas,Estatus,Fecha de registro",
    `${INST},Incumbente,${C.inc},Rafael,Tavárez,Alcalde,,Activo,02/02/2021`,
    `${INST},Funcionario,${C.f1},Carmen,Ovalle,Tesorero,Cheques,Activo,02/02/2021`,
    `${INST},Funcionario,${C.f2},Julio,Reyes,Tesorero,Nóminas,Activo,03/03/2022`,
  ].join("\r\n"),
);

async function aplicar(): Promise<Importacion> {
  const res = await enviarMultipart(
    t,
    "configuracion",
    "POST",
    "/api/Importacion",
    { Aplicar: "true" },
    { Archivo: { nombre: "registro.csv", contenido: ARCHIVO } },
  );
  expect(res.statusCode, res.body).toBe(200);
  const id = (res.json() as { data: Importacion }).data.idImportacion;
  for (let i = 0; i < 200; i++) {
    const r = (await t.as("configuracion", { method: "GET", url: `/api/Importacion/${id}` })).json() as Importacion;
    if (r.estado === "terminada" || r.estado === "fallida") return r;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error("the run did not end");
}

const autorizado = async (c: string) =>
  (await t.as("verificador", { method: "GET", url: `/api/Verificacion/Firma?cedula=${c}` })).json().autorizado;

describe("an apply larger than the embedded database's bound", () => {
  it("ends unapplied on PGlite, saying how many rows and the bound; applies on PostgreSQL", async () => {
    const fin = await aplicar();
    expect(fin.conteos).toMatchObject({ crear: 3, rechazada: 0 });
    if (t.kind === "pglite") {
      expect(fin).toMatchObject({ aplicada: false, error: MSG_IMPORTACION.aplicacionGrande(3, 2) });
      for (const c of [C.f1, C.f2]) expect(await autorizado(c), c).toBe(false);
    } else {
      expect(fin).toMatchObject({ aplicada: true, error: null });
      for (const c of [C.f1, C.f2]) expect(await autorizado(c), c).toBe(true);
    }
  });
});
