/**
 * The phone (390 × 844), role by role: every detail screen opens at its top (heading, actions and
 * timeline in sight) whether reached from the inbox after scrolling it or by its address, every
 * tab is in sight without a scroll arrow, and the configuration lists and the profile editor fit
 * the screen's width without sideways scrolling.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, login, newContext, TELEFONO } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ LOGIN_RATE_LIMIT: "1000" }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function telefono(usuario: string): Promise<Page> {
  const ctx = await newContext(browser);
  const page = await ctx.newPage();
  await page.setViewportSize(TELEFONO);
  await login(page, server.url, usuario);
  return page;
}

/** Two frames and a moment: whatever the screen does once drawn (its effects) has happened. */
async function asentada(page: Page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForTimeout(300);
}

/** The detail is drawn: its tabs are there. Then where the page stands, and what is out of sight. */
async function estadoDetalle(page: Page) {
  await page.getByRole("tablist").waitFor();
  await asentada(page);
  return page.evaluate(() => {
    const fuera = (el: Element | null) => {
      if (!el) return "falta";
      const r = el.getBoundingClientRect();
      return r.top < 0 || r.bottom > window.innerHeight ? "fuera" : "visible";
    };
    const pestanas = [...document.querySelectorAll("[role='tab']")].map((t) => {
      const r = t.getBoundingClientRect();
      return { tab: t.textContent, dentro: r.left >= 0 && r.right <= window.innerWidth && r.width > 0 };
    });
    return {
      scrollY: window.scrollY,
      titulo: fuera(document.querySelector("main h1")),
      timeline: fuera(document.querySelector(".rf-timeline")),
      flechas: [...document.querySelectorAll(".p-tabview-nav-next, .p-tabview-nav-prev")].filter(
        (b) => (b as HTMLElement).offsetParent !== null,
      ).length,
      pestanasFuera: pestanas.filter((p) => !p.dentro).map((p) => p.tab),
      anchoPagina: document.documentElement.scrollWidth,
    };
  });
}

const ABIERTA_ARRIBA = { scrollY: 0, titulo: "visible", timeline: "visible", flechas: 0, pestanasFuera: [] };

describe("a detail screen on a phone opens at its top, its tabs all in sight", () => {
  const bandejas: [string, string][] = [
    ["originador", "/Originador"],
    ["analista", "/AnalistaRyCC/Analista"],
    ["juridico", "/Juridico/AnalistaLegal"],
    ["juridico", "/Juridico/Historico"],
    ["administrador", "/AnalistaRyCC/Administrador"],
    ["administrador", "/AnalistaRyCC/Seguimiento"],
    ["consultor", "/Consultar"],
  ];
  for (const [usuario, bandeja] of bandejas) {
    it(`${usuario}: ${bandeja}`, async () => {
      const page = await telefono(usuario);
      await page.goto(`${server.url}${bandeja}`);
      const ver = page.getByRole("button", { name: "Ver detalles" });
      await ver.first().waitFor();
      // From the inbox scrolled down to its last card: the detail still opens at its top.
      await ver.last().scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await ver.last().click();
      await page.waitForURL(/\/Detalles\/\d+$/);
      const desdeBandeja = await estadoDetalle(page);
      expect(desdeBandeja, `${bandeja} desde la bandeja`).toMatchObject(ABIERTA_ARRIBA);
      expect(desdeBandeja.anchoPagina).toBeLessThanOrEqual(TELEFONO.width);
      // Opened by its address (a link in an e-mail or a notice).
      await page.reload();
      expect(await estadoDetalle(page), `${bandeja} por su dirección`).toMatchObject(ABIERTA_ARRIBA);
      await page.context().close();
    });
  }
});

/** The page's width, and every element inside the content that scrolls sideways. */
async function anchos(page: Page) {
  await asentada(page);
  return page.evaluate(() => ({
    pagina: document.documentElement.scrollWidth,
    desbordados: [...document.querySelectorAll("main *, .p-dialog *")]
      .filter((el) => {
        const s = getComputedStyle(el);
        return (s.overflowX === "auto" || s.overflowX === "scroll") && el.scrollWidth > el.clientWidth + 1;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} ${el.scrollWidth}>${el.clientWidth}`),
  }));
}

describe("configuration on a phone fits 390 px", () => {
  it("every configuration list and the profile editor, without sideways scrolling", async () => {
    const page = await telefono("configuracion");
    for (const [ruta, titulo] of [
      ["/Configuracion/Usuarios", "Listado de Usuarios"],
      ["/Configuracion/Perfiles", "Listado de Perfiles"],
      ["/Configuracion/Instituciones", "Listado de Instituciones"],
      ["/Configuracion/Cargos", "Listado de Cargos"],
      ["/Configuracion/Auditoria", "Auditoría"],
    ]) {
      await page.goto(`${server.url}${ruta}`);
      await page.getByRole("heading", { level: 1, name: titulo }).waitFor();
      await page.locator("main tbody tr").first().waitFor();
      expect(await anchos(page), ruta).toEqual({ pagina: TELEFONO.width, desbordados: [] });
    }
    await page.goto(`${server.url}/Configuracion/Perfiles`);
    await page.getByRole("button", { name: "Agregar Perfil" }).click();
    const d = page.getByRole("dialog", { name: "Nuevo perfil" });
    await d.locator(".p-picklist-item").first().waitFor();
    expect(await anchos(page), "editor de perfiles").toEqual({ pagina: TELEFONO.width, desbordados: [] });
    const caja = (await d.boundingBox())!;
    expect(caja.x).toBeGreaterThanOrEqual(0);
    expect(caja.x + caja.width).toBeLessThanOrEqual(TELEFONO.width);
    await page.context().close();
  });
});
