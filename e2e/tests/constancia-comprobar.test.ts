/**
 * The constancia's upload check in the browser, at 1366 and 390 px, axe clean: an older constancia
 * of a request (which still lists an official inactivated since), uploaded on the page of the
 * request's newer code, is named by its own code, said to be outdated and not the latest (with the
 * page's code as the latest), and lists the official no longer authorised; the newer file on its
 * own page is "Constancia válida". A byte changed in the signature's padding gives one verdict,
 * never "sello válido" beside "no es el que se emitió".
 */
import fs from "node:fs";
import { CODIGO_CONSTANCIA_REGEX, type Funcionario } from "@registro/contracts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textoPdf } from "../../server/test/support/lectores";
import { apiDemo } from "../support/api";
import { axeAmbosTamanos, ESCRITORIO, launchBrowser, login, newContext, TELEFONO } from "../support/browser";
import { type AppServer, startServer } from "../support/server";
import { preguntarPorCedula } from "../support/verificar";

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
const api = <T>(usuario: string, path: string, method = "GET") => demo.llamar<T>(usuario, path, method);

/** An active request of the demo data with two officials in force today. */
async function solicitudConDos(): Promise<{ idSolicitud: number; funcionarios: Funcionario[] }> {
  const bandeja = await api<{ rows: { idSolicitud: number }[] }>(
    "consultor",
    "api/SolicitudFirma/GetBandejaConsultor?page=0&rows=100&estatus=106",
  );
  for (const { idSolicitud } of bandeja.rows) {
    const fs = await api<Funcionario[]>("consultor", `api/Funcionarios/GetFuncionarioSolicitud/${idSolicitud}`);
    const enVigor = fs.filter((f) => f.enVigor);
    if (enVigor.length >= 2) return { idSolicitud, funcionarios: enVigor };
  }
  throw new Error("no active request with two officials in force in the demo data");
}

async function emitir(idSolicitud: number): Promise<{ pdf: Buffer; codigo: string }> {
  const res = await fetch(`${server.url}/api/Verificacion/GetConstancia/${idSolicitud}`, {
    headers: { Authorization: await demo.token("consultor") },
  });
  expect(res.status).toBe(200);
  const pdf = Buffer.from(await res.arrayBuffer());
  const codigo = /\/Verificar\/([0-9A-Z-]{24})/.exec(pdf.toString("latin1"))?.[1] ?? "";
  expect(codigo).not.toBe("");
  return { pdf, codigo };
}

async function comprobar(page: Page, contenido: Buffer) {
  await page
    .getByLabel("Archivo PDF de la constancia")
    .setInputFiles({ name: "constancia.pdf", mimeType: "application/pdf", buffer: contenido });
  await page.getByRole("button", { name: "Comprobar archivo" }).click();
}

