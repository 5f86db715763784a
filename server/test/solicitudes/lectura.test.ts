/**
 * Reading one request: GET api/SolicitudFirma/{id}, Historico/{id} and GetRechazos/{id}. Failures
 * first (401, 400, 403, 404 for another institution), then the shapes and values.
 */
import { MSG, zHistoricoEntrada, zRechazo, zSolicitud } from "@registro/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { historial, historialMotivos, solicitudes } from "../../src/db/schema.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { cargoDeTipo, crearSolicitud, idInstitucionDe, idUsuario } from "../support/factories.js";
import { camposSolicitud, cuatroDocumentos, multipart, pdf } from "../support/formularios.js";

let t: TestApp;

beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(() => t.close());

const get = (u: Parameters<TestApp["as"]>[0], url: string) => t.as(u, { method: "GET", url });

describe.each([
  ["/api/SolicitudFirma/", "detail"],
  ["/api/SolicitudFirma/Historico/", "history"],
  ["/api/SolicitudFirma/GetRechazos/", "reasons"],
])("GET %s{idSolicitud} (%s): failures", (base) => {
  it("401 without a token", async () => {
    const { idSolicitud } = await crearSolicitud(t.db);
    expect((await get(null, `${base}${idSolicitud}`)).statusCode).toBe(401);
  });

  it.each(["abc", "0", "-3", "1.5", "99999999999"])("400 for the id %s", async (id) => {
    const res = await get("originador", `${base}${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: MSG.datosInvalidos });
  });

  it("403 for a user without any view that reads requests", async () => {
    const { idSolicitud } = await crearSolicitud(t.db);
    const res = await get("configuracion", `${base}${idSolicitud}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: MSG.noAutorizado });
  });

  it("404 for another institution's request, exactly like a missing one", async () => {
    const { idSolicitud } = await crearSolicitud(t.db);
    const ajena = await get("originador2", `${base}${idSolicitud}`);
    const falta = await get("originador2", `${base}1999999`);
    expect(ajena.statusCode).toBe(404);
    expect(falta.statusCode).toBe(404);
    expect(ajena.body).toBe(falta.body);
  });
});

describe("GET /api/SolicitudFirma/{idSolicitud}", () => {
  it("does not shadow the static GET routes beside it", async () => {
    for (const url of ["/api/SolicitudFirma/GetFirmas", "/api/SolicitudFirma/GetBandejaOriginador"]) {
      const res = await get("originador", url);
      expect(res.statusCode).toBe(200);
      expect(Array.isArray(res.json())).toBe(true);
    }
  });

  it("returns the request as created through the API, for its originator and for reviewers", async () => {
    const cargoI = await cargoDeTipo(t.db, 1);
    const creada = await t.as("originador", {
      method: "POST",
      url: "/api/SolicitudFirma/solicitud",
      ...multipart(
        camposSolicitud(cargoI, { "InfoInstitucion.Ext2": "44", "InfoIncumbente.ifirmaDigital": "true" }),
        cuatroDocumentos(),
      ),
    });
    const { idSolicitud, idIncumbente } = creada.json().data;
    // Not sent yet (202): reviewers do not see it; the originator does.
    for (const u of ["analista", "juridico", "administrador", "consultor"] as const) {
      expect((await get(u, `/api/SolicitudFirma/${idSolicitud}`)).statusCode, u).toBe(404);
    }
    for (const u of ["originador"] as const) {
      const res = await get(u, `/api/SolicitudFirma/${idSolicitud}`);
      expect(res.statusCode).toBe(200);
      const s = zSolicitud.parse(res.json());
      expect(s).toMatchObject({
        idSolicitud,
        estatusSolitud: 202,
        estatus: "Pendiente de enviar",
        colorEstatus: "secondary",
        comentario: "Registro de firmas del nuevo período",
        cantFuncionarios: 0,
        asignadoA: null,
        idAsignadoA: null,
        justificacion: null,
        idEvidencia: null,
        infoInstitucion: {
          idInstitucionFirma: await idInstitucionDe(t.db, "originador"),
          nombre: "Ministerio de Hacienda",
          estructura: "Gobierno Central",
          direccion: "Av. México No. 45, Santo Domingo",
          telefono: "(809) 687-5131",
          ext: "2101",
          telefono2: "",
          ext2: "44",
        },
        infoIncumbente: {
          idIncumbente,
          cedula: "001-0000001-7",
          nombres: "Ana María",
          apellidos: "Pérez Gómez",
          codCargo: cargoI,
          cargoNombreI: expect.any(String),
          telefono: "(809) 555-0101",
          ifirmaDigital: true,
        },
      });
      expect(Date.parse(s.fechaSolicitud)).not.toBeNaN();
    }
  });

  it("names the reviewer holding it, counts the officials, and carries the deactivation justification and evidence", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 106, funcionarios: 3 });
    const sol = await get("originador", `/api/SolicitudFirma/${idSolicitud}`);
    expect(sol.json()).toMatchObject({
      cantFuncionarios: 3,
      estatus: "Aprobado por Adminstrador RyCC",
      colorEstatus: "success",
    });

    const res = await t.as("originador", {
      method: "POST",
      url: `/api/SolicitudFirma/SolicitudInactivar/${idSolicitud}`,
      ...multipart({ Justificacion: "Cambio de autoridades" }, { Evidencia: pdf("evidencia.pdf") }),
    });
    expect(res.json().success).toBe(true);
    const analista = await idUsuario(t.db, "analista");
    await t.db.update(solicitudes).set({ asignadoA: analista }).where(eq(solicitudes.idSolicitud, idSolicitud));
    const leida = (await get("administrador", `/api/SolicitudFirma/${idSolicitud}`)).json();
    expect(leida).toMatchObject({
      estatusSolitud: 203,
      estatus: "Solicitud para Inactivar",
      justificacion: "Cambio de autoridades",
      idEvidencia: expect.any(Number),
      idAsignadoA: analista,
      asignadoA: expect.stringMatching(/\S+ \S+/),
    });
    const adj = (await get("originador", `/api/SolicitudFirma/GetSolicitudAdjuntos/${idSolicitud}`)).json();
    expect(adj.find((a: { tipoAdjunto: string }) => a.tipoAdjunto === "Evidencia").idAdjunto).toBe(leida.idEvidencia);
  });
});

