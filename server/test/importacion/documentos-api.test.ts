/**
 * The documents' ZIP of "Importar registro" (PGlite, or PostgreSQL with TEST_PG_URL): every refusal
 * of the whole ZIP as a 400 on Documentos before a run starts; the test run reporting what would be
 * attached and each document of nobody; the apply attaching the signature cards inside its
 * transaction (a failure leaves none); re-runs leaving equal cards as they are and replacing changed
 * ones with a history entry; the command line's --documentos.
 */
import { COLUMNA_DOCUMENTOS, type FilaInforme, type Importacion, MSG_IMPORTACION } from "@registro/contracts";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adjuntos, auditoria, funcionarios, historial, importaciones } from "../../src/db/schema.js";
import { ejecutarImportacion, sha256De } from "../../src/importacion/motor.js";
import { fechaLocal, relojDelSistema } from "../../src/shared/tiempo.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { cedula, pdf, zip } from "../support/importacion.js";
import { enviarMultipart } from "../support/peticiones.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(async () => {
  await t?.close();
});

const URL = "/api/Importacion";
const INST = "Ayuntamiento de Santiago";
const C = { inc: cedula("7020000011"), f1: cedula("7020000021"), f2: cedula("7020000031"), otro: cedula("7020000041") };
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const archivo = Buffer.from(
  [
    "Institución,Tipo,Cédula,Nombres,Apellidos,Cargo,Firmas,Estatus,Fecha de registro",
    `${INST},Incumbente,${C.inc},Rafael,Tavárez,Alcalde,,Activo,02/02/2021`,
    `${INST},Funcionario,${C.f1},Carmen,Ovalle,Tesorero,Cheques,Activo,02/02/2021`,
    `${INST},Funcionario,${C.f2},Julio,Reyes,Tesorero,Nóminas,Activo,03/03/2022`,
  ].join("\r\n"),
);

const sinGuiones = (c: string) => c.replace(/-/g, "");

function subir(documentos: Buffer, aplicar = false) {
  return enviarMultipart(t, "configuracion", "POST", URL, aplicar ? { Aplicar: "true" } : {}, {
    Archivo: { nombre: "registro.csv", contenido: archivo },
    Documentos: { nombre: "tarjetas.zip", contenido: documentos },
  });
}

async function esperar(id: number): Promise<Importacion> {
  for (let i = 0; i < 200; i++) {
    const r = (await t.as("configuracion", { method: "GET", url: `${URL}/${id}` })).json() as Importacion;
    if (r.estado === "terminada" || r.estado === "fallida") return r;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error("the run did not end");
}

async function correr(documentos: Buffer, aplicar = false) {
  const res = await subir(documentos, aplicar);
  expect(res.statusCode, res.body).toBe(200);
  const fin = await esperar(res.json().data.idImportacion);
  const informe = await t.as("configuracion", { method: "GET", url: `${URL}/${fin.idImportacion}/Informe?rows=500` });
  const lineas = (informe.json().rows as FilaInforme[]).filter((f) => f.columna === COLUMNA_DOCUMENTOS);
  return { fin, lineas };
}

async function tarjetas() {
  return t.db
    .select({
      idAdjunto: adjuntos.idAdjunto,
      cedula: funcionarios.cedula,
      tipo: adjuntos.tipoAdjunto,
      mime: adjuntos.mime,
      nombre: adjuntos.nombre,
      sha256: adjuntos.sha256,
      idSolicitud: adjuntos.idSolicitud,
      solicitudFuncionario: funcionarios.idSolicitud,
    })
    .from(adjuntos)
    .innerJoin(funcionarios, eq(funcionarios.idFuncionario, adjuntos.idFuncionario))
    .where(inArray(funcionarios.cedula, [C.f1, C.f2, C.otro]))
    .orderBy(funcionarios.cedula);
}

const cuantas = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(importaciones))[0].n;

