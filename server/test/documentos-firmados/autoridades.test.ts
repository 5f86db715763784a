/**
 * "Autoridades de confianza": who may call (401/403), uploads of CA certificates and CRLs (PEM and
 * DER; not a certificate, not a CA, repeated, a CRL no anchor signed → 400 on the field), listing
 * with validity and last update, retiring, joint-signature rules and the cédula's attribute, each
 * change audited; the view granted to the configuration administrator on databases seeded before it.
 */
import { MSG } from "@registro/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearTestApp, type TestApp } from "../support/app.js";
import { esperarErrores } from "../support/configuracion.js";
import { multipart } from "../support/formularios.js";
import { USUARIOS_DEMO } from "../support/peticiones.js";
import { type CaOpenssl, crearCa } from "./ca-openssl.js";

const BASE = "/api/Configuracion/AutoridadesConfianza";
let t: TestApp;
let ca: CaOpenssl;
let otra: CaOpenssl;

beforeAll(async () => {
  t = await crearTestApp();
  ca = crearCa("Raiz de Pruebas");
  otra = crearCa("Otra Raiz");
});
afterAll(async () => {
  ca?.borrar();
  otra?.borrar();
  await t?.close();
});

const subir = (ruta: string, contenido: Buffer | null, usuario: Parameters<TestApp["as"]>[0] = "configuracion") => {
  const m = multipart({}, contenido ? { Archivo: { nombre: "archivo.pem", contenido } } : {});
  return t.as(usuario, { method: "POST", url: `${BASE}/${ruta}`, ...m });
};
const listar = async () => (await t.as("configuracion", { method: "GET", url: BASE })).json();

describe("access", () => {
  it("401 without a session, 403 for every profile but the configuration administrator", async () => {
    expect((await t.as(null, { method: "GET", url: BASE })).statusCode).toBe(401);
    for (const u of USUARIOS_DEMO) {
      const r = await t.as(u, { method: "GET", url: BASE });
      expect(r.statusCode, u).toBe(u === "configuracion" ? 200 : 403);
    }
    expect((await subir("Ancla", ca.certificadoPem, "administrador")).statusCode).toBe(403);
  });

  it("the view reaches the profiles holding Claves de sistema (migration 0041, seed)", async () => {
    const r =
      (await t.db.execute(sql`select p.nombre from perfiles p join perfil_vistas pv on pv.id_perfil = p.id_perfil
      join vistas v on v.id_vista = pv.id_vista where v.nombre = 'Autoridades de confianza'`)) as unknown as {
        rows: { nombre: string }[];
      };
    expect(r.rows.map((x) => x.nombre)).toContain("Administrador de Configuración");
  });
});

