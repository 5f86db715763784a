/**
 * Reliability of the outbox: a server killed (SIGKILL) after a status change and before
 * its e-mail went out sends it after the restart, once. (Two processes sending from one database:
 * test-sistema/avisos.test.ts.)
 */
import { MSG } from "@registro/contracts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { baseParaProcesos, iniciarProceso, sesion } from "../support/proceso.js";
import { cuerpoRyCC } from "../support/revision.js";
import { iniciarSmtp, type ServidorSmtp } from "../support/smtp.js";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

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
      // Neither life logs an error (the start's daily tasks included).
      expect(primero.salida()).not.toMatch(/"level":50|falló|DrizzleQueryError/);

      // Second life, with SMTP: the waiting e-mail goes out once.
      const segundo = await iniciarProceso({ ...base.env, SMTP_URL: smtp.url });
      try {
        const asunto = `Solicitud n.º ${id} retornada por el Analista RyCC`;
        const recibido = await hasta(() => smtp.recibidos.find((m) => m.asunto === asunto));
        expect(recibido.para).toEqual(["originador@demo.firmas.example"]);
        expect(recibido.texto).toContain(cuerpoRyCC.Comentario);
        // The in-app notice survived as well.
        const originador = await sesion(segundo.url, "originador");
        const avisos = (await originador("GET", "/api/Avisos")) as { rows: { titulo: string }[] };
        expect(avisos.rows.some((a) => a.titulo === asunto)).toBe(true);
        await segundo.detener();
        expect(smtp.recibidos.filter((m) => m.asunto === asunto)).toHaveLength(1);
        expect(segundo.salida()).not.toMatch(/"level":50|falló|DrizzleQueryError/);
      } finally {
        await segundo.matar();
      }
    } finally {
      await base.borrar();
    }
  });
});