describe("the constancia's upload check", () => {
  it("an older constancia on the page of a newer code: outdated, not the latest, its inactivated official", async () => {
    const { idSolicitud, funcionarios } = await solicitudConDos();
    const vieja = await emitir(idSolicitud);
    const inactivado = funcionarios[0];
    await api("administrador", `api/Funcionarios/InactivarFuncionario/${inactivado.idFuncionario}`, "DELETE");
    const nueva = await emitir(idSolicitud);

    for (const tamano of [ESCRITORIO, TELEFONO]) {
      const ctx = await newContext(browser);
      const page = await ctx.newPage();
      await page.setViewportSize(tamano);
      await page.goto(`${server.url}/Verificar/${nueva.codigo}`);
      await page.getByText("Constancia auténtica").waitFor();
      await comprobar(page, vieja.pdf);
      const resultado = page.getByRole("status", { name: "Resultado de la comprobación" });
      await resultado.getByText("Constancia desactualizada").waitFor();
      const texto = (await resultado.textContent()) ?? "";
      expect(texto).toContain(vieja.codigo);
      expect(texto).toContain(`El archivo no es la constancia del código ${nueva.codigo} de esta página.`);
      expect(texto).toContain(`No es la constancia más reciente de su solicitud`);
      expect(texto).toContain(`con el código ${nueva.codigo}`);
      expect(texto).not.toContain("idéntica al archivo emitido");
      expect(texto).not.toContain("El sello electrónico de la Contraloría es válido");
      const lista = resultado.getByRole("list", { name: "Funcionarios que hoy no están autorizados" });
      await lista.getByText(`${inactivado.nombres} ${inactivado.apellidos}`, { exact: false }).waitFor();
      await lista.getByText(/^Inactivada el \d{2}\/\d{2}\/\d{4}$/).waitFor();
      expect(await axeAmbosTamanos(page)).toEqual([]);

      // The newer file on its own page: one verdict, valid, the latest, nobody listed.
      await comprobar(page, nueva.pdf);
      await resultado.getByText("Constancia válida").waitFor();
      await resultado.getByText("Es la constancia más reciente de su solicitud.").waitFor();
      expect(await resultado.getByRole("list").count()).toBe(0);
      expect(await axeAmbosTamanos(page)).toEqual([]);

      // A byte changed in the signature's padding (zeros outside what the signature signs): one verdict.
      const texto2 = nueva.pdf.toString("latin1");
      const m = /\/Contents\s*<([0-9a-fA-F]+)>/.exec(texto2);
      const hex = m?.[1] ?? "";
      const relleno = hex.length - (/(?:00)+$/.exec(hex)?.[0].length ?? 0);
      const pos = (m?.index ?? 0) + (m?.[0].indexOf("<") ?? 0) + 1 + relleno + 40;
      const alterado = Buffer.from(nueva.pdf);
      alterado[pos] = 0x37;
      await comprobar(page, alterado);
      await resultado.getByText("No es la constancia emitida").waitFor();
      expect(await resultado.locator(".rfv-respuesta").count()).toBe(1);
      expect(await resultado.textContent()).not.toContain("válido");
      expect(await axeAmbosTamanos(page)).toEqual([]);
      await ctx.close();
    }
  }, 180_000);

  it("Verificar firma: 'Descargar comprobante' gives a sealed PDF whose code the public page and the upload check know", async () => {
    const { funcionarios } = await solicitudConDos();
    const cedula = funcionarios[1].cedula;
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await login(page, server.url, "consultor");
    await page.getByRole("link", { name: "Verificar firma" }).first().click();
    await page.getByRole("heading", { name: "Verificar firma", level: 1 }).waitFor();
    await preguntarPorCedula(page, cedula);
    await page
      .getByRole("status")
      .filter({ hasText: /autorizado/i })
      .waitFor();
    const [descarga] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Descargar comprobante" }).click(),
    ]);
    expect(descarga.suggestedFilename()).toBe(`Comprobante de verificacion ${cedula}.pdf`);
    const pdf = fs.readFileSync((await descarga.path()) as string);
    const textos = textoPdf(pdf).map((t) => t.trim());
    expect(textos.join(" ")).toContain("Comprobante de verificación de firma");
    const codigo = textos.find((t) => CODIGO_CONSTANCIA_REGEX.test(t));
    expect(codigo).toBeDefined();
    expect(await axeAmbosTamanos(page)).toEqual([]);
    await ctx.close();

    for (const tamano of [ESCRITORIO, TELEFONO]) {
      const publico = await (await newContext(browser)).newPage();
      await publico.setViewportSize(tamano);
      await publico.goto(`${server.url}/Verificar/${codigo}`);
      await publico.getByText("Comprobante de verificación auténtico").waitFor();
      // Named as the comprobante names itself, not as a constancia's page, and no blank band under
      // its few lines: the upload check follows the answer closely.
      await publico.getByRole("heading", { level: 1, name: "Comprobante de verificación de firma" }).waitFor();
      expect(await publico.title()).toMatch(/^Verificar comprobante/);
      await publico.locator(".rfv-comprobar").first().waitFor();
      const banda = await publico.evaluate(() => {
        const nota = document.querySelector(".rfv-resultado-publico .rfv-nota")?.getBoundingClientRect();
        const siguiente = document.querySelector(".rfv-comprobar")?.getBoundingClientRect();
        return nota && siguiente ? Math.round(siguiente.top - nota.bottom) : -1;
      });
      expect(banda).toBeGreaterThanOrEqual(0);
      expect(banda).toBeLessThan(64);
      // One period after "a. m."/"p. m.", none added (DESIGN §8).
      expect(await publico.locator(".rfv-resultado-publico").textContent()).not.toContain("m..");
      // The cédula masked, as on a constancia's page.
      await publico
        .getByText(`***-****${cedula.slice(-5)}`, { exact: false })
        .first()
        .waitFor();
      expect(await publico.getByText(cedula).count()).toBe(0);
      await comprobar(publico, pdf);
      const resultado = publico.getByRole("status", { name: "Resultado de la comprobación" });
      await resultado.getByText("Comprobante válido").waitFor();
      expect(await axeAmbosTamanos(publico)).toEqual([]);
      await publico.context().close();
    }
  }, 180_000);
});
