/**
 * The one place failures are told (issue 36): what a failed read or action says, by status and by
 * what the query or mutation declares.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "./api-client";
import { avisarFallo, avisarFalloAccion, avisarFalloConsulta } from "./query-client";
import { notify } from "./toast";

// (Hoisted above the imports.) The session store clears an old key on import: a browser's storage, in memory.
vi.hoisted(() => {
  const datos = new Map<string, string>();
  Object.assign(globalThis, {
    localStorage: {
      getItem: (k: string) => datos.get(k) ?? null,
      setItem: (k: string, v: string) => void datos.set(k, v),
      removeItem: (k: string) => void datos.delete(k),
    },
  });
});

function avisos() {
  const error = vi.spyOn(notify, "error").mockImplementation(() => undefined);
  const warn = vi.spyOn(notify, "warn").mockImplementation(() => undefined);
  return { error: () => error.mock.calls.map((c) => c[0]), warn: () => warn.mock.calls.map((c) => c[0]) };
}

afterEach(() => vi.restoreAllMocks());

describe("a failed read", () => {
  it("says its text, and nothing on 401", () => {
    const a = avisos();
    avisarFalloConsulta(new ApiError(500, "x"), { errorCarga: "No se pudo cargar." });
    avisarFalloConsulta(new TypeError("Failed to fetch"), { errorCarga: "Otra vez." });
    avisarFalloConsulta(new ApiError(401, "La sesión expiró."), { errorCarga: "Nunca." });
    expect(a.error()).toEqual(["No se pudo cargar.", "Otra vez."]);
  });

  it("a 403 says the server's words after the query's text, unless the screen tells it", () => {
    const a = avisos();
    avisarFalloConsulta(new ApiError(403, "No está autorizado."), { errorCarga: "No se pudo cargar." });
    avisarFalloConsulta(new ApiError(403, "Prohibido."), { errorCarga: "Tablero.", salvoEstados: [403] });
    avisarFalloConsulta(new ApiError(403, "Callado."), { errorCarga: "Propio.", avisoPropio: true });
    avisarFalloConsulta(new ApiError(500, "x"), undefined);
    expect(a.error()).toEqual(["No se pudo cargar.", "No está autorizado.", "Prohibido."]);
  });

  it("a status may have its own text", () => {
    const a = avisos();
    avisarFalloConsulta(new ApiError(404, "x"), { errorCarga: "General.", porEstado: { 404: "No existe." } });
    avisarFalloConsulta(new ApiError(500, "x"), { errorCarga: "General.", porEstado: { 404: "No existe." } });
    expect(a.error()).toEqual(["No existe.", "General."]);
  });
});

describe("a failed action", () => {
  it("says the mutation's text or the error's own, nothing undeclared or on 401", () => {
    const a = avisos();
    avisarFalloAccion(new ApiError(500, "Del servidor."), { errorAccion: "No se pudo descargar." });
    avisarFalloAccion(new ApiError(400, "Del servidor."), { errorAccion: "Respaldo.", mensajeDelError: true });
    avisarFalloAccion(new ApiError(400, ""), { errorAccion: "Respaldo.", mensajeDelError: true });
    avisarFalloAccion(new ApiError(500, "Nada."), undefined);
    avisarFalloAccion(new ApiError(401, "Sesión."), { errorAccion: "Nunca." });
    expect(a.error()).toEqual(["No se pudo descargar.", "Del servidor.", "Respaldo."]);
  });

  it("avisarFallo: the text given or the error's, at the level asked, never on 401", () => {
    const a = avisos();
    avisarFallo(new Error("Propio."));
    avisarFallo(new ApiError(404, "x"), "Dado.", "warn");
    avisarFallo(new ApiError(401, "x"), "Nunca.");
    expect(a.error()).toEqual(["Propio."]);
    expect(a.warn()).toEqual(["Dado."]);
  });
});
