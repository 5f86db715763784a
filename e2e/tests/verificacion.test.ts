/**
 * Verification in the browser: the consultant asks "Verificar firma" about an official of
 * an active request and reads "Autorizado", downloads the request's constancia and reads its
 * verification code from the PDF's text; signed out, the code typed on Login opens the public page,
 * which says "Vigente"; after the administrator inactivates the request the same page says
 * "Inactivada el …". On that page the downloaded PDF, uploaded, is "Constancia válida" (the file the
 * registry issued, its seal intact); one changed byte makes it "No es la constancia emitida"; /Verificar alone offers only that check.
 */
import fs from "node:fs";
import { CODIGO_CONSTANCIA_REGEX, type Funcionario } from "@registro/contracts";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textoPdf } from "../../server/test/support/lectores";
import { apiDemo } from "../support/api";
import { launchBrowser, login, newContext, screenshot } from "../support/browser";
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

/** An active request of the demo data with an official in force today. */
async function solicitudActiva(): Promise<{ idSolicitud: number; cedula: string }> {
  const bandeja = await api<{ rows: { idSolicitud: number }[] }>(
    "consultor",
    "api/SolicitudFirma/GetBandejaConsultor?page=0&rows=50&estatus=106",
  );
  for (const { idSolicitud } of bandeja.rows) {
    const fs = await api<Funcionario[]>("consultor", `api/Funcionarios/GetFuncionarioSolicitud/${idSolicitud}`);
    const enVigor = fs.find((f) => f.enVigor);
    if (enVigor) return { idSolicitud, cedula: enVigor.cedula };
  }
  throw new Error("no active request with an official in force in the demo data");
}

describe("verification", () => {
  it("verifies, issues a constancia, and its public page follows the registry", async () => {
    const { idSolicitud, cedula } = await solicitudActiva();

    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await login(page, server.url, "consultor");
    await page.getByRole("link", { name: "Verificar firma" }).first().click();
    await page.getByRole("heading", { name: "Verificar firma", level: 1 }).waitFor();
    await preguntarPorCedula(page, cedula);
    const respuesta = page.getByRole("status").filter({ hasText: /autorizado/i });
    await respuesta.waitFor();
    expect(await respuesta.textContent()).toMatch(/^Autorizado/);
    await page
      .getByRole("table")
      .getByRole("link", { name: String(idSolicitud) })
      .first()
      .waitFor();
    await screenshot(page, "verificacion-firma");

    // The amount, typed at once with the keyboard: what an amount cannot hold and a third decimal are
    // dropped, it shows as dollars once left and plainly again when edited, and it is asked as a number.
    const monto = page.getByLabel("Monto");
    await monto.focus();
    await page.keyboard.type("$1,2a34.567");
    expect(await monto.inputValue()).toBe("1234.56");
    await page.keyboard.press("Tab");
    expect(await monto.inputValue()).toBe("US$ 1,234.56");
    await monto.focus();
    expect(await monto.inputValue()).toBe("1234.56");
    const pregunta = page.waitForRequest((r) => r.url().includes("api/Verificacion/Firma"));
    await page.keyboard.press("Enter");
    expect(new URL((await pregunta).url()).searchParams.get("monto")).toBe("1234.56");
    await respuesta.waitFor();

    await page.goto(`${server.url}/Consultar/Detalles/${idSolicitud}`);
    const [descarga] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Constancia" }).click(),
    ]);
    expect(descarga.suggestedFilename()).toBe(`Constancia de Registro de Firmas ${idSolicitud}.pdf`);
    const pdf = fs.readFileSync((await descarga.path()) as string);
    const codigo = textoPdf(pdf)
      .map((t) => t.trim())
      .find((t) => CODIGO_CONSTANCIA_REGEX.test(t));
    expect(codigo).toBeDefined();
    await ctx.close();

    // Signed out: the code typed on Login opens the public page.
    const publico = await (await newContext(browser)).newPage();
    await publico.goto(`${server.url}/Login`);
    await publico.getByLabel("Código seguro de verificación").fill(codigo!);
    await publico.getByRole("button", { name: "Verificar" }).click();
    await publico.waitForURL(/\/Verificar\//);
    await publico.getByText("Constancia auténtica").waitFor();
    const funcionarios = publico.getByRole("list", { name: "Funcionarios de la constancia" });
    await funcionarios.getByText("Vigente").first().waitFor();
    expect(await publico.getByText(cedula).count()).toBe(0);
    await screenshot(publico, "verificacion-publica");

    // The file itself: its seal is valid and it is the one the registry issued.
    const comprobar = async (contenido: Buffer) => {
      await publico
        .getByLabel("Archivo PDF de la constancia")
        .setInputFiles({ name: "constancia.pdf", mimeType: "application/pdf", buffer: contenido });
      await publico.getByRole("button", { name: "Comprobar archivo" }).click();
    };
    await publico.getByRole("button", { name: "Comprobar archivo" }).click();
    await publico.getByRole("alert").filter({ hasText: "Adjunte el archivo PDF de la constancia." }).waitFor();
    // The browser's file button is replaced by a Spanish one, which takes the focus on that error.
    expect(await publico.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Seleccionar archivo");
    await publico.getByText("Ningún archivo seleccionado").waitFor();
    await comprobar(pdf);
    await publico.getByText("constancia.pdf", { exact: true }).waitFor();
    const resultado = publico.getByRole("status", { name: "Resultado de la comprobación" });
    // One verdict: the issued file, its seal intact.
    await resultado.getByText("Constancia válida: es el archivo que emitió el registro el").waitFor();
    await resultado.getByText("Sello de pruebas").waitFor();
    await screenshot(publico, "verificacion-publica-archivo");
    const alterado = Buffer.from(pdf);
    const pos = pdf.toString("latin1").search(/\[<[0-9a-f]{4}/) + 2;
    alterado[pos] = alterado[pos] === 0x34 ? 0x35 : 0x34;
    await comprobar(alterado);
    await resultado.getByText("No es la constancia emitida").waitFor();
    expect(await resultado.getByText("Constancia válida").count()).toBe(0);

    // Without a code, the page offers only the file check.
    await publico.goto(`${server.url}/Verificar`);
    await publico.getByRole("heading", { name: "Comprobar el archivo de una constancia" }).waitFor();
    expect(await publico.getByText("Código:").count()).toBe(0);
    await comprobar(pdf);
    await resultado.getByText("Constancia válida").waitFor();
    await publico.goto(`${server.url}/Verificar/${codigo}`);
    await publico.getByText("Constancia auténtica").waitFor();

    await api("administrador", `api/SolicitudFirma/Inactivar/${idSolicitud}`, "POST");
    await publico.reload();
    await funcionarios
      .getByText(/^Inactivada el \d{2}\/\d{2}\/\d{4}$/)
      .first()
      .waitFor();
    expect(await funcionarios.getByText("Vigente").count()).toBe(0);

    // An unknown code: one message, nothing else.
    await publico.goto(`${server.url}/Verificar/ABCD-EFGH-JKMN-PQRS-TV12`);
    await publico.getByRole("alert").filter({ hasText: "no corresponde a ninguna constancia" }).waitFor();
  }, 180_000);
});
