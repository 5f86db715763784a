/**
 * Lighthouse, mobile preset (scripts/lighthouse.mjs, Debian's chromium), on the page strangers open
 * from a constancia's QR code (signed out): the answer arriving shifts the layout by at most 0.05
 * (CLS). The performance score is printed, not asserted (see docs/benchmarks).
 */
import { CODIGO_CONSTANCIA_REGEX } from "@registro/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imprimirLighthouse, medirLighthouse } from "../../scripts/lighthouse.mjs";
import { textoPdf } from "../../server/test/support/lectores";
import { apiDemo } from "../support/api";
import { type AppServer, startServer } from "../support/server";

let server: AppServer;
const demo = apiDemo(() => server.url);

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

/** The verification code printed on an active request's constancia. */
async function codigoConstancia(): Promise<string> {
  const bandeja = await demo.llamar<{ rows: { idSolicitud: number }[] }>(
    "consultor",
    "api/SolicitudFirma/GetBandejaConsultor?page=0&rows=5&estatus=106",
  );
  const res = await fetch(`${server.url}/api/Verificacion/GetConstancia/${bandeja.rows[0].idSolicitud}`, {
    headers: { Authorization: await demo.token("consultor") },
  });
  expect(res.status).toBe(200);
  const codigo = textoPdf(Buffer.from(await res.arrayBuffer()))
    .map((t) => t.trim())
    .find((t) => CODIGO_CONSTANCIA_REGEX.test(t));
  if (!codigo) throw new Error("no verification code on the constancia");
  return codigo;
}

describe("Lighthouse (mobile)", () => {
  it("a constancia's public page, opened from its QR: the answer arriving shifts nothing (CLS ≤ 0.05)", async () => {
    const pagina = {
      nombre: "Página pública de la constancia",
      ruta: `/Verificar/${await codigoConstancia()}`,
      conSesion: false,
    };
    const [r] = await medirLighthouse({ base: server.url, token: "", paginas: [pagina] });
    // The scores and metrics go to the log (docs/benchmarks); the performance score moves with the
    // shared machine's load, the layout shift does not.
    imprimirLighthouse([r]);
    expect(r.error).toBeNull();
    expect(r.valores.CLS).not.toBeNull();
    expect(r.valores.CLS!).toBeLessThanOrEqual(0.05);
  }, 300_000);
});
