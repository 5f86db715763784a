/**
 * The second factor in a real browser. Passkeys are created and used by Chromium's virtual
 * authenticator (DevTools protocol WebAuthn.enable / addVirtualAuthenticator), the app's codes are
 * computed here from the secret the screen shows. The app is reached at http://localhost:PORT and
 * PUBLIC_URL says so: WebAuthn's relying party is PUBLIC_URL's host, and an IP address cannot be one.
 */
import { MSG_SEGUNDO_FACTOR } from "@registro/contracts";
import * as OTPAuth from "otpauth";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { DEMO_PASSWORD, launchBrowser, newContext, screenshot } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

let server: AppServer;
let browser: Browser;
let base: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({
      LOGIN_RATE_LIMIT: "1000",
      PUBLIC_URL: "http://localhost:{PORT}",
      // The app also answers at its IP address (a second name an operator allows), where a passkey
      // still cannot work: its relying party is PUBLIC_URL's host.
      ALLOWED_HOSTS: "localhost:{PORT},127.0.0.1:{PORT}",
    }),
    launchBrowser(),
  ]);
  base = `http://localhost:${server.port}`;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const toast = (page: Page, texto: string | RegExp) => page.locator(".p-toast-message").filter({ hasText: texto });

/** A page whose browser has a platform authenticator that always says yes (a passkey on this device). */
async function paginaConAutenticador(ctx: BrowserContext) {
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credenciales = async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
  return { page, credenciales };
}

async function contrasena(page: Page, usuario: string) {
  await page.goto(`${base}/Login`);
  await page.getByLabel("Usuario").fill(usuario);
  await page.getByLabel("Contraseña", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
}

async function salir(page: Page) {
  await page.locator(".rf-user-button").click();
  await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  await page.waitForURL((u) => u.pathname.endsWith("/Login"));
}

async function abrirSeguridad(page: Page) {
  await page.locator(".rf-user-button").click();
  await page.getByRole("menuitem", { name: "Seguridad" }).click();
  await page.getByRole("heading", { name: "Segundo factor", level: 1 }).waitFor();
}

/** The codes the dialog shows once; closes it. */
async function guardarCodigos(page: Page): Promise<string[]> {
  const dialogo = page.getByRole("dialog", { name: "Códigos de recuperación" });
  await dialogo.waitFor();
  const codigos = (await dialogo.locator("li code").allTextContents()).map((c) => c.trim());
  expect(codigos).toHaveLength(10);
  return codigos;
}

const totp = (secreto: string, desfase = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secreto) }).generate({ timestamp: Date.now() + desfase });

test("a passkey: enrolled from Seguridad, then the sign-in asks for it; a recovery code serves once", async () => {
  const ctx = await newContext(browser);
  const { page, credenciales } = await paginaConAutenticador(ctx);
  await contrasena(page, "analista");
  await page.waitForURL((u) => !u.pathname.endsWith("/Login"));
  await abrirSeguridad(page);
  await page.getByText("Todavía no tiene ningún segundo factor.").waitFor();
  await screenshot(page, "seguridad-sin-factores");

  await page.getByRole("button", { name: "Agregar llave de acceso" }).click();
  const nombre = page.getByRole("dialog", { name: "Agregar llave de acceso" });
  await nombre.getByLabel("Nombre").fill("Portátil de la oficina");
  await screenshot(page, "seguridad-nombre-llave");
  await nombre.getByRole("button", { name: "Continuar" }).click();
  const codigos = await guardarCodigos(page);
  await screenshot(page, "seguridad-codigos");
  await page.getByRole("button", { name: "Ya los guardé" }).click();
  await page.getByText("Portátil de la oficina").waitFor();
  await page.getByText("Le quedan 10 de 10 códigos sin usar.", { exact: false }).waitFor();
  expect(await credenciales()).toHaveLength(1);
  await screenshot(page, "seguridad-con-llave");

  await salir(page);
  await contrasena(page, "analista");
  await page.getByRole("heading", { name: "Verificación en dos pasos" }).waitFor();
  await screenshot(page, "login-segundo-factor-llave");
  await page.getByRole("button", { name: "Usar llave de acceso" }).click();
  await page.waitForURL((u) => u.pathname === "/");
  await abrirSeguridad(page);
  await expect.poll(async () => page.getByText(/Último uso: Nunca/).count()).toBe(0);

  // A recovery code, typed in lower case: it serves once.
  await salir(page);
  await contrasena(page, "analista");
  await page.getByLabel("Código de recuperación").fill(codigos[0].toLowerCase());
  await page.getByRole("button", { name: "Verificar" }).click();
  await page.waitForURL((u) => u.pathname === "/");
  await salir(page);
  await contrasena(page, "analista");
  await page.getByLabel("Código de recuperación").fill(codigos[0]);
  await page.getByRole("button", { name: "Verificar" }).click();
  await toast(page, MSG_SEGUNDO_FACTOR.codigoIncorrecto).waitFor();
  await page.getByText(MSG_SEGUNDO_FACTOR.codigoIncorrecto, { exact: true }).first().waitFor();
  expect(new URL(page.url()).pathname).toBe("/Login");
  await screenshot(page, "login-segundo-factor-codigo-usado");
  await ctx.close();
});

