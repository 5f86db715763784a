/**
 * Without PUBLIC_URL, the constancia's link (printed and in the QR code) never takes an arbitrary
 * Host header: only a host listed in ALLOWED_HOSTS, otherwise the configured address.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearTestApp, type TestApp } from "../support/app.js";
import { crearSolicitud } from "../support/factories.js";
import { textoPdf } from "../support/lectores.js";
import { accion } from "../support/revision.js";

let t: TestApp;
let idSolicitud = 0;

beforeAll(async () => {
  t = await crearTestApp({ PORT: "3456", ALLOWED_HOSTS: "firmas.contraloria.local, 10.0.0.5:8080" });
  const s = await crearSolicitud(t.db, {
    estatus: 105,
    funcionarios: 1,
    estatusFuncionarios: 1,
    decididoJuridico: true,
  });
  expect((await accion(t, "administrador", "AprobarAdminRcc", s.idSolicitud)).json().success).toBe(true);
  idSolicitud = s.idSolicitud;
});
afterAll(() => t.close());

const textoConstancia = async (host: string) => {
  const res = await t.as("consultor", {
    method: "GET",
    url: `/api/Verificacion/GetConstancia/${idSolicitud}`,
    headers: { host },
  });
  expect(res.statusCode).toBe(200);
  return textoPdf(res.rawPayload).join("\n");
};

describe("the constancia's link without PUBLIC_URL", () => {
  it("an unknown Host header is not written into the document: the configured address is", async () => {
    const texto = await textoConstancia("evil.example");
    expect(texto).not.toContain("evil.example");
    expect(texto).toContain("http://localhost:3456/Verificar/");
  });

  it("a host of ALLOWED_HOSTS is used as the request came in (any case, with its port)", async () => {
    expect(await textoConstancia("Firmas.Contraloria.Local")).toContain("http://Firmas.Contraloria.Local/Verificar/");
    expect(await textoConstancia("10.0.0.5:8080")).toContain("http://10.0.0.5:8080/Verificar/");
    expect(await textoConstancia("10.0.0.5:9999")).toContain("http://localhost:3456/Verificar/");
  });

  it("ALLOWED_HOSTS must be host names", async () => {
    const { loadConfig, ConfigError } = await import("../../src/config.js");
    expect(() => loadConfig({ ALLOWED_HOSTS: "http://evil.example/" })).toThrow(ConfigError);
  });
});
