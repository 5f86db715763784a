/**
 * Configuration in a real browser as `configuracion` (SPEC.md screens 19–22): a new external user
 * signs in with the one-time password and must change it; a profile built from three views changes
 * a user's menu; a new institution with positions serves a new originator; a position in use is
 * deactivated instead of deleted. Also: axe on the users list.
 */
import { digitoVerificador, MSG } from "@registro/contracts";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchBrowser, login, newContext, screenshot } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

let server: AppServer;
let browser: Browser;
const contextos: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ LOGIN_RATE_LIMIT: "1000" }), launchBrowser()]);
});

afterAll(async () => {
  for (const c of contextos) await c.close();
  await browser?.close();
  await server?.stop();
});

async function sesion(usuario: string, password?: string): Promise<Page> {
  const ctx = await newContext(browser);
  contextos.push(ctx);
  const page = await ctx.newPage();
  await login(page, server.url, usuario, password);
  return page;
}

/** A valid cédula (Luhn) outside the demo padrón: 003-000000n-d. */
function cedulaNueva(n: number): string {
  const base = `003${String(n).padStart(7, "0")}`;
  return `${base.slice(0, 3)}-${base.slice(3)}-${digitoVerificador(base)}`;
}

const dialogo = (page: Page, nombre: string) => page.getByRole("dialog", { name: nombre });
const toast = (page: Page, texto: string) => page.locator(".p-toast-message").filter({ hasText: texto });
const fila = (page: Page, texto: string) => page.locator(".rfc-tarjeta tbody tr", { hasText: texto }).first();

/** Types into a masked field from its start (the caret stays where the click lands). */
async function escribir(campo: Locator, texto: string) {
  await campo.click({ position: { x: 6, y: 6 } });
  // The mask moves the caret on focus after a short timer; type once it has settled.
  await campo.page().waitForTimeout(200);
  await campo.press("Home");
  // Keystrokes paced like a person's: the mask reformats as each digit lands.
  await campo.pressSequentially(texto, { delay: 40 });
}

/** Picks an option of a PrimeReact Dropdown or MultiSelect whose focusable input has this id. */
async function elegir(page: Page, inputId: string, opcion: string | RegExp) {
  await page.locator(`.p-dropdown:has([id="${inputId}"]), .p-multiselect:has([id="${inputId}"])`).click();
  await page.locator(".p-dropdown-panel, .p-multiselect-panel").getByRole("option", { name: opcion }).first().click();
}

async function confirmar(page: Page, boton = "Sí") {
  await page.locator(".p-confirm-dialog").getByRole("button", { name: boton }).click();
}

async function irA(page: Page, boton: string, titulo: string) {
  await page.goto(`${server.url}/Configuracion`);
  await page.getByRole("button", { name: boton }).click();
  await page.getByRole("heading", { level: 1, name: titulo }).waitFor();
}

interface NuevoUsuario {
  n: number;
  usuario: string;
  perfil: string;
  institucion?: string;
}

/** Creates a user through the dialog and returns the temporary password shown once. */
async function crearUsuario(page: Page, u: NuevoUsuario): Promise<string> {
  await irA(page, "Mantenimiento de Usuarios", "Listado de Usuarios");
  await page.getByRole("button", { name: "Agregar Usuario" }).click();
  const d = dialogo(page, "Crear Usuario");
  await d.waitFor();
  const cedula = d.getByRole("textbox", { name: "Cédula", exact: true });
  await escribir(cedula, cedulaNueva(u.n).replace(/-/g, ""));
  await expect.poll(() => cedula.inputValue()).toBe(cedulaNueva(u.n));
  // Not in the padrón: the look-up leaves the names to be typed.
  await d.getByRole("textbox", { name: "Nombre", exact: true }).fill("Carmen");
  await d.getByRole("textbox", { name: "Apellidos", exact: true }).fill("Díaz Peña");
  await elegir(page, "usuario-perfil", u.perfil);
  await d.getByRole("textbox", { name: "Usuario", exact: true }).fill(u.usuario);
  await d.getByRole("textbox", { name: "Email", exact: true }).fill(`${u.usuario}@institucion.gob.do`);
  if (u.institucion) {
    await d.getByText("Usuario externo", { exact: true }).click();
    await elegir(page, "usuario-institucion", u.institucion);
  }
  await d.getByRole("button", { name: "Guardar" }).click();
  await expect.poll(() => page.getByText(MSG.confirmarGuardarUsuario).isVisible()).toBe(true);
  await confirmar(page);
  const clave = dialogo(page, "Clave temporal");
  await clave.waitFor();
  await toast(page, MSG.usuarioCreado).waitFor();
  const password = await clave.locator("input").inputValue();
  expect(password).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/);
  await clave.getByText("no se volverá a mostrar").waitFor();
  await clave.getByRole("button", { name: "Entendido" }).click();
  await clave.waitFor({ state: "hidden" });
  return password;
}

