/**
 * Reliability of the outbox (issue 14): a server killed (SIGKILL) after a status change and before
 * its e-mail went out sends it after the restart; and two senders on one database send each e-mail
 * once.
 */
import { MSG } from "@registro/contracts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { accion, cuerpoRyCC } from "../solicitudes/revision.soporte.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { crearSolicitud, idUsuario } from "../support/factories.js";
import { baseParaProcesos, iniciarProceso, sesion } from "./proceso.js";
import { iniciarSmtp, type ServidorSmtp } from "./smtp.js";

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

let smtp: ServidorSmtp;
beforeAll(async () => {
  smtp = await iniciarSmtp();
});
afterAll(() => smtp.cerrar());

async function hasta<T>(fn: () => T | undefined, limiteMs = 60_000): Promise<T> {
  const fin = Date.now() + limiteMs;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > fin) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("a server killed between the change and the send", () => {
  it("sends the e-mail after the restart", async () => {
    const base = await baseParaProcesos();
    try {
      // First life: no SMTP server configured, so the e-mail can only wait in the outbox.
      const primero = await iniciarProceso(base.env);
      const analista = await sesion(primero.url, "analista");
      type Fila = {
        idSolicitud: number;
        estatusSolitud: number;
        asignadoA: unknown;
        infoInstitucion: { nombre: string };
      };
      const bandeja = (await analista("GET", "/api/SolicitudFirma/GetBandejaAnalista?page=0&rows=100")) as {
        rows: Fila[];
      };
      // A request of the demo originator's institution (the others have no users to tell).
      const libre = bandeja.rows.find(
        (r) => r.estatusSolitud === 101 && !r.asignadoA && r.infoInstitucion.nombre === "Ministerio de Hacienda",
      );
      expect(libre).toBeDefined();
      const id = libre!.idSolicitud;
      expect(await analista("POST", `/api/SolicitudFirma/AssignProcess/${id}`)).toMatchObject({ success: true });
      expect(await analista("POST", `/api/SolicitudFirma/Retornar/${id}`, cuerpoRyCC)).toEqual({
        success: true,
        message: MSG.retornadoExitoso,
      });
      await primero.matar();

      // Second life, with SMTP: the waiting e-mail goes out once.
      const segundo = await iniciarProceso({ ...base.env, SMTP_URL: smtp.url });
      try {
        const asunto = `Solicitud N.º ${id} retornada por el Analista RyCC`;
        const recibido = await hasta(() => smtp.recibidos.find((m) => m.asunto === asunto));
        expect(recibido.para).toEqual(["originador@demo.firmas.example"]);
        expect(recibido.texto).toContain(cuerpoRyCC.Comentario);
        // The in-app notice survived as well.
        const originador = await sesion(segundo.url, "originador");
        const avisos = (await originador("GET", "/api/Avisos")) as { rows: { titulo: string }[] };
        expect(avisos.rows.some((a) => a.titulo === asunto)).toBe(true);
        await segundo.detener();
        expect(smtp.recibidos.filter((m) => m.asunto === asunto)).toHaveLength(1);
      } finally {
        await segundo.matar();
      }
    } finally {
      await base.borrar();
    }
  });
});

describe("two senders on one database", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await crearTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(() => t.close());

  it("send each e-mail once", async () => {
    const analista = await idUsuario(t.db, "analista");
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const { idSolicitud } = await crearSolicitud(t.db, { estatus: 101, asignadoA: analista });
      const res = await accion(t, "analista", "Retornar", idSolicitud, cuerpoRyCC);
      expect(res.json().success).toBe(true);
      ids.push(idSolicitud);
    }
    // A second app on the same database: its own sender, racing the first.
    const otra = await buildApp(
      { db: t.db, config: loadConfig({ LOG_LEVEL: "silent", SMTP_URL: smtp.url }), segundoPlano: false },
      { logger: false },
    );
    await otra.ready();
    try {
      const antes = smtp.recibidos.length;
      const [a, b] = await Promise.all([t.app.avisos.procesarCola(), otra.avisos.procesarCola()]);
      const nuevos = smtp.recibidos.slice(antes);
      expect(a + b).toBe(ids.length);
      expect(nuevos).toHaveLength(ids.length);
      expect(new Set(nuevos.map((m) => m.messageId)).size).toBe(ids.length);
      expect(new Set(nuevos.map((m) => m.asunto))).toEqual(
        new Set(ids.map((id) => `Solicitud N.º ${id} retornada por el Analista RyCC`)),
      );
    } finally {
      await otra.close();
    }
  });
});
