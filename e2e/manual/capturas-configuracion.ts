/**
 * Screenshots of the configuration screens for the user manual (docs/manual/screens/configuracion-*.png):
 * the Configuración menu, the users list, the user dialog (create, confirmation, temporary password,
 * details, password reset), profiles with the pick list, institutions (list, dialog, phone error),
 * positions (list, dialog, delete confirmation) and the audit log. Real app, fresh demo data,
 * Debian's chromium, signed in as `configuracion`.
 *
 *   npm run build -w web && cd e2e && npx tsx manual/capturas-configuracion.ts
 */
import fs from "node:fs";
import { digitoVerificador } from "@registro/contracts";
import type { Locator, Page } from "playwright-core";
import { launchBrowser, login } from "../support/browser";
import { startServer } from "../support/server";
import { capturar, escribir as escribirEn, SCREENS, VIEWPORT } from "./comun";

async function guardar(page: Page, nombre: string, completa = false) {
  await capturar(page, `configuracion-${nombre}.png`, completa);
}

const escribir = (campo: Locator, texto: string) => escribirEn(campo, texto, 40);

async function elegir(page: Page, inputId: string, opcion: string | RegExp) {
  await page.locator(`.p-dropdown:has([id="${inputId}"])`).click();
  await page.locator(".p-dropdown-panel").getByRole("option", { name: opcion }).first().click();
}

async function esperarTabla(page: Page) {
  await page.locator(".rfc-tarjeta tbody tr").first().waitFor();
  await page.locator(".p-datatable-loading-overlay").waitFor({ state: "detached" });
}

const dialogo = (page: Page, nombre: string) => page.getByRole("dialog", { name: nombre });
const fila = (page: Page, texto: string) => page.locator(".rfc-tarjeta tbody tr", { hasText: texto }).first();
const confirmacion = (page: Page) => page.locator(".p-confirm-dialog");

async function abrir(page: Page, base: string, ruta: string) {
  await page.goto(`${base}${ruta}`);
  await esperarTabla(page);
}

