/**
 * "Verificar documento" and "Autoridades de confianza" in the browser (issue 38). The configuration
 * administrator uploads the test PKI's root and intermediate CA and its CRL; the consultant uploads
 * a PDF signed (test PKI) by an official in force in the demo data and reads "Firmado por personas
 * autorizadas" with the signature's findings; a signer the registry does not hold reads the refusal.
 * Checked by axe at 1366 px and 390 px; the manual's screenshots (docs/manual/screens/) are taken here.
 */
import fs from "node:fs";
import path from "node:path";
import type { RespuestaVerificacion } from "@registro/contracts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCREENS } from "../manual/comun";
import { apiDemo } from "../support/api";
import { axeAmbosTamanos, ESCRITORIO, launchBrowser, login, newContext, TELEFONO } from "../support/browser";
import { type AppServer, root, startServer } from "../support/server";

/** What server/test/documentos-firmados/archivos-e2e.ts makes (loaded at run time: its libraries are the server's). */
interface ArchivosE2e {
  raiz: Buffer;
  intermedia: Buffer;
  crl: Buffer;
  firmado: Buffer;
  ajeno: Buffer;
}
async function archivosE2e(cedula: string, nombre: string, fecha: Date): Promise<ArchivosE2e> {
  const modulo = path.join(root, "server/test/documentos-firmados/archivos-e2e.ts");
  const m = (await import(/* @vite-ignore */ modulo)) as { archivosE2e: typeof archivosE2e };
  return m.archivosE2e(cedula, nombre, fecha);
}

let server: AppServer;
let browser: Browser;
let archivos: ArchivosE2e;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const demo = apiDemo(() => server.url);

/** An official in force today in the demo data: the cédula and its institution's name. */
async function enVigor(): Promise<{ cedula: string; institucion: string; nombre: string }> {
  const bandeja = await demo.llamar<{ rows: { idSolicitud: number }[] }>(
    "consultor",
    "api/SolicitudFirma/GetBandejaConsultor?page=0&rows=50&estatus=106",
  );
  for (const { idSolicitud } of bandeja.rows) {
    const fs = await demo.llamar<{ cedula: string; enVigor: boolean; firmaVigencia: boolean; firmaRango: boolean }[]>(
      "consultor",
      `api/Funcionarios/GetFuncionarioSolicitud/${idSolicitud}`,
    );
    const f = fs.find((x) => x.enVigor && !x.firmaVigencia && !x.firmaRango);
    if (!f) continue;
    const r = await demo.llamar<RespuestaVerificacion>("consultor", `api/Verificacion/Firma?cedula=${f.cedula}`);
    const e = r.registros.find((x) => x.autorizado);
    if (e) return { cedula: f.cedula, institucion: e.institucion, nombre: `${e.nombres} ${e.apellidos}` };
  }
  throw new Error("no official in force in the demo data");
}

async function elegir(page: Page, seccion: string, etiqueta: string, opcion: string) {
  const region = page.getByRole("region", { name: seccion });
  const id = await region.getByLabel(etiqueta).first().getAttribute("id");
  await page.locator(`.p-dropdown:has([id="${id}"])`).click();
  const panel = page.locator(".p-dropdown-panel");
  const filtro = panel.locator(".p-dropdown-filter");
  if (await filtro.count()) await filtro.fill(opcion.slice(0, 20));
  await panel.getByRole("option", { name: opcion }).first().click();
}

/** A picture for the manual: the whole page in a window as tall as it (the fixed bars stay on top). */
async function manual(page: Page, archivo: string) {
  fs.mkdirSync(SCREENS, { recursive: true });
  const antes = page.viewportSize() ?? ESCRITORIO;
  await page.evaluate(() => window.scrollTo(0, 0));
  const alto = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: antes.width, height: Math.max(alto, antes.height) });
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(SCREENS, archivo) });
  await page.setViewportSize(antes);
}

