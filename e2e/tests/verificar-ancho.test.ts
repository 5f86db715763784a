/**
 * "Verificar firma" at 1366 px: the results table whole, Resultado included, without sideways
 * scrolling (on a phone its rows are stacked cards).
 */
import type { Funcionario } from "@registro/contracts";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiDemo } from "../support/api";
import { launchBrowser, login, newContext } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

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

describe("Verificar firma at 1366 px", () => {
  it("shows every column of the results, Resultado included, without sideways scrolling", async () => {
    const cedula = await cedulaEnVigor();
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await login(page, server.url, "consultor");
    await page.goto(`${server.url}/Consultar/Verificar`);
    const campo = page.getByLabel("Cédula");
    await campo.click({ position: { x: 6, y: 6 } });
    await page.waitForTimeout(250);
    await campo.press("Home");
    await campo.pressSequentially(cedula.replace(/-/g, ""), { delay: 20 });
    await page.getByRole("button", { name: "Verificar" }).click();
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
    await ctx.close();
  });
});
