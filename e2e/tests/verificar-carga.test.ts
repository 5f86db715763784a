/**
 * "Verificar firma" draws its heading and help before its form's code has arrived (the page's
 * largest paint does not wait for PrimeReact's fields, the form library or zod), in room kept for
 * the form and the batch's controls: when they arrive nothing below them moves, on a phone and on
 * a desktop. The form's two lists (institutions, signatures) are asked for while its code is on
 * its way, not once it is drawn.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ESCRITORIO, launchBrowser, login, newContext } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Top and height of the batch's section and the footer (what the arriving form would push down). */
function posiciones(page: Page) {
  return page.evaluate(() =>
    [".rfv-formulario", ".rfv-lote", ".rf-footer"].map((s) => {
      const caja = document.querySelector(s)?.getBoundingClientRect();
      return caja ? { s, top: Math.round(caja.top), alto: Math.round(caja.height) } : { s, top: -1, alto: -1 };
    }),
  );
}

const TAMANOS = [
  { nombre: "phone (412 px, Lighthouse's)", ancho: 412, alto: 823 },
  { nombre: "desktop", ancho: ESCRITORIO.width, alto: ESCRITORIO.height },
  // The batch's controls on one line, 14 px to spare beside the menu (verificacion.css).
  { nombre: "laptop (1280 px)", ancho: 1280, alto: 800 },
];

describe("Verificar firma's first paint", () => {
  for (const t of TAMANOS) {
    it(`${t.nombre}: heading and help before the form's code, and nothing moves when the form arrives`, async () => {
      const ctx = await newContext(browser);
      const page = await ctx.newPage();
      await page.setViewportSize({ width: t.ancho, height: t.alto });
      await login(page, server.url, "consultor");
      // The form's and the batch controls' code held back until the page is checked without them.
      let soltar = () => {};
      const retenido = new Promise<void>((r) => {
        soltar = r;
      });
      const pedidos: string[] = [];
      await page.route(/\/assets\/(FormularioVerificacion|CamposLote)-[^/]*\.js$/, async (ruta) => {
        pedidos.push(ruta.request().url());
        await retenido;
        await ruta.continue();
      });
      const listas = new Set<string>();
      page.on("request", (r) => {
        const m = /api\/(Usuarios\/CargarInstituciones|SolicitudFirma\/GetFirmas)$/.exec(r.url());
        if (m) listas.add(m[1]);
      });
      await page.goto(`${server.url}/Consultar/Verificar`);
      await page.getByRole("heading", { name: "Verificar firma", level: 1 }).waitFor();
      await page.getByText("Indique la cédula del firmante").waitFor();
      await page.getByRole("heading", { name: "Verificar un lote", level: 2 }).waitFor();
      await expect.poll(() => pedidos.length).toBe(2);
      expect(await page.getByLabel("Cédula").count()).toBe(0);
      await expect.poll(() => [...listas].sort()).toEqual(["SolicitudFirma/GetFirmas", "Usuarios/CargarInstituciones"]);
      const antes = await posiciones(page);

      soltar();
      await page.getByLabel("Cédula").waitFor();
      await page.getByRole("button", { name: "Procesar lote" }).waitFor();
      // Its fields' styles and the dropdowns' data settle within a moment.
      await page.waitForTimeout(500);
      expect(await posiciones(page)).toEqual(antes);
      // zod and the API's schemas wait for the form's first use: its first focus asks for them.
      const scripts = () =>
        page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name.replace(/^.*\//, "")));
      expect((await scripts()).filter((n) => /^(zod|esquemas)-/.test(n))).toEqual([]);
      await page.getByLabel("Cédula").focus();
      await expect.poll(async () => (await scripts()).some((n) => n.startsWith("esquemas-"))).toBe(true);
      await ctx.close();
    });
  }
});
