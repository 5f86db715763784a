/**
 * Change notifications end to end against a real receiver (node:http on loopback, checking every
 * signature with the `standardwebhooks` library): events written in the change's transaction (one
 * row per matching subscription), delivered signed, in order per official, retried after the
 * receiver fails, failed after the retry window, replayed by the administrator with the same
 * event id; the expiry task's events; the delivery log's calls (401, 400, 403 first).
 */
import { MSG } from "@registro/contracts";
import { and, asc, eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditoria, funcionarios, notificaciones } from "../../src/db/schema.js";
import { ejecutarImportacion } from "../../src/importacion/motor.js";
import { encolarEventos } from "../../src/notificaciones/eventos.js";
import { fechaLocal, sumarDias } from "../../src/shared/tiempo.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { crearSolicitud, idInstitucionDe } from "../support/factories.js";
import { cedula } from "../support/importacion.js";
import { iniciarReceptor, type Receptor } from "../support/receptor.js";
import { accion } from "../support/revision.js";

let t: TestApp;
let receptor: Receptor;
let clave: string;
let idSuscripcion: number;
let otraSuscripcion: number;
let idInstitucion: number;
/** The app's clock runs this far ahead of the real one (the receiver's). */
let desfase = 0;

beforeAll(async () => {
  t = await crearTestApp(
    { WEBHOOK_ALLOW_LOOPBACK: "true", WEBHOOK_RETRY_FIRST_SECONDS: "1", WEBHOOK_TIMEOUT_SECONDS: "2" },
    { reloj: () => new Date(Date.now() + desfase) },
  );
  receptor = await iniciarReceptor();
  const r = await t.as("configuracion", {
    method: "POST",
    url: "/api/ClavesSistema",
    payload: { nombre: "Banco Receptor", alcances: ["notificaciones"] },
  });
  clave = r.json().clave;
  idInstitucion = await idInstitucionDe(t.db, "originador");
  const s = await suscribir({ url: receptor.url, instituciones: [idInstitucion] });
  receptor.secreto = s.secreto;
  idSuscripcion = s.data.idSuscripcion;
  // Another institution's subscription: none of the first institution's changes reach it.
  otraSuscripcion = (
    await suscribir({ url: `${receptor.url}/otra`, instituciones: [await idInstitucionDe(t.db, "originador2")] })
  ).data.idSuscripcion;
});
afterAll(async () => {
  await t?.close();
  await receptor?.cerrar();
});

