/**
 * A request never sent (202) belongs to its institution until sent: internal users get 404 for it,
 * its officials, signatures, files and downloads, as if it did not exist; the originator reads it.
 */
import { MSG } from "@registro/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adjuntos } from "../../src/db/schema.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { crearSolicitud, type SolicitudCreada } from "../support/factories.js";

let t: TestApp;
let borrador: SolicitudCreada;
let enviada: SolicitudCreada;
let idAdjunto: number;

beforeAll(async () => {
  t = await crearTestApp();
  borrador = await crearSolicitud(t.db, { estatus: 202 });
  enviada = await crearSolicitud(t.db, { estatus: 101 });
  const [a] = await t.db.select().from(adjuntos).where(eq(adjuntos.idSolicitud, borrador.idSolicitud)).limit(1);
  idAdjunto = a.idAdjunto;
});
afterAll(() => t?.close());

const urls = (s: SolicitudCreada, adjunto: number) => [
  `/api/SolicitudFirma/${s.idSolicitud}`,
  `/api/SolicitudFirma/Historico/${s.idSolicitud}`,
  `/api/SolicitudFirma/GetRechazos/${s.idSolicitud}`,
  `/api/Funcionarios/GetFuncionarioSolicitud/${s.idSolicitud}`,
  `/api/Funcionarios/GetFirmasFuncionarios/${s.funcionarios[0]}`,
  `/api/SolicitudFirma/GetSolicitudAdjuntos/${s.idSolicitud}`,
  `/api/SolicitudFirma/GetFuncionariosAdjuntos/${s.idSolicitud}/${s.funcionarios[0]}`,
  `/api/SolicitudFirma/DownloadAdjunto/${adjunto}`,
];

describe("drafts (202) are the institution's until sent", () => {
  it("404 for every internal reader, on the request, its officials and its files", async () => {
    for (const usuario of ["analista", "juridico", "administrador", "consultor"]) {
      for (const url of urls(borrador, idAdjunto)) {
        const res = await t.as(usuario, { method: "GET", url });
        expect(res.statusCode, `${usuario} ${url}`).toBe(404);
        expect(res.json().success).toBe(false);
      }
    }
  });

  it("the originator of the institution reads it all; internal users read a sent request", async () => {
    for (const url of urls(borrador, idAdjunto)) {
      expect((await t.as("originador", { method: "GET", url })).statusCode, url).toBe(200);
    }
    const res = await t.as("analista", { method: "GET", url: `/api/SolicitudFirma/${enviada.idSolicitud}` });
    expect(res.statusCode).toBe(200);
    const otro = await t.as("analista", { method: "GET", url: `/api/SolicitudFirma/${borrador.idSolicitud}` });
    expect(otro.json()).toEqual({ success: false, message: MSG.solicitudNoEncontrada });
  });
});
