/**
 * The screens as real users walk them: what the institution must not see of the
 * comptroller's internal review, a rejected request's timeline, and more below. One server and one
 * browser for the whole file.
 */
import { type BandejaItem, MSG } from "@registro/contracts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiDemo } from "../support/api";
import { axeSerious, launchBrowser, login, newContext, screenshot } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

let server: AppServer;
let browser: Browser;

const demo = apiDemo(() => server.url);
const { token } = demo;
const apiGet = <T>(usuario: string, path: string) => demo.llamar<T>(usuario, path);

/** A demo request of the originator's institution in this status. */
async function demoEn(estatus: number): Promise<number> {
  const lista = await apiGet<BandejaItem[]>("originador", "api/SolicitudFirma/GetBandejaOriginador");
  const item = lista.find((i) => i.estatusSolitud === estatus);
  if (!item) throw new Error(`no demo request in ${estatus}`);
  return item.idSolicitud;
}

async function paginaDe(usuario: string, ancho = 1366, alto = 900): Promise<Page> {
  const ctx = await newContext(browser);
  const page = await ctx.newPage();
  await page.setViewportSize({ width: ancho, height: alto });
  await login(page, server.url, usuario);
  return page;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the institution's view of a request", () => {
  it("103 reads 'En revisión legal', with no internal history, reviewer or return", async () => {
    const id = await demoEn(103);
    const page = await paginaDe("originador");
    await page.goto(`${server.url}/Originador/Detalles/${id}`);
    const datos = page.getByRole("region", { name: "Datos de la solicitud" });
    await expect.poll(() => datos.textContent(), { timeout: 20_000 }).toContain("En revisión legal");
    const tabs = await page.getByRole("tab").allTextContents();
    expect(tabs.join("|")).toBe("Comentario|Documentos|Funcionarios");
    const texto = (await page.locator("main").textContent()) ?? "";
    expect(texto).not.toContain("Asignada a");
    expect(texto).not.toMatch(/Retornado/);
    await screenshot(page, "i10-originador-103");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "i10-originador-103-390");
    await page.context().close();
  });

  it("a rejected request (104) is final: the timeline ends at Finalizado", async () => {
    const id = await demoEn(104);
    const page = await paginaDe("originador");
    await page.goto(`${server.url}/Originador/Detalles/${id}`);
    const actual = page.locator('.rf-timeline li[aria-current="step"]');
    await expect.poll(() => actual.textContent(), { timeout: 20_000 }).toContain("Finalizado");
    expect(await page.getByRole("tab", { name: "Observaciones" }).count()).toBe(1);
    await page.context().close();
  });
});

describe("another institution's request", () => {
  it("reads 'No se encontró la solicitud.' on the detail and on the form, like a missing one", async () => {
    const ajena = await demoEn(106);
    const page = await paginaDe("originador2");
    for (const url of [
      `Originador/Detalles/${ajena}`,
      `Originador/Formulario/${ajena}`,
      "Originador/Detalles/999999",
    ]) {
      await page.goto(`${server.url}/${url}`);
      const aviso = page.locator("main [role=alert]");
      await expect.poll(() => aviso.textContent(), { timeout: 20_000 }).toContain("No se encontró la solicitud.");
    }
    await page.context().close();
  });
});

