/**
 * Code that does not arrive: after an update renames the app's files (or the connection fails), a
 * screen opened from the menu, a part of a screen, a page load and a public page show why in
 * Spanish and offer to reload — never react-router's page for developers, never a loading sign
 * turning forever — and reloading once the files are there draws the screen.
 */
import { MSG_CARGA } from "@registro/contracts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, login, newContext, screenshot } from "../support/browser";
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

/** Requests for the chunks whose names start with `nombre` answer 404, as after an update. */
async function sinArchivo(page: Page, nombre: string): Promise<() => Promise<void>> {
  const patron = new RegExp(`/assets/${nombre}-[^/]*\\.js$`);
  await page.route(patron, (r) => r.fulfill({ status: 404, contentType: "text/plain", body: "" }));
  return () => page.unroute(patron);
}

const sinPaginaDeDesarrollo = async (page: Page) => {
  const texto = await page.locator("body").textContent();
  expect(texto).not.toMatch(/Unexpected Application Error|developer|dynamically imported/i);
};

/** The screen that says a screen's code did not arrive, inside the frame: the menu is still there. */
async function fallaEnElMarco(page: Page) {
  await page.getByRole("heading", { name: MSG_CARGA.falloPantallaTitulo }).waitFor();
  expect(await page.getByRole("alert").filter({ hasText: MSG_CARGA.falloPantallaCodigo }).count()).toBe(1);
  expect(await page.getByRole("navigation", { name: "Menú principal" }).isVisible()).toBe(true);
  await sinPaginaDeDesarrollo(page);
}

describe("a screen's code that does not arrive", () => {
  it("opened from the menu: the frame stays, the reason in Spanish, and 'Recargar la página' draws the screen", async () => {
    const page = await (await newContext(browser)).newPage();
    await login(page, server.url, "configuracion");
    await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Configuración" }).click();
    const usuarios = page.getByRole("button", { name: "Mantenimiento de Usuarios" });
    const volver = await sinArchivo(page, "UsuariosPage");
    await usuarios.click();
    await fallaEnElMarco(page);
    await screenshot(page, "fallo-carga-pantalla");
    await volver();
    await page.getByRole("button", { name: MSG_CARGA.recargarPagina }).click();
    await page.getByRole("heading", { name: "Listado de Usuarios" }).waitFor();
    await page.context().close();
  });

  it("a part a screen loads later (Tablero's figures): the screen says why, the menu stays", async () => {
    const page = await (await newContext(browser)).newPage();
    await login(page, server.url, "administrador");
    await sinArchivo(page, "Figuras");
    await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Tablero" }).click();
    await fallaEnElMarco(page);
    await page.context().close();
  });

  it("a public page's own code (Login): the reason under the app's top bar", async () => {
    const page = await (await newContext(browser)).newPage();
    const volver = await sinArchivo(page, "LoginPage");
    await page.goto(`${server.url}/Login`);
    await page.getByRole("heading", { name: MSG_CARGA.falloPantallaTitulo }).waitFor();
    expect(await page.getByRole("banner").textContent()).toBe("Registro de Firmas");
    await sinPaginaDeDesarrollo(page);
    await volver();
    await page.getByRole("button", { name: MSG_CARGA.recargarPagina }).click();
    await page.getByRole("button", { name: "Iniciar sesión" }).waitFor();
    await page.context().close();
  });

  it("the app's own code on a page load: the loading sign gives way to the reason and the button", async () => {
    const page = await (await newContext(browser)).newPage();
    const volver = await sinArchivo(page, "App");
    await page.goto(`${server.url}/Login`);
    await page.getByRole("heading", { name: MSG_CARGA.falloAplicacionTitulo }).waitFor();
    expect(await page.getByRole("alert").textContent()).toBe(MSG_CARGA.falloAplicacionCodigo);
    expect(await page.getByText("Cargando la aplicación…").count()).toBe(0);
    await screenshot(page, "fallo-carga-aplicacion");
    await volver();
    await page.getByRole("button", { name: MSG_CARGA.recargarPagina }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Iniciar sesión" }).waitFor();
    await page.context().close();
  });
});
