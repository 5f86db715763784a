/**
 * "Respaldos" in a real browser as `configuracion`: reached from Configuración with the keyboard,
 * the daily backup the app made at start listed as correct, and "Respaldar ahora" adding one more;
 * checked by axe at 1366 px and 390 px.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, login, newContext, screenshot } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

let server: AppServer;
let browser: Browser;
let ctx: BrowserContext;
const carpeta = fs.mkdtempSync(path.join(os.tmpdir(), "rf-e2e-respaldos-"));

beforeAll(async () => {
  // BACKUP_HOUR 0: the day's backup is due at once, so the app makes one as it starts.
  [server, browser] = await Promise.all([startServer({ BACKUP_DIR: carpeta, BACKUP_HOUR: "0" }), launchBrowser()]);
  ctx = await newContext(browser);
});

afterAll(async () => {
  await ctx?.close();
  await browser?.close();
  await server?.stop();
  fs.rmSync(carpeta, { recursive: true, force: true });
});

test("the configuration administrator sees the last backups and makes one more", { timeout: 180_000 }, async () => {
  const page = await ctx.newPage();
  await login(page, server.url, "configuracion");
  await page.goto(`${server.url}/Configuracion`);
  const enlace = page.getByRole("button", { name: "Respaldos" });
  await enlace.focus();
  await page.keyboard.press("Enter");
  await page.waitForURL((u) => u.pathname.endsWith("/Configuracion/Respaldos"));
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Respaldos");
  await expect
    .poll(async () => page.getByText(/Último respaldo correcto:/).count(), { timeout: 90_000, interval: 1_000 })
    .toBe(1);
  await page.reload();
  await expect.poll(() => page.locator("tbody tr", { hasText: "Correcto" }).count(), { timeout: 30_000 }).toBe(1);
  await expect.poll(() => page.getByText(/cada día a las 00:00/).count()).toBe(1);
  await screenshot(page, "respaldos");

  const respuesta = page.waitForResponse((r) => r.url().endsWith("/api/Respaldos") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Respaldar ahora" }).click();
  expect(await (await respuesta).json()).toEqual({
    success: true,
    message: "Respaldo iniciado: aparecerá en la lista al terminar.",
  });
  // The user is told too, not only the network.
  await expect
    .poll(() => page.getByText("Respaldo iniciado: aparecerá en la lista al terminar.").count(), {
      timeout: 1_000,
      interval: 50,
    })
    .toBeGreaterThan(0);
  await expect
    .poll(() => page.locator("tbody tr", { hasText: "Correcto" }).count(), { timeout: 90_000, interval: 1_000 })
    .toBe(2);
  expect(await page.locator("tbody tr", { hasText: "A pedido" }).count()).toBe(1);
  expect(fs.readdirSync(carpeta).filter((f) => f.endsWith(".tar"))).toHaveLength(2);
});