describe("anchors and CRLs", () => {
  it("400 on Archivo for a missing file, a non-certificate, a leaf, a CRL nobody trusted signed", async () => {
    esperarErrores(await subir("Ancla", null), { Archivo: MSG.anclaArchivoRequerido });
    esperarErrores(await subir("Ancla", Buffer.from("%PDF-1.4 no")), { Archivo: MSG.anclaNoCertificado });
    esperarErrores(await subir("Ancla", Buffer.from("-----BEGIN CERTIFICATE-----\n!!\n-----END CERTIFICATE-----")), {
      Archivo: MSG.anclaNoCertificado,
    });
    esperarErrores(await subir("Ancla", ca.hojaPem), { Archivo: MSG.anclaNoEsCa });
    esperarErrores(await subir("Crl", null), { Archivo: MSG.crlArchivoRequerido });
    esperarErrores(await subir("Crl", Buffer.from([0x30, 0x03, 0x02, 0x01])), { Archivo: MSG.crlNoValida });
    esperarErrores(await subir("Crl", otra.crl()), { Archivo: MSG.crlSinEmisor });
  });

  it("adds a CA (PEM), refuses it twice, lists it; a CRL it signed is loaded and replaced by a newer one", async () => {
    const r = await subir("Ancla", ca.certificadoPem);
    expect(r.json(), r.body).toMatchObject({ success: true, message: MSG.anclaAgregada });
    esperarErrores(await subir("Ancla", ca.certificadoDer), { Archivo: MSG.anclaRepetida });
    const [a] = (await listar()).anclas;
    expect(a).toMatchObject({
      sujeto: "CN=Raiz de Pruebas, O=Pruebas, C=DO",
      estado: "vigente",
      creadaPor: "configuracion",
    });
    expect(new Date(a.validoHasta).getTime()).toBeGreaterThan(Date.now());

    expect((await subir("Crl", ca.crl())).json()).toMatchObject({ success: true, message: MSG.crlAgregada });
    const primera = (await listar()).crls[0];
    expect(primera).toMatchObject({ emisor: "CN=Raiz de Pruebas, O=Pruebas, C=DO", estado: "vigente" });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await subir("Crl", ca.crl())).json().success).toBe(true);
    const crls = (await listar()).crls;
    expect(crls).toHaveLength(1);
    expect(crls[0].actualizada > primera.actualizada).toBe(true);
    expect(crls[0].sha256).not.toBe(primera.sha256);
  });

  it("retires a CRL and an anchor (then the same CA may be added again); each change is audited", async () => {
    const { anclas, crls } = await listar();
    expect(
      (await t.as("configuracion", { method: "POST", url: `${BASE}/Crl/Retirar/${crls[0].idCrl}` })).json(),
    ).toMatchObject({ success: true, message: MSG.crlRetirada });
    const retirar = () => t.as("configuracion", { method: "POST", url: `${BASE}/Ancla/Retirar/${anclas[0].idAncla}` });
    expect((await retirar()).json()).toMatchObject({ success: true, message: MSG.anclaRetirada });
    expect((await retirar()).json()).toMatchObject({ success: false, message: MSG.anclaYaRetirada });
    expect((await t.as("configuracion", { method: "POST", url: `${BASE}/Ancla/Retirar/999999` })).statusCode).toBe(404);
    const despues = await listar();
    expect(despues.anclas[0]).toMatchObject({ estado: "retirada", retiradaPor: "configuracion" });
    expect(despues.crls[0].estado).toBe("retirada");
    expect((await subir("Ancla", ca.certificadoDer)).json().success).toBe(true);
    const r = (await t.db.execute(
      sql`select accion, id_entidad from auditoria where entidad = 'AutoridadConfianza' order by id_auditoria`,
    )) as unknown as { rows: { accion: string; id_entidad: string }[] };
    expect(r.rows.map((x) => x.accion)).toEqual(["crear", "crear", "editar", "retirar", "retirar", "crear"]);
  });
});

describe("joint signatures and the cédula's attribute", () => {
  const conjunta = (payload: object) =>
    t.as("configuracion", { method: "POST", url: `${BASE}/FirmaConjunta`, payload });

  it("400 for a number below 2 or above 10, an unknown institution or signature", async () => {
    esperarErrores(await conjunta({ idInstitucion: 1, idFirma: 1, minimo: 1 }), { minimo: MSG.conjuntaMinimo });
    esperarErrores(await conjunta({ idInstitucion: 1, idFirma: 1, minimo: 11 }), { minimo: MSG.conjuntaMinimo });
    esperarErrores(await conjunta({ idInstitucion: 999999, idFirma: 1, minimo: 2 }), {
      idInstitucion: MSG.institucionNoExiste,
    });
    esperarErrores(await conjunta({ idInstitucion: 1, idFirma: 999999, minimo: 2 }), { idFirma: MSG.firmaNoExiste });
  });

  it("saves, changes, lists and removes a rule; sets the attribute; all audited", async () => {
    const r0 = await conjunta({ idInstitucion: 1, idFirma: 101, minimo: 2 });
    expect(r0.json(), r0.body).toMatchObject({ success: true });
    expect((await conjunta({ idInstitucion: 1, idFirma: 101, minimo: 3 })).json()).toMatchObject({ success: true });
    const l = await listar();
    expect(l.firmasConjuntas).toEqual([expect.objectContaining({ idInstitucion: 1, idFirma: 101, minimo: 3 })]);
    expect(l.atributoCedula).toBe("2.5.4.5");
    const quitar = () => t.as("configuracion", { method: "DELETE", url: `${BASE}/FirmaConjunta/1/101` });
    expect((await quitar()).json()).toMatchObject({ success: true, message: MSG.conjuntaEliminada });
    expect((await quitar()).statusCode).toBe(404);
    const atributo = (oid: string) =>
      t.as("configuracion", { method: "POST", url: `${BASE}/AtributoCedula`, payload: { oid } });
    esperarErrores(await atributo("cédula"), { oid: MSG.atributoCedulaInvalido });
    expect((await atributo("2.5.4.97")).json()).toMatchObject({ success: true });
    expect((await listar()).atributoCedula).toBe("2.5.4.97");
    const r = (await t.db.execute(
      sql`select accion from auditoria where entidad = 'AjusteDocumentos' order by id_auditoria`,
    )) as unknown as { rows: { accion: string }[] };
    expect(r.rows.map((x) => x.accion)).toEqual(["crear", "editar", "eliminar", "editar"]);
  });
});
