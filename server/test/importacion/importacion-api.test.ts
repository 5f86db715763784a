/**
 * "Importar registro" over HTTP: access by the view, 400s in the product's shape, a test run and an
 * apply as background runs with their status, the report (paged, filtered to errors, downloadable
 * as CSV and Excel), the template, the audit entry of each run, and runs a stop interrupted.
 */
import { GRUPOS, type Importacion, MSG, MSG_IMPORTACION } from "@registro/contracts";
import { parse } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditoria, importaciones } from "../../src/db/schema.js";
import { cerrarInterrumpidas, SILENCIO_SEGUNDOS } from "../../src/importacion/importacion.service.js";
import { sha256De } from "../../src/importacion/motor.js";
import { relojDelSistema } from "../../src/shared/tiempo.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { cedula } from "../support/importacion.js";
import { enviarMultipart, USUARIOS_DEMO } from "../support/peticiones.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(async () => {
  await t?.close();
});

const URL = "/api/Importacion";
const INST = "Ayuntamiento de Santiago";
const C = { inc: cedula("7010000011"), f1: cedula("7010000021"), f2: cedula("7010000031") };

function archivo(malas = false): Buffer {
  const filas = [
    "Institución,Tipo,Cédula,Nombres,Apellidos,Cargo,Firmas,Estatus,Fecha de registro",
    `${INST},Incumbente,${C.inc},Rafael,Tavárez,Alcalde,,Activo,02/02/2021`,
    `${INST},Funcionario,${C.f1},Carmen,Ovalle,Tesorero,Cheques,Activo,02/02/2021`,
    `${INST},Funcionario,${malas ? "701-0000002-0" : C.f2},Julio,Reyes,Tesorero,Nóminas,Activo,03/03/2022`,
  ];
  return Buffer.from(filas.join("\r\n"));
}

const subir = (usuario: Parameters<typeof enviarMultipart>[1], campos: Record<string, string>, contenido?: Buffer) =>
  enviarMultipart(t, usuario, "POST", URL, campos, contenido ? { Archivo: { nombre: "registro.csv", contenido } } : {});

