/**
 * A screen with a heading, loaded signed in: the server's page already draws the signed-in frame,
 * the heading and the help (server/src/web/marco-inicial.ts); it stays while the scripts and the
 * user's data arrive, with no loading screen drawn over it (web: lib/arranque.ts); and the screen
 * draws its heading and help where they were, at the same size, so the largest text of the visit
 * is painted once, with the page: on an inbox, also once its first page of rows is drawn.
 */
import { ENCABEZADOS_PANTALLA, V } from "@registro/contracts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ESCRITORIO, launchBrowser, login, newContext, TELEFONO } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  // Twenty sign-ins within a minute from one address: over the default limit of 20.
  [server, browser] = await Promise.all([startServer({ LOGIN_RATE_LIMIT: "500" }), launchBrowser()]);
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
  { vista: V.ORIGINADOR, usuario: "originador", listo: "Nueva solicitud" },
  { vista: V.ANALISTA, usuario: "analista", listo: "Exportar" },
  { vista: V.JURIDICO, usuario: "juridico", listo: "Exportar" },
  { vista: V.CONSULTA, usuario: "consultor", listo: "Exportar registro" },
  { vista: V.ADMINISTRADOR, usuario: "administrador", listo: "Exportar" },
  { vista: V.SEGUIMIENTO, usuario: "administrador", listo: "Exportar" },
  { vista: V.HISTORICO, usuario: "juridico", listo: "Exportar" },
] as const;

/** Where each kind of screen draws its heading and help (the server's page and the screen alike). */
const SELECTORES = {
  pantalla: { titulo: ".rf-pantalla-titulo", ayuda: ".rf-pantalla-ayuda" },
  bandeja: { titulo: ".rf-bandeja-cabecera h1", ayuda: ".rf-bandeja-ayuda" },
} as const;

describe("a screen with a heading, loaded signed in", () => {
  for (const { vista, usuario, listo } of pantallas) {
    for (const tamano of [TELEFONO, ESCRITORIO]) {
      it(`${vista} at ${tamano.width} px: the page's heading and help stay put while the user's data is on its way, and are painted once`, async () => {
        const e = ENCABEZADOS_PANTALLA[vista];
        const sel = SELECTORES[e.marco];
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
        const titulo = page.getByRole("heading", { level: 1, name: e.cabecera });
        await titulo.waitFor();
        await page.getByText(e.ayuda).waitFor();
        expect(await page.locator("#root .rf-arranque-marco").count()).toBe(1);
        const ayudaAntes = await cajaDe(page, `.rf-arranque-marco ${sel.ayuda}`);
        const tituloAntes = await cajaDe(page, `.rf-arranque-marco ${sel.titulo}`);
        // The scripts have arrived and run meanwhile: still the server's page, no loading screen over it.
        await page.waitForTimeout(400);
        expect(await page.locator("#root .rf-arranque-marco").count()).toBe(1);
        expect(await page.locator(".rf-overlay").count()).toBe(0);

        soltar();
        await page.getByRole("button", { name: listo, exact: true }).waitFor();
        expect(await page.locator(".rf-arranque-marco").count()).toBe(0);
        expect(await cajaDe(page, `main ${sel.ayuda}`)).toEqual(ayudaAntes);
        expect(await cajaDe(page, `main ${sel.titulo}`)).toEqual(tituloAntes);
        // The screen's own heading now (the page's label points at it).
        expect(await titulo.getAttribute("id")).not.toBe("rf-arranque-titulo");
        // An inbox's first page of rows (the paginator comes with them), before the paints are read.
        if (e.marco === "bandeja") await page.locator(".p-paginator").waitFor();

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
        expect(despues.filter((p) => /rf-pantalla|rf-bandeja/.test(p.clase ?? ""))).toEqual([]);
        if (tamano === TELEFONO) expect(despues).toEqual([]);
        await ctx.close();
      });
    }
  }

  it("an inbox's table has its layout rules in a stylesheet before its first paint: its loading overlay covers the table, not the screen", async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.setViewportSize(TELEFONO);
    await login(page, server.url, "consultor");
    await page.goto(`${server.url}${ENCABEZADOS_PANTALLA[V.CONSULTA].ruta}`);
    await page.locator(".p-paginator").waitFor();
    // The rules of the page's stylesheets (<link>s), not the ones PrimeReact writes after the first
    // paint: without them the overlay is painted once over the whole screen, then moved (CLS 0.23).
    const posicion = await page.evaluate(() => {
      // Into @layer and @media blocks (a style rule has cssRules too, for nesting: kept as it is).
      const reglas = (lista: CSSRuleList): CSSRule[] =>
        [...lista].flatMap((r) => (r instanceof CSSGroupingRule ? reglas(r.cssRules) : [r]));
      const hojas = [...document.styleSheets].filter((h) => h.href !== null);
      const regla = hojas
        .flatMap((h) => reglas(h.cssRules))
        .find((r) => r instanceof CSSStyleRule && /\.p-datatable-loading-overlay\b/.test(r.selectorText));
      return (regla as CSSStyleRule | undefined)?.style.position ?? null;
    });
    expect(posicion).toBe("absolute");
    await ctx.close();
  });

  it("an inbox's first page is asked for with the screen's code, under the address's query: one request, answered before the table is drawn", async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.setViewportSize(TELEFONO);
    await login(page, server.url, "consultor");
    await page.addInitScript(() => {
      const w = window as unknown as { tabla?: number; pedida?: number };
      new MutationObserver(() => {
        if (w.tabla === undefined && document.querySelector(".p-datatable")) w.tabla = performance.now();
      }).observe(document, { childList: true, subtree: true });
      const original = window.fetch;
      window.fetch = (entrada, init) => {
        if (String(entrada instanceof Request ? entrada.url : entrada).includes("GetBandejaConsultor"))
          w.pedida ??= performance.now();
        return original(entrada, init);
      };
    });
    const pedidas: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/SolicitudFirma/GetBandejaConsultor")) pedidas.push(r.url());
    });
    // The screen's code is held back until its first page has been answered (or 3 s have passed):
    // asked for with the code, the page is already here when the table is first drawn.
    const respondida = page
      .waitForResponse((r) => r.url().includes("/api/SolicitudFirma/GetBandejaConsultor"), { timeout: 3000 })
      .catch(() => null);
    await page.route(/\/assets\/ConsultaBandejaPage-[\w-]+\.js$/, async (route) => {
      await respondida;
      await route.continue();
    });
    await page.goto(`${server.url}/Consultar?sortField=idSolicitud&sortOrder=1`);
    await page.locator(".p-paginator").waitFor();
    const { tabla, pedida } = await page.evaluate(() => {
      const w = window as unknown as { tabla?: number; pedida?: number };
      return { tabla: w.tabla, pedida: w.pedida };
    });
    expect(tabla).toBeGreaterThan(0);
    expect(pedida).toBeLessThan(tabla as number);
    expect(pedidas).toHaveLength(1);
    expect(new URL(pedidas[0]).searchParams.get("sortField")).toBe("idSolicitud");
    await ctx.close();
  });

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