test("an authenticator app, by keyboard only: QR and secret, then a sign-in with a computed code", async () => {
  const ctx = await newContext(browser);
  const page = await ctx.newPage();
  await contrasena(page, "juridico");
  await page.waitForURL((u) => !u.pathname.endsWith("/Login"));
  await page.goto(`${base}/Seguridad`);
  const agregar = page.getByRole("button", { name: "Agregar aplicación de autenticación" });
  await agregar.waitFor();
  // Tab until the button has the focus, as a keyboard user would.
  for (let i = 0; i < 40 && !(await agregar.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await page.keyboard.press("Enter");
  const dialogo = page.getByRole("dialog", { name: "Agregar aplicación de autenticación" });
  await dialogo.getByRole("img", { name: "Código QR para agregar la cuenta a la aplicación" }).waitFor();
  const secreto = ((await dialogo.locator(".rfs-secreto code").textContent()) ?? "").replace(/\s/g, "");
  expect(secreto).toMatch(/^[A-Z2-7]{32}$/);
  await screenshot(page, "seguridad-app-qr");
  await dialogo.getByLabel("Código").focus();
  await page.keyboard.type(totp(secreto));
  await page.keyboard.press("Enter");
  await guardarCodigos(page);
  await page.keyboard.press("Enter");
  await page.getByText("Aplicación de autenticación", { exact: true }).first().waitFor();

  await salir(page);
  await contrasena(page, "juridico");
  const campo = page.getByLabel("Código de la aplicación de autenticación");
  await campo.waitFor();
  await expect.poll(() => campo.evaluate((el) => el === document.activeElement)).toBe(true);
  await screenshot(page, "login-segundo-factor-app");
  // The enrolment's code is spent: the next period's (accepted one step ahead for a clock a little off).
  await page.keyboard.type(totp(secreto, 30_000));
  await page.keyboard.press("Enter");
  await page.waitForURL((u) => u.pathname === "/");
  await ctx.close();
});

test("a profile that requires a second factor: its user is taken to enrolment and can do nothing else", async () => {
  const ctx = await newContext(browser);
  const page = await ctx.newPage();
  // The configuration administrator sets the flag in the profile editor.
  await contrasena(page, "configuracion");
  await page.waitForURL((u) => !u.pathname.endsWith("/Login"));
  await page.goto(`${base}/Configuracion/Perfiles`);
  await page.getByRole("button", { name: "Editar Consultor" }).click();
  const editor = page.getByRole("dialog", { name: "Editar perfil" });
  const requiere = editor.getByRole("switch", { name: "Requiere segundo factor" });
  await requiere.waitFor({ state: "attached" });
  expect(await requiere.isChecked()).toBe(false);
  await requiere.check();
  await screenshot(page, "perfil-requiere-segundo-factor");
  await editor.getByRole("button", { name: "Guardar" }).click();
  await toast(page, /actualizado/i).waitFor();
  await salir(page);

  await contrasena(page, "consultor");
  await page.waitForURL((u) => u.pathname.endsWith("/Seguridad"));
  await page.getByText(MSG_SEGUNDO_FACTOR.enrolamientoRequerido).first().waitFor();
  await screenshot(page, "seguridad-enrolamiento-obligatorio");
  // Nothing else opens: not a screen of the profile, not the server's data.
  await page.goto(`${base}/Consultar`);
  await page.waitForURL((u) => u.pathname.endsWith("/Seguridad"));
  await toast(page, MSG_SEGUNDO_FACTOR.enrolamientoRequerido).waitFor();
  const bandeja = () =>
    page.evaluate(async () => (await fetch("api/SolicitudFirma/GetBandejaConsultor?page=0&rows=10")).status);
  expect(await bandeja()).toBe(403);

  await page.getByRole("button", { name: "Agregar aplicación de autenticación" }).click();
  const dialogo = page.getByRole("dialog", { name: "Agregar aplicación de autenticación" });
  await dialogo.getByRole("img", { name: "Código QR para agregar la cuenta a la aplicación" }).waitFor();
  const secreto = ((await dialogo.locator(".rfs-secreto code").textContent()) ?? "").replace(/\s/g, "");
  await dialogo.getByLabel("Código").fill(totp(secreto));
  await dialogo.getByRole("button", { name: "Confirmar" }).click();
  await guardarCodigos(page);
  await page.getByRole("button", { name: "Ya los guardé" }).click();
  await page.getByText("Aplicación de autenticación", { exact: true }).first().waitFor();
  // Enrolled: the profile's screens and data open.
  await page.goto(`${base}/Consultar`);
  await page.waitForURL((u) => u.pathname === "/Consultar");
  await page.getByRole("heading", { level: 1 }).waitFor();
  expect(new URL(page.url()).pathname).toBe("/Consultar");
  expect(await bandeja()).toBe(200);
  await ctx.close();
});

test("the configuration administrator resets a user's second factor from the users list", async () => {
  // juridico2 enrols an app (as an API client): the password alone no longer signs in.
  const entrar = async () =>
    (
      await fetch(`${base}/api/Account/LogIn`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ userName: "juridico2", password: DEMO_PASSWORD }),
      })
    ).json();
  const { token } = await entrar();
  const llamar = async (ruta: string, cuerpo?: unknown) =>
    (
      await fetch(`${base}/${ruta}`, {
        method: "POST",
        headers: { Authorization: token, ...(cuerpo ? { "Content-Type": "application/json" } : {}) },
        body: cuerpo ? JSON.stringify(cuerpo) : undefined,
      })
    ).json();
  const { secreto } = (await llamar("api/SegundoFactor/App/Iniciar")).data;
  expect((await llamar("api/SegundoFactor/App", { nombre: "Teléfono", codigo: totp(secreto) })).success).toBe(true);
  expect(await entrar()).toMatchObject({ success: true, segundoFactor: true });

  const ctx = await newContext(browser);
  const page = await ctx.newPage();
  await contrasena(page, "configuracion");
  await page.waitForURL((u) => !u.pathname.endsWith("/Login"));
  await page.goto(`${base}/Configuracion/Usuarios`);
  await page.getByRole("heading", { level: 1, name: "Listado de Usuarios" }).waitFor();
  await page.getByLabel("Buscar").fill("juridico2");
  const reiniciar = page.getByRole("button", { name: "Reiniciar segundo factor de juridico2" });
  await reiniciar.focus();
  await page.keyboard.press("Enter");
  await page.getByText(/¿Desea eliminar las llaves de acceso/).waitFor();
  await screenshot(page, "usuarios-reiniciar-segundo-factor");
  await page.getByRole("button", { name: "Sí" }).click();
  await toast(page, MSG_SEGUNDO_FACTOR.factoresReiniciados).waitFor();
  await salir(page);
  // The reset ended juridico2's sessions, and the password alone signs in again.
  expect((await fetch(`${base}/api/Account/GetUserData`, { headers: { Authorization: token } })).status).toBe(401);
  await contrasena(page, "juridico2");
  await page.waitForURL((u) => u.pathname === "/");
  await ctx.close();
});

