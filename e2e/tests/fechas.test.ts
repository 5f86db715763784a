/**
 * Every date field of the app, typed as people type: dd/mm/aaaa, without the slashes, with a
 * two-digit year or a day that does not exist, at full speed (no delay between keys). A date read is
 * used as typed; one that cannot be read is an error on its field, never dropped nor replaced by
 * today. Focus stays in the text while typing: the calendar opens only from its button.
 */
import { type BandejaItem, ESTATUS, MSG } from "@registro/contracts";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiDemo } from "../support/api";
import { launchBrowser, login, newContext, screenshot, TELEFONO } from "../support/browser";
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

/** Empties the field and types the text at full speed, keeping the keyboard's focus on it. */
async function teclear(page: Page, campo: Locator, texto: string) {
  await campo.focus();
  await page.keyboard.press("Control+a");
  await page.keyboard.press("Delete");
  await page.keyboard.type(texto);
  // Typing never moved focus out of the text nor opened the calendar.
  expect(await campo.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await page.locator(".p-overlaypanel").count()).toBe(0);
}

/** The text of the error the field points at (aria-describedby), or null. */
async function errorDe(page: Page, campo: Locator): Promise<string | null> {
  if ((await campo.getAttribute("aria-invalid")) !== "true") return null;
  const id = await campo.getAttribute("aria-describedby");
  return id ? page.locator(`[id="${id}"]`).textContent() : null;
}

const ILEGIBLES: [string, string][] = [
  ["15/06/25", MSG.fechaAnioCorto],
  ["31/02/2026", MSG.fechaInexistente("31/02/2026")],
];