describe("a fast clerk on the request form", () => {
  /** Tab into the field (from the one before it) and type at once, as a clerk does. */
  async function tabYEscribir(page: Page, id: string, texto: string) {
    await page.locator(`[id="${id}"]`).focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(id);
    await page.keyboard.type(texto);
  }

  it("masked fields keep every digit typed right after Tab; the look-up never overwrites typed names", async () => {
    const page = await paginaDe("originador");
    await page.goto(`${server.url}/Originador/Formulario`);
    const telefono = page.locator("#inc-telefono");
    await telefono.waitFor();
    await tabYEscribir(page, "inc-telefono", "8095551234");
    expect(await telefono.inputValue()).toBe("(809) 555-1234");
    await tabYEscribir(page, "inst-telefono2", "8295550000");
    expect(await page.locator("#inst-telefono2").inputValue()).toBe("(829) 555-0000");

    // A cédula of the padrón fills the names.
    const cedula = page.locator("#inc-cedula");
    const nombres = page.locator("#inc-nombres");
    const apellidos = page.locator("#inc-apellidos");
    await tabYEscribir(page, "inc-cedula", "35199432952");
    expect(await cedula.inputValue()).toBe("351-9943295-2");
    await expect.poll(() => nombres.inputValue(), { timeout: 20_000 }).toBe("Alberto Manuel");
    expect(await apellidos.inputValue()).toBe("Ortiz Ramírez");

    // The clerk corrects the names; going back through the cédula asks nothing and keeps them.
    await nombres.fill("Alberto M.");
    await cedula.focus();
    await page.keyboard.press("Tab");
    await page.waitForTimeout(500);
    expect(await nombres.inputValue()).toBe("Alberto M.");
    expect(await apellidos.inputValue()).toBe("Ortiz Ramírez");

    // A valid cédula the padrón does not know: the message, the typed name kept, the looked-up one cleared.
    await cedula.fill("");
    await tabYEscribir(page, "inc-cedula", "00100000017");
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "Cédula no encontrada en el padrón" }).count(), {
        timeout: 20_000,
      })
      .toBe(1);
    expect(await nombres.inputValue()).toBe("Alberto M.");
    expect(await apellidos.inputValue()).toBe("");
    await screenshot(page, "i10-formulario-cedula");

    // A failed save goes to the first field in error.
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 10_000 }).toBe("inc-apellidos");

    // Volver with unsaved changes asks first; No stays.
    await page.getByRole("button", { name: "Volver" }).click();
    const pregunta = page.getByRole("dialog", { name: "Descartar cambios" });
    await pregunta.getByText("Hay cambios sin guardar").waitFor();
    await pregunta.getByRole("button", { name: "No" }).click();
    expect(page.url()).toMatch(/\/Originador\/Formulario$/);
    await page.context().close();
  });
});

describe("sending a request", () => {
  it("leaves for the inbox without a refusal notice flashing on the way", async () => {
    const id = await demoEn(108);
    const page = await paginaDe("originador");
    await page.goto(`${server.url}/Originador/Formulario/${id}`);
    const enviar = page.getByRole("button", { name: "Enviar", exact: true });
    await expect.poll(() => enviar.isEnabled(), { timeout: 20_000 }).toBe(true);
    await page.evaluate((texto) => {
      const w = window as unknown as { visto: boolean };
      w.visto = false;
      new MutationObserver(() => {
        if (document.body.textContent?.includes(texto)) w.visto = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    }, MSG.transicionInvalida);
    await enviar.click();
    const pregunta = page.getByRole("dialog", { name: "Enviar solicitud" });
    await pregunta.getByRole("button", { name: "Sí" }).click();
    await page.waitForURL(/\/Originador$/, { timeout: 30_000 });
    await page.locator(".rf-bandeja tbody tr .p-tag").first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { visto: boolean }).visto)).toBe(false);
    await page.context().close();
  });
});

