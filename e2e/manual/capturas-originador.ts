/**
 * Screenshots of the originator's screens for the user manual (docs/manual/screens/originador-*.png):
 * the inbox, the request form empty, with its errors, filled and saved with officials, the official
 * dialog, the documents, the confirmation, the detail with its tabs, a returned request's
 * observations, its returns history and the returns panel above its form, adding officials to an
 * active request and the deactivation dialog. Real app, fresh demo data, Debian's chromium; it files
 * one request of its own to show the form as a clerk sees it.
 *
 *   npm run build -w web && cd e2e && npx tsx manual/capturas-originador.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { pdfMuestra, pngMuestra } from "../../server/src/seed/archivos-muestra";
import { launchBrowser, login } from "../support/browser";
import { startServer } from "../support/server";
import { capturar, escribir as escribirEn, SCREENS, VIEWPORT } from "./comun";

async function guardar(page: Page, nombre: string, completa = false) {
  await capturar(page, `originador-${nombre}.png`, completa);
}

const escribir = (campo: Locator, texto: string) => escribirEn(campo, texto, 20);

async function elegir(page: Page, contenedor: Locator, inputId: string, opcion: string | RegExp) {
  await contenedor.locator(`.p-dropdown:has([id="${inputId}"])`).click();
  await page.locator(".p-dropdown-panel").getByRole("option", { name: opcion }).first().click();
}

async function esperarTabla(page: Page) {
  await page.locator(".rf-bandeja tbody tr").first().waitFor();
  await page.locator(".p-datatable-loading-overlay").waitFor({ state: "detached" });
}

/** The id of the first inbox row showing this status text. */
async function idConEstatus(page: Page, base: string, texto: string): Promise<string> {
  await page.goto(`${base}/Originador?q=${encodeURIComponent(texto)}`);
  await esperarTabla(page);
  const fila = page.getByRole("row").filter({ hasText: texto }).first();
  await fila.waitFor();
  return ((await fila.getByRole("cell").first().textContent()) ?? "").trim();
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rf-capturas-"));
const archivo = (n: string) => path.join(dir, n);
fs.writeFileSync(archivo("Oficio.pdf"), pdfMuestra("Oficio de la maxima autoridad"));
fs.writeFileSync(archivo("Cedula.png"), pngMuestra(120, 80, [200, 200, 200]));
fs.writeFileSync(archivo("Designacion.pdf"), pdfMuestra("Decreto de designacion"));
fs.writeFileSync(archivo("Tarjeta de firmas.png"), pngMuestra(160, 100, [30, 58, 138]));
fs.writeFileSync(archivo("Evidencia.pdf"), pdfMuestra("Evidencia"));

async function adjuntar(grupo: Locator) {
  await grupo.getByLabel("Oficio").setInputFiles(archivo("Oficio.pdf"));
  await grupo.getByLabel("Cédula").setInputFiles(archivo("Cedula.png"));
  await grupo.getByLabel("Designación o Decreto").setInputFiles(archivo("Designacion.pdf"));
  await grupo.getByLabel("Tarjeta de Firmas").setInputFiles(archivo("Tarjeta de firmas.png"));
}

fs.mkdirSync(SCREENS, { recursive: true });
const server = await startServer({ LOGIN_RATE_LIMIT: "1000" });
const browser = await launchBrowser();
try {
  const base = server.url;
  const ctx = await browser.newContext({ viewport: VIEWPORT, locale: "es-ES", acceptDownloads: true });
  const page = await ctx.newPage();
  await login(page, base, "originador");
  console.log("Capturas del originador:");

  await page.goto(`${base}/Originador`);
  await esperarTabla(page);
  await guardar(page, "bandeja", true);

  // The form: empty, refused with its errors, filled.
  await page.getByRole("button", { name: "Nueva solicitud" }).click();
  await page.getByRole("heading", { name: "Registrar Firma" }).waitFor();
  await page.getByText("Ministerio de Hacienda").waitFor();
  await guardar(page, "formulario", true);
  await page.getByRole("button", { name: "Guardar" }).click();
  await guardar(page, "formulario-errores", true);

  const incumbente = page.getByRole("region", { name: "Datos del incumbente" });
  await escribir(incumbente.getByLabel("Cédula"), "35199432952");
  await page.waitForFunction(() => (document.getElementById("inc-nombres") as HTMLInputElement)?.value !== "");
  await elegir(page, incumbente, "inc-cargo", /.+/);
  await escribir(incumbente.getByLabel("Teléfono"), "8096875131");
  await incumbente.getByLabel("Digital").check();
  await page.getByLabel("Comentario").fill("Registro de las firmas autorizadas de la dirección financiera.");
  await adjuntar(page.getByRole("group", { name: "Documentos" }));
  await guardar(page, "formulario-lleno", true);

  await page.getByRole("button", { name: "Guardar" }).click();
  await page.getByRole("dialog", { name: "Guardar solicitud" }).waitFor();
  await guardar(page, "confirmar-guardar");
  await page.getByRole("button", { name: "Sí" }).click();
  await page.waitForURL(/\/Originador\/Formulario\/\d+$/);
  const id = page.url().split("/").pop();

  // The official dialog, temporary and limited.
  await page.getByRole("button", { name: "Nuevo funcionario" }).click();
  const d = page.getByRole("dialog", { name: "Nuevo funcionario" });
  await d.waitFor();
  await escribir(d.getByLabel("Cédula").first(), "26166446828");
  await page.waitForFunction(
    () => (document.getElementById("newfuncionario.Nombres") as HTMLInputElement)?.value !== "",
  );
  await elegir(page, d, "newfuncionario.CodCargo", /.+/);
  await escribir(d.getByLabel("Teléfono"), "8095550101");
  await d.getByLabel("Firma digital").check();
  await d.getByLabel("Temporal", { exact: true }).check();
  const fechas = d.getByRole("group", { name: "Firma temporal" });
  await fechas.getByLabel("Desde").fill("01/01/2026");
  await fechas.getByLabel("Hasta").fill("31/12/2026");
  await d.getByLabel("Limitado", { exact: true }).check();
  const montos = d.getByRole("group", { name: "Firma limitada (USD)" });
  for (const [etiqueta, valor] of [
    ["Desde", "1000"],
    ["Hasta", "250000"],
  ]) {
    await montos.getByLabel(etiqueta).click();
    await montos.getByLabel(etiqueta).press("Control+a");
    await montos.getByLabel(etiqueta).pressSequentially(valor, { delay: 20 });
  }
  await d.locator('.p-multiselect:has([id="newfuncionario.SelectedFirms"])').click();
  const panel = page.locator(".p-multiselect-panel");
  await panel.getByRole("option", { name: "Cheques" }).click();
  await guardar(page, "firmas");
  await panel.getByRole("option", { name: "Órdenes de pago" }).click();
  await panel.getByRole("option", { name: "Contratos" }).click();
  await page.keyboard.press("Escape");
  await d.getByLabel("Comentario").fill("Director financiero; firma cheques y contratos.");
  await adjuntar(d.getByRole("group", { name: "Documentos del funcionario" }));
  await page.setViewportSize({ width: VIEWPORT.width, height: 1150 });
  await guardar(page, "funcionario");
  await page.setViewportSize(VIEWPORT);
  await d.getByRole("button", { name: "Guardar" }).click();
  await d.waitFor({ state: "hidden" });
  await page
    .getByRole("button", { name: /^Editar funcionario/ })
    .first()
    .waitFor();
  await guardar(page, "formulario-funcionarios", true);

  await page.getByRole("button", { name: "Adjuntos" }).click();
  await page.getByRole("dialog", { name: "Adjuntos de la solicitud" }).getByRole("row").nth(1).waitFor();
  await guardar(page, "adjuntos");
  await page
    .getByRole("dialog", { name: "Adjuntos de la solicitud" })
    .getByRole("button", { name: "Cerrar" })
    .last()
    .click();

  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  await page.getByRole("dialog", { name: "Enviar solicitud" }).waitFor();
  await guardar(page, "confirmar-enviar");
  await page.getByRole("button", { name: "Sí" }).click();
  await page.waitForURL(/\/Originador$/);

  // The detail of the request just sent.
  await page.goto(`${base}/Originador/Detalles/${id}`);
  await page.locator(".rf-encabezado").waitFor();
  await guardar(page, "detalle", true);

  // A returned request: its observations.
  const retornada = await idConEstatus(page, base, "Retornado por Analista RyCC");
  await page.goto(`${base}/Originador/Detalles/${retornada}`);
  await page.locator(".rf-encabezado").waitFor();
  await page.getByRole("tab", { name: "Observaciones" }).click();
  await guardar(page, "observaciones", true);
  // Every return it had, in its details; and the latest one's reasons above the form that fixes it.
  await page.getByRole("tab", { name: "Historial de devoluciones" }).click();
  await page.getByRole("list", { name: "Historial de devoluciones" }).waitFor();
  await guardar(page, "historial-devoluciones", true);
  await page.getByRole("button", { name: "Editar solicitud" }).click();
  await page.getByRole("heading", { name: "Motivos de la devolución" }).waitFor();
  await page.locator(".rfo-devolucion-motivos li").first().waitFor();
  await guardar(page, "devolucion");

  // An active request: adding officials, and the deactivation dialog.
  const activa = await idConEstatus(page, base, "Aprobado por Administrador RyCC");
  await page.goto(`${base}/Originador/Formulario/NuevoFuncionario/${activa}`);
  await page.getByRole("button", { name: "Enviar funcionarios" }).waitFor();
  await guardar(page, "nuevo-funcionario", true);
  await page.goto(`${base}/Originador/Detalles/${activa}`);
  await page.locator(".rf-encabezado").waitFor();
  await page.getByRole("button", { name: "Inactivar Firma" }).click();
  const inactivar = page.getByRole("dialog", { name: "Solicitud de inactivación de firma" });
  await inactivar.getByLabel("Evidencia").setInputFiles(archivo("Evidencia.pdf"));
  await inactivar.getByLabel("Justificación").fill("El funcionario fue trasladado a otra institución.");
  await guardar(page, "inactivar");
  await inactivar.getByRole("button", { name: "Cancelar" }).click();

  // A request waiting to be deactivated: the Inactiva tab.
  const porInactivar = await idConEstatus(page, base, "Solicitud para Inactivar");
  await page.goto(`${base}/Originador/Detalles/${porInactivar}`);
  await page.locator(".rf-encabezado").waitFor();
  await page.getByRole("tab", { name: "Inactiva" }).click();
  await guardar(page, "inactiva", true);
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
