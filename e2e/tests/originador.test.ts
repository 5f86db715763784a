/**
 * The originator's work in the browser, as the demo user `originador`: file a request
 * with two officials and all documents and send it; correct and re-send a returned one; add an
 * official to an active one and send it; ask to deactivate another active one. Also runs axe on
 * the inbox and the form.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MSG } from "@registro/contracts";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pdfMuestra, pngMuestra } from "../../server/src/seed/archivos-muestra";
import { axeAmbosTamanos, launchBrowser, login, newContext, screenshot } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

let server: AppServer;
let browser: Browser;
let page: Page;
let dir: string;
const archivo = (nombre: string) => path.join(dir, nombre);

/** People of the shipped padrón (server/seed-data/padron.csv): GetPersona fills their names. */
const INCUMBENTE = { cedula: "35199432952", nombres: "Alberto Manuel", apellidos: "Ortiz Ramírez" };
const FUNC_TEMPORAL = { cedula: "26166446828", nombres: "Juan Altagracia", apellidos: "Reyes Ortiz" };
const FUNC_PERMANENTE = { cedula: "18684115027", nombres: "Elena Enrique", apellidos: "Batista Pérez" };
const FUNC_AGREGADO = { cedula: "38123139479", nombres: "Sofía Enrique", apellidos: "Fernández Batista" };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rf-originador-"));
  fs.writeFileSync(archivo("oficio.pdf"), pdfMuestra("Oficio de la maxima autoridad"));
  fs.writeFileSync(archivo("cedula.png"), pngMuestra(120, 80, [200, 200, 200]));
  fs.writeFileSync(archivo("designacion.pdf"), pdfMuestra("Decreto de designacion"));
  fs.writeFileSync(archivo("tarjeta.png"), pngMuestra(160, 100, [30, 58, 138]));
  fs.writeFileSync(archivo("evidencia.pdf"), pdfMuestra("Evidencia de la inactivacion"));
  fs.writeFileSync(archivo("grande.pdf"), Buffer.concat([pdfMuestra("Grande"), Buffer.alloc(5_000_001)]));
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  page = await (await newContext(browser)).newPage();
  await login(page, server.url, "originador");
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Polls until the value matches; the machine running these tests can be slow, hence 20 s. */
const esperar = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 20_000 });

const seccion = (nombre: string) => page.getByRole("region", { name: nombre });
const dialogo = (nombre: string) => page.getByRole("dialog", { name: nombre });

/**
 * Types into a field from its start. A masked input moves its caret a moment after it gains focus,
 * so typing waits for that as a person's first keystroke naturally does.
 */
async function escribir(campo: Locator, texto: string) {
  await campo.click({ position: { x: 6, y: 6 } });
  await page.waitForTimeout(250);
  await campo.press("Home");
  await campo.pressSequentially(texto, { delay: 20 });
}

/** Picks an option of a PrimeReact Dropdown or MultiSelect whose focusable input has this id. */
async function elegir(contenedor: Locator, inputId: string, opcion: string | RegExp) {
  await contenedor.locator(`.p-dropdown:has([id="${inputId}"]), .p-multiselect:has([id="${inputId}"])`).click();
  await page.locator(".p-dropdown-panel, .p-multiselect-panel").getByRole("option", { name: opcion }).first().click();
}

async function confirmarSi() {
  const c = page.locator(".p-confirm-dialog");
  await c.getByRole("button", { name: "Sí" }).click();
}

async function adjuntarDocumentos(grupo: Locator) {
  await grupo.getByLabel("Oficio").setInputFiles(archivo("oficio.pdf"));
  await grupo.getByLabel("Cédula").setInputFiles(archivo("cedula.png"));
  await grupo.getByLabel("Designación o Decreto").setInputFiles(archivo("designacion.pdf"));
  await grupo.getByLabel("Tarjeta de Firmas").setInputFiles(archivo("tarjeta.png"));
}