describe("GET /api/SolicitudFirma/Historico/{idSolicitud}", () => {
  it("lists the status changes oldest first, with who made them and the comment", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 202, funcionariosEnviados: false });
    expect(
      (await t.as("originador", { method: "POST", url: `/api/SolicitudFirma/EnviarSolicitud/${idSolicitud}` })).json()
        .success,
    ).toBe(true);
    await t.db.insert(historial).values({
      idSolicitud,
      estatus: 108,
      motivoCambioEstatus: "Falta la tarjeta firmada",
      idUsuario: await idUsuario(t.db, "analista"),
      fecha: new Date(Date.now() + 60_000),
    });
    const res = await get("originador", `/api/SolicitudFirma/Historico/${idSolicitud}`);
    expect(res.statusCode).toBe(200);
    const h = res.json().map((x: unknown) => zHistoricoEntrada.parse(x));
    expect(h.map((x: { idEstatus: number }) => x.idEstatus)).toEqual([202, 101, 108]);
    expect(h[1]).toMatchObject({
      estatus: "Enviado",
      motivoCambioEstatus: "",
      usuario: expect.stringMatching(/\S+ \S+/),
    });
    expect(h[2]).toMatchObject({
      estatus: "Retornado por Analista RyCC",
      motivoCambioEstatus: "Falta la tarjeta firmada",
    });
    expect(h[0].usuario).toBeNull(); // the factory's entry has no author
    expect(Date.parse(h[0].fecha)).toBeLessThanOrEqual(Date.parse(h[2].fecha));
  });
});

describe("GET /api/SolicitudFirma/GetRechazos/{idSolicitud}", () => {
  it("is empty when the request was never returned or rejected", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 101 });
    const res = await get("originador", `/api/SolicitudFirma/GetRechazos/${idSolicitud}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("lists the reasons of the latest entry that has reasons, each with that entry's comment", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 108 });
    const analista = await idUsuario(t.db, "analista");
    const base = Date.now();
    const entrada = async (estatus: number, comentario: string, motivos: number[], segundos: number) => {
      const [h] = await t.db
        .insert(historial)
        .values({
          idSolicitud,
          estatus,
          motivoCambioEstatus: comentario,
          idUsuario: analista,
          fecha: new Date(base + segundos * 1000),
        })
        .returning();
      if (motivos.length)
        await t.db
          .insert(historialMotivos)
          .values(motivos.map((idMotivo) => ({ idHistorial: h.idHistorial, idMotivo })));
    };
    await entrada(108, "Primera devolución", [1], 1);
    await entrada(101, "", [], 2);
    await entrada(108, "Documentos ilegibles y datos distintos", [3, 2], 3);
    await entrada(101, "", [], 4);
    const res = await get("originador", `/api/SolicitudFirma/GetRechazos/${idSolicitud}`);
    const r = res.json().map((x: unknown) => zRechazo.parse(x));
    expect(r).toEqual([
      {
        id: 2,
        nombre: "Documentos ilegibles",
        descripcion: expect.any(String),
        motivoCambioEstatus: "Documentos ilegibles y datos distintos",
      },
      {
        id: 3,
        nombre: "Datos no coinciden",
        descripcion: expect.any(String),
        motivoCambioEstatus: "Documentos ilegibles y datos distintos",
      },
    ]);
    // Reviewers read the same.
    expect((await get("juridico", `/api/SolicitudFirma/GetRechazos/${idSolicitud}`)).json()).toEqual(res.json());
  });
});