async function main() {
  fs.mkdirSync(SCREENS, { recursive: true });
  const [server, browser] = await Promise.all([startServer({ LOGIN_RATE_LIMIT: "1000" }), launchBrowser()]);
  try {
    const ctx = await browser.newContext({ viewport: VIEWPORT, locale: "es-ES" });
    const page = await ctx.newPage();
    await login(page, server.url, "configuracion");

    await page.goto(`${server.url}/Configuracion`);
    await page.getByRole("button", { name: "Mantenimiento de Usuarios" }).waitFor();
    await guardar(page, "menu");

    // Users
    await abrir(page, server.url, "/Configuracion/Usuarios");
    await guardar(page, "usuarios", true);
    await page.getByRole("button", { name: "Agregar Usuario" }).click();
    const crear = dialogo(page, "Crear Usuario");
    const base = "0040000001";
    await escribir(crear.getByRole("textbox", { name: "Cédula", exact: true }), `${base}${digitoVerificador(base)}`);
    await page.waitForTimeout(600);
    await crear.getByRole("textbox", { name: "Nombre", exact: true }).fill("Rosa Elena");
    await crear.getByRole("textbox", { name: "Apellidos", exact: true }).fill("Guzmán Peralta");
    await elegir(page, "usuario-perfil", "Originador");
    await crear.getByRole("textbox", { name: "Usuario", exact: true }).fill("rosa.guzman");
    await crear.getByRole("textbox", { name: "Email", exact: true }).fill("rosa.guzman@educacion.gob.do");
    await crear.getByText("Usuario externo", { exact: true }).click();
    await elegir(page, "usuario-institucion", "Ministerio de Educación");
    await guardar(page, "usuario-crear");
    await crear.getByRole("button", { name: "Guardar" }).click();
    await confirmacion(page).waitFor();
    await guardar(page, "usuario-confirmar");
    await confirmacion(page).getByRole("button", { name: "Sí" }).click();
    const clave = dialogo(page, "Clave temporal");
    await clave.waitFor();
    await guardar(page, "clave-temporal");
    await clave.getByRole("button", { name: "Entendido" }).click();
    await esperarTabla(page);
    await fila(page, "rosa.guzman")
      .getByRole("button", { name: /^Detalles/ })
      .click();
    await dialogo(page, "Detalles del Usuario").waitFor();
    await guardar(page, "usuario-detalles");
    await dialogo(page, "Detalles del Usuario").getByRole("button", { name: "Cerrar" }).last().click();
    await fila(page, "rosa.guzman")
      .getByRole("button", { name: /^Reiniciar clave/ })
      .click();
    await confirmacion(page).waitFor();
    await guardar(page, "reiniciar-clave");
    await confirmacion(page).getByRole("button", { name: "No" }).click();

    // Profiles
    await abrir(page, server.url, "/Configuracion/Perfiles");
    await guardar(page, "perfiles");
    await fila(page, "Consultor")
      .getByRole("button", { name: /^Editar/ })
      .click();
    const perfil = dialogo(page, "Editar perfil");
    await perfil.locator(".p-picklist-target-wrapper .p-picklist-item").first().waitFor();
    await guardar(page, "perfil-editar");
    await perfil.getByRole("button", { name: "Cancelar" }).click();

    // Institutions
    await abrir(page, server.url, "/Configuracion/Instituciones");
    await guardar(page, "instituciones");
    await page.getByRole("button", { name: "Agregar Institución" }).click();
    const inst = dialogo(page, "Crear Institución");
    await inst.getByRole("textbox", { name: "Nombre", exact: true }).fill("Ministerio de Turismo");
    await inst.getByRole("textbox", { name: "Estructura", exact: true }).fill("Gobierno Central");
    await inst.getByRole("textbox", { name: "Dirección", exact: true }).fill("Av. Cayetano Germosén, Santo Domingo");
    await inst.locator('.p-multiselect:has([id="institucion-cargos"])').click();
    const panel = page.locator(".p-multiselect-panel");
    for (const c of [/^Ministro/, /^Viceministro/, /^Director Financiero/, /^Tesorero/]) {
      await panel.getByRole("option", { name: c }).click();
    }
    await inst.locator(".p-dialog-title").click();
    await panel.waitFor({ state: "hidden" });
    await escribir(inst.getByRole("textbox", { name: "Teléfono", exact: true }), "809221");
    await inst.getByRole("button", { name: "Guardar" }).click();
    await inst.getByText("El teléfono debe tener el formato (999) 999-9999.").first().waitFor();
    await guardar(page, "institucion-errores");
    await inst.getByRole("textbox", { name: "Teléfono", exact: true }).fill("");
    await escribir(inst.getByRole("textbox", { name: "Teléfono", exact: true }), "8092214141");
    await inst.getByRole("textbox", { name: "Extensión", exact: true }).fill("210");
    await guardar(page, "institucion-crear");
    await inst.getByRole("button", { name: "Guardar" }).click();
    await fila(page, "Ministerio de Turismo").waitFor();

    // Positions
    await abrir(page, server.url, "/Configuracion/Cargos");
    await page.getByRole("button", { name: "Agregar Cargo" }).click();
    const cargo = dialogo(page, "Crear cargo");
    await cargo.getByRole("textbox", { name: "Cargo", exact: true }).fill("Auditor Interno");
    await cargo.getByRole("textbox", { name: "Descripción", exact: true }).fill("Responsable de la auditoría interna");
    await elegir(page, "cargo-tipo", "Funcionario");
    await guardar(page, "cargo-crear");
    await cargo.getByRole("button", { name: "Guardar" }).click();
    await fila(page, "Auditor Interno").waitFor();
    await fila(page, "Encargado de Compras")
      .getByRole("button", { name: /^Eliminar/ })
      .click();
    await confirmacion(page).waitFor();
    await guardar(page, "cargo-eliminar");
    await confirmacion(page).getByRole("button", { name: "Eliminar" }).click();
    await fila(page, "Encargado de Compras").filter({ hasText: "Inactivo" }).waitFor();
    await guardar(page, "cargos", true);

    // Audit log
    await abrir(page, server.url, "/Configuracion/Auditoria");
    await guardar(page, "auditoria", true);
    await ctx.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