describe("Verificar firma's date", () => {
  it("answers for the day typed, with or without slashes, and refuses a date it cannot read", async () => {
    const page = await como("consultor");
    await page.goto(`${server.url}/Consultar/Verificar`);
    await page.getByRole("heading", { name: "Verificar firma", level: 1 }).waitFor();
    const cedula = page.getByLabel("Cédula");
    // Digits typed right after focusing the cédula land in order (the mask never moves the caret).
    await cedula.focus();
    await page.keyboard.type("26166446828");
    expect(await cedula.inputValue()).toBe("261-6644682-8");
    const fecha = page.getByLabel("Fecha", { exact: true });
    const respuesta = page.getByRole("status").filter({ hasText: /autorizado/i });

    for (const texto of ["15/06/2025", "15062025"]) {
      await teclear(page, fecha, texto);
      await page.keyboard.press("Enter");
      await expect.poll(() => respuesta.textContent()).toContain("(fecha consultada: 15/06/2025)");
      // Leaving the field writes the date read in full.
      await page.keyboard.press("Tab");
      expect(await fecha.inputValue()).toBe("15/06/2025");
    }
    await screenshot(page, "fechas-verificar-respuesta");

    for (const [texto, mensaje] of ILEGIBLES) {
      await teclear(page, fecha, texto);
      await page.keyboard.press("Enter");
      await expect.poll(() => errorDe(page, fecha)).toBe(mensaje);
      // Refused on the screen: no answer for another day, and focus on the field to correct it.
      expect(await respuesta.count()).toBe(0);
      expect(await fecha.inputValue()).toBe(texto);
      expect(await fecha.evaluate((el) => el === document.activeElement)).toBe(true);
    }
    await page.setViewportSize(TELEFONO);
    await screenshot(page, "fechas-verificar-error-390");
    await page.context().close();
  });

  it("the calendar is a helper opened from its button: the arrows and Enter pick a day, Escape gives focus back", async () => {
    const page = await como("consultor");
    await page.goto(`${server.url}/Consultar/Verificar`);
    const fecha = page.getByLabel("Fecha", { exact: true });
    await teclear(page, fecha, "15/06/2025");
    await page.keyboard.press("Tab");
    const boton = page.getByRole("button", { name: "Elegir en el calendario" });
    expect(await boton.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    const calendario = page.getByRole("dialog", { name: "Calendario" });
    await calendario.waitFor();
    // Focus is on the day of the field, marked as the chosen one.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest("td")?.getAttribute("aria-label")))
      .toBe("15 de junio de 2025");
    await screenshot(page, "fechas-calendario-abierto");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await calendario.waitFor({ state: "detached" });
    expect(await fecha.inputValue()).toBe("16/06/2025");
    expect(await fecha.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press("Alt+ArrowDown");
    await calendario.waitFor();
    await page.keyboard.press("Escape");
    await calendario.waitFor({ state: "detached" });
    expect(await fecha.inputValue()).toBe("16/06/2025");
    expect(await fecha.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });
});

describe("the dashboard's period", () => {
  it("applies the days typed and refuses those it cannot read", async () => {
    const page = await como("administrador");
    await page.goto(`${server.url}/Tablero`);
    await page.getByRole("heading", { name: "Tablero", level: 1 }).waitFor();
    const desde = page.getByLabel(MSG.tableroDesde, { exact: true });
    const hasta = page.getByLabel(MSG.tableroHasta, { exact: true });
    for (const [texto, mensaje] of ILEGIBLES) {
      for (const campo of [desde, hasta]) {
        await teclear(page, desde, "");
        await teclear(page, hasta, "");
        await teclear(page, campo, texto);
        await page.keyboard.press("Enter");
        await expect.poll(() => errorDe(page, campo)).toBe(mensaje);
        expect(await campo.evaluate((el) => el === document.activeElement)).toBe(true);
      }
    }
    await screenshot(page, "fechas-tablero-error");
    await teclear(page, desde, "01062025");
    await teclear(page, hasta, "15/06/2025");
    const pedido = page.waitForRequest((r) => r.url().includes("api/Tablero"));
    await page.keyboard.press("Enter");
    const url = new URL((await pedido).url());
    expect(url.searchParams.get("desde")).toBe("2025-06-01");
    expect(url.searchParams.get("hasta")).toBe("2025-06-15");
    expect(await desde.inputValue()).toBe("01/06/2025");
    expect(await errorDe(page, desde)).toBeNull();
    expect(await errorDe(page, hasta)).toBeNull();
    await page.context().close();
  });
});

describe("the audit trail's days", () => {
  it("filters by the days typed and says why a text is not a date", async () => {
    const page = await como("configuracion");
    await page.goto(`${server.url}/Configuracion/Auditoria`);
    await page.locator(".rfc-tarjeta tbody tr").first().waitFor();
    for (const etiqueta of ["Desde", "Hasta"]) {
      const campo = page.getByLabel(etiqueta, { exact: true });
      const parametro = etiqueta.toLowerCase();
      for (const texto of ["15/06/2025", "15062025"]) {
        await teclear(page, campo, "");
        const pedido = page.waitForRequest((r) => new URL(r.url()).searchParams.get(parametro) === "2025-06-15");
        await teclear(page, campo, texto);
        await pedido;
      }
      for (const [texto, mensaje] of ILEGIBLES) {
        await teclear(page, campo, texto);
        await page.keyboard.press("Tab");
        await expect.poll(() => errorDe(page, campo)).toBe(mensaje);
        expect(await campo.inputValue()).toBe(texto);
      }
      await teclear(page, campo, "");
    }
    await screenshot(page, "fechas-auditoria");
    await page.context().close();
  });
});

describe("the official dialog's Desde and Hasta", () => {
  it("can be typed in every format, and an unreadable date is an error on its field", async () => {
    const bandeja = await demo.llamar<BandejaItem[]>("originador", "api/SolicitudFirma/GetBandejaOriginador");
    const pendiente = bandeja.find((s) => s.estatusSolitud === ESTATUS.PENDIENTE_ENVIAR);
    if (!pendiente) throw new Error("no demo request pending to send");
    const page = await como("originador");
    await page.goto(`${server.url}/Originador/Formulario/${pendiente.idSolicitud}`);
    await page.getByRole("button", { name: "Nuevo funcionario" }).click();
    const d = page.getByRole("dialog", { name: "Nuevo funcionario" });
    await d.waitFor();
    await d.getByLabel("Temporal", { exact: true }).check();
    const fechas = d.getByRole("group", { name: "Firma temporal" });
    const desde = fechas.getByLabel("Desde");
    const hasta = fechas.getByLabel("Hasta");
    // Enter in a field sends the dialog's form (Guardar).
    const guardar = () => page.keyboard.press("Enter");

    for (const [texto, mensaje] of ILEGIBLES) {
      await teclear(page, desde, texto);
      await teclear(page, hasta, "31/12/2026");
      await guardar();
      await expect.poll(() => errorDe(page, desde)).toBe(mensaje);
      expect(await desde.inputValue()).toBe(texto);
      expect(await errorDe(page, hasta)).toBeNull();
    }
    await screenshot(page, "fechas-funcionario-error");
    await teclear(page, desde, "15062025");
    await teclear(page, hasta, "31/12/2026");
    await guardar();
    // Both read: the dialog refuses the other, empty fields, never the dates.
    await expect.poll(() => errorDe(page, d.getByLabel("Nombres"))).toBe(MSG.requerido);
    expect(await desde.inputValue()).toBe("15/06/2025");
    expect(await errorDe(page, desde)).toBeNull();
    expect(await errorDe(page, hasta)).toBeNull();
    await page.context().close();
  });
});

describe("a renewal's official", () => {
  it("refuses an end date already past under its Hasta field, as typed in its dialog", async () => {
    const bandeja = await demo.llamar<BandejaItem[]>("originador", "api/SolicitudFirma/GetBandejaOriginador");
    const activa = bandeja.find((s) => s.estatusSolitud === ESTATUS.ACTIVA);
    if (!activa) throw new Error("no active demo request");
    const renovada = await demo.llamar<{ data: { idSolicitud: number } }>(
      "originador",
      `api/SolicitudFirma/Renovar/${activa.idSolicitud}`,
      "POST",
    );
    const page = await como("originador");
    await page.goto(`${server.url}/Originador/Formulario/${renovada.data.idSolicitud}`);
    await page
      .getByRole("button", { name: /^Editar funcionario / })
      .first()
      .click();
    const d = page.getByRole("dialog", { name: "Editar funcionario" });
    await d.waitFor();
    await d.getByLabel("Temporal", { exact: true }).check();
    const fechas = d.getByRole("group", { name: "Firma temporal" });
    const desde = fechas.getByLabel("Desde");
    const hasta = fechas.getByLabel("Hasta");
    await teclear(page, desde, "01/01/2020");
    await teclear(page, hasta, "31/12/2020");
    await page.keyboard.press("Enter");
    await expect
      .poll(() => errorDe(page, hasta))
      .toMatch(/^La fecha hasta de .+ ya pasó: indique hasta cuándo se renueva su firma\.$/);
    expect(await errorDe(page, desde)).toBeNull();
    // The dialog stays open on the refused field, with the date as typed.
    expect(await hasta.inputValue()).toBe("31/12/2020");
    await screenshot(page, "fechas-renovacion-error");
    await page.context().close();
  });
});