async function suscribir(payload: object) {
  const r = await t.app.inject({
    method: "POST",
    url: "/api/Notificaciones/Suscripciones",
    headers: { "x-api-key": clave },
    payload,
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

const filasDe = (id: number) =>
  t.db
    .select()
    .from(notificaciones)
    .where(eq(notificaciones.idSuscripcion, id))
    .orderBy(asc(notificaciones.idNotificacion));

const entregas = (usuario: Parameters<TestApp["as"]>[0], query = "") =>
  t.as(usuario, { method: "GET", url: `/api/Notificaciones/Entregas${query}` });

let solicitud: Awaited<ReturnType<typeof crearSolicitud>>;

describe("events written with the change, delivered signed", () => {
  it("an approval (→106) writes one row per official for the matching subscription, in its transaction", async () => {
    solicitud = await crearSolicitud(t.db, { estatus: 105, funcionarios: 2 });
    const antes = (await filasDe(idSuscripcion)).length;
    const r = await accion(t, "administrador", "AprobarAdminRcc", solicitud.idSolicitud);
    expect(r.json().success, r.body).toBe(true);
    const filas = (await filasDe(idSuscripcion)).slice(antes);
    expect(filas.map((f) => [f.idFuncionario, f.tipo, f.secuencia])).toEqual(
      solicitud.funcionarios.map((id) => [id, "autorizado", 1]),
    );
    expect(await filasDe(otraSuscripcion)).toEqual([]);
    // Nothing sent yet: the change only wrote the outbox.
    expect(receptor.recibidas).toEqual([]);
  });

  it("delivers each event once, signed over id, timestamp and body, with the payload in the API's names", async () => {
    expect(await t.app.notificaciones.procesarCola()).toBe(2);
    expect(await t.app.notificaciones.procesarCola()).toBe(0);
    const llegadas = receptor.aceptadas();
    expect(llegadas).toHaveLength(2);
    for (const l of llegadas) {
      expect(l.firmaValida, l.error ?? "").toBe(true);
      expect(l.cuerpo.idEvento).toBe(l.id);
      expect(l.id).toMatch(/^[0-9a-f-]{36}$/);
    }
    const [f] = await t.db.select().from(funcionarios).where(eq(funcionarios.idFuncionario, solicitud.funcionarios[0]));
    expect(llegadas.find((l) => l.cuerpo.idFuncionario === f.idFuncionario)?.cuerpo).toEqual({
      idEvento: expect.any(String),
      tipoEvento: "autorizado",
      fecha: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      secuencia: 1,
      idSuscripcion,
      idFuncionario: f.idFuncionario,
      idSolicitud: solicitud.idSolicitud,
      cedula: f.cedula,
      nombres: f.nombres,
      apellidos: f.apellidos,
      cargo: expect.any(String),
      idInstitucion,
      institucion: expect.any(String),
      firmaRango: false,
      montoDesde: null,
      montoHasta: null,
      firmaVigencia: false,
      fechaDesde: null,
      fechaHasta: null,
      autorizado: true,
      motivo: MSG.eventoAutorizado(solicitud.idSolicitud),
    });
  });

  it("a receiver refuses a captured delivery replayed later (the timestamp is signed) or altered", async () => {
    const l = receptor.aceptadas()[0];
    const wh = new Webhook(receptor.secreto as string);
    const cabeceras = { "webhook-id": l.id, "webhook-timestamp": l.timestamp, "webhook-signature": "" };
    const firma = (await t.db.select().from(notificaciones).where(eq(notificaciones.idEvento, l.id)))[0];
    expect(firma).toBeDefined();
    // The same bytes ten minutes later: refused as too old.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60_000);
      const original = receptor.recibidas.find((x) => x.id === l.id)!;
      const res = await fetch(receptor.url, {
        method: "POST",
        body: original.texto,
        headers: { ...cabeceras, "webhook-signature": firmaDe(l) },
      });
      expect(res.status).toBe(401);
      expect(receptor.recibidas.at(-1)?.error).toMatch(/too old/i);
    } finally {
      vi.useRealTimers();
    }
    // A later timestamp with the old signature, or another body: the signature does not match.
    expect(() =>
      wh.verify(l.texto, {
        ...cabeceras,
        "webhook-timestamp": String(Number(l.timestamp) + 1),
        "webhook-signature": firmaDe(l),
      }),
    ).toThrow();
    expect(() =>
      wh.verify(l.texto.replace('"autorizado"', '"inactivado"'), { ...cabeceras, "webhook-signature": firmaDe(l) }),
    ).toThrow();
    receptor.recibidas.pop();
  });

  it("one official's events go out in order: a later one waits while an earlier one is retried", async () => {
    expect((await accion(t, "administrador", "Inactivar", solicitud.idSolicitud)).json().success).toBe(true);
    expect((await accion(t, "administrador", "AprobarAdminRcc", solicitud.idSolicitud)).json().success).toBe(true);
    const filas = await filasDe(idSuscripcion);
    expect(
      filas.filter((f) => f.idFuncionario === solicitud.funcionarios[0]).map((f) => [f.tipo, f.secuencia]),
    ).toEqual([
      ["autorizado", 1],
      ["inactivado", 2],
      ["reactivado", 3],
    ]);
    const desde = receptor.recibidas.length;
    receptor.fallos = [500, 503];
    // Round 1: both "inactivado" fail; neither "reactivado" is sent before them.
    expect(await t.app.notificaciones.procesarCola()).toBe(0);
    const ronda1 = receptor.recibidas.slice(desde);
    expect(ronda1.map((r) => [r.cuerpo.tipoEvento, r.estado]).sort()).toEqual([
      ["inactivado", 500],
      ["inactivado", 503],
    ]);
    // Not due yet (the first wait is WEBHOOK_RETRY_FIRST_SECONDS): nothing is sent.
    expect(await t.app.notificaciones.procesarCola()).toBe(0);
    expect(receptor.recibidas.length).toBe(desde + 2);
    // Once due: the retries arrive with the same event ids, then the later events, in one round.
    desfase += 1500;
    expect(await t.app.notificaciones.procesarCola()).toBe(4);
    const ronda3 = receptor.recibidas.slice(desde + 2);
    expect(new Set(ronda3.slice(0, 2).map((r) => r.id))).toEqual(new Set(ronda1.map((r) => r.id)));
    for (const id of solicitud.funcionarios) {
      const deEste = receptor.aceptadas().filter((r) => r.cuerpo.idFuncionario === id);
      expect(deEste.map((r) => [r.cuerpo.secuencia, r.cuerpo.tipoEvento])).toEqual([
        [1, "autorizado"],
        [2, "inactivado"],
        [3, "reactivado"],
      ]);
      expect(deEste[1].cuerpo).toMatchObject({
        autorizado: false,
        motivo: MSG.eventoInactivadoSolicitud(solicitud.idSolicitud),
      });
      expect(deEste[2].cuerpo).toMatchObject({ autorizado: true, motivo: MSG.eventoReactivado(solicitud.idSolicitud) });
    }
  });
});

describe("the delivery log and the replay", () => {
  it("401 without a session, 400 for a bad filter, 403 for other profiles and for keys", async () => {
    expect((await entregas(null)).statusCode).toBe(401);
    expect((await t.as(null, { method: "POST", url: "/api/Notificaciones/Entregas/Reenviar/1" })).statusCode).toBe(401);
    const malo = await entregas("configuracion", "?estado=perdida");
    expect(malo.statusCode).toBe(400);
    expect(Object.keys(malo.json().errors)).toEqual(["estado"]);
    for (const u of ["originador", "administrador", "analista", "consultor", "verificador"] as const) {
      expect((await entregas(u)).statusCode, u).toBe(403);
      expect((await t.as(u, { method: "POST", url: "/api/Notificaciones/Entregas/Reenviar/1" })).statusCode, u).toBe(
        403,
      );
    }
    const conClave = await t.app.inject({
      method: "GET",
      url: "/api/Notificaciones/Entregas",
      headers: { "x-api-key": clave },
    });
    expect(conClave.statusCode).toBe(403);
  });

  it("lists every delivery with its attempts: HTTP statuses and errors, newest first", async () => {
    const r = await entregas("configuracion", "?estado=entregada&rows=50");
    expect(r.statusCode, r.body).toBe(200);
    const { rows, totalRecords } = r.json();
    expect(totalRecords).toBe(6);
    const reintentada = rows.find((x: { registro: unknown[] }) => x.registro.length === 2);
    expect(reintentada).toMatchObject({
      tipoEvento: "inactivado",
      sistema: "Banco Receptor",
      url: receptor.url,
      estado: "entregada",
      intentos: 2,
      ultimoEstadoHttp: 204,
      ultimoError: null,
      proximoIntento: null,
    });
    expect(reintentada.registro.map((i: { estadoHttp: number }) => i.estadoHttp)).toEqual([204, expect.any(Number)]);
    expect(reintentada.registro[1]).toMatchObject({ error: expect.stringMatching(/^HTTP 50[03]$/) });
  });

  it("a delivery that keeps failing is retried until the window ends, then failed; a replay sends the same event", async () => {
    const [idF] = solicitud.funcionarios;
    const r = await t.as("administrador", { method: "DELETE", url: `/api/Funcionarios/InactivarFuncionario/${idF}` });
    expect(r.json().success, r.body).toBe(true);
    const [fila] = (await filasDe(idSuscripcion)).slice(-1);
    expect([fila.idFuncionario, fila.tipo, fila.secuencia]).toEqual([idF, "inactivado", 4]);
    receptor.fallos = [500, 500, 500];
    expect(await t.app.notificaciones.procesarCola()).toBe(0);
    // A day later (the event's window started 25 hours ago), the next failure is the last.
    await t.db
      .update(notificaciones)
      .set({ desde: sql`now() - interval '25 hours'`, proximoIntento: sql`now()` })
      .where(eq(notificaciones.idNotificacion, fila.idNotificacion));
    expect(await t.app.notificaciones.procesarCola()).toBe(0);
    expect(await t.app.notificaciones.procesarCola()).toBe(0);
    const fallida = (await entregas("configuracion", "?estado=fallida")).json().rows[0];
    expect(fallida).toMatchObject({
      idEntrega: fila.idNotificacion,
      estado: "fallida",
      intentos: 2,
      ultimoEstadoHttp: 500,
    });
    expect(fallida.registro).toHaveLength(2);

    const noExiste = await t.as("configuracion", {
      method: "POST",
      url: "/api/Notificaciones/Entregas/Reenviar/999999",
    });
    expect(noExiste.statusCode).toBe(404);
    expect(noExiste.json().message).toBe(MSG.entregaNoEncontrada);
    receptor.fallos = [];
    const rr = await t.as("configuracion", {
      method: "POST",
      url: `/api/Notificaciones/Entregas/Reenviar/${fila.idNotificacion}`,
    });
    expect(rr.json()).toEqual({ success: true, message: MSG.entregaReenviada });
    const antes = receptor.recibidas.length;
    expect(await t.app.notificaciones.procesarCola()).toBe(1);
    const llegada = receptor.recibidas[antes];
    expect([llegada.id, llegada.estado, llegada.firmaValida]).toEqual([fila.idEvento, 204, true]);
    expect(llegada.cuerpo).toMatchObject({
      tipoEvento: "inactivado",
      secuencia: 4,
      motivo: MSG.eventoInactivadoFuncionario(solicitud.idSolicitud),
    });
    const audit = await t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidad, "Suscripcion"), eq(auditoria.accion, "reenviar_notificacion")));
    expect(audit).toHaveLength(1);
    expect(audit[0].despues).toEqual({ idEntrega: fila.idNotificacion, idEvento: fila.idEvento });
  });
});

