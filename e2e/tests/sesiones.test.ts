/**
 * "Mis sesiones" and the locked account, in a real browser, by keyboard: a user opens "Mis
 * sesiones" from the user menu, sees this browser's session and a second browser context's, ends
 * the other one (whose next call is 401); at 390 px the list fits the phone. A locked user is told
 * the account is locked and for how long; the configuration administrator unlocks it with
 * "Desbloquear" and the user signs in again.
 */
import { MSG } from "@registro/contracts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_PASSWORD, launchBrowser, login, newContext, screenshot, TELEFONO } from "../support/browser";
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

const toast = (page: Page, texto: string) => page.locator(".p-toast-message").filter({ hasText: texto });

/** GET api/Account/GetUserData from the page itself, with its cookie: the call's status. */
function llamadaDe(page: Page): Promise<number> {
  return page.evaluate(async () => (await fetch("api/Account/GetUserData")).status);
}

/** Opens "Mis sesiones" from the user menu with the keyboard only. */
async function abrirMisSesiones(page: Page, perfil: RegExp) {
  await page.getByRole("banner").getByRole("button", { name: perfil }).focus();
  await page.keyboard.press("Enter");
  const opcion = page.getByRole("menuitem", { name: "Mis sesiones" });
  await opcion.waitFor();
  // PrimeReact's popup menu: arrows move between items, Enter chooses.
  for (let i = 0; i < 4 && !(await opcion.evaluate((e) => e.closest("li")?.classList.contains("p-focus"))); i++) {
    await page.keyboard.press("ArrowDown");
  }
  await page.keyboard.press("Enter");
  const dialogo = page.getByRole("dialog", { name: "Mis sesiones" });
  await dialogo.waitFor();
  return dialogo;
}

describe("Mis sesiones", () => {
  test("a second browser's session is ended from the first, by keyboard; its next call is 401", async () => {
    const ctxA = await newContext(browser);
    const ctxB = await newContext(browser);
    const a = await ctxA.newPage();
    const b = await ctxB.newPage();
    await login(b, server.url, "consultor");
    await login(a, server.url, "consultor");
    expect(await llamadaDe(b)).toBe(200);

    const dialogo = await abrirMisSesiones(a, /Consultor/);
    const tarjetas = dialogo.getByRole("listitem");
    await expect.poll(() => tarjetas.count()).toBe(2);
    // This browser's session comes first.
    await tarjetas.first().getByText("Esta sesión", { exact: true }).waitFor();
    // This browser's session is marked; the other one can be ended.
    const propia = tarjetas.filter({ has: a.getByText("Esta sesión", { exact: true }) });
    await expect.poll(() => propia.count()).toBe(1);
    await propia.getByText(/Chrome \d+ en Linux/).waitFor();
    await propia.getByText("127.0.0.1").waitFor();
    expect(await propia.getByRole("button").count()).toBe(0);
    await screenshot(a, "sesiones-dialogo");

    const cerrarOtra = dialogo.getByRole("button", { name: /^Cerrar la sesión de Chrome \d+ en Linux/ });
    await cerrarOtra.focus();
    await a.keyboard.press("Enter");
    await toast(a, MSG.sesionCerrada).waitFor();
    await expect.poll(() => tarjetas.count()).toBe(1);
    expect(await dialogo.getByRole("button", { name: "Cerrar las demás sesiones" }).isDisabled()).toBe(true);

    // The other browser's next call is refused, and it is told the session was ended from «Mis
    // sesiones», not that it expired; this one still works.
    await b.reload();
    await b.waitForURL(/\/Login$/);
    await b.getByRole("main").getByRole("status").filter({ hasText: MSG.sesionCerradaDesdeMisSesiones }).waitFor();
    expect(await b.getByText(MSG.sesionExpirada).count()).toBe(0);
    expect(await llamadaDe(b)).toBe(401);
    expect(await llamadaDe(a)).toBe(200);

    // Closing the dialog with the keyboard returns focus to the user menu's button.
    await a.keyboard.press("Escape");
    await dialogo.waitFor({ state: "hidden" });
    expect(await a.evaluate(() => document.activeElement?.classList.contains("rf-user-button"))).toBe(true);
    await ctxA.close();
    await ctxB.close();
  });

  test("«Cerrar las demás sesiones» at 390 px ends every other session and the list fits the phone", async () => {
    const otros = await Promise.all([newContext(browser), newContext(browser)]);
    for (const ctx of otros) await login(await ctx.newPage(), server.url, "analista2");
    const ctx = await browser.newContext({ viewport: TELEFONO, locale: "es-ES" });
    const page = await ctx.newPage();
    await login(page, server.url, "analista2");
    const dialogo = await abrirMisSesiones(page, /Analista RyCC/);
    await expect.poll(() => dialogo.getByRole("listitem").count()).toBe(3);
    await screenshot(page, "sesiones-telefono");
    const todas = dialogo.getByRole("button", { name: "Cerrar las demás sesiones" });
    await todas.focus();
    await page.keyboard.press("Enter");
    await toast(page, MSG.otrasSesionesCerradas(2)).waitFor();
    await expect.poll(() => dialogo.getByRole("listitem").count()).toBe(1);
    for (const o of otros) expect(await llamadaDe(o.pages()[0])).toBe(401);
    expect(await llamadaDe(page)).toBe(200);
    for (const c of [...otros, ctx]) await c.close();
  });
});

describe("a locked account", () => {
  test("is told it is locked and for how long; «Desbloquear» lets the user in again", async () => {
    for (let i = 0; i < 5; i++) {
      await fetch(`${server.url}/api/Account/LogIn`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ userName: "juridico2", password: "Clave.Equivocada.2026" }),
      });
    }
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(`${server.url}/Login`);
    // Without SMTP_URL the sign-in page offers no reset by e-mail.
    await page.getByLabel("Usuario").waitFor();
    expect(await page.getByRole("link", { name: "¿Olvidó su contraseña?" }).count()).toBe(0);
    await page.getByLabel("Usuario").fill("juridico2");
    await page.getByLabel("Contraseña", { exact: true }).fill(DEMO_PASSWORD);
    await page.keyboard.press("Enter");
    await toast(page, MSG.cuentaBloqueada(15)).waitFor();
    expect(page.url()).toMatch(/\/Login$/);

    const admin = await (await newContext(browser)).newPage();
    await login(admin, server.url, "configuracion");
    await admin.goto(`${server.url}/Configuracion/Usuarios`);
    await admin.getByRole("heading", { level: 1, name: "Listado de Usuarios" }).waitFor();
    await admin.getByLabel("Buscar").fill("juridico2");
    const fila = admin.getByRole("row").filter({ hasText: "juridico2" });
    await fila.getByText("Bloqueado").waitFor();
    const desbloquear = fila.getByRole("button", { name: "Desbloquear juridico2" });
    await desbloquear.focus();
    await admin.keyboard.press("Enter");
    const confirmacion = admin.getByRole("dialog", { name: "Desbloquear usuario" });
    await confirmacion.getByText(/desbloquear al usuario/).waitFor();
    await screenshot(admin, "usuarios-desbloquear");
    await confirmacion.getByRole("button", { name: "Sí" }).click();
    await toast(admin, MSG.usuarioDesbloqueado).waitFor();
    await expect.poll(() => fila.getByText("Bloqueado").count()).toBe(0);
    expect(await fila.getByRole("button", { name: "Desbloquear juridico2" }).count()).toBe(0);

    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL((u) => !u.pathname.endsWith("/Login"));
    await ctx.close();
    await admin.context().close();
  });
});