describe("the keyboard in the decision dialogs", () => {
  async function post(usuario: string, path: string) {
    const res = await fetch(`${server.url}/${path}`, {
      method: "POST",
      headers: { Authorization: await token(usuario) },
    });
    expect((await res.json()).success).toBe(true);
  }

  /** The open list sits wholly below or above its field, inside the viewport. */
  async function listaJuntoAlCampo(page: Page) {
    const panel = await page.locator(".p-multiselect-panel").boundingBox();
    const campo = await page
      .getByRole("dialog", { name: "Rechazar solicitud" })
      .locator(".p-multiselect")
      .boundingBox();
    const vista = page.viewportSize();
    if (!panel || !campo || !vista) throw new Error("no list");
    expect(panel.y >= campo.y + campo.height - 1 || panel.y + panel.height <= campo.y + 1).toBe(true);
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.y).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(vista.width + 1);
    expect(panel.y + panel.height).toBeLessThanOrEqual(vista.height + 1);
  }

  it.each([
    [1366, 900],
    [390, 844],
  ])(
    "Rechazar at %i px: Escape, Tab and Alt+↑ act on the list only; typed content asks before it goes",
    async (ancho, alto) => {
      const bandeja = await apiGet<{ idSolicitud: number; estatusSolitud: number; asignadoA: string | null }[]>(
        "juridico",
        "api/SolicitudFirma/GetBandejaJuridico",
      );
      const libre = bandeja.find((i) => i.estatusSolitud === 102 && i.asignadoA === null);
      if (!libre) throw new Error("no free 102 request");
      await post("juridico", `api/SolicitudFirma/AssignProcess/${libre.idSolicitud}`);
      const page = await paginaDe("juridico", ancho, alto);
      await page.goto(`${server.url}/Juridico/AnalistaLegal/Detalles/${libre.idSolicitud}`);
      await page.getByRole("button", { name: "Más decisiones" }).click();
      await page.getByRole("menuitem", { name: "Rechazar" }).click();
      const dialogo = page.getByRole("dialog", { name: "Rechazar solicitud" });
      await dialogo.waitFor();
      const opciones = page.locator(".p-multiselect-panel").getByRole("option");
      const abrir = async () => {
        await dialogo.locator(".p-multiselect").click();
        await opciones.first().waitFor();
      };

      // Only legal rejection reasons (kind 104).
      await abrir();
      expect((await opciones.allTextContents()).map((t) => t.trim())).toEqual([
        "Designación sin validez legal",
        "Autoridad no competente",
        "Incompatibilidad de funciones",
      ]);
      await listaJuntoAlCampo(page);
      expect(await axeSerious(page)).toEqual([]);
      await opciones.nth(1).click();
      const elegidas = dialogo.locator(".p-multiselect-token");
      expect(await elegidas.count()).toBe(1);

      // Alt+↑ closes the list and keeps the reason.
      await page.keyboard.press("Alt+ArrowUp");
      await opciones.first().waitFor({ state: "detached" });
      expect(await elegidas.count()).toBe(1);

      // Escape closes only the list.
      await abrir();
      await page.keyboard.press("Escape");
      await opciones.first().waitFor({ state: "detached" });
      expect(await dialogo.isVisible()).toBe(true);
      expect(await elegidas.count()).toBe(1);

      // Tab moves on to Comentario.
      await abrir();
      await page.keyboard.press("Tab");
      await opciones.first().waitFor({ state: "detached" });
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("TEXTAREA");
      await page.keyboard.type("La designación no procede.");
      await screenshot(page, `i10-rechazar-${ancho}`);

      // Escape on a dialog with content asks; No keeps everything.
      await page.keyboard.press("Escape");
      const pregunta = page.getByRole("dialog", { name: "Descartar observaciones" });
      await pregunta.getByText("¿Desea descartarlos?").waitFor();
      await pregunta.getByRole("button", { name: "No" }).click();
      expect(await dialogo.isVisible()).toBe(true);
      expect(await dialogo.getByLabel("Comentario").inputValue()).toBe("La designación no procede.");
      expect(await elegidas.count()).toBe(1);
      // Sí discards.
      await dialogo.getByRole("button", { name: "Cancelar" }).click();
      await pregunta.getByRole("button", { name: "Sí" }).click();
      await dialogo.waitFor({ state: "detached" });
      await page.context().close();
    },
  );
});