describe("other sources of events", () => {
  it("a later import file tells a new amount limit, then the end of an imported official", async () => {
    const y = Number(fechaLocal(new Date(Date.now())).slice(0, 4));
    const ced = cedula("4020000041");
    const fila = (hasta: string, estatus: string, baja = "") =>
      `Ministerio de Hacienda;Funcionario;${ced};Juan;Féliz Mora;Director Financiero;Contratos;0.00;${hasta};Permanente;Permanente;${estatus};10/05/${y - 4};${baja};${baja ? "Renuncia" : ""}`;
    const importar = (f: string) =>
      ejecutarImportacion(t.db, {
        archivo: "registro.csv",
        contenido: Buffer.from(
          `Institución;Tipo;Cédula;Nombres;Apellidos;Cargo;Firmas;Monto desde;Monto hasta;Vigencia desde;Vigencia hasta;Estatus;Fecha de registro;Fecha de baja;Motivo de baja\r\nMinisterio de Hacienda;Incumbente;${cedula("4020000011")};Rosa;Almonte Díaz;Ministro;;;;;;Activo;10/01/2020;;\r\n${f}\r\n`,
          "utf8",
        ),
        aplicar: true,
        crearCatalogos: false,
        idUsuario: null,
        hoy: fechaLocal(new Date(Date.now())),
        ahora: new Date(Date.now()),
      });
    const antes = (await filasDe(idSuscripcion)).length;
    expect((await importar(fila("500000.00", "Activo"))).error).toBeNull();
    // The first file is the former registry: nothing to announce.
    expect((await filasDe(idSuscripcion)).length).toBe(antes);
    expect((await importar(fila("750000.00", "Activo"))).conteos.actualizar).toBe(1);
    expect((await importar(fila("750000.00", "Inactivo", `30/06/${y - 1}`))).conteos.actualizar).toBe(1);
    const nuevas = (await filasDe(idSuscripcion)).slice(antes).map((f) => JSON.parse(f.carga));
    expect(nuevas.map((c) => [c.tipoEvento, c.secuencia, c.cedula, c.montoHasta, c.autorizado])).toEqual([
      ["limiteCambiado", 1, ced, 750000, true],
      ["inactivado", 2, ced, 750000, false],
    ]);
    expect(nuevas[0].motivo).toBe(MSG.eventoLimiteCambiado("de US$ 0.00 a US$ 750,000.00"));
  });

  it("the expiry task tells each expiry once; a deleted subscription gets nothing more", async () => {
    const hoy = fechaLocal(new Date(Date.now()));
    const s = await crearSolicitud(t.db, { estatus: 106, funcionarios: 1 });
    await t.db
      .update(funcionarios)
      .set({ firmaVigencia: true, fechaDesde: sumarDias(hoy, -30), fechaHasta: sumarDias(hoy, -1) })
      .where(eq(funcionarios.idFuncionario, s.funcionarios[0]));
    expect(await t.app.avisos.ejecutarTareasDiarias()).toBe(true);
    const vencidas = (await filasDe(idSuscripcion)).filter((f) => f.idFuncionario === s.funcionarios[0]);
    expect(vencidas.map((f) => [f.tipo, f.clave])).toEqual([
      ["vencido", `vencido:${s.funcionarios[0]}:${sumarDias(hoy, -1)}:${idSuscripcion}`],
    ]);
    // The same expiry again writes nothing.
    const otra = await t.db.transaction((tx) =>
      encolarEventos(tx, [
        {
          idFuncionario: s.funcionarios[0],
          tipo: "vencido",
          motivo: "x",
          clave: `vencido:${s.funcionarios[0]}:${sumarDias(hoy, -1)}`,
        },
      ]),
    );
    expect(otra).toBe(0);
    const antes = receptor.recibidas.length;
    await t.app.notificaciones.procesarCola();
    const llegada = receptor.recibidas.slice(antes).find((r) => r.cuerpo.idFuncionario === s.funcionarios[0]);
    expect(llegada?.cuerpo).toMatchObject({ tipoEvento: "vencido", autorizado: false, fechaHasta: sumarDias(hoy, -1) });

    const d = await t.app.inject({
      method: "DELETE",
      url: `/api/Notificaciones/Suscripciones/${idSuscripcion}`,
      headers: { "x-api-key": clave },
    });
    expect(d.statusCode).toBe(200);
    const n = (await filasDe(idSuscripcion)).length;
    const nueva = await crearSolicitud(t.db, { estatus: 105, funcionarios: 1 });
    expect((await accion(t, "administrador", "AprobarAdminRcc", nueva.idSolicitud)).json().success).toBe(true);
    expect((await filasDe(idSuscripcion)).length).toBe(n);
  });
});

