/**
 * Password reset by e-mail in a real browser, by keyboard, with a real SMTP server in the test:
 * "¿Olvidó su contraseña?" on the sign-in page (shown only when mail is configured), the address
 * typed, the e-mailed link opened, the password policy's message, the new password chosen, sign-in
 * with it; the link does not serve twice. The new screens at 390 px and axe-clean.
 */
import type { AddressInfo } from "node:net";
import { MSG } from "@registro/contracts";
import { simpleParser } from "mailparser";
import type { Browser, Page } from "playwright-core";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, test } from "vitest";
import { apiDemo } from "../support/api";
import { launchBrowser, newContext, screenshot, TELEFONO } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

let server: AppServer;
let browser: Browser;
let smtp: SMTPServer;
const recibidos: { para: string[]; texto: string }[] = [];
const api = apiDemo(() => server.url);

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((m) => {
          recibidos.push({ para: session.envelope.rcptTo.map((r) => r.address), texto: m.text ?? "" });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((ok) => smtp.listen(0, "127.0.0.1", () => ok()));
  const puerto = (smtp.server.address() as AddressInfo).port;
  [server, browser] = await Promise.all([
    startServer({
      LOGIN_RATE_LIMIT: "1000",
      SMTP_URL: `smtp://127.0.0.1:${puerto}`,
      MAIL_SEND_INTERVAL_SECONDS: "1",
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise<void>((ok) => smtp?.close(() => ok()));
});

const toast = (page: Page, texto: string) => page.locator(".p-toast-message").filter({ hasText: texto });

/** The reset link of the latest e-mail to this address (the sender runs every second). */
async function enlacePara(email: string): Promise<string> {
  let texto = "";
  await expect
    .poll(
      () => {
        texto = recibidos.filter((m) => m.para.includes(email)).at(-1)?.texto ?? "";
        return texto;
      },
      { timeout: 20_000 },
    )
    .toContain("/RestablecerClave#");
  const m = /(https?:\/\/\S+\/RestablecerClave#[A-Za-z0-9_-]+)/.exec(texto);
  if (!m) throw new Error(texto);
  return m[1];
}

test("a user who forgot the password gets a link by e-mail and chooses a new one, by keyboard at 390 px", async () => {
  const usuarios = await api.llamar<{ usuario: string; email: string }[]>("configuracion", "api/Usuarios");
  const email = usuarios.find((u) => u.usuario === "juridico")!.email;

  const ctx = await browser.newContext({ viewport: TELEFONO, locale: "es-ES" });
  const page = await ctx.newPage();
  await page.goto(`${server.url}/Login`);
  const olvido = page.getByRole("link", { name: "¿Olvidó su contraseña?" });
  await olvido.focus();
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/OlvidoClave$/);
  await page.getByRole("heading", { level: 1, name: "¿Olvidó su contraseña?" }).waitFor();
  await screenshot(page, "restablecer-pedir");

  // A malformed address is refused on its field; then the real one.
  await page.keyboard.type("no-es-correo");
  await page.keyboard.press("Enter");
  await page.getByText(MSG.emailFormato).waitFor();
  expect(await page.locator("#olvido-email-error").textContent()).toBe(MSG.emailFormato);
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("olvido-email");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.keyboard.press("Enter");
  await page.getByRole("status").filter({ hasText: MSG.restablecimientoSolicitado }).waitFor();
  await screenshot(page, "restablecer-enviado");

  const enlace = await enlacePara(email);
  await page.goto(enlace);
  await page.getByRole("heading", { level: 1, name: "Elija una nueva contraseña" }).waitFor();
  // The secret leaves the address bar at once.
  expect(new URL(page.url()).hash).toBe("");
  await screenshot(page, "restablecer-elegir");

  // The password policy's message on its field.
  await page.keyboard.type("corta");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.type("corta");
  await page.keyboard.press("Enter");
  await page.getByText(MSG.claveLongitud).waitFor();
  // The server's refusal is said under its own field, which takes the focus.
  expect(await page.locator("#restablecer-nueva-error").textContent()).toBe(MSG.claveLongitud);
  expect(await page.locator("#restablecer-nueva").getAttribute("aria-invalid")).toBe("true");
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("restablecer-nueva");

  const nueva = "Girasol.Marino.Veloz.47";
  // A confirmation that differs: said under the confirmation, the focus there.
  await page.getByLabel("Nueva contraseña", { exact: true }).fill(nueva);
  await page.getByLabel("Confirmar contraseña", { exact: true }).fill(`${nueva}x`);
  await page.keyboard.press("Enter");
  await page.locator("#restablecer-confirmar-error").getByText(MSG.claveNoCoincide).waitFor();
  expect(await page.locator("#restablecer-nueva-error").count()).toBe(0);
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("restablecer-confirmar");

  await page.getByLabel("Nueva contraseña", { exact: true }).fill(nueva);
  await page.getByLabel("Confirmar contraseña", { exact: true }).fill(nueva);
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/Login$/);
  await page.getByRole("main").getByRole("status").filter({ hasText: MSG.claveRestablecida }).waitFor();
  // Said as a success, not as a warning.
  await page.locator(".p-toast-message-success").filter({ hasText: MSG.claveRestablecida }).waitFor();
  expect(await page.locator(".rf-login-exito").filter({ hasText: MSG.claveRestablecida }).count()).toBe(1);

  // Signing in with the new password works (the reset itself opened no session).
  await page.getByLabel("Usuario").fill("juridico");
  await page.getByLabel("Contraseña", { exact: true }).fill(nueva);
  await page.keyboard.press("Enter");
  await page.waitForURL((u) => !u.pathname.endsWith("/Login"));

  // The same link a second time: refused, with a way to ask for a new one.
  const otro = await (await newContext(browser)).newPage();
  await otro.goto(enlace);
  await otro.getByLabel("Nueva contraseña", { exact: true }).fill("Otra.Clave.Nueva.Segura.58");
  await otro.getByLabel("Confirmar contraseña", { exact: true }).fill("Otra.Clave.Nueva.Segura.58");
  await otro.keyboard.press("Enter");
  await otro.getByRole("main").getByRole("alert").filter({ hasText: MSG.enlaceRestablecimientoInvalido }).waitFor();
  await otro.getByRole("link", { name: "Pedir un enlace nuevo" }).waitFor();
  await toast(otro, MSG.enlaceRestablecimientoInvalido).waitFor();
  await otro.context().close();
  await ctx.close();
});
