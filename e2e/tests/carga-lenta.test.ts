/**
 * What a user sees first on a slow connection: the app's frame and a loading sign as soon as the
 * page arrives, before any script; signed in, the top bar's buttons with their icons while the icon
 * font is still on its way.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, login, newContext } from "../support/browser";
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

describe("a slow connection", () => {
  for (const ruta of ["/Login", "/Consultar/Verificar"]) {
    it(`${ruta}: the frame and "Cargando" show within a second of the page, before the scripts`, async () => {
      const ctx = await newContext(browser);
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      await cdp.send("Network.enable");
      // A poor mobile link: 400 ms per round trip, 20 KB/s down (the scripts take several seconds).
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 400,
        downloadThroughput: 20 * 1024,
        uploadThroughput: 20 * 1024,
      });
      await page.goto(`${server.url}${ruta}`, { waitUntil: "commit" });
      const inicio = Date.now();
      const cargando = page.getByRole("status").filter({ hasText: "Cargando" });
      await cargando.waitFor({ state: "visible", timeout: 1500 });
      expect(Date.now() - inicio).toBeLessThan(1500);
      await expect.poll(() => page.getByText("Registro de Firmas").first().isVisible()).toBe(true);
      // Drawn by the page itself: the app's scripts have not run yet.
      expect(await page.evaluate(() => document.querySelector("#root .rf-arranque") !== null)).toBe(true);
      await ctx.close();
    });
  }

  it("signed in: the top bar's four buttons show their icons before the icon font has arrived", async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.setViewportSize({ width: 412, height: 823 });
    await login(page, server.url, "administrador");
    // The icon font never arrives (its glyphs render nothing until it does: font-display: block).
    let fuentePedida = false;
    await page.route(/primeicons-[\w-]+\.woff2$/, () => {
      fuentePedida = true;
    });
    await page.goto(`${server.url}/Consultar/Verificar`);
    // The app's bar (the server's page draws one first, without buttons: server/src/web/marco-inicial.ts).
    await page.getByRole("button", { name: "Mostrar menú" }).waitFor();
    const barra = page.locator(".rf-topbar");
    for (const boton of [
      barra.getByRole("button", { name: "Mostrar menú" }),
      barra.getByRole("button", { name: /avisos/i }),
      barra.getByRole("button", { name: /Mercedes/ }),
      barra.getByRole("button", { name: "Panel de usuario" }),
    ]) {
      const icono = boton.locator("svg");
      expect(await icono.count(), await boton.innerHTML()).toBe(1);
      const caja = await icono.boundingBox();
      expect(caja!.width).toBeGreaterThan(10);
    }
    expect(await barra.locator(".pi").count()).toBe(0);
    // The screen's own buttons (the form's "Verificar") still use the font, after the bar is drawn.
    await page.getByRole("button", { name: "Verificar" }).waitFor();
    await expect.poll(() => fuentePedida).toBe(true);
    await ctx.close();
  });
});