describe("a ZIP refused whole: 400 on Documentos, no run started", () => {
  it("not a ZIP, a bomb, path-traversing or absolute names, two documents of one cédula", async () => {
    const antes = await cuantas();
    const casos: [Buffer, string][] = [
      [pdf("no soy un zip"), MSG_IMPORTACION.zipNoEsZip],
      [zip([{ nombre: `${C.f1}.pdf`, contenido: Buffer.alloc(20 * 1024 * 1024) }]), MSG_IMPORTACION.zipBomba],
      [zip([{ nombre: `../${C.f1}.pdf`, contenido: pdf("a") }]), MSG_IMPORTACION.zipRuta(`../${C.f1}.pdf`)],
      [zip([{ nombre: `/tmp/${C.f1}.pdf`, contenido: pdf("a") }]), MSG_IMPORTACION.zipRuta(`/tmp/${C.f1}.pdf`)],
      [
        zip([
          { nombre: `${C.f1}.pdf`, contenido: pdf("a") },
          { nombre: `otra/${sinGuiones(C.f1)}.png`, contenido: PNG },
        ]),
        MSG_IMPORTACION.documentoRepetido(C.f1, `${C.f1}.pdf`, `otra/${sinGuiones(C.f1)}.png`),
      ],
    ];
    for (const [documentos, mensaje] of casos) {
      for (const aplicar of [false, true]) {
        const res = await subir(documentos, aplicar);
        expect(res.statusCode, mensaje).toBe(400);
        expect(res.json()).toMatchObject({ success: false, errors: { Documentos: [mensaje] } });
      }
    }
    expect(await cuantas()).toBe(antes);
  });
});

