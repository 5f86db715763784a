/**
 * The originator's officials: POST api/SolicitudFirma/SolicitudFuncionario, PUT
 * api/SolicitudFirma/EditSolicitudFuncionario and DELETE api/Funcionarios/DeleteFuncionario/{id}.
 * Failures first (401, 403, 404, 400 per rule, refused statuses), each changing nothing; then success.
 */
import crypto from "node:crypto";
import { MSG } from "@registro/contracts";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adjuntos, funcionarioFirmas, funcionarios } from "../../src/db/schema.js";
import { crearTestApp, type TestApp, type UsuarioDemo } from "../support/app.js";
import { CEDULAS, cargoDeTipo, crearSolicitud, leerSolicitud } from "../support/factories.js";
import { type Archivos, type Campos, camposFuncionario, cuatroDocumentos, pdf, png } from "../support/formularios.js";
import { enviarMultipart } from "../support/peticiones.js";

let t: TestApp;
let cargoI: number;
let cargoF: number;

beforeAll(async () => {
  t = await crearTestApp();
  cargoI = await cargoDeTipo(t.db, 1);
  cargoF = await cargoDeTipo(t.db, 2);
});
afterAll(() => t.close());

const URL_CREAR = "/api/SolicitudFirma/SolicitudFuncionario";
const URL_EDITAR = "/api/SolicitudFirma/EditSolicitudFuncionario";
const URL_BORRAR = "/api/Funcionarios/DeleteFuncionario";

/** The request's officials with their signatures and files, to assert a refused call changed nothing. */
async function foto(idSolicitud: number) {
  const fs = await t.db
    .select()
    .from(funcionarios)
    .where(eq(funcionarios.idSolicitud, idSolicitud))
    .orderBy(asc(funcionarios.idFuncionario));
  const ids = fs.map((f) => f.idFuncionario);
  const firmas =
    ids.length === 0
      ? []
      : await t.db
          .select()
          .from(funcionarioFirmas)
          .where(sql`${funcionarioFirmas.idFuncionario} in ${ids}`)
          .orderBy(asc(funcionarioFirmas.idAutFirma));
  const docs = await t.db
    .select({ id: adjuntos.idAdjunto, f: adjuntos.idFuncionario, sha: adjuntos.sha256 })
    .from(adjuntos)
    .where(eq(adjuntos.idSolicitud, idSolicitud))
    .orderBy(asc(adjuntos.idAdjunto));
  return { solicitud: await leerSolicitud(t.db, idSolicitud), fs, firmas, docs };
}

