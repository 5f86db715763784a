/**
 * Expiry: an official's temporary signature reads "Por vencer" from EXPIRY_NOTICE_DAYS
 * before its end date and "Vencida" after it — in the officials' table and the consultant inbox's
 * filter — and the daily sweep tells the institution's originators once when it enters each state.
 * The clock is moved, never waited for.
 */
import type { Funcionario } from "@registro/contracts";
import { and, eq } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { avisos, funcionarios, tareasDiarias } from "../../src/db/schema.js";
import { sincronizarAutorizaciones } from "../../src/registro/registro.repository.js";
import { fechaLocal, sumarDias } from "../../src/shared/tiempo.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { crearSolicitud, idUsuario } from "../support/factories.js";
import { iniciarSmtp, type ServidorSmtp } from "../support/smtp.js";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const DIA = 24 * 3600_000;
let t: TestApp;
let smtp: ServidorSmtp;
let adelanto = 0;
const reloj = () => new Date(Date.now() + adelanto);

beforeAll(async () => {
  smtp = await iniciarSmtp();
  t = await crearTestApp({ SMTP_URL: smtp.url, EXPIRY_NOTICE_DAYS: "30" }, { reloj });
});
afterAll(async () => {
  await t.close();
  await smtp.cerrar();
});

describe("an official's end date", () => {
  it("is 'Por vencer' 30 days before and 'Vencida' after, told once each", async () => {
    const hoy = fechaLocal(new Date());
    const fin = sumarDias(hoy, 40);
    const {
      idSolicitud: id,
      funcionarios: [idF],
    } = await crearSolicitud(t.db, { estatus: 106 });
    await t.db
      .update(funcionarios)
      .set({ firmaVigencia: true, fechaDesde: sumarDias(hoy, -100), fechaHasta: fin })
      .where(eq(funcionarios.idFuncionario, idF));
    // Approved: its authorisation period open, as the approval's transition does.
    await t.db.transaction((tx) => sincronizarAutorizaciones(tx, id));
    const originador = await idUsuario(t.db, "originador");

    const estado = async () => {
      const res = await t.as("originador", { method: "GET", url: `/api/Funcionarios/GetFuncionarioSolicitud/${id}` });
      const f = (res.json() as Funcionario[])[0];
      return { enVigor: f.enVigor, porVencer: f.porVencer, vencida: f.vencida };
    };
    const enFiltro = async (vencimiento: string) => {
      const res = await t.as("consultor", {
        method: "GET",
        url: `/api/SolicitudFirma/GetBandejaConsultor?page=0&rows=100&vencimiento=${vencimiento}`,
      });
      const ids = (res.json().rows as { idSolicitud: number }[]).map((r) => r.idSolicitud);
      return ids.includes(id);
    };
    const avisosDelFuncionario = () =>
      t.db
        .select()
        .from(avisos)
        .where(and(eq(avisos.idSolicitud, id), eq(avisos.idUsuario, originador)));
    /** Moves the clock to `dias` days from now and runs the day's sweep. */
    const dia = async (dias: number) => {
      adelanto = dias * DIA;
      expect(await t.app.avisos.ejecutarTareasDiarias()).toBe(true);
      await t.app.avisos.procesarCola();
    };

    await dia(0);
    expect(await estado()).toEqual({ enVigor: true, porVencer: false, vencida: false });
    expect(await avisosDelFuncionario()).toEqual([]);
    expect(await enFiltro("porVencer")).toBe(false);

    // 30 days before the end date: "Por vencer", one notice and one e-mail.
    await dia(9);
    expect(await avisosDelFuncionario()).toEqual([]);
    await dia(10);
    expect(await estado()).toEqual({ enVigor: true, porVencer: true, vencida: false });
    let lista = await avisosDelFuncionario();
    expect(lista.map((a) => a.tipo)).toEqual(["porVencer"]);
    expect(lista[0].texto).toContain(`vence el ${fin.slice(8, 10)}/${fin.slice(5, 7)}/${fin.slice(0, 4)}`);
    expect(await enFiltro("porVencer")).toBe(true);
    expect(await enFiltro("vencidas")).toBe(false);
    // The demo data has expiring officials of its own: this official's e-mail is the one about its request.
    const correo = smtp
      .para("originador@demo.firmas.example")
      .filter((m) => m.asunto.startsWith("Firma por vencer") && m.texto.includes(`/Originador/Detalles/${id}`));
    expect(correo.map((m) => m.asunto)).toEqual(["Firma por vencer: Funcionario 1 De Prueba"]);
    expect(correo[0].texto).toContain(`/Originador/Detalles/${id}`);
    // The same day again does nothing; the next days add nothing for this official.
    expect(await t.app.avisos.ejecutarTareasDiarias()).toBe(false);
    await dia(11);
    await dia(40);
    expect((await avisosDelFuncionario()).map((a) => a.tipo)).toEqual(["porVencer"]);
    expect(await estado()).toEqual({ enVigor: true, porVencer: true, vencida: false });

    // The day after the end date: "Vencida", one more notice.
    await dia(41);
    expect(await estado()).toEqual({ enVigor: false, porVencer: false, vencida: true });
    lista = await avisosDelFuncionario();
    expect(lista.map((a) => a.tipo)).toEqual(["porVencer", "vencida"]);
    expect(lista[1].titulo).toBe("Firma vencida: Funcionario 1 De Prueba");
    expect(await enFiltro("vencidas")).toBe(true);
    expect(await enFiltro("porVencer")).toBe(false);
    await dia(42);
    expect((await avisosDelFuncionario()).map((a) => a.tipo)).toEqual(["porVencer", "vencida"]);
    expect(
      smtp.para("originador@demo.firmas.example").filter((m) => m.asunto.startsWith("Firma vencida: Funcionario 1")),
    ).toHaveLength(1);
  });

  it("the inbox filter refuses anything but its two values", async () => {
    const res = await t.as("consultor", {
      method: "GET",
      url: "/api/SolicitudFirma/GetBandejaConsultor?page=0&vencimiento=pronto",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.vencimiento).toBeDefined();
  });
});

describe("the daily tasks at start", () => {
  /** A day no other test reaches. */
  const otroDia = () => new Date(Date.now() + 500 * DIA);
  const arrancar = async () => {
    const app = await buildApp(
      { db: t.db, config: loadConfig({ LOG_LEVEL: "silent" }), reloj: otroDia, segundoPlano: true },
      { logger: false },
    );
    const registro = [vi.spyOn(app.log, "warn"), vi.spyOn(app.log, "error")];
    return { app, registrado: () => registro.flatMap((r) => r.mock.calls) };
  };
  const filasDelDia = async () =>
    // The notices' row (the audit trail's checkpoint claims a day of its own).
    (await t.db.select().from(tareasDiarias)).filter((f) => f.dia === fechaLocal(otroDia()) && f.tarea === "avisos");

  it("run once when two apps start together on one database, and log no error", async () => {
    const [a, b] = await Promise.all([arrancar(), arrancar()]);
    try {
      await Promise.all([a.app.ready(), b.app.ready()]);
      await Promise.all([a.app.avisos.rondasEnCurso(), b.app.avisos.rondasEnCurso()]);
      expect(a.registrado()).toEqual([]);
      expect(b.registrado()).toEqual([]);
      expect(await filasDelDia()).toHaveLength(1);
    } finally {
      await Promise.all([a.app.close(), b.app.close()]);
    }
  });

  // Another connection can hold a transaction open on PostgreSQL only (PGlite has one).
  const enPostgres = process.env.TEST_PG_URL ? it : null;
  enPostgres?.("do not wait behind another process's sweep in progress", async () => {
    await t.db.delete(tareasDiarias);
    // Another process mid-sweep: the lock taken and the day claimed, not committed yet.
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    const otro = await pool.connect();
    try {
      await otro.query("begin");
      await otro.query("select pg_advisory_xact_lock(hashtext('registro-firmas:tareas-diarias'))");
      await otro.query("insert into tareas_diarias (tarea, dia) values ('avisos', $1)", [fechaLocal(otroDia())]);
      const a = await arrancar();
      try {
        await a.app.ready();
        const espera = await Promise.race([
          a.app.avisos.rondasEnCurso().then(() => "terminó"),
          new Promise((r) => setTimeout(() => r("bloqueada"), 5_000)),
        ]);
        expect(espera).toBe("terminó");
        expect(a.registrado()).toEqual([]);
        // The other one fails and rolls back: the day is still to do, and this app does it.
        await otro.query("rollback");
        expect(await a.app.avisos.ejecutarTareasDiarias()).toBe(true);
        expect(await filasDelDia()).toHaveLength(1);
      } finally {
        await a.app.close();
      }
    } finally {
      await otro.query("rollback").catch(() => {});
      otro.release();
    }
  });
});
