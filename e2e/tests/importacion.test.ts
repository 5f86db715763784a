/**
 * "Importar registro" in a real browser as `configuracion`: reached from Configuración, a file with
 * a refused row tested (the report shows the error on its row and column), the corrected file
 * applied with the progress shown until it ends, with a documents' ZIP (one with a path-traversing
 * name refused under its field first) whose signature card is attached, after a question that
 * reads what the test run of the same file will create and change; the imported official then verifies as authorised
 * in "Verificar firma" (as the consultant). Checked by axe at 1366 px and 390 px.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { MSG } from "@registro/contracts";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, login, newContext, screenshot } from "../support/browser";
import { type AppServer, startServer } from "../support/server";
import { preguntarPorCedula } from "../support/verificar";

let server: AppServer;
let browser: Browser;
const carpeta = fs.mkdtempSync(path.join(os.tmpdir(), "rf-e2e-importacion-"));

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(carpeta, { recursive: true, force: true });
});

/** Cédulas with their check digit (Luhn over the first ten digits). */
function cedula(base: string): string {
  let s = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(base[9 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    s += d;
  }
  return `${base.slice(0, 3)}-${base.slice(3)}-${(10 - (s % 10)) % 10}`;
}

const FUNCIONARIO = cedula("9020000021");

/** A ZIP of stored (uncompressed) files, written here so a test can give it any name. */
function zipGuardado(nombre: string, archivos: [string, Buffer][]): string {
  const partes: Buffer[] = [];
  const centrales: Buffer[] = [];
  let pos = 0;
  for (const [ruta, datos] of archivos) {
    const n = Buffer.from(ruta);
    const crc = zlib.crc32(datos);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(datos.length, 18);
    local.writeUInt32LE(datos.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(datos.length, 20);
    central.writeUInt32LE(datos.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(pos, 42);
    partes.push(local, n, datos);
    centrales.push(central, n);
    pos += 30 + n.length + datos.length;
  }
  const dir = Buffer.concat(centrales);
  const fin = Buffer.alloc(22);
  fin.writeUInt32LE(0x06054b50, 0);
  fin.writeUInt16LE(archivos.length, 8);
  fin.writeUInt16LE(archivos.length, 10);
  fin.writeUInt32LE(dir.length, 12);
  fin.writeUInt32LE(pos, 16);
  const ruta = path.join(carpeta, nombre);
  fs.writeFileSync(ruta, Buffer.concat([...partes, dir, fin]));
  return ruta;
}

const TARJETA = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");

function archivo(nombre: string, cedulaFuncionario: string): string {
  const ruta = path.join(carpeta, nombre);
  fs.writeFileSync(
    ruta,
    [
      "Institución;Tipo;Cédula;Nombres;Apellidos;Cargo;Firmas;Estatus;Fecha de registro",
      `Ministerio de Hacienda;Incumbente;${cedula("9020000011")};Rosa;Almonte;Ministro;;Activo;10/01/2020`,
      `Ministerio de Hacienda;Funcionario;${cedulaFuncionario};Pedro;Báez;Tesorero;Cheques;Activo;10/01/2020`,
    ].join("\r\n"),
  );
  return ruta;
}

test("upload, errors shown, apply, the official then verifies as authorised", { timeout: 240_000 }, async () => {
  const ctx = await newContext(browser);
  const page = await ctx.newPage();
  await login(page, server.url, "configuracion");
  await page.goto(`${server.url}/Configuracion`);
  await page.getByRole("button", { name: "Importar registro" }).click();
  await page.waitForURL((u) => u.pathname.endsWith("/Configuracion/ImportarRegistro"));
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Importar registro");

  // No file: said on the file's field, which takes the focus.
  await page.getByRole("button", { name: "Probar" }).click();
  const entrada = page.getByLabel("Archivo del registro");
  await expect.poll(() => entrada.getAttribute("aria-invalid")).toBe("true");
  expect(await page.getByText(MSG.requerido).count()).toBe(1);
  await expect
    .poll(async () => page.evaluate((id) => document.activeElement?.id === id, await entrada.getAttribute("id")))
    .toBe(true);

  // A file whose official's cédula has a wrong check digit: the test run reports it.
  await page.getByLabel("Archivo del registro").setInputFiles(archivo("con-error.csv", "902-0000002-0"));
  await page.getByRole("button", { name: "Probar" }).click();
  await page.getByText(/rechazadas 1\./).waitFor({ timeout: 60_000 });
  const tabla = page.getByRole("region", { name: /Informe de con-error\.csv/ });
  await tabla.waitFor({ timeout: 60_000 });
  const fila = tabla.getByRole("row", { name: /902-0000002-0/ });
  await fila.waitFor();
  expect(await fila.textContent()).toContain("La cédula no es válida");
  expect(await fila.textContent()).toContain("Cédula");
  // The cédula keeps to one line at 1366 px (it broke after its second dash).
  const lineas = await fila.locator("td", { hasText: "902-0000002-0" }).evaluate((td) => {
    const rango = document.createRange();
    rango.selectNodeContents(td);
    return new Set([...rango.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(lineas).toBe(1);
  await screenshot(page, "importacion-errores");

  // The corrected file with a ZIP whose name climbs out of it: refused under its field.
  await page.getByLabel("Archivo del registro").setInputFiles(archivo("registro.csv", FUNCIONARIO));
  const zip = page.getByLabel("Documentos (ZIP, opcional)");
  await zip.setInputFiles(zipGuardado("malo.zip", [[`../${FUNCIONARIO}.pdf`, TARJETA]]));
  await page.getByRole("button", { name: "Probar" }).click();
  await page.getByText(`El ZIP contiene un nombre de archivo no admitido: «../${FUNCIONARIO}.pdf».`).waitFor();
  expect(await zip.getAttribute("aria-invalid")).toBe("true");

  // Aplicar asks first. A file never tested: the question says nobody knows yet what it changes,
  // and No leaves everything as it was.
  await zip.setInputFiles(zipGuardado("tarjetas.zip", [[`${FUNCIONARIO}.pdf`, TARJETA]]));
  const corridas = page.locator('[aria-labelledby="corridas-titulo"] tbody tr');
  const antes = await corridas.count();
  await page.getByRole("button", { name: "Aplicar" }).click();
  let pregunta = page.getByRole("dialog", { name: "Aplicar importación" });
  await pregunta.getByText("registro.csv no se ha probado con estas opciones").waitFor();
  await pregunta.getByText("¿Está seguro de que desea aplicar este archivo al registro?").waitFor();
  await screenshot(page, "importacion-aplicar-sin-prueba");
  await pregunta.getByRole("button", { name: "No" }).click();
  await pregunta.waitFor({ state: "detached" });
  expect(await corridas.count()).toBe(antes);

  // Tested first: the question reads the test run's counts (what is created, changed, left as it is).
  await page.getByRole("button", { name: "Probar" }).click();
  await page.getByText("Prueba correcta: puede aplicar el archivo.").waitFor({ timeout: 60_000 });
  const resumen = (await page.locator(".rf-importacion-resumen").textContent()) ?? "";
  const [, crean, actualizan] = /se crean (\d+), se actualizan (\d+)/.exec(resumen) ?? [];
  expect(crean).toBeDefined();
  await page.getByRole("button", { name: "Aplicar" }).click();
  pregunta = page.getByRole("dialog", { name: "Aplicar importación" });
  await pregunta.getByText(/Según la prueba de registro\.csv del \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/).waitFor();
  const texto = await pregunta.textContent();
  expect(texto).toContain(`Registros que se crean: ${crean}`);
  expect(texto).toContain(`Registros que se actualizan: ${actualizan}`);
  expect(texto).toContain("Tarjetas de firmas que se adjuntan: 1");
  await screenshot(page, "importacion-aplicar-pregunta");

  // Applied with the official's signature card.
  await pregunta.getByRole("button", { name: "Sí" }).click();
  await page.getByText("El registro quedó actualizado.").waitFor({ timeout: 60_000 });
  await page.getByText(/Tarjetas de firmas adjuntadas: 1\./).waitFor();
  await page.getByRole("region", { name: /Informe de registro\.csv/ }).waitFor();
  await page.getByText("Ninguna fila rechazada.").waitFor();
  await page.getByLabel("Solo filas rechazadas").click();
  await page
    .getByRole("row", { name: new RegExp(FUNCIONARIO) })
    .first()
    .waitFor();
  await page.getByRole("row", { name: new RegExp(`Tarjeta de Firmas: ${FUNCIONARIO}\\.pdf`) }).waitFor();
  await screenshot(page, "importacion-aplicada");
  await ctx.close();

  // Verificar firma: the imported official is authorised.
  const ctx2 = await newContext(browser);
  const consulta = await ctx2.newPage();
  await login(consulta, server.url, "consultor");
  await consulta.getByRole("link", { name: "Verificar firma" }).first().click();
  await consulta.getByRole("heading", { name: "Verificar firma", level: 1 }).waitFor();
  await preguntarPorCedula(consulta, FUNCIONARIO);
  const respuesta = consulta.getByRole("status").filter({ hasText: /autorizado/i });
  await respuesta.waitFor();
  expect(await respuesta.textContent()).toMatch(/^Autorizado/);
  await ctx2.close();
});
