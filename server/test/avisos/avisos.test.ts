/**
 * Notices: every status change that concerns someone writes an in-app notice and, for
 * those who want one mail per notice, an e-mail that a real SMTP server in this process receives
 * (recipients, subject, body with reasons, link). Then the bell's calls, preferences, the daily
 * summary, a failing SMTP server and "Correos no enviados".
 */
import { MSG } from "@registro/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { avisos, correos } from "../../src/db/schema.js";
import { crearTestApp, type TestApp, type UsuarioDemo } from "../support/app.js";
import { crearSolicitud } from "../support/factories.js";
import { multipart, pdf } from "../support/formularios.js";
import { idsDeUsuarios } from "../support/peticiones.js";
import { type AccionRevision, accion, cuerpoRechazo, cuerpoRetornoJuridico, cuerpoRyCC } from "../support/revision.js";
import { iniciarSmtp, type ServidorSmtp } from "../support/smtp.js";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const PUBLIC_URL = "https://firmas.example.gob/RegistroFirmas";
const correo = (u: string) => `${u}@demo.firmas.example`;
const REVISORES: UsuarioDemo[] = ["analista", "analista2", "juridico", "juridico2", "administrador"];

let t: TestApp;
let smtp: ServidorSmtp;
let ids: Record<string, number>;
/** The notices' clock runs ahead of real time by this much (tests move it, never sleep). */
let adelanto = 0;

beforeAll(async () => {
  smtp = await iniciarSmtp();
  t = await crearTestApp(
    { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: "Registro de Firmas <firmas@contraloria.example>" },
    { reloj: () => new Date(Date.now() + adelanto) },
  );
  ids = await idsDeUsuarios(t.db, ["originador", "originador2", ...REVISORES]);
});
afterAll(async () => {
  await t.close();
  await smtp.cerrar();
});

async function decide(usuario: UsuarioDemo, nombre: AccionRevision, id: number, cuerpo?: unknown) {
  const res = await accion(t, usuario, nombre, id, cuerpo);
  expect(res.json(), `${usuario} ${nombre}`).toMatchObject({ success: true });
}

async function preferir(usuario: UsuarioDemo, Correo: string) {
  const res = await t.as(usuario, { method: "PUT", url: "/api/Avisos/Preferencias", payload: { Correo } });
  expect(res.json()).toEqual({ success: true, message: MSG.preferenciasGuardadas });
}

/** Sends what is due and returns the mails that arrived with it. */
async function enviar() {
  const antes = smtp.recibidos.length;
  await t.app.avisos.procesarCola();
  return smtp.recibidos.slice(antes);
}

async function avisosDe(usuario: UsuarioDemo) {
  const res = await t.as(usuario, { method: "GET", url: "/api/Avisos" });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    rows: { titulo: string; texto: string; detalle: string; enlace: string; leido: boolean; idAviso: number }[];
    noLeidos: number;
  };
}

describe("the calls refuse what they must", () => {
  it("401 without a session, 400 for bad input, 403 without the view, 404 for another user's notice", async () => {
    expect((await t.as(null, { method: "GET", url: "/api/Avisos" })).statusCode).toBe(401);
    expect((await t.as(null, { method: "GET", url: "/api/Avisos/NoLeidos" })).statusCode).toBe(401);
    expect(
      (await t.as(null, { method: "PUT", url: "/api/Avisos/Preferencias", payload: { Correo: "cada" } })).statusCode,
    ).toBe(401);
    const malas = await t.as("originador", { method: "GET", url: "/api/Avisos?rows=abc" });
    expect(malas.statusCode).toBe(400);
    expect(malas.json().errors.rows).toBeDefined();
    const pref = await t.as("originador", {
      method: "PUT",
      url: "/api/Avisos/Preferencias",
      payload: { Correo: "siempre" },
    });
    expect(pref.statusCode).toBe(400);
    expect(pref.json().errors.Correo).toEqual([MSG.preferenciaInvalida]);
    for (const u of ["originador", "analista", "administrador", "consultor"] as const) {
      expect((await t.as(u, { method: "GET", url: "/api/Correos/NoEnviados" })).statusCode, u).toBe(403);
      expect((await t.as(u, { method: "POST", url: "/api/Correos/Reintentar/1" })).statusCode, u).toBe(403);
    }
    const ajeno = await t.db
      .insert(avisos)
      .values({ idUsuario: ids.originador2, tipo: "prueba", titulo: "x", texto: "x", enlace: "/" })
      .returning();
    const res = await t.as("originador", { method: "PUT", url: `/api/Avisos/MarcarLeido/${ajeno[0].idAviso}` });
    expect(res.statusCode).toBe(404);
    await t.db.delete(avisos).where(eq(avisos.idAviso, ajeno[0].idAviso));
  });

  it("preferences default to one mail per notice for originators and a daily summary for reviewers", async () => {
    const o = await t.as("originador", { method: "GET", url: "/api/Avisos/Preferencias" });
    expect(o.json()).toEqual({ correo: "cada", porDefecto: true, email: correo("originador") });
    const a = await t.as("analista", { method: "GET", url: "/api/Avisos/Preferencias" });
    expect(a.json()).toEqual({ correo: "resumen", porDefecto: true, email: correo("analista") });
  });
});