describe("a revoked key", () => {
  it("gets no more events, and its notifications still waiting fail", async () => {
    const r = await t.as("configuracion", {
      method: "POST",
      url: "/api/ClavesSistema",
      payload: { nombre: "Banco Revocado", alcances: ["notificaciones"] },
    });
    const { clave: otra, data } = r.json();
    const s = await t.app.inject({
      method: "POST",
      url: "/api/Notificaciones/Suscripciones",
      headers: { "x-api-key": otra },
      payload: { url: receptor.url, instituciones: [idInstitucion] },
    });
    const id = s.json().data.idSuscripcion as number;
    const primera = await crearSolicitud(t.db, { estatus: 105, funcionarios: 1 });
    expect((await accion(t, "administrador", "AprobarAdminRcc", primera.idSolicitud)).json().success).toBe(true);
    expect((await filasDe(id)).map((f) => [f.tipo, f.fallido])).toEqual([["autorizado", false]]);
    const rev = await t.as("configuracion", { method: "POST", url: `/api/ClavesSistema/Revocar/${data.idClave}` });
    expect(rev.json().success).toBe(true);
    expect((await filasDe(id)).map((f) => [f.fallido, f.ultimoError])).toEqual([
      [true, MSG.claveRevocadaNotificaciones],
    ]);
    const segunda = await crearSolicitud(t.db, { estatus: 105, funcionarios: 1 });
    expect((await accion(t, "administrador", "AprobarAdminRcc", segunda.idSolicitud)).json().success).toBe(true);
    expect(await filasDe(id)).toHaveLength(1);
  });
});

/** The signature the app sent with a delivery (the receiver keeps only what it checked). */
function firmaDe(l: { id: string; timestamp: string; texto: string }): string {
  return new Webhook(receptor.secreto as string).sign(l.id, new Date(Number(l.timestamp) * 1000), l.texto);
}
