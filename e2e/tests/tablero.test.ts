/**
 * The dashboard in the browser: the RyCC administrator opens "Tablero" from the menu,
 * sees the charts (canvas) and, for each, a table with the API's figures; "Ver como tabla" shows
 * the table instead of the chart; the oldest waiting request links to its detail; filtering by an
 * institution changes the figures to that institution's; axe finds nothing serious at 1366 and
 * 390 px. The Login page never loads the dashboard's code or Chart.js. The filters' refusals, the
 * screen's and the server's, are said under their own field, which takes the focus.
 */
import { MSG, type Tablero } from "@registro/contracts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeSerious, DEMO_PASSWORD, launchBrowser, login, newContext, screenshot } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function tablero(query = ""): Promise<Tablero> {
  const login = await fetch(`${server.url}/api/Account/LogIn`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userName: "administrador", password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${server.url}/api/Tablero${query}`, { headers: { Authorization: token } });
  expect(res.status).toBe(200);
  return (await res.json()) as Tablero;
}

/** The rows of the table in the section titled `titulo` (header cell, then values). */
async function filas(page: Page, titulo: string): Promise<string[][]> {
  const seccion = page.getByRole("region", { name: titulo });
  return seccion
    .locator("table tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? "").trim())));
}

/** Scrolls each chart into view until it is drawn, then back to the top. */
async function dibujarTodos(page: Page) {
  for (const lienzo of await page.locator(".rft-grafico canvas").all()) {
    await lienzo.scrollIntoViewIfNeeded();
    await expect.poll(() => lienzo.getAttribute("data-dibujado"), { timeout: 10_000 }).toBe("true");
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

describe("Tablero", () => {
  it("shows the figures as charts and tables, links the oldest request and filters by institution", async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${server.url}/Login`);
    await page.getByRole("button", { name: "Iniciar sesión" }).waitFor();
    const deLogin = [...scripts];
    await login(page, server.url, "administrador");
    await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Tablero" }).click();
    await page.getByRole("heading", { name: "Tablero", level: 1 }).waitFor();
    const porEtapa = page.getByRole("region", { name: "Solicitudes por etapa" });
    await porEtapa.locator("canvas").waitFor();
    expect(await page.locator(".rft-grafico canvas").count()).toBe(4);
    // Neither the dashboard's chunk nor its figures' (with Chart.js's bar chart) is fetched before the
    // route is opened, and no chunk of every Chart.js chart type (chart.js/auto) at all.
    const nuevos = scripts.filter((s) => !deLogin.includes(s));
    expect(nuevos.some((s) => /TableroPage-/.test(s))).toBe(true);
    expect(nuevos.some((s) => /\/Figuras-[\w-]+\.js$/.test(s))).toBe(true);
    expect(deLogin.some((s) => /TableroPage-|\/Figuras-/.test(s))).toBe(false);
    expect(scripts.some((s) => /\/auto-[\w-]+\.js$/.test(s))).toBe(false);

    // The tables hold the API's figures.
    const api = await tablero();
    expect(await filas(page, "Solicitudes por etapa")).toEqual(
      api.etapas.map((e) => [e.etapa, e.solicitudes.toLocaleString("es-DO")]),
    );
    const espera = api.etapas.filter((e) => e.espera).sort((a, b) => b.espera!.maximoDias - a.espera!.maximoDias)[0];
    expect(espera).toBeDefined();

    // "Ver como tabla" swaps the chart for its table.
    await porEtapa.getByRole("button", { name: "Ver como tabla" }).click();
    await porEtapa.locator("table").waitFor({ state: "visible" });
    expect(await porEtapa.locator("canvas").count()).toBe(0);
    await porEtapa.getByRole("button", { name: "Ver como gráfico" }).click();
    await porEtapa.locator("canvas").waitFor();

    // The manual's picture shows every chart drawn: each is drawn when it comes near the viewport.
    await dibujarTodos(page);
    await screenshot(page, "tablero");
    expect(await axeSerious(page)).toEqual([]);

    // Filter: one institution (the one with most requests), whose figures the tables then show.
    const inst = api.instituciones[0];
    await page.locator(".p-dropdown:has(#rft-institucion)").click();
    await page.locator(".p-dropdown-panel").getByRole("option", { name: inst.institucion, exact: true }).click();
    await page.getByRole("button", { name: "Aplicar" }).click();
    const filtrado = await tablero(`?idInstitucion=${inst.idInstitucion}`);
    await expect
      .poll(() => filas(page, "Solicitudes por institución"), { timeout: 15_000 })
      .toEqual([[inst.institucion, inst.solicitudes.toLocaleString("es-DO"), inst.enProceso.toLocaleString("es-DO")]]);
    expect(await filas(page, "Solicitudes por etapa")).toEqual(
      filtrado.etapas.map((e) => [e.etapa, e.solicitudes.toLocaleString("es-DO")]),
    );

    // The oldest waiting request opens its detail.
    const conEspera = filtrado.etapas.find((e) => e.espera)!;
    const id = conEspera.espera!.idSolicitudMasAntigua;
    await page
      .getByRole("link", { name: `Ver solicitud n.º ${id}` })
      .first()
      .click();
    await page.waitForURL((u) => u.pathname.endsWith(`/AnalistaRyCC/Seguimiento/Detalles/${id}`));

    // A phone.
    await page.goBack();
    await page.getByRole("heading", { name: "Tablero", level: 1 }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator(".rft-grafico canvas").first().waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await ctx.close();
  }, 120_000);

  it("on a phone, a chart is drawn when it comes near the screen, not before (each costs a slow phone 80–300 ms)", async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, server.url, "administrador");
    await page.goto(`${server.url}/Tablero`);
    const lienzos = page.locator(".rft-grafico canvas");
    await expect.poll(() => lienzos.count(), { timeout: 15_000 }).toBe(4);
    const ultimo = lienzos.last();
    // The page settles (every idle moment has passed) with the last chart several screens below.
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => new Promise((r) => requestIdleCallback(() => setTimeout(r, 700))));
    expect(await ultimo.evaluate((c) => c.getBoundingClientRect().top > 2 * window.innerHeight)).toBe(true);
    // Not drawn: Chart.js has not sized the canvas (it writes its size into the canvas's style).
    expect(await ultimo.getAttribute("data-dibujado")).toBeNull();
    expect(await ultimo.getAttribute("style")).toBeNull();
    expect(await lienzos.first().getAttribute("style")).not.toBeNull();
    // Scrolled to, it is drawn.
    await page.keyboard.press("End");
    await expect.poll(() => ultimo.getAttribute("data-dibujado"), { timeout: 10_000 }).toBe("true");
    expect(await ultimo.getAttribute("style")).not.toBeNull();
    await ctx.close();
  }, 60_000);

  it("its figures and the bell's notices are asked for while the screen's code loads, and the figures never for a user who may not open it", async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await login(page, server.url, "administrador");
    // The page signed in on asks for its own notices a moment after it loads: let it, before counting.
    await page.waitForLoadState("networkidle");
    const pedidas: string[] = [];
    const avisos: string[] = [];
    page.on("request", (r) => {
      if (/\/api\/Tablero(\?|$)/.test(r.url())) pedidas.push(r.url());
      if (/\/api\/Avisos\?/.test(r.url())) avisos.push(r.url());
    });
    // The screen's code is held back until the figures have been asked for.
    let soltar = () => {};
    const retenido = new Promise<void>((r) => {
      soltar = r;
    });
    await page.route(/\/assets\/TableroPage-[^/]*\.js$/, async (ruta) => {
      await retenido;
      await ruta.continue();
    });
    await page.goto(`${server.url}/Tablero`);
    await expect.poll(() => pedidas.length, { timeout: 10_000 }).toBe(1);
    // Nothing has been drawn yet (the screen's code is held), and the bell's notices are on their way.
    await expect.poll(() => avisos.length, { timeout: 10_000, message: JSON.stringify(avisos) }).toBe(1);
    expect(await page.locator(".rf-campana").count()).toBe(0);
    soltar();
    // The bell's query found them (it polls again only after NOTICES_POLL_SECONDS, 15 s).
    await page.locator(".rf-campana").waitFor();
    expect(avisos).toHaveLength(1);
    // The screen's query found the figures: asked for once.
    await page.locator(".rft-grafico canvas").first().waitFor();
    expect(pedidas).toHaveLength(1);
    await ctx.close();

    // A user without the view loading the address: no request the server would refuse.
    const otro = await newContext(browser);
    const pagina = await otro.newPage();
    await login(pagina, server.url, "consultor");
    const rechazadas: string[] = [];
    pagina.on("request", (r) => {
      if (/\/api\/Tablero(\?|$)/.test(r.url())) rechazadas.push(r.url());
    });
    await pagina.goto(`${server.url}/Tablero`);
    await pagina.getByText(MSG.noAutorizado).first().waitFor();
    await pagina.waitForLoadState("networkidle");
    expect(rechazadas).toEqual([]);
    await otro.close();
  }, 60_000);

  it("the filters: a reversed period is refused on Hasta, a period the server finds too long on Desde", async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await login(page, server.url, "administrador");
    await page.goto(`${server.url}/Tablero`);
    await page.getByRole("heading", { name: "Tablero", level: 1 }).waitFor();
    const foco = () => page.evaluate(() => document.activeElement?.id);

    // The screen's own check: the period in order.
    await page.locator("#rft-desde").fill("10/02/2026");
    await page.locator("#rft-hasta").fill("01/02/2026");
    await page.getByRole("button", { name: "Aplicar" }).click();
    await page.locator("#rft-hasta-error").getByText(MSG.tableroPeriodoInvertido).waitFor();
    expect(await page.locator("#rft-desde-error").count()).toBe(0);
    await expect.poll(foco).toBe("rft-hasta");

    // The server's: over a year of weeks, said on Desde.
    await page.locator("#rft-desde").fill("01/01/2020");
    await page.getByRole("button", { name: "Aplicar" }).click();
    await page.locator("#rft-desde-error").getByText(MSG.tableroPeriodoLargo).waitFor();
    expect(await page.locator("#rft-hasta-error").count()).toBe(0);
    expect(await page.locator("#rft-desde").getAttribute("aria-invalid")).toBe("true");
    await expect.poll(foco).toBe("rft-desde");

    // Limpiar clears the fields and their errors.
    await page.getByRole("button", { name: "Limpiar" }).click();
    await expect.poll(() => page.locator("#rft-desde-error").count()).toBe(0);
    expect(await page.locator("#rft-desde").inputValue()).toBe("");
    await ctx.close();
  }, 120_000);
});