describe("POST /api/SolicitudFirma/SolicitudFuncionario", () => {
  it("401 without a token", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 202 });
    const res = await enviarMultipart(
      t,
      null,
      "POST",
      URL_CREAR,
      camposFuncionario(idSolicitud, cargoF),
      cuatroDocumentos(),
    );
    expect(res.statusCode).toBe(401);
  });

  it.each(["analista", "juridico", "administrador", "consultor", "configuracion"] as const)("403 for %s", async (u) => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 202 });
    const antes = await foto(idSolicitud);
    const res = await enviarMultipart(
      t,
      u,
      "POST",
      URL_CREAR,
      camposFuncionario(idSolicitud, cargoF),
      cuatroDocumentos(),
    );
    expect(res.statusCode).toBe(403);
    expect(await foto(idSolicitud)).toEqual(antes);
  });

  it("404 for another institution's request, like a missing one", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 202 });
    const antes = await foto(idSolicitud);
    const ajena = await enviarMultipart(
      t,
      "originador2",
      "POST",
      URL_CREAR,
      camposFuncionario(idSolicitud, cargoF),
      cuatroDocumentos(),
    );
    const falta = await enviarMultipart(
      t,
      "originador2",
      "POST",
      URL_CREAR,
      camposFuncionario(2_000_000, cargoF),
      cuatroDocumentos(),
    );
    expect(ajena.statusCode).toBe(404);
    expect(ajena.json()).toEqual(falta.json());
    expect(await foto(idSolicitud)).toEqual(antes);
  });

  it("400 on IdSolicitud when missing", async () => {
    const campos = camposFuncionario(1, cargoF, { IdSolicitud: undefined });
    const res = await enviarMultipart(t, "originador", "POST", URL_CREAR, campos, cuatroDocumentos());
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ IdSolicitud: [MSG.requerido] });
  });

  it.each([101, 102, 204, 105, 103, 104, 203, 201])("refuses a request in %i and changes nothing", async (estatus) => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus });
    const antes = await foto(idSolicitud);
    const res = await enviarMultipart(
      t,
      "originador",
      "POST",
      URL_CREAR,
      camposFuncionario(idSolicitud, cargoF),
      cuatroDocumentos(),
    );
    expect(res.json()).toEqual({ success: false, message: MSG.transicionInvalida });
    expect(await foto(idSolicitud)).toEqual(antes);
  });

  const temporal = { firmaVigencia: "true", fechaDesde: "01/02/2026", fechaHasta: "31/12/2026" };
  const limitado = { firmaRango: "true", montoDesde: "0", montoHasta: "50,000.00" };
  const texto = { nombre: "cedula.pdf", contenido: Buffer.from("hola, soy texto"), tipo: "application/pdf" };
  const reglas: [string, Campos, Archivos, Record<string, string>][] = [
    ["cédula missing", { Cedula: "" }, {}, { Cedula: MSG.requerido }],
    ["cédula format", { Cedula: "001-000003-3" }, {}, { Cedula: MSG.cedulaFormato }],
    ["cédula check digit", { Cedula: "001-0000003-4" }, {}, { Cedula: MSG.cedulaInvalida }],
    ["names missing (not in the padrón)", { Nombres: "" }, {}, { Nombres: MSG.requerido }],
    ["surnames missing", { Apellidos: " " }, {}, { Apellidos: MSG.requerido }],
    ["names too long", { Nombres: "n".repeat(101) }, {}, { Nombres: MSG.textoLargo(100) }],
    ["position missing", { CodCargo: "" }, {}, { CodCargo: MSG.requerido }],
    ["position not an official's", { CodCargo: "__cargoI" }, {}, { CodCargo: MSG.cargoInvalido }],
    ["phone missing", { Telefono: "" }, {}, { Telefono: MSG.requerido }],
    ["phone format", { Telefono: "(809)555-0303" }, {}, { Telefono: MSG.telefonoFormato }],
    [
      "no signature",
      { "SelectedFirms[0]": undefined, "SelectedFirms[1]": undefined },
      {},
      { SelectedFirms: MSG.firmaRequerida },
    ],
    ["an unknown signature", { "SelectedFirms[1]": 9999 }, {}, { SelectedFirms: MSG.firmaInvalida }],
    ["a malformed signature id", { "SelectedFirms[1]": "abc" }, {}, { SelectedFirms: MSG.firmaInvalida }],
    [
      "temporary without dates",
      { firmaVigencia: "true" },
      {},
      { fechaDesde: MSG.requerido, fechaHasta: MSG.requerido },
    ],
    ["temporary dates out of order", { ...temporal, fechaDesde: "01/01/2027" }, {}, { fechaDesde: MSG.fechasOrden }],
    ["an impossible date", { ...temporal, fechaHasta: "31/02/2026" }, {}, { fechaHasta: MSG.fechaInvalida }],
    ["an unreadable date", { ...temporal, fechaDesde: "mañana" }, {}, { fechaDesde: MSG.fechaInvalida }],
    ["limited without amounts", { firmaRango: "true" }, {}, { montoDesde: MSG.requerido, montoHasta: MSG.requerido }],
    ["amounts out of order", { ...limitado, montoDesde: "50,000.01" }, {}, { montoDesde: MSG.montosOrden }],
    ["a negative amount", { ...limitado, montoDesde: "-1" }, {}, { montoDesde: MSG.montoNegativo }],
    ["an unreadable amount", { ...limitado, montoHasta: "mucho" }, {}, { montoHasta: MSG.numeroInvalido }],
    ["comment too long", { Comentario: "c".repeat(2001) }, {}, { Comentario: MSG.textoLargo(2000) }],
    ["Oficio missing", {}, { OficioFile: undefined }, { OficioFile: MSG.archivoRequerido }],
    ["Cédula missing", {}, { CedulaFile: undefined }, { CedulaFile: MSG.archivoRequerido }],
    ["Designación missing", {}, { DesignacionFile: undefined }, { DesignacionFile: MSG.archivoRequerido }],
    ["Tarjeta missing", {}, { TarjetaFile: undefined }, { TarjetaFile: MSG.archivoRequerido }],
    ["a text file renamed .pdf", {}, { CedulaFile: texto }, { CedulaFile: MSG.archivoTipo }],
    [
      "a 5,000,001-byte file",
      {},
      { OficioFile: { nombre: "x.pdf", contenido: Buffer.alloc(5_000_001, 0x25) } },
      { OficioFile: MSG.archivoTamano(5_000_000) },
    ],
  ];

  it.each(reglas)("400 for %s, and nothing is written", async (_n, extra, archivos, esperado) => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 202 });
    const antes = await foto(idSolicitud);
    const campos = Object.fromEntries(
      Object.entries(camposFuncionario(idSolicitud, cargoF, extra)).map(([k, v]) => [k, v === "__cargoI" ? cargoI : v]),
    );
    const res = await enviarMultipart(t, "originador", "POST", URL_CREAR, campos, {
      ...cuatroDocumentos(),
      ...archivos,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.datosInvalidos);
    for (const [campo, mensaje] of Object.entries(esperado)) expect(res.json().errors[campo]).toContain(mensaje);
    expect(await foto(idSolicitud)).toEqual(antes);
  });

  it("400 for the same cédula twice in one request", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 202 });
    // The factory's first official has CEDULAS[1].
    const res = await enviarMultipart(
      t,
      "originador",
      "POST",
      URL_CREAR,
      camposFuncionario(idSolicitud, cargoF, { Cedula: CEDULAS[1] }),
      cuatroDocumentos(),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ Cedula: [MSG.cedulaFuncionarioDuplicada] });
  });

  it("a failure in the middle of the create leaves no official, signature or file behind", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 202 });
    const antes = await foto(idSolicitud);
    // The documents are written after the official and its signatures: make the last insert fail.
    await t.db.execute(sql`alter table adjuntos add constraint prueba_falla_f check (nombre <> 'falla.pdf')`);
    try {
      const res = await enviarMultipart(t, "originador", "POST", URL_CREAR, camposFuncionario(idSolicitud, cargoF), {
        ...cuatroDocumentos(),
        TarjetaFile: pdf("falla.pdf"),
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, message: MSG.errorInterno });
    } finally {
      await t.db.execute(sql`alter table adjuntos drop constraint prueba_falla_f`);
    }
    expect(await foto(idSolicitud)).toEqual(antes);
  });

  it("adds a temporary, limited official (dd/mm/yyyy dates, US amounts) with signatures and documents", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 202, funcionarios: 0 });
    const tarjeta = png("tarjeta de firmas.pdf");
    const res = await enviarMultipart(
      t,
      "originador",
      "POST",
      URL_CREAR,
      camposFuncionario(idSolicitud, cargoF, {
        ffirmaDigital: "true",
        firmaVigencia: "true",
        firmaRango: "true",
        fechaDesde: "15/01/2026",
        fechaHasta: "2026-12-31T04:00:00.000Z",
        montoDesde: "1,000.50",
        montoHasta: "$250,000",
        Comentario: "Firma para cheques",
        "SelectedFirms[0]": 101,
        "SelectedFirms[1]": 102,
        "SelectedFirms[2]": 201,
      }),
      { ...cuatroDocumentos(), TarjetaFile: tarjeta },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: MSG.funcionarioGuardado, data: { idSolicitud } });
    // The request's officials' count (what the inboxes show and sort by) follows.
    expect((await leerSolicitud(t.db, idSolicitud)).cantFuncionarios).toBe(1);
    const [f] = await t.db.select().from(funcionarios).where(eq(funcionarios.idFuncionario, body.data.idFuncionario));
    expect(f).toMatchObject({
      cedula: "001-0000003-3",
      nombres: "Carlos",
      apellidos: "Ramírez Peña",
      codCargo: cargoF,
      telefono: "(809) 555-0303",
      comentario: "Firma para cheques",
      firmaDigital: true,
      firmaVigencia: true,
      firmaRango: true,
      fechaDesde: "2026-01-15",
      fechaHasta: "2026-12-31",
      montoDesde: "1000.50",
      montoHasta: "250000.00",
      idEstatus: 1,
      enviado: false,
    });
    const firmas = await t.db
      .select({ idFirma: funcionarioFirmas.idFirma })
      .from(funcionarioFirmas)
      .where(eq(funcionarioFirmas.idFuncionario, f.idFuncionario));
    expect(firmas.map((x) => x.idFirma).sort()).toEqual([101, 102, 201]);
    const docs = await t.db.select().from(adjuntos).where(eq(adjuntos.idFuncionario, f.idFuncionario));
    expect(docs.map((d) => d.tipoAdjunto).sort()).toEqual(["Cedula", "Designacion", "Oficio", "Tarjeta"]);
    const t2 = docs.find((d) => d.tipoAdjunto === "Tarjeta")!;
    expect(t2).toMatchObject({
      mime: "image/png",
      nombre: "tarjeta de firmas.png",
      sha256: crypto.createHash("sha256").update(tarjeta.contenido).digest("hex"),
      idSolicitud,
    });
    expect((await leerSolicitud(t.db, idSolicitud)).estatus).toBe(202);
  });

  it("stores the calendar date a date-time was written for (2026-11-23T12:00:00Z is the 23rd)", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 202, funcionarios: 0 });
    const res = await enviarMultipart(
      t,
      "originador",
      "POST",
      URL_CREAR,
      camposFuncionario(idSolicitud, cargoF, {
        firmaVigencia: "true",
        fechaDesde: "2026-11-01T23:30:00-04:00",
        fechaHasta: "2026-11-23T12:00:00Z",
        "SelectedFirms[0]": 101,
      }),
      cuatroDocumentos(),
    );
    expect(res.json().success).toBe(true);
    const [f] = await t.db
      .select()
      .from(funcionarios)
      .where(eq(funcionarios.idFuncionario, res.json().data.idFuncionario));
    expect(f).toMatchObject({ fechaDesde: "2026-11-01", fechaHasta: "2026-11-23" });
  });

  it("a permanent, unlimited official keeps no dates or amounts (epoch dates read as empty)", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 108, funcionarios: 0 });
    const res = await enviarMultipart(
      t,
      "originador",
      "POST",
      URL_CREAR,
      camposFuncionario(idSolicitud, cargoF, {
        montoDesde: "5",
        montoHasta: "1",
        "SelectedFirms[0]": undefined,
        "SelectedFirms[1]": undefined,
        SelectedFirms: [301, 302],
      }),
      cuatroDocumentos(),
    );
    expect(res.json().success).toBe(true);
    const [f] = await t.db
      .select()
      .from(funcionarios)
      .where(eq(funcionarios.idFuncionario, res.json().data.idFuncionario));
    expect(f).toMatchObject({
      firmaVigencia: false,
      firmaRango: false,
      fechaDesde: null,
      fechaHasta: null,
      montoDesde: null,
    });
    const firmas = await t.db
      .select()
      .from(funcionarioFirmas)
      .where(eq(funcionarioFirmas.idFuncionario, f.idFuncionario));
    expect(firmas.map((x) => x.idFirma).sort()).toEqual([301, 302]);
  });

  it("on an active request (106) the official is added pending and not yet sent; the request stays 106", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 106 });
    const res = await enviarMultipart(
      t,
      "originador",
      "POST",
      URL_CREAR,
      camposFuncionario(idSolicitud, cargoF),
      cuatroDocumentos(),
    );
    expect(res.json().success).toBe(true);
    const [f] = await t.db
      .select()
      .from(funcionarios)
      .where(eq(funcionarios.idFuncionario, res.json().data.idFuncionario));
    expect(f).toMatchObject({ idEstatus: 1, enviado: false });
    expect((await leerSolicitud(t.db, idSolicitud)).estatus).toBe(106);
  });
});

