/**
 * POST api/SolicitudFirma/solicitud and PUT api/SolicitudFirma/Put: failures first (401, 403, 404,
 * 400 per rule, refused statuses), each leaving the database as it was, then success.
 */
import crypto from "node:crypto";
import { MSG } from "@registro/contracts";
import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adjuntos, cargos, historial, incumbentes, personas, solicitudes } from "../../src/db/schema.js";
import { pngMuestra } from "../../src/seed/archivos-muestra.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { cargoDeTipo, crearSolicitud, idInstitucionDe, idUsuario, leerSolicitud } from "../support/factories.js";
import { type Archivos, type Campos, camposSolicitud, cuatroDocumentos, pdf, png } from "../support/formularios.js";
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

const URL_CREAR = "/api/SolicitudFirma/solicitud";
const URL_PUT = "/api/SolicitudFirma/Put";

async function conteos() {
  const n = async (tabla: typeof solicitudes | typeof incumbentes | typeof adjuntos | typeof historial) => {
    const [r] = await t.db.select({ n: sql<number>`count(*)::int` }).from(tabla);
    return r.n;
  };
  return {
    solicitudes: await n(solicitudes),
    incumbentes: await n(incumbentes),
    adjuntos: await n(adjuntos),
    historial: await n(historial),
  };
}

/** Everything PUT may touch, to assert a refused call changed nothing. */
async function foto(idSolicitud: number) {
  const s = await leerSolicitud(t.db, idSolicitud);
  const [inc] = await t.db.select().from(incumbentes).where(eq(incumbentes.idIncumbente, s.idIncumbente));
  const docs = await t.db
    .select({ id: adjuntos.idAdjunto, tipo: adjuntos.tipoAdjunto, sha: adjuntos.sha256 })
    .from(adjuntos)
    .where(eq(adjuntos.idSolicitud, idSolicitud))
    .orderBy(adjuntos.idAdjunto);
  const hist = await t.db.select().from(historial).where(eq(historial.idSolicitud, idSolicitud));
  return { s, inc, docs, hist: hist.length };
}

