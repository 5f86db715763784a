import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  MSG,
  zCargoOpcion,
  zCriterio,
  zInfoInstitucion,
  zInstitucionOpcion,
  zMotivo,
  zPersona,
  zTipoFirma,
} from "@registro/contracts";
import { and, desc, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { hashPassword } from "../../src/auth/passwords.js";
import { consultarPadronExterno } from "../../src/catalogos/padron.js";
import {
  auditoria,
  cargos,
  institucionCargos,
  instituciones,
  motivos,
  personas,
  tiposFirma,
  usuarios,
} from "../../src/db/schema.js";
import { perfilPorNombre } from "../../src/seed/catalogos.js";
import { DEMO_PASSWORD } from "../../src/seed/demo.js";
import { crearTestApp, type TestApp, type UsuarioDemo } from "../support/app.js";
import { CEDULAS, idInstitucionDe, idUsuario } from "../support/factories.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(() => t.close());

const get = (usuario: UsuarioDemo | string | null, url: string) => t.as(usuario, { method: "GET", url });

const LOOKUPS = [
  "/api/SolicitudFirma/GetMotivosCambioEstatus",
  "/api/SolicitudFirma/GetMotivosCambioEstatusJuridico",
  "/api/Usuarios/CargarCriterios",
  "/api/Usuarios/CargarInstituciones",
  "/api/Perfiles/GetCargos",
  "/api/Perfiles/GetCargosIncumbente",
  "/api/SolicitudFirma/GetPersona/001-0000001-7",
  "/api/SolicitudFirma/GetFirmas",
  "/api/Incumbente/Instituciones",
  "/api/Instituciones/onlineInstitution",
];

describe("every lookup", () => {
  it.each(LOOKUPS)("401 without a token: %s", async (url) => {
    const res = await get(null, url);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: MSG.noAutenticado });
  });
});

describe("GET /api/SolicitudFirma/GetMotivosCambioEstatus", () => {
  const url = "/api/SolicitudFirma/GetMotivosCambioEstatus";

  it.each(["consultor", "configuracion", "originador", "juridico"] as const)("403 for %s", async (u) => {
    const res = await get(u, url);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: MSG.noAutorizado });
  });

  it.each(["analista", "administrador"] as const)("the active RyCC reasons for %s", async (u) => {
    const res = await get(u, url);
    expect(res.statusCode).toBe(200);
    const lista = z.array(zMotivo).parse(res.json());
    expect(lista.length).toBeGreaterThan(0);
    for (const m of lista) expect(m).toMatchObject({ idClaseProceso: 1, activo: true });
  });

  it("leaves out an inactive reason", async () => {
    await t.db.update(motivos).set({ activo: false }).where(eq(motivos.idMotivo, 2));
    const ids = (await get("analista", url)).json().map((m: { idMotivo: number }) => m.idMotivo);
    expect(ids).not.toContain(2);
    expect(ids).toContain(1);
    await t.db.update(motivos).set({ activo: true }).where(eq(motivos.idMotivo, 2));
  });
});

describe("GET /api/SolicitudFirma/GetMotivosCambioEstatusJuridico", () => {
  const url = "/api/SolicitudFirma/GetMotivosCambioEstatusJuridico";

  it.each(["analista", "administrador", "consultor", "originador"] as const)("403 for %s", async (u) => {
    expect((await get(u, url)).statusCode).toBe(403);
  });

  it("the legal reasons for juridico", async () => {
    const res = await get("juridico", url);
    expect(res.statusCode).toBe(200);
    const lista = z.array(zMotivo).parse(res.json());
    expect(lista.length).toBeGreaterThan(0);
    for (const m of lista) expect(m.idClaseProceso).toBe(2);
  });
});

describe("GET /api/Usuarios/CargarCriterios", () => {
  it("the three kinds of criteria for any signed-in user", async () => {
    for (const u of ["consultor", "originador", "configuracion"] as const) {
      const res = await get(u, "/api/Usuarios/CargarCriterios");
      expect(res.statusCode).toBe(200);
      const lista = z.array(zCriterio).parse(res.json());
      expect(new Set(lista.map((c) => c.tipo))).toEqual(new Set(["Aceptacion", "Documento", "Rechazo"]));
    }
  });
});

