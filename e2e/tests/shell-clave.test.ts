/**
 * The forced password change in a real browser: the configuration administrator resets an external
 * user's password (PUT api/Usuarios/ResetPassword/{id}); that user signs in with the temporary
 * password and meets a dialog that cannot be closed until a valid new password is saved.
 */
import { MSG } from "@registro/contracts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { DEMO_PASSWORD, launchBrowser, login, newContext, screenshot } from "../support/browser";
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

async function llamar(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${server.url}/${path}`, {
    method,
    headers: { ...(token ? { Authorization: token } : {}), ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

/** Resets `usuario`'s password as `configuracion`; returns the one-time temporary password. */
async function reiniciarClave(usuario: string): Promise<string> {
  const login = await llamar("POST", "api/Account/LogIn", undefined, {
    userName: "configuracion",
    password: DEMO_PASSWORD,
  });
  expect(login.body.success).toBe(true);
  const usuarios = await llamar("GET", "api/Usuarios", login.body.token);
  expect(usuarios.status).toBe(200);
  const u = (usuarios.body as { idUsuario: number; usuario: string }[]).find((x) => x.usuario === usuario)!;
  const reset = await llamar("PUT", `api/Usuarios/ResetPassword/${u.idUsuario}`, login.body.token);
  expect(reset.body.success).toBe(true);
  return reset.body.data.password as string;
}

const toast = (page: Page, texto: string) => page.locator(".p-toast-message").filter({ hasText: texto });

test("a temporary password must be changed in a dialog that cannot be dismissed", async () => {
  const temporal = await reiniciarClave("originador2");
  const ctx = await newContext(browser);
  const page = await ctx.newPage();
  await login(page, server.url, "originador2", temporal);

  const dialogo = page.getByRole("dialog", { name: "Cambio de contraseña" });
  await dialogo.waitFor();
  await dialogo.getByText(MSG.cambioClaveRequerido).waitFor();
  await dialogo.getByText(/entre 12 y 128 caracteres/).waitFor();
  // No way out: no close button, Escape does nothing.
  expect(await dialogo.getByRole("button", { name: /cerrar/i }).count()).toBe(0);
  await page.keyboard.press("Escape");
  await dialogo.waitFor();
  await screenshot(page, "shell-cambio-clave");

  // While the change is pending, other screens are out of reach (the server refuses them too).
  await page.goto(`${server.url}/Originador`);
  await toast(page, MSG.cambioClaveRequerido).waitFor();
  await page.waitForURL((u) => u.pathname === new URL(`${server.url}/`).pathname);
  await dialogo.waitFor();

  const actual = dialogo.getByLabel("Contraseña actual", { exact: true });
  const nueva = dialogo.getByLabel("Nueva contraseña", { exact: true });
  const confirmar = dialogo.getByLabel("Confirmar contraseña", { exact: true });
  const guardar = dialogo.getByRole("button", { name: "Guardar" });

  // The current password (the temporary one) is required.
  await nueva.fill("Sol.Marino.Tranquilo.44");
  await confirmar.fill("Sol.Marino.Tranquilo.44");
  await guardar.click();
  await dialogo.getByText(MSG.requerido).waitFor();
  await actual.fill("No.Es.La.Temporal.1");
  await guardar.click();
  await dialogo.getByText(MSG.claveActualIncorrecta).waitFor();
  await actual.fill(temporal);

  // Too short: the server's message under the field, a warning toast, the dialog stays.
  await nueva.fill("corta");
  await confirmar.fill("corta");
  await guardar.click();
  await dialogo.getByText(MSG.claveLongitud).waitFor();
  await toast(page, MSG.datosInvalidos).waitFor();

  // A common password is refused with its own reason.
  await nueva.fill("password1234");
  await confirmar.fill("password1234");
  await guardar.click();
  await dialogo.getByText(MSG.claveComun).waitFor();
  await dialogo.getByText(MSG.claveLongitud).waitFor({ state: "hidden" });

  // Confirmation that does not match: the message goes under "Confirmar contraseña".
  await nueva.fill("Sol.Marino.Tranquilo.44");
  await confirmar.fill("Sol.Marino.Otro.44");
  await guardar.click();
  await dialogo.getByText(MSG.claveNoCoincide).waitFor();
  const idError = await confirmar.getAttribute("aria-describedby");
  expect(await page.locator(`#${idError}`).textContent()).toBe(MSG.claveNoCoincide);
  await screenshot(page, "shell-cambio-clave-error");

  await confirmar.fill("Sol.Marino.Tranquilo.44");
  await guardar.click();
  await toast(page, MSG.claveActualizada).waitFor();
  await dialogo.waitFor({ state: "hidden" });
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Inicio" }).waitFor();

  // The new password works; the temporary one no longer does.
  await page
    .getByRole("banner")
    .getByRole("button", { name: /Originador/ })
    .click();
  await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  await page.waitForURL(/\/Login$/);
  const viejo = await llamar("POST", "api/Account/LogIn", undefined, { userName: "originador2", password: temporal });
  expect(viejo.body.success).toBe(false);
  await login(page, server.url, "originador2", "Sol.Marino.Tranquilo.44");
  await page.getByRole("heading", { level: 1, name: /Bienvenido/ }).waitFor();
  expect(await page.getByRole("dialog", { name: "Cambio de contraseña" }).count()).toBe(0);
  await ctx.close();
});