describe("POST /api/SolicitudFirma/solicitud", () => {
  it("401 without a token", async () => {
    const res = await enviarMultipart(t, null, "POST", URL_CREAR, camposSolicitud(cargoI), cuatroDocumentos());
    expect(res.statusCode).toBe(401);
  });

  it.each(["analista", "juridico", "administrador", "consultor", "configuracion"] as const)(
    "403 for %s, who has no originator view",
    async (usuario) => {
      const antes = await conteos();
      const res = await enviarMultipart(t, usuario, "POST", URL_CREAR, camposSolicitud(cargoI), cuatroDocumentos());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, message: MSG.noAutorizado });
      expect(await conteos()).toEqual(antes);
    },
  );

  const reglas: [string, Campos, Archivos | null, string, string][] = [
    ["cédula missing", { "InfoIncumbente.Cedula": "" }, null, "InfoIncumbente.Cedula", MSG.requerido],
    ["cédula format", { "InfoIncumbente.Cedula": "00100000017" }, null, "InfoIncumbente.Cedula", MSG.cedulaFormato],
    [
      "cédula check digit",
      { "InfoIncumbente.Cedula": "001-0000001-8" },
      null,
      "InfoIncumbente.Cedula",
      MSG.cedulaInvalida,
    ],
    ["position missing", { "InfoIncumbente.CodCargo": "" }, null, "InfoIncumbente.CodCargo", MSG.requerido],
    ["position not a number", { "InfoIncumbente.CodCargo": "abc" }, null, "InfoIncumbente.CodCargo", MSG.requerido],
    ["phone missing", { "InfoIncumbente.Telefono": "" }, null, "InfoIncumbente.Telefono", MSG.requerido],
    [
      "phone format",
      { "InfoIncumbente.Telefono": "809-555-0101" },
      null,
      "InfoIncumbente.Telefono",
      MSG.telefonoFormato,
    ],
    ["surnames missing", { "InfoIncumbente.Apellidos": "" }, null, "InfoIncumbente.Apellidos", MSG.requerido],
    [
      "address too long",
      { "InfoInstitucion.Direccion": "x".repeat(301) },
      null,
      "InfoInstitucion.Direccion",
      MSG.textoLargo(300),
    ],
    [
      "institution phone",
      { "InfoInstitucion.Telefono": "8095550000" },
      null,
      "InfoInstitucion.Telefono",
      MSG.telefonoFormato,
    ],
    ["extension", { "InfoInstitucion.Ext": "12a" }, null, "InfoInstitucion.Ext", MSG.extFormato],
    ["extension 2", { "InfoInstitucion.Ext2": "1234567" }, null, "InfoInstitucion.Ext2", MSG.extFormato],
    ["comment too long", { Comentario: "x".repeat(2001) }, null, "Comentario", MSG.textoLargo(2000)],
    ["Oficio missing", {}, { OficioFile: undefined }, "OficioFile", MSG.archivoRequerido],
    ["Cédula missing", {}, { CedulaFile: undefined }, "CedulaFile", MSG.archivoRequerido],
    ["Designación missing", {}, { DesignacionFile: undefined }, "DesignacionFile", MSG.archivoRequerido],
    ["Tarjeta missing", {}, { TarjetaFile: undefined }, "TarjetaFile", MSG.archivoRequerido],
    [
      "a text file renamed .pdf",
      {},
      { OficioFile: { nombre: "oficio.pdf", contenido: Buffer.from("esto no es un PDF"), tipo: "application/pdf" } },
      "OficioFile",
      MSG.archivoTipo,
    ],
    [
      "an empty file",
      {},
      { CedulaFile: { nombre: "vacio.png", contenido: Buffer.alloc(0), tipo: "image/png" } },
      "CedulaFile",
      MSG.archivoTipo,
    ],
    [
      "a 5,000,001-byte file",
      {},
      { TarjetaFile: { nombre: "grande.pdf", contenido: Buffer.alloc(5_000_001, 0x25), tipo: "application/pdf" } },
      "TarjetaFile",
      MSG.archivoTamano(5_000_000),
    ],
    ["two files in one field", {}, { DesignacionFile: [pdf(), pdf()] }, "DesignacionFile", MSG.archivoUnico],
  ];

  it.each(reglas)("400 for %s, and nothing is written", async (_n, extra, archivos, campo, mensaje) => {
    const antes = await conteos();
    const res = await enviarMultipart(t, "originador", "POST", URL_CREAR, camposSolicitud(cargoI, extra), {
      ...cuatroDocumentos(),
      ...(archivos ?? {}),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, message: MSG.datosInvalidos });
    expect(body.errors[campo]).toContain(mensaje);
    expect(await conteos()).toEqual(antes);
  });

  it("400 for a position that is not an incumbent's, or inactive", async () => {
    const [inactivo] = await t.db
      .insert(cargos)
      .values({ nombre: "Cargo retirado de prueba", tipo: 1, estatus: false })
      .returning();
    for (const cargo of [cargoF, inactivo.idCargo, 99_999]) {
      const res = await enviarMultipart(t, "originador", "POST", URL_CREAR, camposSolicitud(cargo), cuatroDocumentos());
      expect(res.statusCode).toBe(400);
      expect(res.json().errors["InfoIncumbente.CodCargo"]).toEqual([MSG.cargoInvalido]);
    }
  });

  it("400 for missing names of a cédula not in the padrón, under .Nombres and .Nombre", async () => {
    const res = await enviarMultipart(
      t,
      "originador",
      "POST",
      URL_CREAR,
      camposSolicitud(cargoI, { "InfoIncumbente.Nombres": "" }),
      cuatroDocumentos(),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors["InfoIncumbente.Nombres"]).toEqual([MSG.requerido]);
    expect(res.json().errors["InfoIncumbente.Nombre"]).toEqual([MSG.requerido]);
  });

  it("400 with every failing field at once", async () => {
    const res = await enviarMultipart(
      t,
      "originador",
      "POST",
      URL_CREAR,
      camposSolicitud(cargoI, { "InfoIncumbente.Cedula": "1", "InfoIncumbente.Telefono": "x" }),
      {},
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(
      [
        "CedulaFile",
        "DesignacionFile",
        "InfoIncumbente.Cedula",
        "InfoIncumbente.Telefono",
        "OficioFile",
        "TarjetaFile",
      ].sort(),
    );
  });

  it("400 in Spanish for a JSON body (no files), never a 500", async () => {
    const res = await t.as("originador", { method: "POST", url: URL_CREAR, payload: { Comentario: "x" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.OficioFile).toEqual([MSG.archivoRequerido]);
    expect(res.json().errors["InfoIncumbente.Cedula"]).toEqual([MSG.requerido]);
    // A nested JSON body with numbers and booleans reads like the form: only the files are missing.
    const anidado = await t.as("originador", {
      method: "POST",
      url: URL_CREAR,
      payload: {
        InfoIncumbente: {
          Cedula: "001-0000001-7",
          Nombres: "Ana",
          Apellidos: "Pérez",
          CodCargo: cargoI,
          Telefono: "(809) 555-0101",
          ifirmaDigital: true,
        },
        InfoInstitucion: { Ext: 12 },
      },
    });
    expect(Object.keys(anidado.json().errors).sort()).toEqual([
      "CedulaFile",
      "DesignacionFile",
      "OficioFile",
      "TarjetaFile",
    ]);
  });

  it("a failure in the middle of the create leaves no rows behind", async () => {
    // The documents are written after the incumbent and the request: make the last insert fail.
    await t.db.execute(sql`alter table adjuntos add constraint prueba_falla check (nombre <> 'falla.pdf')`);
    try {
      const antes = await conteos();
      const res = await enviarMultipart(t, "originador", "POST", URL_CREAR, camposSolicitud(cargoI), {
        ...cuatroDocumentos(),
        TarjetaFile: pdf("falla.pdf"),
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, message: MSG.errorInterno });
      expect(await conteos()).toEqual(antes);
    } finally {
      await t.db.execute(sql`alter table adjuntos drop constraint prueba_falla`);
    }
  });

  it("creates a request in 202 for the user's institution with its incumbent, documents and history", async () => {
    const antes = await conteos();
    const oficio = pdf("Oficio de la máxima autoridad.pdf", "Oficio");
    // The web client calls the path with a trailing slash, as SPEC.md writes it.
    const res = await enviarMultipart(t, "originador", "POST", `${URL_CREAR}/`, camposSolicitud(cargoI), {
      ...cuatroDocumentos(),
      OficioFile: oficio,
      // A PNG named .pdf is judged by its bytes.
      CedulaFile: { nombre: "cedula.pdf", contenido: pngMuestra(), tipo: "application/pdf" },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: MSG.guardadoExitoso });
    const { idSolicitud, idIncumbente } = body.data;
    expect(idSolicitud).toBeGreaterThan(0);

    const s = await leerSolicitud(t.db, idSolicitud);
    expect(s).toMatchObject({
      estatus: 202,
      idInstitucion: await idInstitucionDe(t.db, "originador"),
      idIncumbente,
      comentario: "Registro de firmas del nuevo período",
      instDireccion: "Av. México No. 45, Santo Domingo",
      instTelefono: "(809) 687-5131",
      instExt: "2101",
      creadoPor: await idUsuario(t.db, "originador"),
      asignadoA: null,
    });
    const [inc] = await t.db.select().from(incumbentes).where(eq(incumbentes.idIncumbente, idIncumbente));
    expect(inc).toMatchObject({
      cedula: "001-0000001-7",
      nombres: "Ana María",
      apellidos: "Pérez Gómez",
      codCargo: cargoI,
      telefono: "(809) 555-0101",
      firmaDigital: false,
      idInstitucion: s.idInstitucion,
    });
    const docs = await t.db
      .select()
      .from(adjuntos)
      .where(and(eq(adjuntos.idSolicitud, idSolicitud), isNull(adjuntos.idFuncionario)));
    const porTipo = Object.fromEntries(docs.map((d) => [d.tipoAdjunto, d]));
    expect(Object.keys(porTipo).sort()).toEqual(["Cedula", "Designacion", "Oficio", "Tarjeta"]);
    expect(porTipo.Oficio).toMatchObject({
      nombre: "Oficio de la máxima autoridad.pdf",
      mime: "application/pdf",
      tamano: oficio.contenido.length,
      sha256: crypto.createHash("sha256").update(oficio.contenido).digest("hex"),
    });
    expect(Buffer.from(porTipo.Oficio.contenido).equals(oficio.contenido)).toBe(true);
    expect(porTipo.Cedula).toMatchObject({ mime: "image/png", nombre: "cedula.png" });
    const hist = await t.db.select().from(historial).where(eq(historial.idSolicitud, idSolicitud));
    expect(hist).toHaveLength(1);
    expect(hist[0]).toMatchObject({ estatus: 202, idUsuario: await idUsuario(t.db, "originador") });
    const despues = await conteos();
    expect(despues.solicitudes).toBe(antes.solicitudes + 1);
    expect(despues.adjuntos).toBe(antes.adjuntos + 4);
  });

  it("binds field names case-insensitively and completes names from the padrón", async () => {
    const [persona] = await t.db.select().from(personas).limit(1);
    const campos = {
      "infoincumbente.cedula": persona.cedula,
      "INFOINCUMBENTE.CODCARGO": cargoI,
      "infoIncumbente[telefono]": "(809) 555-0199",
      "infoincumbente.IFIRMADIGITAL": "true",
      comentario: "minúsculas",
    };
    const res = await enviarMultipart(t, "originador", "POST", URL_CREAR, campos, {
      oficiofile: pdf(),
      CEDULAFILE: png(),
      designacionFile: pdf(),
      tarjetafile: pdf(),
    });
    expect(res.json()).toMatchObject({ success: true });
    const s = await leerSolicitud(t.db, res.json().data.idSolicitud);
    const [inc] = await t.db.select().from(incumbentes).where(eq(incumbentes.idIncumbente, s.idIncumbente));
    expect(inc).toMatchObject({
      cedula: persona.cedula,
      nombres: persona.nombres,
      apellidos: persona.apellidos,
      telefono: "(809) 555-0199",
      firmaDigital: true,
    });
    // Without InfoInstitucion fields the institution's stored contact data is used.
    expect(s.instDireccion).toBe("Av. México No. 45, Gazcue, Santo Domingo");
    expect(s.comentario).toBe("minúsculas");
  });
});

describe("PUT /api/SolicitudFirma/Put", () => {
  const cambios = (idSolicitud: number, extra: Campos = {}) =>
    camposSolicitud(cargoI, {
      IdSolicitud: idSolicitud,
      "InfoIncumbente.Nombres": "Beatriz",
      "InfoIncumbente.Telefono": "(829) 555-7777",
      "InfoIncumbente.ifirmaDigital": "true",
      "InfoInstitucion.Telefono2": "(809) 687-9999",
      Comentario: "Corregido",
      ...extra,
    });

  it("401 without a token", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 202 });
    const res = await enviarMultipart(t, null, "PUT", URL_PUT, cambios(idSolicitud));
    expect(res.statusCode).toBe(401);
  });

  it("403 for roles without the originator's views", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 202 });
    const antes = await foto(idSolicitud);
    for (const u of ["analista", "consultor", "configuracion"] as const) {
      const res = await enviarMultipart(t, u, "PUT", URL_PUT, cambios(idSolicitud));
      expect(res.statusCode).toBe(403);
    }
    expect(await foto(idSolicitud)).toEqual(antes);
  });

  it("404 for another institution's request, exactly like a missing one", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 202 });
    const antes = await foto(idSolicitud);
    const ajena = await enviarMultipart(t, "originador2", "PUT", URL_PUT, cambios(idSolicitud), { OficioFile: pdf() });
    const falta = await enviarMultipart(t, "originador2", "PUT", URL_PUT, cambios(987_654));
    expect(ajena.statusCode).toBe(404);
    expect(falta.statusCode).toBe(404);
    expect(ajena.json()).toEqual(falta.json());
    expect(ajena.json()).toEqual({ success: false, message: MSG.solicitudNoEncontrada });
    expect(await foto(idSolicitud)).toEqual(antes);
  });

  it("400 on IdSolicitud when it is missing or not a number", async () => {
    const sinId = await enviarMultipart(t, "originador", "PUT", URL_PUT, camposSolicitud(cargoI));
    expect(sinId.statusCode).toBe(400);
    expect(sinId.json().errors).toEqual({ IdSolicitud: [MSG.requerido] });
    const malo = await enviarMultipart(t, "originador", "PUT", URL_PUT, camposSolicitud(cargoI, { IdSolicitud: "x1" }));
    expect(malo.json().errors).toEqual({ IdSolicitud: [MSG.numeroInvalido] });
  });

  it.each([101, 102, 104, 105, 106, 203, 201])("refuses a request in %i and changes nothing", async (estatus) => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus });
    const antes = await foto(idSolicitud);
    const res = await enviarMultipart(t, "originador", "PUT", URL_PUT, cambios(idSolicitud), { OficioFile: pdf() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, message: MSG.transicionInvalida });
    expect(await foto(idSolicitud)).toEqual(antes);
  });

  it.each([
    ["cédula", { "InfoIncumbente.Cedula": "001-0000001-0" }, null, "InfoIncumbente.Cedula", MSG.cedulaInvalida],
    ["phone", { "InfoIncumbente.Telefono": "(809) 5550101" }, null, "InfoIncumbente.Telefono", MSG.telefonoFormato],
    ["position", { "InfoIncumbente.CodCargo": "" }, null, "InfoIncumbente.CodCargo", MSG.requerido],
    [
      "a renamed text file",
      {},
      { TarjetaFile: { nombre: "t.png", contenido: Buffer.from("texto plano, no una imagen"), tipo: "image/png" } },
      "TarjetaFile",
      MSG.archivoTipo,
    ],
    [
      "a file over the limit",
      {},
      { OficioFile: { nombre: "o.pdf", contenido: Buffer.alloc(5_000_001, 1), tipo: "application/pdf" } },
      "OficioFile",
      MSG.archivoTamano(5_000_000),
    ],
  ] as [string, Campos, Archivos | null, string, string][])(
    "400 for the %s, and the request is unchanged",
    async (_n, extra, archivos, campo, mensaje) => {
      const { idSolicitud } = await crearSolicitud(t.db, { estatus: 202 });
      const antes = await foto(idSolicitud);
      const res = await enviarMultipart(t, "originador", "PUT", URL_PUT, cambios(idSolicitud, extra), archivos ?? {});
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[campo]).toContain(mensaje);
      expect(await foto(idSolicitud)).toEqual(antes);
    },
  );

  it.each([202, 108])("updates a request in %i, replacing only the document sent", async (estatus) => {
    const { idSolicitud, idIncumbente } = await crearSolicitud(t.db, { estatus });
    const antes = await foto(idSolicitud);
    const nuevo = pdf("oficio corregido.pdf", "Oficio corregido");
    const res = await enviarMultipart(t, "originador", "PUT", URL_PUT, cambios(idSolicitud), { OficioFile: nuevo });
    expect(res.json()).toEqual({ success: true, message: MSG.guardadoExitoso, data: { idSolicitud, idIncumbente } });
    const despues = await foto(idSolicitud);
    expect(despues.s).toMatchObject({ estatus, comentario: "Corregido", instTelefono2: "(809) 687-9999" });
    expect(despues.inc).toMatchObject({ nombres: "Beatriz", telefono: "(829) 555-7777", firmaDigital: true });
    expect(despues.hist).toBe(antes.hist);
    const requestDocs = (f: typeof antes) =>
      f.docs.filter((d) => !["Oficio"].includes(d.tipo)).map((d) => `${d.id}:${d.tipo}:${d.sha}`);
    // The three documents not sent are the very same rows; the request's Oficio is the new file.
    expect(requestDocs(despues)).toEqual(requestDocs(antes));
    const [oficio] = await t.db
      .select()
      .from(adjuntos)
      .where(
        and(eq(adjuntos.idSolicitud, idSolicitud), isNull(adjuntos.idFuncionario), eq(adjuntos.tipoAdjunto, "Oficio")),
      );
    expect(oficio).toMatchObject({
      nombre: "oficio corregido.pdf",
      sha256: crypto.createHash("sha256").update(nuevo.contenido).digest("hex"),
    });
  });

  it("the inboxes find the request by its incumbent's new name, no longer by the old one", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 202 });
    const buscar = async (q: string) => {
      const res = await t.as("originador", {
        method: "GET",
        url: "/api/SolicitudFirma/GetBandejaOriginador",
        query: { q },
      });
      return (res.json() as { idSolicitud: number }[]).map((i) => i.idSolicitud);
    };
    const poner = (nombres: string, cedula: string) =>
      enviarMultipart(
        t,
        "originador",
        "PUT",
        URL_PUT,
        cambios(idSolicitud, { "InfoIncumbente.Nombres": nombres, "InfoIncumbente.Cedula": cedula }),
      );
    expect((await poner("Wenceslao", "001-0000004-1")).json().success).toBe(true);
    expect(await buscar("wenceslao")).toContain(idSolicitud);
    expect(await buscar("00100000041")).toContain(idSolicitud);
    expect((await poner("Ximena Ñañez", "001-0000005-8")).json().success).toBe(true);
    expect(await buscar("wenceslao")).not.toContain(idSolicitud);
    expect(await buscar("00100000041")).not.toContain(idSolicitud);
    expect(await buscar("xímena nanez")).toContain(idSolicitud);
    expect(await buscar("001-0000005")).toContain(idSolicitud);
  });

  it("keeps the stored contact data when no InfoInstitucion field is sent", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 202 });
    const antes = await leerSolicitud(t.db, idSolicitud);
    const campos = {
      ...Object.fromEntries(Object.entries(cambios(idSolicitud)).filter(([k]) => !k.startsWith("InfoInstitucion."))),
      // The institution's own fields are not contact data.
      "InfoInstitucion.Nombre": "Ministerio de Hacienda",
      "InfoInstitucion.IdInstitucionFirma": 1,
    };
    const res = await enviarMultipart(t, "originador", "PUT", URL_PUT, campos);
    expect(res.json().success).toBe(true);
    const despues = await leerSolicitud(t.db, idSolicitud);
    expect(despues.instDireccion).toBe(antes.instDireccion);
    expect(despues.instTelefono2).toBe(antes.instTelefono2);
  });
});
