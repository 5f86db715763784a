/**
 * Stored files: GET api/SolicitudFirma/GetSolicitudAdjuntos/{id},
 * GetFuncionariosAdjuntos/{idSolicitud}/{idFuncionario} and DownloadAdjunto/{idAdjunto}; the
 * viewer's link (EnlaceAdjunto, VerAdjunto).
 */
import crypto from "node:crypto";
import { MSG, zAdjunto } from "@registro/contracts";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENLACE_SEGUNDOS, firmaEnlace, urlParaRegistro } from "../../src/adjuntos/enlace.js";
import { hashToken } from "../../src/auth/tokens.js";
import { adjuntos, sesiones } from "../../src/db/schema.js";
import { pdfMuestra } from "../../src/seed/archivos-muestra.js";
import { DEMO_PASSWORD } from "../../src/seed/demo.js";
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
    // Sent (101): a draft is the institution's alone.
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

describe("the viewer's link: POST EnlaceAdjunto/{idAdjunto}, then GET VerAdjunto/{idAdjunto}/{nombre}", () => {
  const enlace = (u: Parameters<TestApp["as"]>[0], idAdjunto: number | string) =>
    t.as(u, { method: "POST", url: `/api/SolicitudFirma/EnlaceAdjunto/${idAdjunto}` });
  /** Opens a link as the iframe does: no Authorization header. */
  const abrir = (url: string) => t.app.inject({ method: "GET", url: `/${url}` });
  async function documentoDe(idSolicitud: number) {
    const [a] = await t.db
      .select()
      .from(adjuntos)
      .where(and(eq(adjuntos.idSolicitud, idSolicitud), isNull(adjuntos.idFuncionario)));
    return a;
  }
  /** A signed-in session of its own (the shared tokens stay valid for the other tests). */
  async function sesionPropia(usuario: string) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/Account/LogIn",
      payload: { userName: usuario, password: DEMO_PASSWORD },
    });
    return res.json().token as string;
  }

  it("401, 400, 403, and 404 for another institution's file like a missing one", async () => {
    const { idSolicitud } = await crearSolicitud(t.db);
    const a = await documentoDe(idSolicitud);
    expect((await enlace(null, a.idAdjunto)).statusCode).toBe(401);
    expect((await enlace("originador", "abc")).statusCode).toBe(400);
    expect((await enlace("configuracion", a.idAdjunto)).statusCode).toBe(403);
    const ajeno = await enlace("originador2", a.idAdjunto);
    expect(ajeno.statusCode).toBe(404);
    expect(ajeno.json()).toEqual({ success: false, message: MSG.adjuntoNoEncontrado });
    expect((await enlace("originador2", 1444444)).body).toBe(ajeno.body);
    // A draft's files are the institution's alone, as for the download.
    expect((await enlace("analista", a.idAdjunto)).statusCode).toBe(404);
  });

  it("opens without a token under the file's name, with the download's headers and bytes", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 106, conDocumentos: false, funcionarios: 0 });
    const contenido = pdfMuestra("Oficio");
    const [a] = await t.db
      .insert(adjuntos)
      .values({
        idSolicitud,
        tipoAdjunto: "Oficio",
        nombre: "Oficio firmado (año 2026).pdf",
        mime: "application/pdf",
        tamano: contenido.length,
        sha256: crypto.createHash("sha256").update(contenido).digest("hex"),
        contenido,
      })
      .returning();
    for (const u of ["originador", "consultor"] as const) {
      const res = await enlace(u, a.idAdjunto);
      expect(res.statusCode).toBe(200);
      const { url } = res.json().data;
      expect(url).toMatch(
        new RegExp(
          `^api/SolicitudFirma/VerAdjunto/${a.idAdjunto}/Oficio%20firmado%20\\(a%C3%B1o%202026\\)\\.pdf\\?s=\\d+&e=\\d+&f=[0-9a-f]{64}$`,
        ),
      );
      const abierto = await abrir(url);
      expect(abierto.statusCode).toBe(200);
      expect(abierto.headers["content-type"]).toBe("application/pdf");
      expect(abierto.headers["content-disposition"]).toBe(
        `inline; filename="Oficio firmado (ano 2026).pdf"; filename*=UTF-8''Oficio%20firmado%20%28a%C3%B1o%202026%29.pdf`,
      );
      expect(abierto.headers["x-content-type-options"]).toBe("nosniff");
      expect(abierto.headers["cache-control"]).toBe("private, no-store");
      expect(crypto.createHash("sha256").update(abierto.rawPayload).digest("hex")).toBe(a.sha256);
    }
  });

  it("a link opens only its own file, unaltered, unexpired, while its session lives (else one 404)", async () => {
    const { idSolicitud } = await crearSolicitud(t.db, { estatus: 106 });
    const a = await documentoDe(idSolicitud);
    const otro = await documentoDe((await crearSolicitud(t.db, { estatus: 106 })).idSolicitud);
    const token = await sesionPropia("originador");
    const pedir = async () =>
      (
        await t.app.inject({
          method: "POST",
          url: `/api/SolicitudFirma/EnlaceAdjunto/${a.idAdjunto}`,
          headers: { authorization: token },
        })
      ).json().data.url as string;
    const url = await pedir();
    const q = new URL(`http://x/${url}`).searchParams;
    const s = Number(q.get("s"));
    const e = Number(q.get("e"));
    const f = q.get("f") ?? "";
    const ahora = Math.floor(Date.now() / 1000);
    expect(e - ahora).toBeGreaterThan(60);
    expect(e - ahora).toBeLessThanOrEqual(ENLACE_SEGUNDOS);
    expect((await abrir(url)).statusCode).toBe(200);

    const noAbre = async (otraUrl: string) => {
      const res = await abrir(otraUrl);
      expect(res.statusCode, otraUrl).toBe(404);
      expect(res.json()).toEqual({ success: false, message: MSG.adjuntoNoEncontrado });
    };
    const nombre = url.split("?")[0].split("/").pop() ?? "";
    const ver = (id: number, q2: { s: number; e: number; f: string }, otroNombre = nombre) =>
      `api/SolicitudFirma/VerAdjunto/${id}/${otroNombre}?s=${q2.s}&e=${q2.e}&f=${q2.f}`;
    // The name in the path is signed too: another name (another type to the browser) does not open.
    await noAbre(ver(a.idAdjunto, { s, e, f }, "evil.html"));
    await noAbre(ver(a.idAdjunto, { s, e, f }, "x.pdf"));
    // Another file with this file's signature; an altered signature, expiry or session.
    await noAbre(ver(otro.idAdjunto, { s, e, f }));
    await noAbre(ver(a.idAdjunto, { s, e, f: `${f.slice(0, 63)}${f[63] === "0" ? "1" : "0"}` }));
    await noAbre(ver(a.idAdjunto, { s, e: e + 1, f }));
    const ajena = (
      await t.db
        .select()
        .from(sesiones)
        .where(eq(sesiones.tokenHash, hashToken(await t.token("consultor"))))
    )[0];
    await noAbre(ver(a.idAdjunto, { s: ajena.idSesion, e, f }));
    // Correctly signed with the session's key, but expired, or valid for longer than a link lives.
    const clave = hashToken(token);
    await noAbre(
      ver(a.idAdjunto, {
        s,
        e: ahora - 1,
        f: firmaEnlace(clave, s, a.idAdjunto, ahora - 1, decodeURIComponent(nombre)),
      }),
    );
    const lejos = ahora + ENLACE_SEGUNDOS + 60;
    await noAbre(
      ver(a.idAdjunto, { s, e: lejos, f: firmaEnlace(clave, s, a.idAdjunto, lejos, decodeURIComponent(nombre)) }),
    );
    expect((await abrir(ver(a.idAdjunto, { s, e, f }))).statusCode).toBe(200);
    // Signing out ends every link of the session.
    await t.app.inject({ method: "PUT", url: "/api/Account/LogOff", headers: { authorization: token } });
    await noAbre(url);
    // Malformed links are a 400, never a 500.
    expect((await abrir(`api/SolicitudFirma/VerAdjunto/${a.idAdjunto}/x.pdf?s=${s}&e=${e}&f=zz`)).statusCode).toBe(400);
    expect((await abrir(`api/SolicitudFirma/VerAdjunto/${a.idAdjunto}/x.pdf`)).statusCode).toBe(400);
  });
});

describe("the log line of a call", () => {
  it("never carries a signed link's query (a bearer secret while it lasts); other queries stay", () => {
    expect(urlParaRegistro("/api/SolicitudFirma/VerAdjunto/7/Oficio.pdf?s=3&e=1800000000&f=ab12")).toBe(
      "/api/SolicitudFirma/VerAdjunto/7/Oficio.pdf?…",
    );
    expect(urlParaRegistro("/RegistroFirmas/api/solicitudfirma/veradjunto/7/x.pdf?f=ab12")).not.toContain("ab12");
    expect(urlParaRegistro("/api/Bandeja/Analista?page=2")).toBe("/api/Bandeja/Analista?page=2");
  });
});