describe("every step that concerns someone is told, in the app and by e-mail", () => {
  beforeAll(async () => {
    for (const u of REVISORES) await preferir(u, "cada");
  });

  it("walks a request through every review step", async () => {
    const { idSolicitud: id } = await crearSolicitud(t.db, { estatus: 202 });
    const n = `n.º ${id}`;
    const enlace = (ruta: string) => `${PUBLIC_URL}${ruta}/${id}`;

    // Sent: both analysts, nobody else.
    expect(
      (await t.as("originador", { method: "POST", url: `/api/SolicitudFirma/EnviarSolicitud/${id}` })).json().success,
    ).toBe(true);
    let llegados = await enviar();
    expect(llegados.map((m) => m.para[0]).sort()).toEqual([correo("analista"), correo("analista2")].sort());
    expect(llegados[0].asunto).toBe(`Solicitud ${n} pendiente de revisión`);
    expect(llegados[0].texto).toContain("Ministerio de Hacienda");
    expect(llegados[0].texto).toContain(enlace("/AnalistaRyCC/Analista/Detalles"));
    expect(llegados[0].html).toContain(`href="${enlace("/AnalistaRyCC/Analista/Detalles")}"`);
    expect(llegados[0].messageId).toMatch(/^<[0-9a-f-]+@contraloria\.example>$/);

    // Returned by the analyst: the institution's originator, with the reasons and the comment.
    await decide("analista", "AssignProcess", id);
    await decide("analista", "Retornar", id, cuerpoRyCC);
    llegados = await enviar();
    expect(llegados.map((m) => m.para[0])).toEqual([correo("originador")]);
    expect(llegados[0].asunto).toBe(`Solicitud ${n} retornada por el Analista RyCC`);
    expect(llegados[0].texto).toContain("Motivos: Documentos incompletos; Documentos ilegibles.");
    expect(llegados[0].texto).toContain(`Comentario: ${cuerpoRyCC.Comentario}`);
    expect(llegados[0].texto).toContain(enlace("/Originador/Detalles"));
    const bandeja = await avisosDe("originador");
    expect(bandeja.rows[0]).toMatchObject({
      titulo: `Solicitud ${n} retornada por el Analista RyCC`,
      enlace: `/Originador/Detalles/${id}`,
      leido: false,
    });
    expect(bandeja.rows[0].detalle).toContain(cuerpoRyCC.Comentario);
    expect((await avisosDe("originador2")).rows.some((a) => a.titulo.includes(n))).toBe(false);

    // Approved by the analyst: both legal analysts.
    await t.as("originador", { method: "POST", url: `/api/SolicitudFirma/EnviarSolicitud/${id}` });
    await enviar();
    await decide("analista", "AssignProcess", id);
    await decide("analista", "AprobarRcc", id);
    llegados = await enviar();
    expect(llegados.map((m) => m.para[0]).sort()).toEqual([correo("juridico"), correo("juridico2")].sort());
    expect(llegados[0].asunto).toBe(`Solicitud ${n} pendiente de revisión legal`);
    expect(llegados[0].texto).toContain(enlace("/Juridico/AnalistaLegal/Detalles"));

    // Returned by legal: the analysts, with legal's reasons.
    await decide("juridico", "AssignProcess", id);
    await decide("juridico", "RetornarJuridico", id, cuerpoRetornoJuridico);
    llegados = await enviar();
    expect(llegados.map((m) => m.para[0]).sort()).toEqual([correo("analista"), correo("analista2")].sort());
    expect(llegados[0].asunto).toBe(`Solicitud ${n} retornada por Jurídico`);
    expect(llegados[0].texto).toContain("Vigencia improcedente; Requiere revisión de RyCC");

    // Approved by legal: the administrator.
    await decide("analista", "AssignProcess", id);
    await decide("analista", "AprobarRcc", id);
    await decide("juridico", "AssignProcess", id);
    await decide("juridico", "AprobarJuridico", id);
    llegados = await enviar();
    expect(llegados.map((m) => m.para[0]).sort()).toEqual(
      [correo("juridico"), correo("juridico2"), correo("administrador")].sort(),
    );
    expect(llegados.at(-1)?.asunto).toBe(`Solicitud ${n} pendiente de aprobación`);
    expect(llegados.at(-1)?.texto).toContain(enlace("/AnalistaRyCC/Administrador/Detalles"));

    // Returned by the administrator: legal, with the reasons.
    await decide("administrador", "RetornarJuridico", id, {
      Comentario: "Revise los montos.",
      MotivoCambioEstatus: [6],
    });
    llegados = await enviar();
    expect(llegados.map((m) => m.para[0]).sort()).toEqual([correo("juridico"), correo("juridico2")].sort());
    expect(llegados[0].asunto).toBe(`Solicitud ${n} retornada por el Administrador RyCC`);
    expect(llegados[0].texto).toContain("Motivos: Revisión de montos.");

    // Activated: the originator.
    await decide("juridico", "AssignProcess", id);
    await decide("juridico", "AprobarJuridico", id);
    await enviar();
    await decide("administrador", "AprobarAdminRcc", id);
    llegados = await enviar();
    expect(llegados.map((m) => [m.para[0], m.asunto])).toEqual([
      [correo("originador"), `Solicitud ${n} aprobada: firma activa`],
    ]);

    // Deactivation asked: the administrator; deactivated and reactivated: the originator.
    const pedido = await t.as("originador", {
      method: "POST",
      url: `/api/SolicitudFirma/SolicitudInactivar/${id}`,
      ...multipart({ Justificacion: "El funcionario fue trasladado." }, { Evidencia: pdf() }),
    });
    expect(pedido.json().success).toBe(true);
    llegados = await enviar();
    expect(llegados.map((m) => [m.para[0], m.asunto])).toEqual([
      [correo("administrador"), `Solicitud ${n}: inactivación solicitada`],
    ]);
    await decide("administrador", "Inactivar", id);
    llegados = await enviar();
    expect(llegados.map((m) => [m.para[0], m.asunto])).toEqual([
      [correo("originador"), `Firma de la solicitud ${n} inactivada`],
    ]);
    await decide("administrador", "AprobarAdminRcc", id);
    llegados = await enviar();
    expect(llegados.map((m) => [m.para[0], m.asunto])).toEqual([
      [correo("originador"), `Firma de la solicitud ${n} reactivada`],
    ]);
  });

  it("a legal rejection tells the originator with the reasons", async () => {
    const { idSolicitud: id } = await crearSolicitud(t.db, { estatus: 102, asignadoA: ids.juridico });
    await decide("juridico", "Rechazar", id, cuerpoRechazo);
    const llegados = await enviar();
    expect(llegados.map((m) => m.para[0])).toEqual([correo("originador")]);
    expect(llegados[0].asunto).toBe(`Solicitud n.º ${id} rechazada por Jurídico`);
    expect(llegados[0].texto).toContain(`Comentario: ${cuerpoRechazo.Comentario}`);
  });
});

