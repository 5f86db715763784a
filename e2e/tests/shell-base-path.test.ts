/**
 * The app under its own base path (BASE_PATH, SPEC.md §2): sign-in, the menu, the guard, a
 * download and sign-out all stay under it.
 */
import { MSG } from "@registro/contracts";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, login, newContext } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

const BASE = "/RegistroFirmas";
let server: AppServer;
/** Inicio is the base path itself, with or without its trailing slash. */
const enInicio = (u: URL) => u.pathname === BASE || u.pathname === `${BASE}/`;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ BASE_PATH: BASE }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("everything stays under the base path", async () => {
  expect(server.url.endsWith(BASE)).toBe(true);
  const ctx = await newContext(browser);
  const page = await ctx.newPage();
  const fuera: string[] = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (u.host === new URL(server.url).host && !u.pathname.startsWith(`${BASE}/`)) fuera.push(u.pathname);
  });

  await page.goto(`${server.url}/`);
  await page.waitForURL(`${server.url}/Login`);
  await login(page, server.url, "administrador");
  await page.waitForURL(enInicio);
  await page.getByRole("heading", { level: 1, name: /Bienvenido/ }).waitFor();

  const menu = page.getByRole("navigation", { name: "Menú principal" });
  await menu.getByRole("link", { name: "Administrador RyCC" }).click();
  await page.waitForURL(`${server.url}/AnalistaRyCC/Administrador`);
  await expect.poll(() => page.title()).toBe("Administrador RyCC | Registro de Firmas");

  const [manual] = await Promise.all([
    page.waitForEvent("download"),
    menu.getByRole("button", { name: "Manual de Usuario" }).click(),
  ]);
  expect(manual.suggestedFilename()).toBe("Manual de Usuario.pdf");

  await page.goto(`${server.url}/Originador`);
  await page.locator(".p-toast-message").filter({ hasText: MSG.noAutorizado }).waitFor();
  await page.waitForURL(enInicio);

  await page
    .getByRole("banner")
    .getByRole("button", { name: /Administrador RyCC/ })
    .click();
  await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  await page.waitForURL(`${server.url}/Login`);
  expect(fuera).toEqual([]);
  await ctx.close();
});
