/**
 * "Claves de sistema" in a real browser as `configuracion`: reached from Configuración with the
 * keyboard, a key issued to a bank for one operation and shown once, the key then answering a
 * verification call from outside the browser, and its revocation (the same call then refused);
 * checked by axe at 1366 px and 390 px.
 */
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { axeAmbosTamanos, launchBrowser, login, newContext, screenshot } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

let server: AppServer;
let browser: Browser;
let ctx: BrowserContext;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  ctx = await newContext(browser);
});

afterAll(async () => {
  await ctx?.close();
  await browser?.close();
  await server?.stop();
});

test("the configuration administrator issues a key shown once, and revokes it", { timeout: 180_000 }, async () => {
  const page = await ctx.newPage();
  await login(page, server.url, "configuracion");
  await page.goto(`${server.url}/Configuracion`);
  const enlace = page.getByRole("button", { name: "Claves de sistema" });
  await enlace.focus();
  await page.keyboard.press("Enter");
  await page.waitForURL((u) => u.pathname.endsWith("/Configuracion/ClavesSistema"));
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Claves de sistema");
  await expect.poll(() => page.getByText("No se ha emitido ninguna clave.").count()).toBe(1);

  await page.getByRole("button", { name: "Nueva clave" }).click();
  const dialogo = page.getByRole("dialog", { name: "Nueva clave de sistema" });
  await dialogo.getByLabel("Sistema").fill("Banco de Reservas");
  await dialogo.getByLabel("Direcciones permitidas (opcional)").fill("10.0.0.0/8\nnada");
  await dialogo.getByRole("button", { name: "Emitir clave" }).click();
  await expect
    .poll(() => dialogo.getByText("Escriba una dirección IP o un rango CIDR válido", { exact: false }).count())
    .toBe(1);
  await dialogo.getByLabel("Direcciones permitidas (opcional)").fill("");
  expect(await axeAmbosTamanos(page)).toEqual([]);
  await dialogo.getByRole("button", { name: "Emitir clave" }).click();

  const emitida = page.getByRole("dialog", { name: "Clave emitida" });
  const campo = emitida.getByLabel("Clave de sistema");
  await expect.poll(() => campo.inputValue()).toMatch(/^rfk_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
  const clave = await campo.inputValue();
  expect(await emitida.getByText("Cópiela ahora: no se volverá a mostrar.", { exact: false }).count()).toBe(1);
  expect(await axeAmbosTamanos(page)).toEqual([]);
  await screenshot(page, "claves-sistema-emitida");
  await emitida.getByRole("button", { name: "Entendido" }).click();

  const fila = page.locator("tbody tr", { hasText: "Banco de Reservas" });
  await expect.poll(() => fila.count()).toBe(1);
  expect(await page.content()).not.toContain(clave);
  expect(await fila.textContent()).toContain(clave.slice(0, 12));
  expect(await fila.textContent()).toContain("Nunca");

  const verificar = () =>
    fetch(`${server.url}/api/Verificacion/Firma?cedula=001-0000001-7`, {
      headers: { Authorization: `ApiKey ${clave}` },
    });
  expect((await verificar()).status).toBe(200);
  await page.reload();
  await expect.poll(() => fila.textContent()).not.toContain("Nunca");
  expect(await axeAmbosTamanos(page)).toEqual([]);
  await screenshot(page, "claves-sistema");

  await fila.getByRole("button", { name: "Revocar la clave de Banco de Reservas" }).click();
  await page.getByRole("button", { name: "Revocar", exact: true }).click();
  await expect.poll(() => fila.textContent()).toContain("Revocada");
  expect((await verificar()).status).toBe(401);

  // The trail names the key that made the call (a key has no user).
  await page.goto(`${server.url}/Configuracion/Auditoria`);
  const llamada = page.locator("tbody tr", { hasText: "Clave de sistema «Banco de Reservas»" });
  await expect.poll(() => llamada.count()).toBeGreaterThan(0);
});