describe("GET /api/Usuarios/CargarInstituciones", () => {
  const url = "/api/Usuarios/CargarInstituciones";

  it("every active institution by name for internal users", async () => {
    const res = await get("analista", url);
    expect(res.statusCode).toBe(200);
    const lista = z.array(zInstitucionOpcion).parse(res.json());
    const nombres = lista.map((i) => i.nombre);
    expect(nombres).toEqual([...nombres].sort((a, b) => a.localeCompare(b)));
    expect(nombres).toContain("Ministerio de Hacienda");
    expect(nombres).toContain("Ayuntamiento de Santiago");
  });

  it("leaves out an inactive institution", async () => {
    await t.db.update(instituciones).set({ estatus: false }).where(eq(instituciones.nombre, "Ayuntamiento de La Vega"));
    const nombres = (await get("consultor", url)).json().map((i: { nombre: string }) => i.nombre);
    expect(nombres).not.toContain("Ayuntamiento de La Vega");
    await t.db.update(instituciones).set({ estatus: true }).where(eq(instituciones.nombre, "Ayuntamiento de La Vega"));
  });

  it("only their own institution for external users", async () => {
    const res = await get("originador2", url);
    expect(res.json()).toEqual([
      { idInstitucionFirma: await idInstitucionDe(t.db, "originador2"), nombre: "Ayuntamiento de Santiago" },
    ]);
  });
});

describe("GET /api/Perfiles/GetCargos and GetCargosIncumbente", () => {
  const tipos = async () => new Map((await t.db.select().from(cargos)).map((c) => [c.idCargo, c]));

  it("active positions of each type, by name, with or without the trailing slash", async () => {
    const porId = await tipos();
    for (const [url, tipo] of [
      ["/api/Perfiles/GetCargos/", 2],
      ["/api/Perfiles/GetCargos", 2],
      ["/api/Perfiles/GetCargosIncumbente/", 1],
    ] as const) {
      const res = await get("analista", url);
      expect(res.statusCode).toBe(200);
      const lista = z.array(zCargoOpcion).parse(res.json());
      expect(lista.length).toBeGreaterThan(0);
      for (const c of lista) expect(porId.get(c.id)?.tipo).toBe(tipo);
      const nombres = lista.map((c) => c.nombre);
      expect(nombres).toEqual([...nombres].sort((a, b) => a.localeCompare(b)));
    }
  });

  it("leaves out an inactive position", async () => {
    await t.db.update(cargos).set({ estatus: false }).where(eq(cargos.nombre, "Tesorero"));
    const nombres = (await get("analista", "/api/Perfiles/GetCargos")).json().map((c: { nombre: string }) => c.nombre);
    expect(nombres).not.toContain("Tesorero");
    await t.db.update(cargos).set({ estatus: true }).where(eq(cargos.nombre, "Tesorero"));
  });

  it("an external user gets the positions of their institution, or all when it has none", async () => {
    const idInst = await idInstitucionDe(t.db, "originador2");
    const [tesorero] = await t.db.select().from(cargos).where(eq(cargos.nombre, "Tesorero"));
    const [alcalde] = await t.db.select().from(cargos).where(eq(cargos.nombre, "Alcalde"));
    // Keep only Tesorero (official) and Alcalde (incumbent) associated with the institution.
    await t.db
      .delete(institucionCargos)
      .where(
        and(
          eq(institucionCargos.idInstitucion, idInst),
          ne(institucionCargos.idCargo, tesorero.idCargo),
          ne(institucionCargos.idCargo, alcalde.idCargo),
        ),
      );
    expect((await get("originador2", "/api/Perfiles/GetCargos")).json()).toEqual([
      { id: tesorero.idCargo, nombre: "Tesorero" },
    ]);
    expect((await get("originador2", "/api/Perfiles/GetCargosIncumbente")).json()).toEqual([
      { id: alcalde.idCargo, nombre: "Alcalde" },
    ]);
    // Internal users are not narrowed.
    expect((await get("analista", "/api/Perfiles/GetCargos")).json().length).toBeGreaterThan(1);

    await t.db.delete(institucionCargos).where(eq(institucionCargos.idInstitucion, idInst));
    const todos = (await get("originador2", "/api/Perfiles/GetCargos")).json();
    expect(todos).toEqual((await get("analista", "/api/Perfiles/GetCargos")).json());
  });
});