test("a passkey at another address than PUBLIC_URL's: the screen names the address to open, nothing is registered", async () => {
  // The same server reached by its IP address: WebAuthn cannot work here (PUBLIC_URL is localhost).
  const otra = `http://127.0.0.1:${server.port}`;
  const ctx = await newContext(browser);
  const { page, credenciales } = await paginaConAutenticador(ctx);
  await page.goto(`${otra}/Login`);
  // A user no other test here gives a second factor.
  await page.getByLabel("Usuario").fill("analista2");
  await page.getByLabel("Contraseña", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await page.waitForURL((u) => !u.pathname.endsWith("/Login"));
  await abrirSeguridad(page);
  await page.getByRole("button", { name: "Agregar llave de acceso" }).click();
  const nombre = page.getByRole("dialog", { name: "Agregar llave de acceso" });
  await nombre.getByLabel("Nombre").fill("Portátil");
  await nombre.getByRole("button", { name: "Continuar" }).click();
  const mensaje = MSG_SEGUNDO_FACTOR.llaveOtraDireccion(base);
  expect(mensaje).toContain(`http://localhost:${server.port}`);
  await toast(page, mensaje).waitFor();
  await screenshot(page, "seguridad-llave-otra-direccion");
  expect(await credenciales()).toHaveLength(0);
  await ctx.close();
});