async function agregarFuncionario(
  persona: { cedula: string; nombres: string; apellidos: string },
  opciones: { temporal?: [string, string]; limitado?: [string, string]; firmas: string[] },
  captura?: string,
) {
  await page.getByRole("button", { name: "Nuevo funcionario" }).click();
  const d = dialogo("Nuevo funcionario");
  await esperar(() => d.isVisible()).toBe(true);
  await escribir(d.getByLabel("Cédula").first(), persona.cedula);
  await esperar(() => d.getByLabel("Nombres").inputValue()).toBe(persona.nombres);
  expect(await d.getByLabel("Apellidos").inputValue()).toBe(persona.apellidos);
  await elegir(d, "newfuncionario.CodCargo", /.+/);
  await escribir(d.getByLabel("Teléfono"), "8095550101");
  await d.getByLabel("Firma digital").check();
  if (opciones.temporal) {
    await d.getByLabel("Temporal", { exact: true }).check();
    const fechas = d.getByRole("group", { name: "Firma temporal" });
    // Typed: the calendar stays closed (it opens only from its button).
    await fechas.getByLabel("Desde").fill(opciones.temporal[0]);
    await fechas.getByLabel("Hasta").fill(opciones.temporal[1]);
    expect(await page.locator(".p-datepicker").count()).toBe(0);
  }
  if (opciones.limitado) {
    await d.getByLabel("Limitado", { exact: true }).check();
    const montos = d.getByRole("group", { name: "Firma limitada (USD)" });
    for (const [campo, valor] of [
      [montos.getByLabel("Desde"), opciones.limitado[0]],
      [montos.getByLabel("Hasta"), opciones.limitado[1]],
    ] as const) {
      await campo.click();
      await campo.press("Control+a");
      await campo.pressSequentially(valor, { delay: 20 });
    }
    // Left, the amount reads as every amount of the app does: US$ with en-US grouping.
    await page.keyboard.press("Tab");
    await esperar(() => montos.getByLabel("Hasta").inputValue()).toBe(
      `US$ ${Number(opciones.limitado[1]).toLocaleString("en-US")}.00`,
    );
  }
  await d.locator('.p-multiselect:has([id="newfuncionario.SelectedFirms"])').click();
  const panel = page.locator(".p-multiselect-panel");
  for (const f of opciones.firmas) await panel.getByRole("option", { name: f }).click();
  // Escape closes the open list and leaves the dialog open.
  await page.keyboard.press("Escape");
  await esperar(() => panel.isVisible()).toBe(false);
  await d.getByLabel("Comentario").fill("Funcionario de la dirección financiera.");
  await adjuntarDocumentos(d.getByRole("group", { name: "Documentos del funcionario" }));
  if (captura) {
    await screenshot(page, captura);
    const axe = await axeAmbosTamanos(page);
    expect(axe, JSON.stringify(axe, null, 1)).toEqual([]);
  }
  await d.getByRole("button", { name: "Guardar" }).click();
  await esperar(() => d.isVisible()).toBe(false);
  await esperar(() =>
    seccion("Funcionarios")
      .getByRole("row")
      .filter({ hasText: formatoCedula(persona.cedula) })
      .count(),
  ).toBe(1);
}

const formatoCedula = (c: string) => `${c.slice(0, 3)}-${c.slice(3, 10)}-${c.slice(10)}`;

/** The inbox row of one request (searched by its incumbent or status through the server search). */
async function filaBandeja(texto: string | number, buscar?: string): Promise<Locator> {
  // The inbox keeps its search in the address, so a search can be opened directly.
  await page.goto(`${server.url}/Originador${buscar ? `?q=${encodeURIComponent(buscar)}` : ""}`);
  await esperar(() => page.getByRole("heading", { name: "Solicitudes de Firma" }).isVisible()).toBe(true);
  const filas = page.getByRole("row");
  const fila = (
    typeof texto === "number"
      ? filas.filter({ has: page.getByRole("cell", { name: String(texto), exact: true }) })
      : filas.filter({ hasText: texto })
  ).first();
  await esperar(() => fila.isVisible()).toBe(true);
  return fila;
}