describe("Autoridades de confianza and Verificar documento", () => {
  it("the administrator uploads the trust; the consultant checks a signed PDF", { timeout: 240_000 }, async () => {
    const oficial = await enVigor();
    archivos = await archivosE2e(oficial.cedula, oficial.nombre, new Date(Date.now() - 60_000));
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.setViewportSize(ESCRITORIO);
    await login(page, server.url, "configuracion");
    await page.goto(`${server.url}/Configuracion/AutoridadesConfianza`);
    await page.getByRole("heading", { name: "Autoridades de confianza", level: 1 }).waitFor();
    const subir = async (etiqueta: string, boton: string, nombre: string, buffer: Buffer, texto: string) => {
      await page
        .getByLabel(etiqueta, { exact: true })
        .setInputFiles({ name: nombre, mimeType: "application/octet-stream", buffer });
      await page.getByRole("button", { name: boton }).click();
      await expect.poll(() => page.getByText(texto).count()).toBeGreaterThan(0);
    };
    // A file that is not a certificate is refused on the field.
    await page.getByLabel("Certificado de la autoridad", { exact: true }).setInputFiles({
      name: "nota.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("no soy un certificado"),
    });
    await page.getByRole("button", { name: "Agregar autoridad" }).click();
    await expect
      .poll(() => page.getByText("El archivo no es un certificado X.509 en formato PEM o DER.").count())
      .toBe(1);
    await subir(
      "Certificado de la autoridad",
      "Agregar autoridad",
      "raiz.der",
      archivos.raiz,
      "CN=Raíz de Pruebas, C=DO",
    );
    await subir(
      "Certificado de la autoridad",
      "Agregar autoridad",
      "intermedia.der",
      archivos.intermedia,
      "CN=Intermedia de Pruebas, C=DO",
    );
    await subir("Lista de revocación (CRL)", "Cargar lista", "intermedia.crl", archivos.crl, "Última actualización");
    await expect.poll(() => page.getByRole("cell", { name: "Vigente" }).count()).toBe(3);
    expect(await axeAmbosTamanos(page)).toEqual([]);
    await manual(page, "autoridades-confianza.png");
    // Retiring asks first.
    await page.getByRole("button", { name: "Retirar la autoridad CN=Raíz de Pruebas, C=DO" }).click();
    await page
      .getByText("¿Está seguro de que desea retirar la autoridad «CN=Raíz de Pruebas, C=DO»?", { exact: false })
      .waitFor();
    await page.getByRole("button", { name: "No", exact: true }).click();
    await ctx.close();

    const { firmado, ajeno } = archivos;

    const ctx2 = await newContext(browser);
    const p = await ctx2.newPage();
    await p.setViewportSize(ESCRITORIO);
    await login(p, server.url, "consultor");
    await p.goto(`${server.url}/Consultar/Verificar/Documento`);
    const seccion = p.getByRole("region", { name: "Verificar documento" });
    await seccion.getByRole("button", { name: "Verificar documento" }).waitFor();
    // Its own title in the top bar and the tab, though Verificar firma's view grants it.
    expect(await p.locator(".rf-topbar-title").textContent()).toBe("Verificar documento");
    expect(await p.title()).toBe("Verificar documento | Registro de Firmas");
    // Nothing chosen: said on the fields.
    await seccion.getByRole("button", { name: "Verificar documento" }).click();
    await expect.poll(() => seccion.getByText("Adjunte el documento firmado (PDF)", { exact: false }).count()).toBe(1);

    await seccion
      .getByLabel("Documento firmado (PDF)")
      .setInputFiles({ name: "orden.pdf", mimeType: "application/pdf", buffer: firmado });
    await elegir(p, "Verificar documento", "Institución", oficial.institucion);
    await seccion.getByRole("button", { name: "Verificar documento" }).click();
    await seccion.getByText("Firmado por personas autorizadas", { exact: true }).waitFor({ timeout: 30_000 });
    expect(await seccion.getByText("Firma aceptada").count()).toBe(1);
    expect(await seccion.getByText(oficial.nombre, { exact: false }).count()).toBeGreaterThan(0);
    expect(await axeAmbosTamanos(p)).toEqual([]);
    await manual(p, "verificar-documento.png");
    const [descarga] = await Promise.all([
      p.waitForEvent("download"),
      seccion.getByRole("button", { name: "Descargar informe de validación" }).click(),
    ]);
    const codigo = /^Informe de validacion (.+)\.pdf$/.exec(descarga.suggestedFilename())?.[1];
    expect(codigo).toBeDefined();

    // A signer from a CA nobody trusts, on a phone.
    await p.setViewportSize(TELEFONO);
    await seccion
      .getByLabel("Documento firmado (PDF)")
      .setInputFiles({ name: "ajeno.pdf", mimeType: "application/pdf", buffer: ajeno });
    await seccion.getByRole("button", { name: "Verificar documento" }).click();
    await seccion.getByText("No firmado por personas autorizadas", { exact: true }).waitFor({ timeout: 30_000 });
    expect(await seccion.getByText("Firma no aceptada").count()).toBe(1);
    expect(await axeAmbosTamanos(p)).toEqual([]);

    // The report's code on the public page (no sign-in).
    const publica = await (await newContext(browser)).newPage();
    await publica.goto(`${server.url}/Verificar/${codigo}`);
    await publica.getByText("Informe de validación auténtico", { exact: false }).waitFor();
    expect(await publica.getByText("Firmado por personas autorizadas").count()).toBe(1);
    expect(await axeAmbosTamanos(publica)).toEqual([]);
    await ctx2.close();
  });
});