describe("PUT /api/SolicitudFirma/EditSolicitudFuncionario", () => {
  const edicion = (idFuncionario: number, idSolicitud: number, extra: Campos = {}) =>
    camposFuncionario(idSolicitud, cargoF, {
      IdFuncionario: idFuncionario,
      Cedula: CEDULAS[1],
      Nombres: "Luisa",
      Apellidos: "Fernández",
      firmaVigencia: "true",
      fechaDesde: "2026-03-01",
      fechaHasta: "2026-09-30",
      "SelectedFirms[0]": 103,
      "SelectedFirms[1]": undefined,
      ...extra,
    });

  it("401 without a token", async () => {
    const {
      idSolicitud,
      funcionarios: [id],
    } = await crearSolicitud(t.db, { estatus: 202 });
    expect((await enviarMultipart(t, null, "PUT", URL_EDITAR, edicion(id, idSolicitud))).statusCode).toBe(401);
  });

  it("403 for roles without the originator's views", async () => {
    const {
      idSolicitud,
      funcionarios: [id],
    } = await crearSolicitud(t.db, { estatus: 202 });
    const antes = await foto(idSolicitud);
    for (const u of ["analista", "administrador", "consultor"] as const) {
      expect((await enviarMultipart(t, u, "PUT", URL_EDITAR, edicion(id, idSolicitud))).statusCode).toBe(403);
    }
    expect(await foto(idSolicitud)).toEqual(antes);
  });

  it("404 for another institution's official, like a missing one", async () => {
    const {
      idSolicitud,
      funcionarios: [id],
    } = await crearSolicitud(t.db, { estatus: 202 });
    const antes = await foto(idSolicitud);
    const ajeno = await enviarMultipart(t, "originador2", "PUT", URL_EDITAR, edicion(id, idSolicitud), {
      OficioFile: pdf(),
    });
    const falta = await enviarMultipart(t, "originador2", "PUT", URL_EDITAR, edicion(1_999_999, idSolicitud));
    expect(ajeno.statusCode).toBe(404);
    expect(ajeno.json()).toEqual({ success: false, message: MSG.funcionarioNoEncontrado });
    expect(falta.json()).toEqual(ajeno.json());
    expect(await foto(idSolicitud)).toEqual(antes);
  });

  it("400 on IdFuncionario when missing", async () => {
    const res = await enviarMultipart(t, "originador", "PUT", URL_EDITAR, camposFuncionario(1, cargoF));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ IdFuncionario: [MSG.requerido] });
  });

  it("refuses an official of a request under review, and an active or sent official of an active request", async () => {
    const enRevision = await crearSolicitud(t.db, { estatus: 101 });
    const activa = await crearSolicitud(t.db, { estatus: 106 });
    for (const [s, mensaje] of [
      [enRevision, MSG.transicionInvalida],
      [activa, MSG.funcionarioNoEditable],
    ] as const) {
      const antes = await foto(s.idSolicitud);
      const res = await enviarMultipart(t, "originador", "PUT", URL_EDITAR, edicion(s.funcionarios[0], s.idSolicitud));
      expect(res.json()).toEqual({ success: false, message: mensaje });
      expect(await foto(s.idSolicitud)).toEqual(antes);
    }
  });

  it.each([
    ["dates out of order", { fechaDesde: "2026-10-01" }, {}, "fechaDesde", MSG.fechasOrden],
    ["a cédula already in the request", { Cedula: CEDULAS[2] }, {}, "Cedula", MSG.cedulaFuncionarioDuplicada],
    [
      "a renamed text file",
      {},
      { DesignacionFile: { nombre: "d.jpg", contenido: Buffer.from("no soy jpeg"), tipo: "image/jpeg" } },
      "DesignacionFile",
      MSG.archivoTipo,
    ],
  ] as [string, Campos, Archivos, string, string][])(
    "400 for %s, and the official is unchanged",
    async (_n, extra, archivos, campo, mensaje) => {
      const { idSolicitud, funcionarios: ids } = await crearSolicitud(t.db, { estatus: 202, funcionarios: 2 });
      const antes = await foto(idSolicitud);
      const res = await enviarMultipart(
        t,
        "originador",
        "PUT",
        URL_EDITAR,
        edicion(ids[0], idSolicitud, extra),
        archivos,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[campo]).toContain(mensaje);
      expect(await foto(idSolicitud)).toEqual(antes);
    },
  );

  it("edits an official, replacing its signatures and only the document sent; its own cédula is no clash", async () => {
    const {
      idSolicitud,
      funcionarios: [id],
    } = await crearSolicitud(t.db, { estatus: 108 });
    const antes = await foto(idSolicitud);
    const cedula = pdf("cedula nueva.pdf", "Cedula nueva");
    const res = await enviarMultipart(t, "originador", "PUT", URL_EDITAR, edicion(id, idSolicitud), {
      CedulaFile: cedula,
    });
    expect(res.json()).toEqual({
      success: true,
      message: MSG.funcionarioGuardado,
      data: { idFuncionario: id, idSolicitud },
    });
    const [f] = await t.db.select().from(funcionarios).where(eq(funcionarios.idFuncionario, id));
    expect(f).toMatchObject({
      nombres: "Luisa",
      apellidos: "Fernández",
      firmaVigencia: true,
      fechaDesde: "2026-03-01",
      fechaHasta: "2026-09-30",
      idEstatus: 1,
    });
    const firmas = await t.db.select().from(funcionarioFirmas).where(eq(funcionarioFirmas.idFuncionario, id));
    expect(firmas.map((x) => x.idFirma)).toEqual([103]);
    const docs = await t.db
      .select()
      .from(adjuntos)
      .where(and(eq(adjuntos.idFuncionario, id)))
      .orderBy(asc(adjuntos.idAdjunto));
    expect(docs).toHaveLength(4);
    const otros = (ds: { id: number; f: number | null; sha: string }[]) => ds.filter((d) => d.f === id);
    const nuevos = otros((await foto(idSolicitud)).docs);
    const viejos = otros(antes.docs);
    // Three of the four rows are untouched; the Cédula is the new file.
    expect(nuevos.filter((d) => viejos.some((v) => v.id === d.id))).toHaveLength(3);
    expect(docs.find((d) => d.tipoAdjunto === "Cedula")).toMatchObject({
      nombre: "cedula nueva.pdf",
      sha256: crypto.createHash("sha256").update(cedula.contenido).digest("hex"),
    });
  });

  it("on an active request edits an official added and not yet sent", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 106 });
    const creado = await enviarMultipart(
      t,
      "originador",
      "POST",
      URL_CREAR,
      camposFuncionario(idSolicitud, cargoF),
      cuatroDocumentos(),
    );
    const id = creado.json().data.idFuncionario;
    const res = await enviarMultipart(
      t,
      "originador",
      "PUT",
      URL_EDITAR,
      edicion(id, idSolicitud, { Cedula: "001-0000004-1" }),
    );
    expect(res.json().success).toBe(true);
  });
});

