/**
 * A screen with a heading, loaded signed in: the server's page already draws the signed-in frame,
 * the heading and the help (server/src/web/marco-inicial.ts); it stays while the scripts and the
 * user's data arrive, with no loading screen drawn over it (web: lib/arranque.ts); and the screen
 * draws its heading and help where they were, at the same size, so the largest text of the visit
 * is painted once, with the page.
 */
import { ENCABEZADOS_PANTALLA, V } from "@registro/contracts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ESCRITORIO, launchBrowser, login, newContext, TELEFONO } from "../support/browser";
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

type Caja = { x: number; y: number; width: number; height: number };

async function cajaDe(page: Page, selector: string): Promise<Caja> {
  const caja = await page.locator(selector).boundingBox();
  expect(caja, selector).not.toBeNull();
  return caja as Caja;
}

/** When the server's page leaves the document (the screen's first commit), by the page's clock. */
async function vigilarMarco(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { marcoRetirado?: number };
    new MutationObserver((_, obs) => {
      if (document.readyState !== "loading" && !document.querySelector(".rf-arranque-marco")) {
        w.marcoRetirado = performance.now();
        obs.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

const pantallas = [
  { vista: V.TABLERO, usuario: "administrador", listo: "Aplicar" },
  { vista: V.VERIFICAR_FIRMA, usuario: "consultor", listo: "Verificar" },
] as const;

describe("a screen with a heading, loaded signed in", () => {
  for (const { vista, usuario, listo } of pantallas) {
    for (const tamano of [TELEFONO, ESCRITORIO]) {
      it(`${vista} at ${tamano.width} px: the page's heading and help stay put while the user's data is on its way, and are painted once`, async () => {
        const e = ENCABEZADOS_PANTALLA[vista];
        const ctx = await newContext(browser);
        const page = await ctx.newPage();
        await page.setViewportSize(tamano);
        await login(page, server.url, usuario);
        await vigilarMarco(page);
        // The user's data is held back: the first screen cannot be drawn before it arrives.
        let soltar = () => {};
        const retenida = new Promise<void>((r) => {
          soltar = r;
        });
        await page.route(/\/api\/Account\/GetUserData$/, async (route) => {
          await retenida;
          await route.continue();
        });
        await page.goto(`${server.url}${e.ruta}`);
        await expect.poll(() => page.title()).toBe(`${e.titulo} | Registro de Firmas`);
        const titulo = page.getByRole("heading", { level: 1, name: e.titulo });
        await titulo.waitFor();
        await page.getByText(e.ayuda).waitFor();
        expect(await page.locator("#root .rf-arranque-marco").count()).toBe(1);
        const ayudaAntes = await cajaDe(page, ".rf-arranque-marco .rf-pantalla-ayuda");
        const tituloAntes = await cajaDe(page, ".rf-arranque-marco .rf-pantalla-titulo");
        // The scripts have arrived and run meanwhile: still the server's page, no loading screen over it.
        await page.waitForTimeout(400);
        expect(await page.locator("#root .rf-arranque-marco").count()).toBe(1);
        expect(await page.locator(".rf-overlay").count()).toBe(0);

        soltar();
        await page.getByRole("button", { name: listo, exact: true }).waitFor();
        expect(await page.locator(".rf-arranque-marco").count()).toBe(0);
        expect(await cajaDe(page, "main .rf-pantalla-ayuda")).toEqual(ayudaAntes);
        expect(await cajaDe(page, "main .rf-pantalla-titulo")).toEqual(tituloAntes);
        // The screen's own heading now (the page's label points at it).
        expect(await titulo.getAttribute("id")).toMatch(/^rf[tv]-titulo$/);

        // The screen's heading and help, drawn over the server's, are no new largest paint; on a
        // phone the largest paint of the visit is the server's page (what Lighthouse's mobile run measures).
        const { pinturas, retirado } = await page.evaluate(
          () =>
            new Promise<{ pinturas: { t: number; clase: string | null }[]; retirado: number | undefined }>(
              (resolve) => {
                new PerformanceObserver((lista) =>
                  resolve({
                    pinturas: lista.getEntries().map((x) => ({
                      t: x.startTime,
                      clase: (x as unknown as { element: Element | null }).element?.className ?? null,
                    })),
                    retirado: (window as unknown as { marcoRetirado?: number }).marcoRetirado,
                  }),
                ).observe({ type: "largest-contentful-paint", buffered: true });
              },
            ),
        );
        expect(retirado).toBeGreaterThan(0);
        expect(pinturas.length).toBeGreaterThan(0);
        const despues = pinturas.filter((p) => p.t > (retirado as number));
        expect(despues.filter((p) => /rf-pantalla/.test(p.clase ?? ""))).toEqual([]);
        if (tamano === TELEFONO) expect(despues).toEqual([]);
        await ctx.close();
      });
    }
  }

  it("signed out, or without the screen's view: the generic loading page, then Login or Inicio", async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const e = ENCABEZADOS_PANTALLA[V.TABLERO];
    const html = await (await page.request.get(`${server.url}${e.ruta}`)).text();
    expect(html).toContain("rf-arranque");
    expect(html).not.toContain(e.ayuda);
    await page.goto(`${server.url}${e.ruta}`);
    await page.waitForURL(/\/Login$/);
    await login(page, server.url, "originador");
    const conOtroPerfil = await (await page.request.get(`${server.url}${e.ruta}`)).text();
    expect(conOtroPerfil).not.toContain(e.ayuda);
    await ctx.close();
  });
});
