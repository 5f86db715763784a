/**
 * Finding and owning work in the reviewers' inboxes, in the browser, by keyboard: the request's
 * number as a column and in the search (typing the number alone finds the request), "Mis
 * asignadas", the days waiting with its highlight past the setting (WAIT_ALERT_DAYS=1 here, so the
 * demo's older requests are highlighted) and its filter and sort; then the same inbox on a phone,
 * where each request is a card that names every value, the new ones too. Each step is checked
 * against the API's answer.
 */
import type { BandejaItem } from "@registro/contracts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiDemo } from "../support/api";
import { launchBrowser, login, newContext, screenshot, TELEFONO } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

let server: AppServer;
let browser: Browser;
const demo = apiDemo(() => server.url);
/** How long a redrawn inbox may take on the slowed-down computer. */
const LENTO = { timeout: 15_000 };
type Pagina = { rows: BandejaItem[]; totalRecords: number };
const bandejaAnalista = (query: string) =>
  demo.llamar<Pagina>("analista", `api/SolicitudFirma/GetBandejaAnalista?page=0&rows=100&${query}`);

beforeAll(async () => {
  server = await startServer({ LOGIN_RATE_LIMIT: "500", WAIT_ALERT_DAYS: "1" });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * A filter's box pressed with the space bar, once the screen shows it as the step starts from and
 * it holds the focus: the router draws a new address in a transition, and on a busy computer the
 * previous drawing can still be on screen when a person (or a test) reaches for the box again.
 */
async function pulsarCasilla(page: Page, etiqueta: string, marcadaAntes: boolean) {
  const casilla = page.getByLabel(etiqueta, { exact: true });
  await expect.poll(() => casilla.isChecked(), LENTO).toBe(marcadaAntes);
  await casilla.focus();
  await expect.poll(() => casilla.evaluate((el) => el === document.activeElement), LENTO).toBe(true);
  await page.keyboard.press("Space");
}

async function esperarTabla(page: Page) {
  await page.locator(".rf-bandeja tbody tr").first().waitFor();
  await page.locator(".rf-bandeja .p-datatable-loading-overlay").waitFor({ state: "detached" });
}

/** The request numbers the inbox shows, once it has settled. */
async function numeros(page: Page): Promise<number[]> {
  await esperarTabla(page);
  const celdas = page.locator('.rf-bandeja tbody tr td[data-etiqueta="N.º"]');
  return (await celdas.allTextContents()).map((t) => Number(t.trim()));
}

describe("the analyst's inbox", () => {
  it("finds a request by its number, lists the analyst's own, and shows and sorts how long each has waited", async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await login(page, server.url, "analista");
    await page.goto(`${server.url}/AnalistaRyCC/Analista`);
    await esperarTabla(page);
    await page.getByRole("columnheader", { name: "N.º" }).waitFor();
    await page.getByRole("columnheader", { name: "Días en espera" }).waitFor();
    // A slow computer, as a busy clerk's: the address changes before the inbox has redrawn with it,
    // and the next key must still start from the address, not from the previous drawing.
    const cdp = await ctx.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });

    // The number alone, typed without delay, finds that request.
    const todas = await bandejaAnalista("");
    const buscada = todas.rows[todas.rows.length - 1].idSolicitud;
    await page.getByLabel("Buscar", { exact: true }).focus();
    await page.keyboard.type(String(buscada));
    await page.waitForURL(new RegExp(`q=${buscada}(&|$)`));
    await expect.poll(() => numeros(page), LENTO).toContain(buscada);
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Backspace");
    await page.waitForURL((u) => !u.searchParams.has("q"));

    // Mis asignadas, by keyboard: what the analyst holds, and nothing else.
    const mias = await bandejaAnalista("asignadas=mias");
    expect(mias.totalRecords).toBeGreaterThan(0);
    await pulsarCasilla(page, "Mis asignadas", false);
    await page.waitForURL(/asignadas=mias/);
    await expect.poll(() => numeros(page), LENTO).toEqual(mias.rows.map((r) => r.idSolicitud));
    await pulsarCasilla(page, "Mis asignadas", true);
    await page.waitForURL((u) => !u.searchParams.has("asignadas"));

    // Waiting long: highlighted, and the filter keeps only those.
    const largas = await bandejaAnalista("espera=larga");
    expect(largas.totalRecords).toBeGreaterThan(0);
    await pulsarCasilla(page, "En espera prolongada", false);
    await page.waitForURL(/espera=larga/);
    expect(new URL(page.url()).searchParams.has("asignadas")).toBe(false);
    await expect.poll(() => numeros(page), LENTO).toEqual(largas.rows.slice(0, 10).map((r) => r.idSolicitud));
    const celdasEspera = page.locator('.rf-bandeja tbody tr td[data-etiqueta="Días en espera"]');
    expect(await celdasEspera.count()).toBeGreaterThan(0);
    expect(await celdasEspera.locator(".rf-espera-larga").count()).toBe(await celdasEspera.count());
    await expect
      .poll(async () => (await celdasEspera.first().textContent())?.trim(), LENTO)
      .toBe(`${largas.rows[0].diasEspera} días (espera prolongada)`.replace(/^1 días/, "1 día"));
    await screenshot(page, "bandeja-analista-espera-larga");

    // Sorted by days waiting from its header, by keyboard (the shortest wait first).
    await pulsarCasilla(page, "En espera prolongada", true);
    await page.waitForURL((u) => !u.searchParams.has("espera"));
    const encabezado = page.getByRole("columnheader", { name: "Días en espera" });
    await encabezado.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(
      (u) => u.searchParams.get("sortField") === "diasEspera" && u.searchParams.get("sortOrder") === "1",
    );
    // The sort keeps the filters as they are: none (the one just cleared stays cleared).
    expect([...new URL(page.url()).searchParams.keys()].sort()).toEqual(["sortField", "sortOrder"]);
    const ordenadas = await bandejaAnalista("sortField=diasEspera&sortOrder=1");
    await expect.poll(() => numeros(page), LENTO).toEqual(ordenadas.rows.slice(0, 10).map((r) => r.idSolicitud));

    // A phone: each request a card naming its number and its days waiting.
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await page.setViewportSize(TELEFONO);
    const tarjeta = page.locator(".rf-bandeja tbody tr").first();
    await tarjeta.locator('td[data-etiqueta="N.º"]').waitFor();
    expect((await tarjeta.locator('td[data-etiqueta="N.º"]').textContent())?.trim()).toBe(
      String(ordenadas.rows[0].idSolicitud),
    );
    await tarjeta.locator('td[data-etiqueta="Días en espera"]').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, "bandeja-analista-telefono");
    await ctx.close();
  });
});

describe("the administrator's inbox", () => {
  it("shows the request's number first and finds a request by it", async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await login(page, server.url, "administrador");
    await page.goto(`${server.url}/AnalistaRyCC/Administrador`);
    await esperarTabla(page);
    await page.getByRole("columnheader", { name: "N.º" }).waitFor();
    const pagina = await demo.llamar<Pagina>("administrador", "api/SolicitudFirma/GetBandejaAdministradorRCC?page=0");
    expect(await numeros(page)).toEqual(pagina.rows.map((r) => r.idSolicitud));
    const buscada = pagina.rows[pagina.rows.length - 1].idSolicitud;
    await page.getByLabel("Buscar", { exact: true }).focus();
    await page.keyboard.type(String(buscada));
    await page.waitForURL(new RegExp(`q=${buscada}(&|$)`));
    await expect.poll(() => numeros(page), LENTO).toContain(buscada);
    await ctx.close();
  });
});
