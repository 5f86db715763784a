/**
 * "Verificar un lote" in the browser: the consultant picks a CSV of questions on "Verificar firma"
 * (an official in force, a cédula not in the registry, a cell that a spreadsheet would run as a
 * formula, a bad date) and downloads the answers as CSV — one row per question in order, the
 * formula neutralised — and as Excel; a file without the Cédula column is refused on the field.
 * Checked by axe at 1366 px and 390 px.
 */
import fs from "node:fs";
import { digitoVerificador, type Funcionario } from "@registro/contracts";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiDemo } from "../support/api";
import { axeAmbosTamanos, launchBrowser, login, newContext, screenshot } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const demo = apiDemo(() => server.url);

/** An official in force today in the demo data. */
async function cedulaEnVigor(): Promise<string> {
  const bandeja = await demo.llamar<{ rows: { idSolicitud: number }[] }>(
    "consultor",
    "api/SolicitudFirma/GetBandejaConsultor?page=0&rows=50&estatus=106",
  );
  for (const { idSolicitud } of bandeja.rows) {
    const fs = await demo.llamar<Funcionario[]>("consultor", `api/Funcionarios/GetFuncionarioSolicitud/${idSolicitud}`);
    const enVigor = fs.find((f) => f.enVigor && !f.firmaVigencia && !f.firmaRango);
    if (enVigor) return enVigor.cedula;
  }
  throw new Error("no official in force in the demo data");
}

describe("Verificar un lote", () => {
  it("answers a CSV of questions as CSV and Excel, and refuses a file without cédulas", {
    timeout: 180_000,
  }, async () => {
    const cedula = await cedulaEnVigor();
    const noRegistrada = `402-9999999-${digitoVerificador("4029999999")}`;
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await login(page, server.url, "consultor");
    await page.goto(`${server.url}/Consultar/Verificar`);
    await page.getByRole("heading", { name: "Verificar un lote", level: 2 }).waitFor();
    const entrada = page.getByLabel("Archivo CSV");
    // The house's upload control (SelectorArchivo), not the browser's own picker: a Spanish button and
    // a line naming the chosen file; the native input is hidden but focusable.
    const lote = page.locator(".rfv-lote");
    await expect.poll(() => lote.locator(".rfo-archivo-boton").textContent()).toContain("Seleccionar archivo");
    expect(await lote.locator(".rfo-archivo-nombre").textContent()).toBe("Ningún archivo seleccionado");
    expect(await entrada.evaluate((e) => e.classList.contains("rfo-archivo-input"))).toBe(true);
    const enFoco = async () =>
      page.evaluate((id) => document.activeElement?.id === id, await entrada.getAttribute("id"));

    // No file: said on the field, which takes the focus.
    await page.getByRole("button", { name: "Procesar lote" }).click();
    await expect.poll(() => page.getByText("Elija un archivo CSV con las preguntas.").count()).toBe(1);
    await expect.poll(enFoco).toBe(true);

    await entrada.setInputFiles({
      name: "sin-cedulas.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("Nombre;Monto\nAna;100\n"),
    });
    await page.getByRole("button", { name: "Procesar lote" }).click();
    await expect.poll(() => page.getByText("El archivo no tiene la columna «Cédula».").count()).toBe(1);
    expect(await entrada.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText("Elija un archivo CSV con las preguntas.").count()).toBe(0);
    await expect.poll(enFoco).toBe(true);

    const csv = [
      "Cédula;Fecha",
      `${cedula};`,
      `${noRegistrada};`,
      `=HYPERLINK("http://x");`,
      `${cedula};31/02/2026`,
    ].join("\r\n");
    await entrada.setInputFiles({ name: "preguntas.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    expect(await lote.locator(".rfo-archivo-nombre").textContent()).toBe("preguntas.csv");
    const bajar = async (formato: "CSV" | "Excel") => {
      await page.getByLabel(formato, { exact: true }).check();
      const [descarga] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Procesar lote" }).click(),
      ]);
      return { nombre: descarga.suggestedFilename(), contenido: fs.readFileSync(await descarga.path()) };
    };

    const respuesta = await bajar("CSV");
    expect(respuesta.nombre).toBe("verificacion-lote.csv");
    const filas: string[][] = parse(respuesta.contenido.toString("utf8").replace(/^\uFEFF/, ""));
    expect(filas[0]).toEqual(["Fila", "Cédula", "Fecha", "Resultado", "Motivo", "Funcionario", "Institución"]);
    expect(filas.slice(1).map((f) => [f[0], f[1], f[3]])).toEqual([
      ["2", cedula, "Autorizado"],
      ["3", noRegistrada, "No autorizado"],
      ["4", `'=HYPERLINK("http://x")`, "Pregunta no válida"],
      ["5", cedula, "Pregunta no válida"],
    ]);
    expect(filas[2][4]).toBe("La cédula no figura en el registro de firmas.");
    await expect.poll(() => page.getByText("Respuestas descargadas en «verificacion-lote.csv».").count()).toBe(1);
    expect(await axeAmbosTamanos(page)).toEqual([]);
    await screenshot(page, "verificacion-lote");

    const excel = await bajar("Excel");
    expect(excel.nombre).toBe("verificacion-lote.xlsx");
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(excel.contenido as unknown as ArrayBuffer);
    const hoja = libro.worksheets[0];
    expect(hoja.rowCount).toBe(5);
    expect(String(hoja.getRow(2).getCell(4).value)).toBe("Autorizado");
    await ctx.close();
  });
});
