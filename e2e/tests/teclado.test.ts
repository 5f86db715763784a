/**
 * Keyboard and focus, with the keyboard only: dialogs open on their first field, "Entendido" gives
 * focus back to the button that started the flow, the cédula keeps digits typed right after
 * focusing, and axe passes with the official dialog's grouped signatures list open.
 */
import { type BandejaItem, ESTATUS } from "@registro/contracts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiDemo } from "../support/api";
import { axeSerious, launchBrowser, login, newContext, screenshot } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

let server: AppServer;
let browser: Browser;
const demo = apiDemo(() => server.url);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ LOGIN_RATE_LIMIT: "500" }), launchBrowser()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function como(usuario: string): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  await login(page, server.url, usuario);
  return page;
}

/** What has the focus: its accessible label, id or text. */
const foco = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    if (!a || a === document.body) return "(nada)";
    return a.getAttribute("aria-label") || a.id || a.textContent?.trim() || a.tagName;
  });

describe("focus in the configuration and the account panel", () => {
  it("'Entendido' gives focus back to the reset button of the user's row", async () => {
    const page = await como("configuracion");
    await page.goto(`${server.url}/Configuracion/Usuarios`);
    const reiniciar = page.getByRole("button", { name: "Reiniciar clave de analista", exact: true });
    await reiniciar.focus();
    await page.keyboard.press("Enter");
    const confirmacion = page.getByRole("dialog", { name: "Confirmación" });
    await confirmacion.waitFor();
    await page.getByRole("button", { name: "Sí" }).focus();
    await page.keyboard.press("Enter");
    const clave = page.getByRole("dialog", { name: "Clave temporal" });
    await clave.waitFor();
    await expect.poll(() => foco(page)).toBe("Entendido");
    await page.keyboard.press("Enter");
    await clave.waitFor({ state: "detached" });
    await expect.poll(() => foco(page)).toBe("Reiniciar clave de analista");
    await page.context().close();
  });

  it("a user dialog opens on its first field", async () => {
    const page = await como("configuracion");
    await page.goto(`${server.url}/Configuracion/Usuarios`);
    await page.getByRole("button", { name: "Agregar Usuario" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").first().waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest(".p-dialog-content") !== null))
      .toBe(true);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toMatch(/INPUT|TEXTAREA/);
    await page.context().close();
  });
});

describe("the official dialog by keyboard", () => {
  it("opens on the cédula, keeps digits typed at once, and its grouped signatures list passes axe", async () => {
    const bandeja = await demo.llamar<BandejaItem[]>("originador", "api/SolicitudFirma/GetBandejaOriginador");
    const pendiente = bandeja.find((s) => s.estatusSolitud === ESTATUS.PENDIENTE_ENVIAR);
    if (!pendiente) throw new Error("no demo request pending to send");
    const page = await como("originador");
    await page.goto(`${server.url}/Originador/Formulario/${pendiente.idSolicitud}`);
    await page.getByRole("button", { name: "Nuevo funcionario" }).focus();
    await page.keyboard.press("Enter");
    const d = page.getByRole("dialog", { name: "Nuevo funcionario" });
    await d.waitFor();
    await expect.poll(() => foco(page)).toBe("newfuncionario.Cedula");
    // Typed the moment the dialog gave it focus: every digit in its place.
    await page.keyboard.type("26166446828");
    expect(await d.getByLabel("Cédula").first().inputValue()).toBe("261-6644682-8");

    await d.locator('[id="newfuncionario.SelectedFirms"]').focus();
    await page.keyboard.press("Enter");
    await page.locator(".p-multiselect-panel").getByRole("option").first().waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, "teclado-firmas-abiertas");
    await page.context().close();
  });
});