/** Polls a run until it ends (the work goes on in the background). */
async function esperar(id: number): Promise<Importacion> {
  for (let i = 0; i < 200; i++) {
    const res = await t.as("configuracion", { method: "GET", url: `${URL}/${id}` });
    expect(res.statusCode).toBe(200);
    const r = res.json() as Importacion;
    if (r.estado === "terminada" || r.estado === "fallida") return r;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error("the run did not end");
}

describe("access", () => {
  it("401 without a session, 403 without the view, for every call", async () => {
    const llamadas = [
      { method: "GET" as const, url: URL },
      { method: "GET" as const, url: `${URL}/1` },
      { method: "GET" as const, url: `${URL}/1/Informe` },
      { method: "GET" as const, url: `${URL}/1/Informe/Descargar?formato=csv` },
      { method: "GET" as const, url: `${URL}/Plantilla?formato=xlsx` },
    ];
    for (const ll of llamadas) {
      expect((await t.as(null, ll)).statusCode).toBe(401);
    }
    expect((await subir(null, {}, archivo())).statusCode).toBe(401);
    // Only the configuration administrator's profile has the view.
    for (const u of USUARIOS_DEMO.filter((x) => x !== "configuracion")) {
      expect((await subir(u, {}, archivo())).statusCode, u).toBe(403);
      for (const ll of llamadas) expect((await t.as(u, ll)).statusCode, `${u} ${ll.url}`).toBe(403);
    }
    expect(GRUPOS.importacion).toEqual(["Importar registro"]);
  });
});

describe("bad input: 400 in the product's shape, on the field", () => {
  it("no file, a file that is neither CSV nor Excel, a bad option, bad ids and queries", async () => {
    const sinArchivo = await subir("configuracion", {});
    expect(sinArchivo.statusCode).toBe(400);
    expect(sinArchivo.json()).toEqual({
      success: false,
      message: MSG.datosInvalidos,
      errors: { Archivo: [MSG.requerido] },
    });
    const pdf = await subir("configuracion", {}, Buffer.from("%PDF-1.7\n1 0 obj"));
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().errors).toEqual({ Archivo: [MSG_IMPORTACION.formatoNoAdmitido] });
    const zip = await enviarMultipart(
      t,
      "configuracion",
      "POST",
      URL,
      {},
      {
        Archivo: { nombre: "registro.csv", contenido: archivo() },
        Documentos: { nombre: "documentos.zip", contenido: Buffer.from([0x50, 0x4b, 0x03, 0x04]) },
      },
    );
    expect(zip.statusCode).toBe(400);
    expect(zip.json().errors).toEqual({ Documentos: [MSG_IMPORTACION.zipIlegible] });
    const opcion = await subir("configuracion", { Aplicar: "quizás" }, archivo());
    expect(opcion.statusCode).toBe(400);
    expect(Object.keys(opcion.json().errors)).toEqual(["Aplicar"]);
    for (const url of [
      `${URL}/abc`,
      `${URL}/0`,
      `${URL}/99999999999`,
      `${URL}/1/Informe?rows=100000`,
      `${URL}/Plantilla?formato=pdf`,
    ]) {
      const res = await t.as("configuracion", { method: "GET", url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const nada = await t.as("configuracion", { method: "GET", url: `${URL}/424242` });
    expect(nada.statusCode).toBe(404);
  });
});

describe("runs", () => {
  it("a test run in the background: status, counts, the report filtered to errors; nothing written", async () => {
    const res = await subir("configuracion", {}, archivo(true));
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: Importacion };
    expect(data).toMatchObject({ archivo: "registro.csv", aplicar: false, sha256: sha256De(archivo(true)) });
    const fin = await esperar(data.idImportacion);
    expect(fin).toMatchObject({ estado: "terminada", aplicada: false, error: null, usuario: "configuracion" });
    expect(fin.conteos).toMatchObject({ filas: 3, crear: 2, rechazada: 1 });
    const errores = await t.as("configuracion", {
      method: "GET",
      url: `${URL}/${data.idImportacion}/Informe?soloErrores=true`,
    });
    expect(errores.json()).toEqual({
      totalRecords: 1,
      rows: [
        expect.objectContaining({ fila: 4, resultado: "rechazada", columna: "Cédula", mensaje: MSG.cedulaInvalida }),
      ],
    });
    const pagina = await t.as("configuracion", {
      method: "GET",
      url: `${URL}/${data.idImportacion}/Informe?page=2&rows=2`,
    });
    expect(pagina.json()).toMatchObject({ totalRecords: 3, rows: [expect.objectContaining({ fila: 4 })] });
    // The report as CSV and Excel.
    const csv = await t.as("configuracion", {
      method: "GET",
      url: `${URL}/${data.idImportacion}/Informe/Descargar?formato=csv`,
    });
    expect(csv.headers["content-disposition"]).toContain(`informe-importacion-${data.idImportacion}.csv`);
    const filas: string[][] = parse(csv.rawPayload.toString("utf8").slice(1));
    expect(filas[0]).toEqual(["Fila", "Resultado", "Institución", "Cédula", "Tipo", "Columna", "Mensaje"]);
    expect(filas.slice(1).map((f) => f[1])).toEqual(["Se crea", "Se crea", "Rechazada"]);
    const xlsx = await t.as("configuracion", {
      method: "GET",
      url: `${URL}/${data.idImportacion}/Informe/Descargar?formato=xlsx`,
    });
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(libro.worksheets[0].getRow(4).getCell(7).value).toBe(MSG.cedulaInvalida);
    // Nothing was written, and an apply with a refused row applies nothing either.
    const aplicar = await subir("configuracion", { Aplicar: "true" }, archivo(true));
    const fallida = await esperar(aplicar.json().data.idImportacion);
    expect(fallida.aplicada).toBe(false);
    expect(fallida.error).toMatch(/no se aplicó ningún cambio/);
    const v = await t.as("verificador", { method: "GET", url: `/api/Verificacion/Firma?cedula=${C.f1}` });
    expect(v.json().autorizado).toBe(false);
  });

  it("an apply: the officials verify as authorised, the run is listed and audited", async () => {
    const res = await subir("configuracion", { Aplicar: "true" }, archivo());
    const fin = await esperar(res.json().data.idImportacion);
    expect(fin).toMatchObject({ estado: "terminada", aplicada: true, error: null });
    expect(fin.conteos).toMatchObject({ crear: 3, rechazada: 0 });
    for (const c of [C.f1, C.f2]) {
      const v = await t.as("verificador", { method: "GET", url: `/api/Verificacion/Firma?cedula=${c}` });
      expect(v.json().autorizado, c).toBe(true);
    }
    const lista = (await t.as("configuracion", { method: "GET", url: URL })).json() as Importacion[];
    expect(lista[0].idImportacion).toBe(fin.idImportacion);
    expect(lista.length).toBeGreaterThanOrEqual(3);
    // Audited with the file's name, its SHA-256 and the counts.
    const entradas = await t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidad, "Importacion"), eq(auditoria.accion, "importar")));
    expect(entradas.at(-1)?.despues).toMatchObject({
      archivo: "registro.csv",
      sha256: sha256De(archivo()),
      aplicada: true,
      crear: 3,
    });
    expect(entradas.at(-1)?.idUsuario).not.toBeNull();
    // The file is not kept once the run ended.
    const [fila] = await t.db.select().from(importaciones).where(eq(importaciones.idImportacion, fin.idImportacion));
    expect(fila.contenido).toBeNull();
  });

  it("the template: every column and one example row, in CSV and Excel", async () => {
    const csv = await t.as("configuracion", { method: "GET", url: `${URL}/Plantilla?formato=csv` });
    expect(csv.statusCode).toBe(200);
    const filas: string[][] = parse(csv.rawPayload.toString("utf8").slice(1));
    expect(filas).toHaveLength(2);
    expect(filas[0]).toContain("Fecha de registro");
    const xlsx = await t.as("configuracion", { method: "GET", url: `${URL}/Plantilla?formato=xlsx` });
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(libro.worksheets[0].rowCount).toBe(2);
    // Its example row passes every check but the institution's missing incumbent row.
    const res = await enviarMultipart(
      t,
      "configuracion",
      "POST",
      URL,
      {},
      { Archivo: { nombre: "p.xlsx", contenido: xlsx.rawPayload } },
    );
    const fin = await esperar(res.json().data.idImportacion);
    const informe = await t.as("configuracion", { method: "GET", url: `${URL}/${fin.idImportacion}/Informe` });
    expect(informe.json().rows.map((f: { mensaje: string }) => f.mensaje)).toEqual([MSG_IMPORTACION.sinIncumbente]);
  });

  it("one run at a time; a run a stopped process left in progress is closed as interrupted", async () => {
    const [fila] = await t.db
      .insert(importaciones)
      .values({ archivo: "x.csv", sha256: "0", estado: "aplicando", contenido: Buffer.from("x") })
      .returning();
    const otra = await subir("configuracion", {}, archivo());
    expect(otra.statusCode).toBe(200);
    expect(otra.json()).toEqual({ success: false, message: MSG_IMPORTACION.ejecucionEnCurso });
    expect(await cerrarInterrumpidas(t.db, relojDelSistema, true)).toBe(1);
    const r = (await t.as("configuracion", { method: "GET", url: `${URL}/${fila.idImportacion}` })).json();
    expect(r).toMatchObject({ estado: "fallida", error: MSG_IMPORTACION.interrumpida });
  });

  it("with several processes, only a run whose process fell silent is closed; a live one is left running", async () => {
    const [viva, muda] = await t.db
      .insert(importaciones)
      .values([
        { archivo: "viva.csv", sha256: "0", estado: "validando", contenido: Buffer.from("x") },
        {
          archivo: "muda.csv",
          sha256: "0",
          estado: "aplicando",
          contenido: Buffer.from("x"),
          latido: sql`now() - make_interval(secs => ${SILENCIO_SEGUNDOS + 5})`,
        },
      ])
      .returning();
    expect(await cerrarInterrumpidas(t.db, relojDelSistema, false)).toBe(1);
    const leer = async (id: number) => (await t.as("configuracion", { method: "GET", url: `${URL}/${id}` })).json();
    expect(await leer(muda.idImportacion)).toMatchObject({ estado: "fallida", error: MSG_IMPORTACION.interrumpida });
    expect(await leer(viva.idImportacion)).toMatchObject({ estado: "validando", error: null });
    await t.db
      .update(importaciones)
      .set({ estado: "fallida" })
      .where(eq(importaciones.idImportacion, viva.idImportacion));
  });
});