/** Signs in with a temporary password and completes the forced change. */
async function cambiarClaveObligatoria(usuario: string, temporal: string): Promise<Page> {
  const page = await sesion(usuario, temporal);
  const d = dialogo(page, "Cambio de contraseña");
  await d.waitFor();
  await d.getByText(MSG.cambioClaveRequerido).waitFor();
  await d.getByLabel("Contraseña actual").fill(temporal);
  await d.getByLabel("Nueva contraseña").fill("Clave.Nueva.Segura.2026");
  await d.getByLabel("Confirmar contraseña").fill("Clave.Nueva.Segura.2026");
  await d.getByRole("button", { name: "Guardar" }).click();
  await d.waitFor({ state: "hidden" });
  return page;
}

describe("Configuración", () => {
  test("the menu offers the three maintenances, and the users list passes axe", async () => {
    const page = await sesion("configuracion");
    await page.goto(`${server.url}/Configuracion`);
    await page.getByRole("heading", { level: 1, name: "Configuración" }).waitFor();
    for (const b of ["Mantenimiento de Usuarios", "Mantenimiento de Perfiles", "Mantenimiento de Instituciones"]) {
      await expect.poll(() => page.getByRole("button", { name: b }).isVisible()).toBe(true);
    }
    await screenshot(page, "configuracion-menu");
    await page.getByRole("button", { name: "Mantenimiento de Usuarios" }).click();
    await page.getByRole("heading", { level: 1, name: "Listado de Usuarios" }).waitFor();
    await fila(page, "originador2").waitFor();
    await page.getByText(/Mostrando 1 a 10 de 10 usuarios/).waitFor();
    expect(await fila(page, "analista").textContent()).toContain("Contraloría General de la República");
    expect(await fila(page, "originador2").textContent()).toContain("Ayuntamiento de Santiago");
    // Reset is offered for every user, internal ones included (it also unlocks).
    expect(
      await fila(page, "originador2")
        .getByRole("button", { name: /Reiniciar clave/ })
        .count(),
    ).toBe(1);
    expect(
      await fila(page, "consultor")
        .getByRole("button", { name: /Reiniciar clave/ })
        .count(),
    ).toBe(1);
    await screenshot(page, "configuracion-usuarios");
  });

  test("an external user created here signs in with the temporary password and must change it", async () => {
    const page = await sesion("configuracion");
    const temporal = await crearUsuario(page, {
      n: 1,
      usuario: "carmen.diaz",
      perfil: "Originador",
      institucion: "Ministerio de Hacienda",
    });
    const nuevo = fila(page, "carmen.diaz");
    await nuevo.waitFor();
    expect(await nuevo.textContent()).toContain("Ministerio de Hacienda");
    expect(await nuevo.textContent()).toContain("Activo");

    const suya = await cambiarClaveObligatoria("carmen.diaz", temporal);
    await suya.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Originador" }).waitFor();

    // A reset gives a new one-time password and the old one stops working.
    await page.reload();
    await fila(page, "carmen.diaz")
      .getByRole("button", { name: /Reiniciar clave/ })
      .click();
    await page.getByText(MSG.confirmarReiniciarClave("Carmen Díaz Peña")).waitFor();
    await confirmar(page);
    const clave = dialogo(page, "Clave temporal");
    await clave.waitFor();
    const otra = await clave.locator("input").inputValue();
    expect(otra).not.toBe(temporal);
    await clave.getByRole("button", { name: "Entendido" }).click();
    await cambiarClaveObligatoria("carmen.diaz", otra);
  });

  test("a profile built from three views changes its user's menu", async () => {
    const page = await sesion("configuracion");
    await irA(page, "Mantenimiento de Perfiles", "Listado de Perfiles");
    await page.getByRole("button", { name: "Agregar Perfil" }).click();
    const d = dialogo(page, "Nuevo perfil");
    await d.waitFor();
    await d.getByLabel("Nombre").fill("Consulta Ampliada");
    await d.getByLabel("Descripción").fill("Consulta del registro e histórico jurídico");
    const disponibles = d.locator(".p-picklist-source-wrapper");
    // The lists name screens (and their module), never route addresses like "/Originador/Formulario/:idSolicitud".
    await disponibles.locator(".p-picklist-item").first().waitFor();
    const textos = await disponibles.locator(".p-picklist-item").allTextContents();
    expect(textos.length).toBeGreaterThan(10);
    for (const t of textos) expect(t).not.toMatch(/\/|:id/);
    expect(textos).toContain("Editar solicitudMódulo Solicitudes");
    // Requiring a second factor says what it means for the profile's users.
    const aviso = d.getByRole("status").filter({ hasText: "segundo factor" });
    expect(await aviso.count()).toBe(0);
    await d.getByLabel("Requiere segundo factor").click();
    await aviso.getByText(MSG.perfilSegundoFactorAviso(0)).waitFor();
    await screenshot(page, "configuracion-perfil-segundo-factor");
    await d.getByLabel("Requiere segundo factor").click();
    await aviso.waitFor({ state: "detached" });
    for (const vista of ["Consulta", "Detalles de la firma", "Histórico"]) {
      await disponibles
        .locator(".p-picklist-item", { has: page.locator(".rfc-vista-nombre", { hasText: new RegExp(`^${vista}$`) }) })
        .click();
      await d.getByRole("button", { name: "Mover al objetivo", exact: true }).click();
    }
    expect(await d.locator(".p-picklist-target-wrapper .p-picklist-item").count()).toBe(3);
    await screenshot(page, "configuracion-perfil-dialogo");
    await d.getByRole("button", { name: "Guardar" }).click();
    await expect.poll(() => toast(page, MSG.perfilCreado).isVisible()).toBe(true);
    const nuevo = fila(page, "Consulta Ampliada");
    await nuevo.waitFor();
    expect(await nuevo.locator("td").nth(3).textContent()).toBe("3");

    // Give it to the consultant.
    await irA(page, "Mantenimiento de Usuarios", "Listado de Usuarios");
    await fila(page, "consultor")
      .getByRole("button", { name: /^Editar/ })
      .click();
    const e = dialogo(page, "Editar Usuario");
    await e.waitFor();
    await elegir(page, "usuario-perfil", "Consulta Ampliada");
    await e.getByRole("button", { name: "Guardar" }).click();
    await confirmar(page);
    await expect.poll(() => toast(page, MSG.usuarioActualizado).isVisible()).toBe(true);
    await expect.poll(async () => (await fila(page, "consultor").textContent()) ?? "").toContain("Consulta Ampliada");

    const consultor = await sesion("consultor");
    const menu = consultor.getByRole("navigation", { name: "Menú principal" });
    await menu.getByRole("link", { name: "Histórico" }).waitFor();
    expect(await menu.getByRole("link", { name: "Consulta" }).count()).toBe(1);
    await screenshot(consultor, "configuracion-menu-consultor");

    // A profile in use cannot be deleted; the message says how many users hold it.
    await irA(page, "Mantenimiento de Perfiles", "Listado de Perfiles");
    await fila(page, "Consulta Ampliada")
      .getByRole("button", { name: /^Eliminar/ })
      .click();
    await page.getByText(MSG.confirmarEliminarPerfil).waitFor();
    await confirmar(page);
    await expect.poll(() => toast(page, MSG.perfilAsignado(1)).isVisible()).toBe(true);
  });

  test("a new institution with positions serves a new originator", async () => {
    const page = await sesion("configuracion");
    await irA(page, "Mantenimiento de Instituciones", "Listado de Instituciones");
    await page.getByRole("button", { name: "Agregar Institución" }).click();
    const d = dialogo(page, "Crear Institución");
    await d.waitFor();
    await d.getByLabel("Nombre").fill("Ministerio de Turismo");
    await d.getByLabel("Estructura").fill("Gobierno Central");
    await d.getByLabel("Dirección").fill("Av. Cayetano Germosén, Santo Domingo");
    await d.locator('.p-multiselect:has([id="institucion-cargos"])').click();
    const panel = page.locator(".p-multiselect-panel");
    await panel.getByRole("option", { name: /^Viceministro/ }).click();
    await panel.getByRole("option", { name: /^Tesorero/ }).click();
    await d.locator(".p-dialog-title").click();
    await panel.waitFor({ state: "hidden" });
    // A malformed phone is refused on the field and under its extension.
    const telefono = d.getByRole("textbox", { name: "Teléfono", exact: true });
    await escribir(telefono, "809221");
    await d.getByRole("button", { name: "Guardar" }).click();
    await expect.poll(() => d.getByText(MSG.telefonoFormato).count()).toBe(2);
    await screenshot(page, "configuracion-institucion-error");
    await telefono.fill("");
    await escribir(telefono, "8092214141");
    await d.getByRole("textbox", { name: "Extensión", exact: true }).fill("210");
    await d.getByRole("button", { name: "Guardar" }).click();
    await expect.poll(() => toast(page, MSG.institucionCreada).isVisible()).toBe(true);
    const nueva = fila(page, "Ministerio de Turismo");
    await nueva.waitFor();
    expect(await nueva.textContent()).toContain("(809) 221-4141");
    expect(await nueva.locator("td").nth(2).textContent()).toBe("2");

    // Details are read-only, without Guardar.
    await nueva.getByRole("button", { name: /^Detalles/ }).click();
    const det = dialogo(page, "Detalles de la Institución");
    await det.waitFor();
    expect(await det.getByRole("button", { name: "Guardar" }).count()).toBe(0);
    expect(await det.getByLabel("Nombre").getAttribute("readonly")).not.toBeNull();
    await det.getByRole("button", { name: "Cerrar" }).first().click();

    const temporal = await crearUsuario(page, {
      n: 2,
      usuario: "turismo.originador",
      perfil: "Originador",
      institucion: "Ministerio de Turismo",
    });
    const originador = await cambiarClaveObligatoria("turismo.originador", temporal);
    await originador.goto(`${server.url}/Originador/Formulario`);
    await originador
      .getByRole("region", { name: "Datos de la institución" })
      .getByText("Ministerio de Turismo")
      .waitFor();
    // The incumbent's positions are the institution's: only Viceministro among tipo 1.
    const cargos = await originador.evaluate(async () => {
      // The session's cookie goes along by itself.
      const res = await fetch("api/Perfiles/GetCargosIncumbente");
      return ((await res.json()) as { nombre: string }[]).map((c) => c.nombre);
    });
    expect(cargos).toEqual(["Viceministro"]);
  });

  test("deleting a position in use deactivates it and says so", async () => {
    const page = await sesion("configuracion");
    await page.goto(`${server.url}/Configuracion`);
    await page.getByRole("button", { name: "Mantenimiento de Cargos" }).click();
    await page.getByRole("heading", { level: 1, name: "Listado de Cargos" }).waitFor();
    const cargo = fila(page, "Director Financiero");
    await cargo.waitFor();
    expect(await cargo.textContent()).toContain("Activo");
    await cargo.getByRole("button", { name: /^Eliminar/ }).click();
    await page.getByText(MSG.confirmarEliminarCargo).waitFor();
    await screenshot(page, "configuracion-cargo-eliminar");
    await confirmar(page, "Eliminar");
    await expect.poll(() => toast(page, MSG.cargoDesactivado).isVisible()).toBe(true);
    await expect.poll(async () => (await fila(page, "Director Financiero").textContent()) ?? "").toContain("Inactivo");

    // An unused position is deleted for good.
    await page.getByRole("button", { name: "Agregar Cargo" }).click();
    const d = dialogo(page, "Crear cargo");
    await d.getByRole("textbox", { name: "Cargo", exact: true }).fill("Auditor Interno");
    await elegir(page, "cargo-tipo", "Funcionario");
    await d.getByRole("button", { name: "Guardar" }).click();
    await expect.poll(() => toast(page, MSG.cargoCreado).isVisible()).toBe(true);
    await fila(page, "Auditor Interno")
      .getByRole("button", { name: /^Eliminar/ })
      .click();
    await confirmar(page, "Eliminar");
    await expect.poll(() => toast(page, MSG.cargoEliminado).isVisible()).toBe(true);
    await expect.poll(() => page.locator(".rfc-tarjeta tbody tr", { hasText: "Auditor Interno" }).count()).toBe(0);

    // Every change above is in the audit log.
    await page.goto(`${server.url}/Configuracion/Auditoria`);
    await page.getByRole("heading", { level: 1, name: "Auditoría", exact: true }).waitFor();
    await page.locator(".rfc-tarjeta tbody tr", { hasText: "Desactivación" }).first().waitFor();
    await screenshot(page, "configuracion-auditoria");
  });
});
