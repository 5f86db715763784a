/**
 * The forms check what they hold before they ask or send anything: an empty "Crear Usuario",
 * "Crear cargo", "Nuevo perfil" or "Crear Institución" shows its required fields, takes the focus
 * to the first of them, and neither asks "¿Está seguro…?" nor calls the API. A document that is not
 * what its name says (a text renamed to .pdf) is refused when it is picked, not when the form is
 * saved.
 */
import { MSG } from "@registro/contracts";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchBrowser, login, newContext } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

let server: AppServer;
let browser: Browser;
const contextos: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  for (const c of contextos) await c.close();
  await browser?.close();
  await server?.stop();
});

async function sesion(usuario: string): Promise<{ page: Page; escrituras: string[] }> {
  const ctx = await newContext(browser);
  contextos.push(ctx);
  const page = await ctx.newPage();
  await login(page, server.url, usuario);
  // Every write the page asks of the API after signing in.
  const escrituras: string[] = [];
  page.on("request", (r) => {
    if (r.method() !== "GET" && r.url().includes("/api/")) escrituras.push(`${r.method()} ${r.url()}`);
  });
  return { page, escrituras };
}

/** The id of the element holding the focus. */
const enfocado = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

async function abrir(page: Page, mantenimiento: string, titulo: string, agregar: string, dialogo: string) {
  await page.goto(`${server.url}/Configuracion`);
  await page.getByRole("button", { name: mantenimiento }).click();
  await page.getByRole("heading", { level: 1, name: titulo }).waitFor();
  await page.getByRole("button", { name: agregar }).click();
  const d = page.getByRole("dialog", { name: dialogo });
  await d.waitFor();
  return d;
}

describe("an empty form is refused on its fields before anything is asked or sent", () => {
  const casos = [
    {
      mantenimiento: "Mantenimiento de Usuarios",
      titulo: "Listado de Usuarios",
      agregar: "Agregar Usuario",
      dialogo: "Crear Usuario",
      primero: "usuario-cedula",
      obligatorios: 6,
    },
    {
      mantenimiento: "Mantenimiento de Cargos",
      titulo: "Listado de Cargos",
      agregar: "Agregar Cargo",
      dialogo: "Crear cargo",
      primero: "cargo-nombre",
      obligatorios: 2,
    },
    {
      mantenimiento: "Mantenimiento de Instituciones",
      titulo: "Listado de Instituciones",
      agregar: "Agregar Institución",
      dialogo: "Crear Institución",
      primero: "institucion-nombre",
      // Nombre, Dirección and Teléfono, whose message shows under its extension too.
      obligatorios: 4,
    },
  ];
  for (const c of casos) {
    test(c.dialogo, { timeout: 120_000 }, async () => {
      const { page, escrituras } = await sesion("configuracion");
      const d = await abrir(page, c.mantenimiento, c.titulo, c.agregar, c.dialogo);
      const antes = escrituras.length;
      await d.getByRole("button", { name: "Guardar" }).click();
      await expect.poll(() => d.getByText(MSG.requerido).count()).toBe(c.obligatorios);
      await expect.poll(() => enfocado(page)).toBe(c.primero);
      expect(await page.getByText(/¿Está seguro/).count()).toBe(0);
      expect(escrituras.slice(antes)).toEqual([]);
    });
  }

  test("Nuevo perfil: the name first, then the views to pick from", { timeout: 120_000 }, async () => {
    const { page, escrituras } = await sesion("configuracion");
    const d = await abrir(page, "Mantenimiento de Perfiles", "Listado de Perfiles", "Agregar Perfil", "Nuevo perfil");
    const antes = escrituras.length;
    await d.getByRole("button", { name: "Guardar" }).click();
    await expect.poll(() => d.getByText(MSG.requerido).count()).toBe(1);
    await expect.poll(() => d.getByText(MSG.perfilSinVistas).isVisible()).toBe(true);
    await expect.poll(() => enfocado(page)).toBe("perfil-nombre");
    // With a name, the first error left is the views': the list to pick them from takes the focus.
    await page.keyboard.type("Consulta de prueba");
    await d.getByRole("button", { name: "Guardar" }).click();
    await expect.poll(() => enfocado(page)).toBe("perfil-vistas_source_list");
    expect(await d.getByText(MSG.requerido).count()).toBe(0);
    expect(escrituras.slice(antes)).toEqual([]);
  });
});

test("a text renamed to .pdf is refused as soon as it is picked", { timeout: 120_000 }, async () => {
  const { page, escrituras } = await sesion("originador");
  await page.goto(`${server.url}/Originador/Formulario`);
  const documentos = page.getByRole("group", { name: "Documentos" });
  await documentos.waitFor();
  const oficio = documentos.getByLabel("Oficio");
  await oficio.setInputFiles({
    name: "oficio.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("Esto no es un PDF, solo texto con otro nombre.\n"),
  });
  await expect.poll(() => documentos.getByText(MSG.archivoTipo).isVisible()).toBe(true);
  expect(await oficio.getAttribute("aria-invalid")).toBe("true");
  expect(await oficio.evaluate((i: HTMLInputElement) => i.files?.length ?? 0)).toBe(0);
  expect(await documentos.getByText("oficio.pdf").count()).toBe(0);
  expect(escrituras).toEqual([]);
});