describe("a phone (390 × 844)", () => {
  it("inbox as cards, the menu drawer below its button, the timeline in one row, every tab in sight", async () => {
    const page = await paginaDe("originador", 390, 844);
    // While the first page loads, no "no records" text and no empty page report appear.
    await page.addInitScript(
      (textos) => {
        const w = window as unknown as { vistos: string[] };
        w.vistos = [];
        document.addEventListener("DOMContentLoaded", () =>
          new MutationObserver(() => {
            for (const t of textos)
              if (document.body.textContent?.includes(t) && !w.vistos.includes(t)) w.vistos.push(t);
          }).observe(document.body, { childList: true, subtree: true, characterData: true }),
        );
      },
      [MSG.sinRegistros, "Mostrando 0 a 0 de 0"],
    );
    await page.goto(`${server.url}/Originador`);
    const filas = page.locator(".rf-bandeja tbody tr");
    await filas.first().locator(".p-tag").waitFor();
    expect(await page.evaluate(() => (window as unknown as { vistos: string[] }).vistos)).toEqual([]);
    await screenshot(page, "i10-bandeja-390");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const tag = await filas.first().locator(".p-tag").boundingBox();
    const ver = await filas.first().getByRole("link").or(filas.first().getByRole("button")).first().boundingBox();
    for (const caja of [tag, ver]) {
      expect(caja).not.toBeNull();
      expect(caja!.x + caja!.width).toBeLessThanOrEqual(390);
    }
    expect(await axeSerious(page)).toEqual([]);

    // The drawer leaves its own button in sight and reachable.
    const boton = page.getByRole("button", { name: "Mostrar menú" });
    await boton.click();
    const cerrar = page.getByRole("button", { name: "Ocultar menú" });
    const b = (await cerrar.boundingBox())!;
    const encima = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest("button")?.getAttribute("aria-label"),
      [b.x + b.width / 2, b.y + b.height / 2],
    );
    expect(encima).toBe("Ocultar menú");
    await screenshot(page, "i10-menu-390");
    await cerrar.click();

    const id = await demoEn(106);
    await page.goto(`${server.url}/Originador/Detalles/${id}`);
    const etapas = page.locator(".rf-timeline li");
    await etapas.first().waitFor();
    const tops = new Set(await etapas.evaluateAll((li) => li.map((e) => Math.round(e.getBoundingClientRect().top))));
    expect(tops.size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The tabs wrap onto a second row: none hides behind a scroll arrow.
    for (const caja of await page.getByRole("tab").evaluateAll((t) => t.map((e) => e.getBoundingClientRect().right)))
      expect(caja).toBeLessThanOrEqual(390);
    await screenshot(page, "i10-detalle-390");
    await page.context().close();
  });
});

describe("the audit screen", () => {
  it("shows dates as dd/mm/aaaa and active/inactive one way", async () => {
    const res = await fetch(`${server.url}/api/Usuarios/CrearCargo`, {
      method: "POST",
      headers: { Authorization: await token("configuracion"), "content-type": "application/json" },
      body: JSON.stringify({ nombre: "Auditor de prueba", descripcion: "", tipo: 2, estatus: 1 }),
    });
    expect((await res.json()).success).toBe(true);
    const page = await paginaDe("configuracion");
    await page.goto(`${server.url}/Configuracion/Auditoria`);
    const celdas = page.locator("tbody tr td:first-child");
    await expect.poll(() => celdas.first().textContent(), { timeout: 20_000 }).toMatch(/\d{4}/);
    await screenshot(page, "i10-auditoria");
    // The app's one date-time format, to the minute (the trail's order is the server's).
    for (const t of await celdas.allTextContents())
      expect(t.trim()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [ap]\. m\.$/);
    expect(await page.locator("tbody").textContent()).not.toMatch(/Activo: (Sí|No)/);
    await page.context().close();
  });
});

describe("date picker and dropdowns, as assistive technology reads them", () => {
  it("a dropdown is a combobox that says when its list is open; the picker marks the chosen day on its cell", async () => {
    const page = await paginaDe("consultor");
    await page.goto(`${server.url}/Consultar/Verificar`);
    await page.getByRole("heading", { name: "Verificar firma", level: 1 }).waitFor();

    // The Institución filter: a combobox (not a read-only text field) whose expanded state follows its list.
    const institucion = page.getByRole("combobox", { name: "Institución" });
    await expect.poll(() => institucion.getAttribute("aria-expanded")).toBe("false");
    await page.locator(".p-dropdown:has(#rfv-institucion)").click();
    await page.locator(".p-dropdown-panel").waitFor();
    await expect.poll(() => institucion.getAttribute("aria-expanded")).toBe("true");
    await screenshot(page, "i10-desplegable-abierto");
    await page.keyboard.press("Escape");
    await page.locator(".p-dropdown-panel").waitFor({ state: "detached" });
    await expect.poll(() => institucion.getAttribute("aria-expanded")).toBe("false");

    // The date picker: a day chosen, then the picker opened again on it.
    await page.getByLabel("Fecha", { exact: true }).fill("15/11/2026");
    await page.getByRole("button", { name: "Elegir en el calendario" }).click();
    const panel = page.locator(".p-datepicker").filter({ visible: true });
    await panel.waitFor();
    await expect
      .poll(() => panel.locator("td[aria-selected='true']").getAttribute("aria-label"))
      .toBe("15 de noviembre de 2026");
    expect(await panel.locator("span[aria-selected]").count()).toBe(0);
    await screenshot(page, "i10-calendario-abierto");
    await page.context().close();
  });
});