describe("release and reassignment", () => {
  it("tell the reviewer who held the request and its new holder, never the one who acted", async () => {
    await enviar();
    const { idSolicitud: id } = await crearSolicitud(t.db, { estatus: 101, asignadoA: ids.analista });
    const res = await t.as("administrador", {
      method: "POST",
      url: `/api/SolicitudFirma/Reasignar/${id}`,
      payload: { IdUsuario: ids.analista2, Comentario: "Vacaciones de la titular." },
    });
    expect(res.json().success).toBe(true);
    const llegados = await enviar();
    expect(llegados.map((m) => [m.para[0], m.asunto]).sort()).toEqual(
      [
        [correo("analista"), `Solicitud n.º ${id} reasignada`],
        [correo("analista2"), `Solicitud n.º ${id} asignada a usted`],
      ].sort(),
    );
    const anterior = llegados.find((m) => m.para[0] === correo("analista"))!;
    expect(anterior.texto).toContain("Comentario: Vacaciones de la titular.");
    expect(anterior.texto).toContain(`/AnalistaRyCC/Analista/Detalles/${id}`);
    // Releasing one's own request tells nobody.
    expect((await t.as("analista2", { method: "POST", url: `/api/SolicitudFirma/Liberar/${id}` })).json().success).toBe(
      true,
    );
    expect(await enviar()).toEqual([]);
  });
});

