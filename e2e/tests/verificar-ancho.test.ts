/**
 * "Verificar firma" at 1366 and 1280 px (the menu open): the results table whole, Resultado
 * included, without sideways scrolling, and no word cut across two lines (on a phone its rows are
 * stacked cards).
 */
import type { Funcionario } from "@registro/contracts";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiDemo } from "../support/api";
import { launchBrowser, login, newContext } from "../support/browser";
import { type AppServer, startServer } from "../support/server";
import { preguntarPorCedula } from "../support/verificar";

let server: AppServer;
let browser: Browser;
const demo = apiDemo(() => server.url);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** An active request of the demo data with an official in force today. */
async function cedulaEnVigor(): Promise<string> {
  const bandeja = await demo.llamar<{ rows: { idSolicitud: number }[] }>(
    "consultor",
    "api/SolicitudFirma/GetBandejaConsultor?page=0&rows=50&estatus=106",
  );
  for (const { idSolicitud } of bandeja.rows) {
    const fs = await demo.llamar<Funcionario[]>("consultor", `api/Funcionarios/GetFuncionarioSolicitud/${idSolicitud}`);
    const enVigor = fs.find((f) => f.enVigor);
    if (enVigor) return enVigor.cedula;
  }
  throw new Error("no official in force in the demo data");
}

describe("Verificar firma on a laptop", () => {
  for (const ancho of [1366, 1280])
    it(`${ancho} px: every column of the results, Resultado included, without sideways scrolling or a word cut in two`, async () => {
      const cedula = await cedulaEnVigor();
      const ctx = await newContext(browser);
      const page = await ctx.newPage();
      await page.setViewportSize({ width: ancho, height: 800 });
      await login(page, server.url, "consultor");
      await page.goto(`${server.url}/Consultar/Verificar`);
      await preguntarPorCedula(page, cedula);
      const tabla = page.locator(".rfv-registros");
      await tabla.locator("tbody tr").first().waitFor();
      const medidas = await tabla.evaluate((t) => {
        const envoltura = t.querySelector(".p-datatable-wrapper") as HTMLElement;
        const resultado = [...t.querySelectorAll("th")].find((th) => th.textContent?.includes("Resultado"));
        return {
          envoltura: envoltura.scrollWidth <= envoltura.clientWidth,
          resultadoVisible: (resultado?.getBoundingClientRect().right ?? Number.POSITIVE_INFINITY) <= window.innerWidth,
          pagina: document.documentElement.scrollWidth <= window.innerWidth,
        };
      });
      expect(medidas).toEqual({ envoltura: true, resultadoVisible: true, pagina: true });
      // Each word of every header and cell on one line ("Soli / citu / d" is not a column).
      const cortadas = await tabla.evaluate((t) => {
        const malas: string[] = [];
        for (const celda of t.querySelectorAll("th, td")) {
          const recorrido = document.createTreeWalker(celda, NodeFilter.SHOW_TEXT);
          for (let n = recorrido.nextNode(); n; n = recorrido.nextNode()) {
            const texto = n.textContent ?? "";
            for (const m of texto.matchAll(/\S+/g)) {
              const rango = document.createRange();
              rango.setStart(n, m.index);
              rango.setEnd(n, m.index + m[0].length);
              if (rango.getClientRects().length > 1) malas.push(m[0]);
            }
          }
        }
        return malas;
      });
      expect(cortadas).toEqual([]);
      await ctx.close();
    });
});
