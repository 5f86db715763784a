/**
 * Lighthouse, mobile preset (scripts/lighthouse.mjs, Debian's chromium, a first visit with an empty
 * cache), on the pages strangers and managers open: a constancia's public page from its QR code
 * (signed out), the dashboard (Tablero) and "Verificar firma" (signed in). Each loads no more script
 * than its budget: the code it needs, not the signed-in frame's panels, every chart type of Chart.js
 * or the answer's table before a question. On none of them does anything shift as its data and code
 * arrive (CLS ≤ 0.05): Verificar firma's form is drawn with PrimeReact's layout rules already there
 * (the static copy build/vite-plugins.ts ships with the frame). The performance score moves with the
 * shared machine's load (the same build scores 58–72 within minutes), so it is printed, not asserted.
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

const KB = 1024;
/**
 * Script each page loads (uncompressed bytes of every script file, whatever arrives later too):
 * what each loads (406 / 907 / 780 KB), plus 4–6 %. Loading the frame's closed panels (about
 * 54 KB), every chart type of Chart.js (`chart.js/auto`, 47 KB more than the bar chart's parts),
 * zod and the contracts' schema chunks in Tablero's filters (their dates are read without it),
 * Verificar firma's answer table (DataTable, 198 KB) up front, or the form library and zod on the
 * public page (its upload check is plain React state: 125 KB less) again exceeds them.
 */
const PRESUPUESTO_PUBLICA = 430 * KB;
const PRESUPUESTO_TABLERO = 955 * KB;
const PRESUPUESTO_VERIFICAR = 830 * KB;

describe("Lighthouse (mobile)", () => {
  it("the public page, Tablero and Verificar firma each load only their own script and shift nothing (CLS ≤ 0.05)", async () => {
    const paginas = [
      {
        nombre: "Página pública de la constancia",
        ruta: `/Verificar/${await codigoConstancia()}`,
        conSesion: false,
        presupuestoJs: PRESUPUESTO_PUBLICA,
      },
      { nombre: "Tablero", ruta: "/Tablero", conSesion: true, presupuestoJs: PRESUPUESTO_TABLERO },
      {
        nombre: "Verificar firma",
        ruta: "/Consultar/Verificar",
        conSesion: true,
        presupuestoJs: PRESUPUESTO_VERIFICAR,
      },
    ];
    const resultados = await medirLighthouse({
      base: server.url,
      token: await demo.token("administrador"),
      paginas,
    });
    // Scores and metrics go to the log (docs/benchmarks).
    imprimirLighthouse(resultados);
    for (const [i, r] of resultados.entries()) {
      expect(r.error, r.nombre).toBeNull();
      expect(r.valores.CLS, r.nombre).not.toBeNull();
      expect(r.valores.CLS!, `${r.nombre}: CLS`).toBeLessThanOrEqual(0.05);
      expect(r.js.bytes, `${r.nombre}: JavaScript cargado`).toBeGreaterThan(0);
      expect(r.js.bytes, `${r.nombre}: JavaScript cargado`).toBeLessThanOrEqual(paginas[i].presupuestoJs);
    }
  }, 120_000);
});