describe("the bell", () => {
  it("counts unread notices, marks one and all read", async () => {
    const { idSolicitud: id } = await crearSolicitud(t.db, { estatus: 101, asignadoA: ids.analista });
    const antes = (await t.as("originador", { method: "GET", url: "/api/Avisos/NoLeidos" })).json().noLeidos as number;
    await decide("analista", "Retornar", id, cuerpoRyCC);
    const ahoraNoLeidos = (await t.as("originador", { method: "GET", url: "/api/Avisos/NoLeidos" })).json().noLeidos;
    expect(ahoraNoLeidos).toBe(antes + 1);
    const lista = await avisosDe("originador");
    const uno = await t.as("originador", { method: "PUT", url: `/api/Avisos/MarcarLeido/${lista.rows[0].idAviso}` });
    expect(uno.json()).toEqual({ success: true, message: MSG.avisosLeidos });
    expect((await avisosDe("originador")).noLeidos).toBe(antes);
    await t.as("originador", { method: "PUT", url: "/api/Avisos/MarcarTodosLeidos" });
    const despues = await avisosDe("originador");
    expect(despues.noLeidos).toBe(0);
    expect(despues.rows.every((a) => a.leido)).toBe(true);
  });
});

describe("preferences and the daily summary", () => {
  it("no e-mail, one per notice or one daily summary grouping the day's notices", async () => {
    await preferir("analista", "resumen");
    await preferir("analista2", "ninguno");
    await enviar();
    const a = await crearSolicitud(t.db, { estatus: 202 });
    const b = await crearSolicitud(t.db, { estatus: 202 });
    for (const s of [a, b])
      await t.as("originador", { method: "POST", url: `/api/SolicitudFirma/EnviarSolicitud/${s.idSolicitud}` });
    expect(await enviar()).toEqual([]);
    // Both were told in the app all the same.
    expect((await avisosDe("analista2")).rows[0].titulo).toBe(`Solicitud n.º ${b.idSolicitud} pendiente de revisión`);

    adelanto += 24 * 3600_000;
    expect(await t.app.avisos.ejecutarTareasDiarias()).toBe(true);
    expect(await t.app.avisos.ejecutarTareasDiarias()).toBe(false);
    const llegados = await enviar();
    const resumen = llegados.filter((m) => m.para[0] === correo("analista"));
    expect(resumen).toHaveLength(1);
    expect(resumen[0].asunto).toMatch(/^Resumen diario: \d+ avisos del Registro de Firmas$/);
    expect(resumen[0].texto).toContain(`Solicitud n.º ${a.idSolicitud} pendiente de revisión`);
    expect(resumen[0].texto).toContain(`Solicitud n.º ${b.idSolicitud} pendiente de revisión`);
    expect(resumen[0].texto).toContain(`${PUBLIC_URL}/AnalistaRyCC/Analista/Detalles/${b.idSolicitud}`);
    expect(llegados.some((m) => m.para[0] === correo("analista2"))).toBe(false);
  });
});

describe("a failing SMTP server", () => {
  it("never fails the action; retries with back-off; after the last try the mail waits in 'Correos no enviados'", async () => {
    await enviar();
    smtp.rechazarCon = 451;
    const { idSolicitud: id } = await crearSolicitud(t.db, { estatus: 101, asignadoA: ids.analista });
    await decide("analista", "Retornar", id, cuerpoRyCC);
    const [fila] = await t.db
      .select()
      .from(avisos)
      .where(and(eq(avisos.idSolicitud, id), eq(avisos.idUsuario, ids.originador)));
    const buscar = async () => (await t.db.select().from(correos).where(eq(correos.idAviso, fila.idAviso)))[0];
    for (let intento = 1; intento <= 5; intento++) {
      expect(await enviar()).toEqual([]);
      const c = await buscar();
      expect(c.intentos).toBe(intento);
      expect(c.ultimoError).toContain("451");
      expect(c.enviado).toBeNull();
      // Not retried before its time.
      expect(await enviar()).toEqual([]);
      expect((await buscar()).intentos).toBe(intento);
      adelanto += 3 * 3600_000;
    }
    expect((await buscar()).fallido).toBe(true);
    const lista = await t.as("configuracion", { method: "GET", url: "/api/Correos/NoEnviados" });
    const { idCorreo } = await buscar();
    const fallido = lista.json().rows.find((r: { idCorreo: number }) => r.idCorreo === idCorreo);
    expect(fallido).toMatchObject({ usuario: "originador", para: correo("originador"), intentos: 5 });
    expect(fallido.error).toContain("451");

    smtp.rechazarCon = null;
    const re = await t.as("configuracion", { method: "POST", url: `/api/Correos/Reintentar/${fallido.idCorreo}` });
    expect(re.json()).toEqual({ success: true, message: MSG.correoReintentado });
    const llegados = await enviar();
    expect(llegados.map((m) => m.asunto)).toEqual([`Solicitud n.º ${id} retornada por el Analista RyCC`]);
    const otra = await t.as("configuracion", { method: "POST", url: `/api/Correos/Reintentar/${fallido.idCorreo}` });
    expect(otra.statusCode).toBe(404);
  });
});