describe("originador", () => {
  beforeEach((ctx) => {
    ctx.onTestFailed(async () => {
      await screenshot(page, `originador-fallo-${ctx.task.name.slice(0, 30).replace(/\W+/g, "-")}`);
    });
  });

  it("files a request with two officials and all documents, sends it and sees it at Analista RyCC", async () => {
    await page.goto(`${server.url}/Originador`);
    await page.getByRole("button", { name: "Nueva solicitud" }).click();
    await page.waitForURL(/\/Originador\/Formulario$/);
    await esperar(() => page.getByRole("heading", { name: "Registrar Firma" }).isVisible()).toBe(true);
    const institucion = seccion("Datos de la institución");
    await esperar(() => institucion.getByText("Ministerio de Hacienda").isVisible()).toBe(true);

    // Saving empty shows the required fields without sending anything.
    await page.getByRole("button", { name: "Guardar" }).click();
    const incumbente = seccion("Datos del incumbente");
    await esperar(() => incumbente.getByText("Este campo es obligatorio.").first().isVisible()).toBe(true);
    const documentos = page.getByRole("group", { name: "Documentos" });
    expect(await documentos.getByText("Debe adjuntar este documento.").count()).toBe(4);

    // A file over 5,000,000 bytes is refused before upload.
    await documentos.getByLabel("Oficio").setInputFiles(archivo("grande.pdf"));
    await esperar(() => documentos.getByText("El archivo excede el tamaño máximo").isVisible()).toBe(true);

    // A cédula with a wrong check digit: the server's look-up answers on the field.
    await escribir(incumbente.getByLabel("Cédula"), "35199432953");
    await esperar(() =>
      incumbente.getByText("La cédula no es válida (dígito verificador incorrecto).").isVisible(),
    ).toBe(true);
    await incumbente.getByLabel("Cédula").fill("");
    await escribir(incumbente.getByLabel("Cédula"), INCUMBENTE.cedula);
    await esperar(() => incumbente.getByLabel("Nombres").inputValue()).toBe(INCUMBENTE.nombres);
    expect(await incumbente.getByLabel("Apellidos").inputValue()).toBe(INCUMBENTE.apellidos);
    await elegir(incumbente, "inc-cargo", /.+/);
    await escribir(incumbente.getByLabel("Teléfono"), "8096875131");
    await incumbente.getByLabel("Digital").check();
    await page.getByLabel("Comentario").fill("Registro de firmas de la dirección financiera.");
    await adjuntarDocumentos(documentos);
    expect(await documentos.getByText("El archivo excede el tamaño máximo").count()).toBe(0);
    await screenshot(page, "originador-formulario-lleno");
    const axeFormulario = await axeAmbosTamanos(page);
    expect(axeFormulario, JSON.stringify(axeFormulario, null, 1)).toEqual([]);

    await page.getByRole("button", { name: "Guardar" }).click();
    await confirmarSi();
    await page.waitForURL(/\/Originador\/Formulario\/\d+$/, { timeout: 30_000 });
    const idSolicitud = Number(page.url().split("/").pop());
    await esperar(() => page.getByText("Archivo actual: oficio.pdf").isVisible()).toBe(true);

    await agregarFuncionario(
      FUNC_TEMPORAL,
      { temporal: ["01/01/2026", "31/12/2026"], limitado: ["1000", "250000"], firmas: ["Cheques", "Contratos"] },
      "originador-funcionario",
    );
    await agregarFuncionario(FUNC_PERMANENTE, { firmas: ["Transferencias"] });
    await screenshot(page, "originador-formulario-funcionarios");

    await page.getByRole("button", { name: "Enviar", exact: true }).click();
    await confirmarSi();
    await page.waitForURL(/\/Originador$/, { timeout: 30_000 });

    const fila = await filaBandeja(idSolicitud, INCUMBENTE.nombres);
    expect(await fila.textContent()).toContain("Enviado");
    await fila.getByRole("button", { name: "Ver detalles" }).click();
    await page.waitForURL(new RegExp(`/Originador/Detalles/${idSolicitud}$`));
    const actual = page.locator('[aria-current="step"]');
    await esperar(() => actual.textContent()).toContain("Analista RyCC");
    await page.getByRole("tab", { name: "Funcionarios" }).click();
    await esperar(() => page.getByRole("row").filter({ hasText: FUNC_TEMPORAL.nombres }).count()).toBe(1);
    expect(await page.getByRole("row").filter({ hasText: FUNC_PERMANENTE.nombres }).count()).toBe(1);
    await screenshot(page, "originador-detalle-enviado");
    const axe = await axeAmbosTamanos(page);
    expect(axe, JSON.stringify(axe, null, 1)).toEqual([]);
  });

  it("reads the observations of a returned request, corrects it and sends it again", async () => {
    const fila = await filaBandeja("Retornado por Analista RyCC", "Retornado por Analista");
    const id = (await fila.getByRole("cell").first().textContent())?.trim();
    await fila.getByRole("button", { name: "Ver detalles" }).click();
    await page.waitForURL(new RegExp(`/Originador/Detalles/${id}$`));
    await page.getByRole("tab", { name: "Observaciones" }).click();
    await esperar(() => page.getByRole("heading", { name: "Observaciones" }).isVisible()).toBe(true);
    expect(await page.locator(".rf-observaciones-lista li").count()).toBeGreaterThan(0);
    await screenshot(page, "originador-observaciones");

    await page.getByRole("button", { name: "Editar solicitud" }).click();
    await page.waitForURL(new RegExp(`/Originador/Formulario/${id}$`));
    const comentario = page.getByLabel("Comentario");
    await esperar(() => comentario.isEditable()).toBe(true);
    // What to fix, where it is fixed (issue 35): the return's reasons and comment atop the form.
    const devolucion = page.getByRole("region", { name: "Motivos de la devolución" });
    await esperar(() => devolucion.getByRole("listitem").count()).toBeGreaterThan(0);
    const motivos = (await devolucion.getByRole("listitem").allTextContents()).map((m) => m.split(" - ")[0].trim());
    const comentarioRetorno = (await devolucion.locator(".rf-texto-libre").textContent())?.trim() ?? "";
    expect(comentarioRetorno.length).toBeGreaterThan(1);
    await screenshot(page, "originador-formulario-devolucion");
    await comentario.fill("Se adjunta la cédula completa del funcionario, con su reverso.");
    await page.getByRole("group", { name: "Documentos" }).getByLabel("Cédula").setInputFiles(archivo("cedula.png"));

    // Sending unsaved changes is stopped with a reminder to save first.
    await page.getByRole("button", { name: "Enviar", exact: true }).click();
    await esperar(() => page.getByText("Guarde los cambios de la solicitud antes de enviarla.").isVisible()).toBe(true);

    await page.getByRole("button", { name: "Guardar" }).click();
    await confirmarSi();
    await esperar(() => page.getByText("Archivo actual: cedula.png").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Enviar", exact: true }).click();
    await confirmarSi();
    await page.waitForURL(/\/Originador$/, { timeout: 30_000 });
    await page.goto(`${server.url}/Originador/Detalles/${id}`);
    await esperar(() => page.locator('[aria-current="step"]').textContent()).toContain("Analista RyCC");
    // Sent again, the return's reasons and comment stay in the request's returns history.
    await page.getByRole("tab", { name: "Historial de devoluciones" }).click();
    const historial = page.getByRole("list", { name: "Historial de devoluciones" });
    await esperar(() => historial.isVisible()).toBe(true);
    const devuelta = historial.getByRole("listitem").first();
    expect(await devuelta.textContent()).toContain("Retornado por Analista RyCC");
    for (const m of motivos) expect(await devuelta.textContent()).toContain(m);
    expect(await devuelta.textContent()).toContain(comentarioRetorno);
    await screenshot(page, "originador-historial-devoluciones");
  });

  it("adds an official to an active request and sends it", async () => {
    const fila = await filaBandeja("Aprobado por Administrador RyCC", "Aprobado por Adminstrador");
    const id = (await fila.getByRole("cell").first().textContent())?.trim();
    await fila.getByRole("button", { name: "Agregar funcionarios" }).click();
    await page.waitForURL(new RegExp(`/Originador/Formulario/NuevoFuncionario/${id}$`));
    await esperar(() => page.getByRole("button", { name: "Enviar funcionarios" }).isVisible()).toBe(true);
    // The incumbent is read-only here and the request itself cannot be saved.
    expect(await seccion("Datos del incumbente").getByLabel("Cédula").isEditable()).toBe(false);
    expect(await page.getByRole("button", { name: "Guardar" }).count()).toBe(0);

    await agregarFuncionario(FUNC_AGREGADO, { firmas: ["Nóminas"] });
    await screenshot(page, "originador-nuevo-funcionario");
    await page.getByRole("button", { name: "Enviar funcionarios" }).click();
    await confirmarSi();
    await page.waitForURL(/\/Originador$/, { timeout: 30_000 });
    await page.goto(`${server.url}/Originador/Detalles/${id}`);
    await esperar(() => page.locator('[aria-current="step"]').textContent()).toContain("Analista RyCC");
  });

  it("asks to deactivate an active request with evidence", async () => {
    const fila = await filaBandeja("Aprobado por Administrador RyCC", "Aprobado por Adminstrador");
    const id = (await fila.getByRole("cell").first().textContent())?.trim();
    await fila.getByRole("button", { name: "Ver detalles" }).click();
    await page.waitForURL(new RegExp(`/Originador/Detalles/${id}$`));
    await page.getByRole("button", { name: "Inactivar Firma" }).click();
    const d = dialogo("Solicitud de inactivación de firma");
    await esperar(() => d.isVisible()).toBe(true);
    await d.getByRole("button", { name: "Guardar" }).click();
    await esperar(() => d.getByText("Debe escribir la justificación.").isVisible()).toBe(true);
    expect(await d.getByText("Debe adjuntar la evidencia.").isVisible()).toBe(true);

    await d.getByLabel("Evidencia").setInputFiles(archivo("evidencia.pdf"));
    await d.getByLabel("Justificación").fill("El funcionario fue desvinculado de la institución.");
    await screenshot(page, "originador-inactivar");
    await d.getByRole("button", { name: "Guardar" }).click();
    await esperar(() => page.getByText(MSG.confirmarSolicitarInactivacion).isVisible()).toBe(true);
    await confirmarSi();
    await esperar(() => d.isVisible()).toBe(false);
    await esperar(() => page.getByText("Solicitud para Inactivar").first().isVisible()).toBe(true);
    await page.getByRole("tab", { name: "Inactiva" }).click();
    await esperar(() => page.getByText("El funcionario fue desvinculado de la institución.").isVisible()).toBe(true);
  });

  it("downloads the card, views the stored documents and deletes an unsent official", async () => {
    const fila = await filaBandeja("Pendiente de enviar");
    const id = (await fila.getByRole("cell").first().textContent())?.trim();
    await fila.getByRole("button", { name: "Editar solicitud" }).click();
    await page.waitForURL(new RegExp(`/Originador/Formulario/${id}$`));
    const tabla = seccion("Funcionarios");
    await esperar(() => tabla.getByRole("button", { name: /^Eliminar funcionario/ }).count()).toBeGreaterThan(0);

    const [descarga] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Tarjeta", exact: true }).click(),
    ]);
    expect(descarga.suggestedFilename()).toBe("Tarjeta de Firmas.docx");

    await page.getByRole("button", { name: "Adjuntos" }).click();
    const adjuntos = dialogo("Adjuntos de la solicitud");
    await esperar(() => adjuntos.getByRole("row").count()).toBe(5);
    const ver = adjuntos.getByRole("button", { name: /^Ver .*\.pdf$/ }).first();
    const nombre = ((await ver.getAttribute("aria-label")) ?? "").replace(/^Ver /, "");
    await ver.click();
    await esperar(() => page.locator("iframe.rf-visor").count()).toBe(1);
    // The viewer reads the file's name: the dialog's title, the frame's title and the title of
    // Chromium's PDF viewer (its toolbar), which a blob: URL would give the blob's random id.
    expect(await page.getByRole("dialog", { name: nombre }).count()).toBe(1);
    expect(await page.locator("iframe.rf-visor").getAttribute("title")).toBe(nombre);
    const tituloVisorPdf = async () => {
      const visor = page.frames().find((f) => f.url().startsWith("chrome-extension://"));
      return visor ? visor.evaluate(() => document.title).catch(() => "") : "";
    };
    await esperar(tituloVisorPdf).toBe(nombre);
    await screenshot(page, "originador-adjuntos-visor");
    // The viewer opens over the list: close the topmost dialog.
    await page.getByRole("dialog").last().getByRole("button", { name: "Cerrar" }).last().click();
    await esperar(() => page.locator("iframe.rf-visor").count()).toBe(0);
    await adjuntos.getByRole("button", { name: "Cerrar" }).last().click();

    // Editing an official keeps the stored documents unless new ones are chosen.
    await tabla
      .getByRole("button", { name: /^Editar funcionario/ })
      .first()
      .click();
    const editar = dialogo("Editar funcionario");
    await esperar(() => editar.getByText("Archivo actual:").count()).toBe(4);
    expect(await editar.getByLabel("Cédula").first().inputValue()).toMatch(/^\d{3}-\d{7}-\d$/);
    await editar.getByLabel("Comentario").fill("Teléfono y comentario actualizados.");
    await escribir(editar.getByLabel("Teléfono"), "8095559999");
    await editar.getByRole("button", { name: "Guardar" }).click();
    await esperar(() => editar.isVisible()).toBe(false);
    await esperar(() => tabla.getByText("(809) 555-9999").count()).toBe(1);

    const antes = await tabla.getByRole("button", { name: /^Eliminar funcionario/ }).count();
    await tabla
      .getByRole("button", { name: /^Eliminar funcionario/ })
      .first()
      .click();
    await esperar(() => page.getByText("¿Está seguro de que desea eliminar este funcionario?").isVisible()).toBe(true);
    await confirmarSi();
    await esperar(() => tabla.getByRole("button", { name: /^Eliminar funcionario/ }).count()).toBe(antes - 1);
  });

  it("has no serious accessibility violations on the inbox", async () => {
    await filaBandeja("Pendiente de enviar");
    await screenshot(page, "originador-bandeja");
    const axe = await axeAmbosTamanos(page);
    expect(axe, JSON.stringify(axe, null, 1)).toEqual([]);
  });
});