describe("runs with documents", () => {
  it("a test run reports what would be attached, and a document of nobody or of a refused type", async () => {
    const { fin, lineas } = await correr(
      zip([
        { nombre: `tarjetas/${C.f1}.pdf`, contenido: pdf("f1") },
        { nombre: `tarjetas/${sinGuiones(C.f2)}.png`, contenido: PNG },
        { nombre: `tarjetas/${C.otro}.pdf`, contenido: pdf("otro") },
        { nombre: `tarjetas/${C.inc}.pdf`, contenido: Buffer.from("texto, no un PDF") },
      ]),
    );
    expect(fin).toMatchObject({ estado: "terminada", aplicada: false, error: null });
    expect(fin.conteos).toMatchObject({ filas: 3, crear: 3, rechazada: 2, documentos: 2 });
    expect(lineas).toEqual([
      expect.objectContaining({
        fila: 0,
        resultado: "rechazada",
        cedula: C.otro,
        mensaje: MSG_IMPORTACION.documentoSinFuncionario(`tarjetas/${C.otro}.pdf`),
      }),
      expect.objectContaining({
        fila: 0,
        resultado: "rechazada",
        cedula: C.inc,
        mensaje: MSG_IMPORTACION.documentoTipo(`${C.inc}.pdf`),
      }),
      expect.objectContaining({
        fila: 3,
        resultado: "crear",
        cedula: C.f1,
        institucion: INST,
        mensaje: MSG_IMPORTACION.documentoTarjeta(`tarjetas/${C.f1}.pdf`),
      }),
      expect.objectContaining({ fila: 4, resultado: "crear", cedula: C.f2 }),
    ]);
    // A test run writes nothing; an apply with a refused document applies nothing.
    const aplicar = await correr(zip([{ nombre: `${C.otro}.pdf`, contenido: pdf("otro") }]), true);
    expect(aplicar.fin).toMatchObject({ aplicada: false });
    expect(aplicar.fin.error).toMatch(/no se aplicó ningún cambio/);
    expect(await tarjetas()).toEqual([]);
    const [f] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(funcionarios)
      .where(eq(funcionarios.cedula, C.f1));
    expect(f.n).toBe(0);
  });

  it("a failure inside the apply leaves neither officials nor cards", async () => {
    const documentos = { nombre: "tarjetas.zip", contenido: zip([{ nombre: `${C.f1}.pdf`, contenido: pdf("f1") }]) };
    const ahora = relojDelSistema();
    const contarAdjuntos = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(adjuntos))[0].n;
    const antes = await contarAdjuntos();
    await expect(
      ejecutarImportacion(t.db, {
        archivo: "registro.csv",
        contenido: archivo,
        documentos,
        aplicar: true,
        crearCatalogos: false,
        idUsuario: null,
        hoy: fechaLocal(ahora),
        ahora,
        // The last progress call comes after the cards were written, inside the transaction.
        progreso: (fase, hechas, total) => {
          if (fase === "aplicando" && hechas === total) throw new Error("stopped after the cards");
        },
      }),
    ).rejects.toThrow("stopped after the cards");
    expect(await tarjetas()).toEqual([]);
    expect(await contarAdjuntos()).toBe(antes);
  });

  it("an apply attaches each card to its official; the same ZIP again changes nothing; a changed card is replaced", async () => {
    const primero = zip([
      { nombre: `${C.f1}.pdf`, contenido: pdf("f1") },
      { nombre: `${sinGuiones(C.f2)}.png`, contenido: PNG },
    ]);
    const { fin } = await correr(primero, true);
    expect(fin).toMatchObject({ aplicada: true, error: null });
    expect(fin.conteos).toMatchObject({ crear: 3, documentos: 2, rechazada: 0 });
    const adjuntas = await tarjetas();
    expect(adjuntas).toEqual([
      expect.objectContaining({
        cedula: C.f1,
        tipo: "Tarjeta",
        mime: "application/pdf",
        nombre: `${C.f1}.pdf`,
        sha256: sha256De(pdf("f1")),
      }),
      expect.objectContaining({ cedula: C.f2, tipo: "Tarjeta", mime: "image/png", nombre: `${sinGuiones(C.f2)}.png` }),
    ]);
    for (const a of adjuntas) expect(a.idSolicitud).toBe(a.solicitudFuncionario);
    // The card downloads as any other document of the official.
    const descarga = await t.as("consultor", {
      method: "GET",
      url: `/api/SolicitudFirma/DownloadAdjunto/${adjuntas[0].idAdjunto}`,
    });
    expect(descarga.statusCode).toBe(200);
    expect(descarga.rawPayload.equals(pdf("f1"))).toBe(true);

    // The same file and ZIP again: every row and document as it is.
    const otra = await correr(primero, true);
    expect(otra.fin).toMatchObject({ aplicada: true });
    expect(otra.fin.conteos).toMatchObject({ crear: 0, actualizar: 0, sinCambios: 3, documentos: 0 });
    expect(otra.lineas.map((l) => l.resultado)).toEqual(["sinCambios", "sinCambios"]);
    expect(await tarjetas()).toEqual(adjuntas);

    // A new card for one official replaces the old one, with a history entry on its request.
    const cambio = await correr(zip([{ nombre: `${C.f1}.pdf`, contenido: pdf("f1, otra versión") }]), true);
    expect(cambio.fin.conteos).toMatchObject({ sinCambios: 3, documentos: 1 });
    expect(cambio.lineas).toEqual([expect.objectContaining({ cedula: C.f1, resultado: "actualizar" })]);
    const despues = await tarjetas();
    expect(despues).toHaveLength(2);
    expect(despues[0]).toMatchObject({ cedula: C.f1, sha256: sha256De(pdf("f1, otra versión")) });
    expect(despues[1]).toEqual(adjuntas[1]);
    const notas = await t.db
      .select()
      .from(historial)
      .where(
        and(
          eq(historial.idSolicitud, adjuntas[0].idSolicitud),
          eq(historial.motivoCambioEstatus, MSG_IMPORTACION.historialTarjeta(C.f1)),
        ),
      );
    expect(notas).toHaveLength(1);
    // The run's audit entry names the ZIP and its hash; the run keeps the ZIP's name, not its bytes.
    const cambiado = zip([{ nombre: `${C.f1}.pdf`, contenido: pdf("f1, otra versión") }]);
    const [entrada] = await t.db
      .select({ despues: auditoria.despues })
      .from(auditoria)
      .where(and(eq(auditoria.entidad, "Importacion"), eq(auditoria.accion, "importar")))
      .orderBy(desc(auditoria.idAuditoria))
      .limit(1);
    expect(entrada.despues).toMatchObject({ zip: "tarjetas.zip", zipSha256: sha256De(cambiado), documentos: 1 });
    const [run] = await t.db
      .select({ documentosNombre: importaciones.documentosNombre, documentos: importaciones.documentos })
      .from(importaciones)
      .where(eq(importaciones.idImportacion, cambio.fin.idImportacion));
    expect(run).toEqual({ documentosNombre: "tarjetas.zip", documentos: null });
  });
});
