/**
 * Limits on exports: two at a time per user and EXPORT_MAX_CONCURRENT in the process (the rest get
 * a Spanish 429 with Retry-After), a place given back when its answer ends (here: the client goes
 * away), and EXPORT_TIMEOUT_SECONDS cutting off an export whose client never reads. The exports are
 * held open by sockets that never read an answer larger than the kernel's buffers; while they
 * stall, other calls keep working (no connection is held between batches, even PGlite's one).
 */
import type { AddressInfo } from "node:net";
import net from "node:net";
import { MSG } from "@registro/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { crearTestApp, type TestApp } from "../support/app.js";
import { idInstitucionDe } from "../support/factories.js";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const LIMITE_S = 25;
let t: TestApp;
let puerto: number;

beforeAll(async () => {
  t = await crearTestApp({ EXPORT_MAX_CONCURRENT: "3", EXPORT_TIMEOUT_SECONDS: String(LIMITE_S) });
  const institucion = await idInstitucionDe(t.db, "originador");
  // About 15 MB of CSV in the originator's inbox (and the analyst's: pending requests): more than
  // the kernel's socket buffers on loopback can hold (a few MB), so a client that never reads stalls it.
  // The search words' triggers are off for the seed (no search reads these rows; long names would
  // cost minutes of words there).
  await t.db.execute(sql`set session_replication_role = replica`);
  await t.db.execute(sql`
    insert into incumbentes (id_institucion, cedula, nombres, apellidos, cod_cargo, telefono)
    select ${institucion}::int, lpad(g::text, 11, '0'), 'Nombre de prueba ' || g || ' ' || repeat('x', 500), 'Apellido de prueba ' || (g % 97) || ' ' || repeat('y', 500),
      (select id_cargo from cargos where tipo = 1 order by id_cargo limit 1), '(809) 555-0101'
    from generate_series(1, 15000) g`);
  await t.db.execute(sql`
    insert into solicitudes (id_institucion, id_incumbente, estatus, fecha_solicitud)
    select i.id_institucion, i.id_incumbente, 101, timestamptz '2026-01-01 12:00:00+00' + i.id_incumbente * interval '1 minute'
    from incumbentes i where i.nombres like 'Nombre de prueba %'`);
  await t.db.execute(sql`set session_replication_role = origin`);
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  puerto = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

interface Respuesta {
  socket: net.Socket;
  /** The status line and headers, as soon as they come. */
  cabecera: Promise<string>;
  /** The whole answer, once the server ends it (a refusal), or whatever came until it was cut. */
  completa: Promise<string>;
}

/** A GET whose answer is not read past its first bytes when `leer` is false. */
async function pedir(usuario: string, url: string, leer: boolean): Promise<Respuesta> {
  const token = await t.token(usuario);
  const socket = net.connect({ host: "127.0.0.1", port: puerto });
  socket.on("error", () => {});
  let texto = "";
  let vista = false;
  const cabecera = new Promise<string>((resolve) => {
    socket.on("data", (d) => {
      texto += d.toString("latin1");
      if (!vista && texto.includes("\r\n\r\n")) {
        vista = true;
        resolve(texto.split("\r\n\r\n")[0]);
        if (!leer) socket.pause();
      }
    });
  });
  const completa = new Promise<string>((resolve) => socket.once("close", () => resolve(texto)));
  socket.write(`GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`);
  return { socket, cabecera, completa };
}

const estado = (cabecera: string) => Number(cabecera.split(" ")[1]);

describe("export limits", () => {
  it("two per user, three in the process: the rest get a Spanish 429 with Retry-After", async () => {
    const abiertas: Respuesta[] = [];
    try {
      for (const u of ["originador", "originador"])
        abiertas.push(await pedir(u, "/api/Exportar/Originador?formato=csv", false));
      for (const r of abiertas) expect(estado(await r.cabecera)).toBe(200);

      // The same user's third: refused, whatever the list.
      const tercera = await t.as("originador", { method: "GET", url: "/api/Exportar/Originador?formato=xlsx" });
      expect(tercera.statusCode).toBe(429);
      expect(Number(tercera.headers["retry-after"])).toBeGreaterThan(0);
      expect(tercera.json()).toEqual({ success: false, message: MSG.exportacionesPropias });

      // Another user's: the process's third place.
      abiertas.push(await pedir("analista", "/api/Exportar/Analista?formato=csv", false));
      expect(estado(await abiertas[2].cabecera)).toBe(200);
      const cuarta = await t.as("analista2", { method: "GET", url: "/api/Exportar/Analista?formato=csv" });
      expect(cuarta.statusCode).toBe(429);
      expect(cuarta.headers["retry-after"]).toBeDefined();
      expect(cuarta.json()).toEqual({ success: false, message: MSG.exportacionesEnCurso });

      // The stalled exports hold no connection: the inbox and a configuration export still answer.
      const bandeja = await t.as("analista2", {
        method: "GET",
        url: "/api/SolicitudFirma/GetBandejaAnalista?page=0&rows=10",
      });
      expect(bandeja.statusCode).toBe(200);
      expect(abiertas.every((r) => !r.socket.destroyed)).toBe(true);

      // A client that goes away gives its place back.
      abiertas[0].socket.destroy();
      await abiertas[0].completa;
      // The server sees the close on its own time (later on a busy machine): ask until it has.
      await expect
        .poll(
          async () =>
            (await t.as("analista2", { method: "GET", url: "/api/Exportar/Analista?formato=csv&q=ninguna" }))
              .statusCode,
          { timeout: 10_000, interval: 100 },
        )
        .toBe(200);
    } finally {
      for (const r of abiertas) r.socket.destroy();
    }
  });

  it("an export whose client never reads is cut off after EXPORT_TIMEOUT_SECONDS", async () => {
    const inicio = Date.now();
    const lenta = await pedir("originador", "/api/Exportar/Originador?formato=csv", false);
    expect(estado(await lenta.cabecera)).toBe(200);
    // A socket that does not read does not see the server close it either: read once the limit is past.
    await new Promise((r) => setTimeout(r, inicio + (LIMITE_S + 3) * 1000 - Date.now()));
    expect(lenta.socket.destroyed).toBe(false);
    const leyendo = Date.now();
    lenta.socket.resume();
    const texto = await lenta.completa;
    // What was already sent arrives, then the connection ends: cut off, without the last chunk.
    expect(Date.now() - leyendo).toBeLessThan(10_000);
    expect(texto.length).toBeGreaterThan(100_000);
    expect(texto.endsWith("\r\n0\r\n\r\n")).toBe(false);
    // Its place came back: the same user can export twice again at once.
    for (let i = 0; i < 2; i++) {
      const otra = await t.as("originador", { method: "GET", url: "/api/Exportar/Originador?formato=csv&q=ninguna" });
      expect(otra.statusCode).toBe(200);
    }
  });
});