describe("GET /api/SolicitudFirma/GetPersona/{cedula}", () => {
  it("400 on Cedula for a malformed cédula", async () => {
    for (const cedula of ["123", "00100000017", "abc-defghij-k"]) {
      const res = await get("originador", `/api/SolicitudFirma/GetPersona/${cedula}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: MSG.datosInvalidos });
      // The first message of a field is the one the form shows.
      expect(res.json().errors.Cedula[0]).toBe(MSG.cedulaFormato);
    }
  });

  it("400 on Cedula for a wrong check digit", async () => {
    const res = await get("originador", "/api/SolicitudFirma/GetPersona/001-0000001-8");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ Cedula: [MSG.cedulaInvalida] });
  });

  it("404 with a Spanish message for an unknown person", async () => {
    const res = await get("originador", `/api/SolicitudFirma/GetPersona/${CEDULAS[0]}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: MSG.personaNoEncontrada });
  });

  it("the person from the padrón for the profiles whose forms fill names from a cédula", async () => {
    const [p] = await t.db.select().from(personas).limit(1);
    for (const u of ["originador", "analista", "juridico", "administrador", "configuracion"] as const) {
      const res = await get(u, `/api/SolicitudFirma/GetPersona/${p.cedula}`);
      expect(res.statusCode, u).toBe(200);
      expect(zPersona.parse(res.json())).toEqual({ cedula: p.cedula, nombre: p.nombres, apellidos: p.apellidos });
    }
  });

  it.each(["consultor", "verificador"] as const)("403 for %s: the registry is not a directory", async (u) => {
    const [p] = await t.db.select().from(personas).limit(1);
    const res = await get(u, `/api/SolicitudFirma/GetPersona/${p.cedula}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: MSG.noAutorizado });
  });

  it("each look-up is audited with who asked for which cédula, found or not", async () => {
    const [p] = await t.db.select().from(personas).limit(1);
    const originador = await idUsuario(t.db, "originador");
    await get("originador", `/api/SolicitudFirma/GetPersona/${p.cedula}`);
    await get("originador", `/api/SolicitudFirma/GetPersona/${CEDULAS[1]}`);
    const filas = await t.db
      .select()
      .from(auditoria)
      .where(eq(auditoria.entidad, "Persona"))
      .orderBy(desc(auditoria.idAuditoria))
      .limit(2);
    expect(filas.map((f) => [f.idUsuario, f.idEntidad, f.accion, f.despues])).toEqual([
      [originador, CEDULAS[1], "consultar", { encontrada: false }],
      [originador, p.cedula, "consultar", { encontrada: true }],
    ]);
  });

  it("is limited per user (PERSONA_RATE_LIMIT a minute): the next call gets 429, another user is not held", async () => {
    const limitada = await crearTestApp({ PERSONA_RATE_LIMIT: "3" });
    try {
      const [p] = await limitada.db.select().from(personas).limit(1);
      const pedir = (u: UsuarioDemo) =>
        limitada.as(u, { method: "GET", url: `/api/SolicitudFirma/GetPersona/${p.cedula}` });
      for (let i = 0; i < 3; i++) expect((await pedir("analista")).statusCode).toBe(200);
      const cuarta = await pedir("analista");
      expect(cuarta.statusCode).toBe(429);
      expect(cuarta.json()).toEqual({ success: false, message: MSG.demasiadasSolicitudes });
      expect((await pedir("juridico")).statusCode).toBe(200);
    } finally {
      await limitada.close();
    }
  });
});

describe("GetPersona with PADRON_URL", () => {
  const conocidas: Record<string, unknown> = {
    [CEDULAS[0]]: { nombres: "Lucía Esther", apellidos: "Núñez Peña" },
    [CEDULAS[1]]: { nombre: "Ramón", apellidos: "Ortiz" },
    [CEDULAS[2]]: { apellidos: "Sin Nombre" },
  };
  let servidor: http.Server;
  let externa: TestApp;
  let base: string;
  let pedidas: string[];

  beforeAll(async () => {
    pedidas = [];
    servidor = http.createServer((req, res) => {
      const cedula = decodeURIComponent(req.url!.split("/").pop()!);
      pedidas.push(cedula);
      if (cedula === CEDULAS[3]) {
        res.writeHead(500).end("fallo");
        return;
      }
      if (cedula === CEDULAS[4]) return; // never answers
      const body = conocidas[cedula];
      if (!body) {
        res.writeHead(404, { "content-type": "application/json" }).end("{}");
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => servidor.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}/padron`;
    externa = await crearTestApp({ PADRON_URL: base });
  });
  afterAll(async () => {
    await externa.close();
    servidor.closeAllConnections();
    await new Promise((resolve) => servidor.close(resolve));
  });

  const persona = (cedula: string) =>
    externa.as("originador", { method: "GET", url: `/api/SolicitudFirma/GetPersona/${cedula}` });

  it("asks the registry at PADRON_URL/{cedula}, with nombres or nombre", async () => {
    expect((await persona(CEDULAS[0])).json()).toEqual({
      cedula: CEDULAS[0],
      nombre: "Lucía Esther",
      apellidos: "Núñez Peña",
    });
    expect((await persona(CEDULAS[1])).json()).toEqual({ cedula: CEDULAS[1], nombre: "Ramón", apellidos: "Ortiz" });
    expect(pedidas).toEqual([CEDULAS[0], CEDULAS[1]]);
  });

  it("falls back to the padrón table when the registry fails, does not know or answers oddly", async () => {
    const [p] = await externa.db.select().from(personas).limit(1);
    const res = await persona(p.cedula);
    expect(res.json()).toEqual({ cedula: p.cedula, nombre: p.nombres, apellidos: p.apellidos });
    expect(pedidas).toContain(p.cedula);
    for (const cedula of [CEDULAS[2], CEDULAS[3]]) {
      const r = await persona(cedula);
      expect(r.statusCode).toBe(404);
      expect(r.json().message).toBe(MSG.personaNoEncontrada);
    }
  });

  it("gives up on a registry that does not answer in time", async () => {
    const inicio = Date.now();
    expect(await consultarPadronExterno(base, CEDULAS[4], 200)).toBeNull();
    expect(Date.now() - inicio).toBeLessThan(2000);
  });

  it("an unreachable registry is a fallback, not a failure", async () => {
    expect(await consultarPadronExterno("http://127.0.0.1:1/padron", CEDULAS[0], 1000)).toBeNull();
  });
});

describe("GET /api/SolicitudFirma/GetFirmas", () => {
  it("signature types with their signatures as firma1", async () => {
    const res = await get("originador", "/api/SolicitudFirma/GetFirmas");
    expect(res.statusCode).toBe(200);
    const lista = z.array(zTipoFirma).parse(res.json());
    const tipos = await t.db.select().from(tiposFirma);
    expect(lista.map((x) => x.idTipoFirma)).toEqual(tipos.map((x) => x.idTipoFirma).sort((a, b) => a - b));
    const financiera = lista.find((x) => x.nombre === "Financiera");
    expect(financiera?.firmas.map((f) => f.firma1)).toEqual(["Cheques", "Órdenes de pago", "Transferencias"]);
  });
});

describe("GET /api/Incumbente/Instituciones", () => {
  const url = "/api/Incumbente/Instituciones";

  it.each(["analista", "consultor", "configuracion"] as const)("403 for %s", async (u) => {
    expect((await get(u, url)).statusCode).toBe(403);
  });

  it("the originator's own institution", async () => {
    const res = await get("originador", url);
    expect(res.statusCode).toBe(200);
    expect(z.array(zInstitucionOpcion).parse(res.json())).toEqual([
      { idInstitucionFirma: await idInstitucionDe(t.db, "originador"), nombre: "Ministerio de Hacienda" },
    ]);
  });
});

describe("GET /api/Instituciones/onlineInstitution", () => {
  const url = "/api/Instituciones/onlineInstitution";

  it.each(["analista", "administrador", "configuracion"] as const)("403 for %s", async (u) => {
    expect((await get(u, url)).statusCode).toBe(403);
  });

  it("404 with a Spanish message for an internal user holding the originator's views", async () => {
    await t.db.insert(usuarios).values({
      usuario: "interno.originador",
      nombre: "Interno",
      apellido: "Originador",
      cedula: CEDULAS[2],
      email: "interno.originador@contraloria.gob.do",
      passwordHash: await hashPassword(DEMO_PASSWORD),
      idPerfil: await perfilPorNombre(t.db, "Originador"),
      externo: false,
    });
    const res = await get("interno.originador", url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: MSG.usuarioSinInstitucion });
  });

  it("the signed-in originator's institution with its contact data", async () => {
    const res = await get("originador", url);
    expect(res.statusCode).toBe(200);
    expect(zInfoInstitucion.parse(res.json())).toMatchObject({
      idInstitucionFirma: await idInstitucionDe(t.db, "originador"),
      nombre: "Ministerio de Hacienda",
      estructura: "Gobierno Central",
      telefono: "(809) 687-5131",
    });
    expect((await get("originador2", url)).json().nombre).toBe("Ayuntamiento de Santiago");
  });
});
