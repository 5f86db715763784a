/**
 * Stored files: GET api/SolicitudFirma/GetSolicitudAdjuntos/{id},
 * GetFuncionariosAdjuntos/{idSolicitud}/{idFuncionario} and DownloadAdjunto/{idAdjunto}.
 */
import crypto from "node:crypto";
import { MSG, zAdjunto } from "@registro/contracts";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adjuntos } from "../../src/db/schema.js";
import { pdfMuestra } from "../../src/seed/archivos-muestra.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { crearSolicitud } from "../support/factories.js";

let t: TestApp;

beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(() => t.close());

const get = (u: Parameters<TestApp["as"]>[0], url: string) => t.as(u, { method: "GET", url });

describe("GET /api/SolicitudFirma/GetSolicitudAdjuntos/{idSolicitud}", () => {
  it("401, 400, 403 and 404 (another institution like a missing request)", async () => {
    const { idSolicitud } = await crearSolicitud(t.db);
    const url = `/api/SolicitudFirma/GetSolicitudAdjuntos/${idSolicitud}`;
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await get("originador", "/api/SolicitudFirma/GetSolicitudAdjuntos/x")).statusCode).toBe(400);
    expect((await get("configuracion", url)).statusCode).toBe(403);
    const ajena = await get("originador2", url);
    expect(ajena.statusCode).toBe(404);
    expect((await get("originador2", "/api/SolicitudFirma/GetSolicitudAdjuntos/1555555")).body).toBe(ajena.body);
  });

  it("lists the request's own documents (not the officials') in document order, without bytes", async () => {
    // Sent (101): a draft is the institution's alone (issue 9).
    const { idSolicitud } = await crearSolicitud(t.db, { funcionarios: 2, estatus: 101 });
    for (const u of ["originador", "analista", "administrador"] as const) {
      const res = await get(u, `/api/SolicitudFirma/GetSolicitudAdjuntos/${idSolicitud}`);
      expect(res.statusCode).toBe(200);
      const lista = res.json().map((a: unknown) => zAdjunto.parse(a));
      expect(lista.map((a: { tipoAdjunto: string }) => a.tipoAdjunto)).toEqual([
        "Oficio",
        "Cedula",
        "Designacion",
        "Tarjeta",
      ]);
      expect(lista[0]).toMatchObject({ nombre: "oficio.pdf", mime: "application/pdf", icono: "pi pi-file-pdf" });
      expect(lista[1]).toMatchObject({ nombre: "cedula.png", mime: "image/png", icono: "pi pi-image" });
      expect(lista[0].id).toBe(lista[0].idAdjunto);
      expect(lista[0].tamaño).toBeGreaterThan(100);
      expect(res.body).not.toContain("contenido");
    }
  });
});

describe("GET /api/SolicitudFirma/GetFuncionariosAdjuntos/{idSolicitud}/{idFuncionario}", () => {
  it("401, 400, 403, 404 for another institution and for an official of another request", async () => {
    const a = await crearSolicitud(t.db);
    const b = await crearSolicitud(t.db);
    const url = `/api/SolicitudFirma/GetFuncionariosAdjuntos/${a.idSolicitud}/${a.funcionarios[0]}`;
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await get("originador", `/api/SolicitudFirma/GetFuncionariosAdjuntos/${a.idSolicitud}/x`)).statusCode).toBe(
      400,
    );
    expect((await get("configuracion", url)).statusCode).toBe(403);
    expect((await get("originador2", url)).statusCode).toBe(404);
    const cruzado = await get(
      "originador",
      `/api/SolicitudFirma/GetFuncionariosAdjuntos/${a.idSolicitud}/${b.funcionarios[0]}`,
    );
    expect(cruzado.statusCode).toBe(404);
    expect(cruzado.json()).toEqual({ success: false, message: MSG.funcionarioNoEncontrado });
  });

  it("lists the official's four documents", async () => {
    const {
      idSolicitud,
      funcionarios: [id],
    } = await crearSolicitud(t.db, { estatus: 102 });
    const res = await get("juridico", `/api/SolicitudFirma/GetFuncionariosAdjuntos/${idSolicitud}/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((a: { tipoAdjunto: string }) => a.tipoAdjunto)).toEqual([
      "Oficio",
      "Cedula",
      "Designacion",
      "Tarjeta",
    ]);
  });
});

describe("GET /api/SolicitudFirma/DownloadAdjunto/{idAdjunto}", () => {
  async function oficio(idSolicitud: number) {
    const [a] = await t.db
      .select()
      .from(adjuntos)
      .where(
        and(eq(adjuntos.idSolicitud, idSolicitud), isNull(adjuntos.idFuncionario), eq(adjuntos.tipoAdjunto, "Oficio")),
      );
    return a;
  }

  it("401, 400, 403, and 404 for another institution's file like a missing one", async () => {
    const { idSolicitud } = await crearSolicitud(t.db);
    const a = await oficio(idSolicitud);
    const url = `/api/SolicitudFirma/DownloadAdjunto/${a.idAdjunto}`;
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await get("originador", "/api/SolicitudFirma/DownloadAdjunto/abc")).statusCode).toBe(400);
    expect((await get("configuracion", url)).statusCode).toBe(403);
    const ajeno = await get("originador2", url);
    expect(ajeno.statusCode).toBe(404);
    expect(ajeno.json()).toEqual({ success: false, message: MSG.adjuntoNoEncontrado });
    expect((await get("originador2", "/api/SolicitudFirma/DownloadAdjunto/1444444")).body).toBe(ajeno.body);
  });

  it("serves the bytes with the stored type, inline, nosniff and no caching", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 106 });
    const a = await oficio(idSolicitud);
    for (const u of ["originador", "consultor"] as const) {
      const res = await get(u, `/api/SolicitudFirma/DownloadAdjunto/${a.idAdjunto}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      expect(res.headers["content-disposition"]).toBe(`inline; filename="oficio.pdf"; filename*=UTF-8''oficio.pdf`);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(crypto.createHash("sha256").update(res.rawPayload).digest("hex")).toBe(a.sha256);
    }
  });

  it("never lets a stored name break the header: quotes, CR/LF, directories, non-ASCII", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { conDocumentos: false, funcionarios: 0 });
    const contenido = pdfMuestra("x");
    const [a] = await t.db
      .insert(adjuntos)
      .values({
        idSolicitud,
        tipoAdjunto: "Oficio",
        nombre: '../../etc/Año "2026"\r\nSet-Cookie: x=1; ñandú (1).pdf',
        mime: "application/pdf",
        tamano: contenido.length,
        sha256: crypto.createHash("sha256").update(contenido).digest("hex"),
        contenido,
      })
      .returning();
    const res = await get("originador", `/api/SolicitudFirma/DownloadAdjunto/${a.idAdjunto}`);
    expect(res.statusCode).toBe(200);
    const cd = res.headers["content-disposition"] as string;
    expect(cd).not.toMatch(/[\r\n]/);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(cd).toBe(
      `inline; filename="Ano 2026Set-Cookie: x=1; nandu (1).pdf"; filename*=UTF-8''A%C3%B1o%202026Set-Cookie%3A%20x%3D1%3B%20%C3%B1and%C3%BA%20%281%29.pdf`,
    );
  });
});