describe("DELETE /api/Funcionarios/DeleteFuncionario/{id}", () => {
  const borrar = (u: UsuarioDemo | null, id: number | string) =>
    t.as(u, { method: "DELETE", url: `${URL_BORRAR}/${id}` });

  it("401 without a token, 400 for a bad id", async () => {
    expect((await borrar(null, 1)).statusCode).toBe(401);
    const malo = await borrar("originador", "abc");
    expect(malo.statusCode).toBe(400);
    expect(malo.json().message).toBe(MSG.datosInvalidos);
  });

  it("403 for roles without the originator's views", async () => {
    const {
      idSolicitud,
      funcionarios: [id],
    } = await crearSolicitud(t.db, { estatus: 202 });
    const antes = await foto(idSolicitud);
    for (const u of ["analista", "juridico", "administrador", "consultor", "configuracion"] as const) {
      expect((await borrar(u, id)).statusCode).toBe(403);
    }
    expect(await foto(idSolicitud)).toEqual(antes);
  });

  it("404 for another institution's official, like a missing one", async () => {
    const {
      idSolicitud,
      funcionarios: [id],
    } = await crearSolicitud(t.db, { estatus: 202 });
    const antes = await foto(idSolicitud);
    const ajeno = await borrar("originador2", id);
    expect(ajeno.statusCode).toBe(404);
    expect((await borrar("originador2", 1_888_888)).json()).toEqual(ajeno.json());
    expect(await foto(idSolicitud)).toEqual(antes);
  });

  it("refuses sent, active or under-review officials and changes nothing", async () => {
    const casos = [
      [await crearSolicitud(t.db, { estatus: 108 }), MSG.funcionarioNoEliminable], // sent with the request
      [await crearSolicitud(t.db, { estatus: 106 }), MSG.funcionarioNoEliminable], // Activo
      [await crearSolicitud(t.db, { estatus: 101 }), MSG.transicionInvalida],
      [await crearSolicitud(t.db, { estatus: 201 }), MSG.transicionInvalida],
    ] as const;
    for (const [s, mensaje] of casos) {
      const antes = await foto(s.idSolicitud);
      expect((await borrar("originador", s.funcionarios[0])).json()).toEqual({ success: false, message: mensaje });
      expect(await foto(s.idSolicitud)).toEqual(antes);
    }
  });

  it("deletes a pending, unsent official with its signatures and files", async () => {
    const { idSolicitud, funcionarios: ids } = await crearSolicitud(t.db, { estatus: 202, funcionarios: 2 });
    const res = await borrar("originador", ids[0]);
    expect(res.json()).toEqual({ success: true, message: MSG.funcionarioEliminado });
    const quedan = await foto(idSolicitud);
    expect(quedan.fs.map((f) => f.idFuncionario)).toEqual([ids[1]]);
    expect(quedan.firmas.every((x) => x.idFuncionario === ids[1])).toBe(true);
    expect(quedan.docs.filter((d) => d.f === ids[0])).toHaveLength(0);
    expect(quedan.docs.filter((d) => d.f === null)).toHaveLength(4);
    expect(quedan.solicitud.cantFuncionarios).toBe(1);
  });

  it("on an active request deletes an official added and not yet sent", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 106 });
    const creado = await enviarMultipart(
      t,
      "originador",
      "POST",
      URL_CREAR,
      camposFuncionario(idSolicitud, cargoF),
      cuatroDocumentos(),
    );
    const res = await borrar("originador", creado.json().data.idFuncionario);
    expect(res.json().success).toBe(true);
    expect((await leerSolicitud(t.db, idSolicitud)).estatus).toBe(106);
  });
});
