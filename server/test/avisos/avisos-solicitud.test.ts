/**
 * Notices that clear themselves: PUT api/Avisos/MarcarLeidosSolicitud/{id} (opening a request marks
 * the user's notices about it read, and nobody else's) and the bell's read/unread filter
 * (GET api/Avisos?estado=todos|noLeidos|leidos).
 */
import { type Avisos, MSG } from "@registro/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearTestApp, type TestApp } from "../support/app.js";
import { crearSolicitud, idUsuario } from "../support/factories.js";
import { accion, cuerpoRyCC } from "../support/revision.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(() => t.close());

/** A request returned to the originator's institution: its originators get a "retornada" notice. */
async function retornada() {
  const analista = await idUsuario(t.db, "analista");
  const s = await crearSolicitud(t.db, { estatus: 101, asignadoA: analista });
  expect((await accion(t, "analista", "Retornar", s.idSolicitud, cuerpoRyCC)).json()).toMatchObject({ success: true });
  return s.idSolicitud;
}

const avisos = async (usuario: "originador" | "analista", estado?: string): Promise<Avisos> =>
  (await t.as(usuario, { method: "GET", url: `/api/Avisos?rows=50${estado ? `&estado=${estado}` : ""}` })).json();
const marcar = (usuario: Parameters<TestApp["as"]>[0], id: number | string) =>
  t.as(usuario, { method: "PUT", url: `/api/Avisos/MarcarLeidosSolicitud/${id}` });

describe("PUT api/Avisos/MarcarLeidosSolicitud/{idSolicitud}", () => {
  it("401 without a session, 400 for a bad id", async () => {
    expect((await marcar(null, 1)).statusCode).toBe(401);
    expect((await marcar("originador", "abc")).statusCode).toBe(400);
  });

  it("marks the user's notices about that request read, and no other notice", async () => {
    const una = await retornada();
    const otra = await retornada();
    const noLeidos = (a: Avisos, id: number) => a.rows.filter((x) => x.idSolicitud === id && !x.leido).length;
    const antes = await avisos("originador");
    expect(noLeidos(antes, una)).toBe(1);
    expect(noLeidos(antes, otra)).toBe(1);

    const res = await marcar("originador", una);
    expect(res.json()).toEqual({ success: true, message: MSG.avisosLeidos });
    const despues = await avisos("originador");
    expect(noLeidos(despues, una)).toBe(0);
    expect(noLeidos(despues, otra)).toBe(1);
    expect(despues.noLeidos).toBe(antes.noLeidos - 1);
    // Another user's marks are theirs: the analyst opening it changes nothing for the originator.
    await marcar("analista", otra);
    expect(noLeidos(await avisos("originador"), otra)).toBe(1);
  });
});

describe("GET api/Avisos?estado", () => {
  it("400 for an unknown filter, in Spanish on its field", async () => {
    const res = await t.as("originador", { method: "GET", url: "/api/Avisos?estado=archivados" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.estado).toEqual([MSG.estadoAvisoInvalido]);
  });

  it("lists all, only the unread or only the read notices", async () => {
    const id = await retornada();
    await retornada();
    await marcar("originador", id);
    const todos = await avisos("originador");
    const noLeidos = await avisos("originador", "noLeidos");
    const leidos = await avisos("originador", "leidos");
    expect(noLeidos.rows.length).toBeGreaterThan(0);
    expect(leidos.rows.length).toBeGreaterThan(0);
    expect(noLeidos.rows.every((a) => !a.leido)).toBe(true);
    expect(leidos.rows.every((a) => a.leido)).toBe(true);
    expect(leidos.rows.some((a) => a.idSolicitud === id)).toBe(true);
    expect(todos.rows.length).toBe(Math.min(50, noLeidos.rows.length + leidos.rows.length));
    expect(noLeidos.noLeidos).toBe(todos.noLeidos);
  });
});
