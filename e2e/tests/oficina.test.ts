/**
 * Running the office in the browser: the analyst releases a request they hold, the RyCC
 * administrator reassigns a held request from the tracking detail choosing the stage's user and
 * writing the comment, and the configuration administrator checks the audit trail with "Verificar
 * integridad"; the analyst exports the inbox as searched and sorted, in CSV and Excel, and the files
 * open with the rows the list holds. Each step is checked on screen and through the API.
 */
import fs from "node:fs";
import { type BandejaItem, MSG, type Solicitud } from "@registro/contracts";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiDemo } from "../support/api";
import { axeAmbosTamanos, launchBrowser, login, newContext, screenshot } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

let server: AppServer;
let browser: Browser;
const demo = apiDemo(() => server.url);
const api = <T>(usuario: string, method: string, path: string) => demo.llamar<T>(usuario, path, method);

const solicitud = (id: number) => api<Solicitud>("administrador", "GET", `api/SolicitudFirma/${id}`);

/** A request in the analyst's inbox nobody holds, taken by `usuario` through the API. */
async function tomada(usuario: string): Promise<number> {
  const bandeja = await api<{ rows: { idSolicitud: number; asignadoA: string | null }[] }>(
    "analista",
    "GET",
    "api/SolicitudFirma/GetBandejaAnalista?page=0&rows=50",
  );
  for (const fila of bandeja.rows) {
    if (fila.asignadoA) continue;
    const r = await api<{ success: boolean }>(usuario, "POST", `api/SolicitudFirma/AssignProcess/${fila.idSolicitud}`);
    if (r.success) return fila.idSolicitud;
  }
  throw new Error("no free request in the analyst's inbox");
}

async function como(usuario: string): Promise<Page> {
  const ctx = await newContext(browser);
  const page = await ctx.newPage();
  await login(page, server.url, usuario);
  return page;
}

const esperarToast = (page: Page, texto: string | RegExp) =>
  page.locator(".p-toast-detail", { hasText: texto }).first().waitFor({ state: "visible" });

beforeAll(async () => {
  server = await startServer({ LOGIN_RATE_LIMIT: "500" });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("reassignment", () => {
  it("the analyst releases a request they hold", async () => {
    const id = await tomada("analista");
    const page = await como("analista");
    await page.goto(`${server.url}/AnalistaRyCC/Analista/Detalles/${id}`);
    await page.getByRole("button", { name: "Liberar" }).click();
    await page.getByRole("dialog", { name: "Liberar solicitud" }).getByRole("button", { name: "Sí" }).click();
    await esperarToast(page, MSG.liberadoExitoso);
    // Free again: Auto-Asignar is offered and Liberar is gone.
    await page.getByRole("button", { name: "Auto-Asignar" }).waitFor();
    expect(await page.getByRole("button", { name: "Liberar" }).count()).toBe(0);
    expect((await solicitud(id)).idAsignadoA).toBeNull();
  });

  it("the RyCC administrator reassigns a held request to another analyst with a comment", async () => {
    const id = await tomada("analista");
    const page = await como("administrador");
    await page.goto(`${server.url}/AnalistaRyCC/Seguimiento/Detalles/${id}`);
    await page.getByRole("button", { name: "Reasignar" }).click();
    const dialogo = page.getByRole("dialog", { name: "Reasignar solicitud" });
    await dialogo.waitFor();
    // Without a user or comment the form names both fields.
    await dialogo.getByRole("button", { name: "Reasignar" }).click();
    await dialogo.getByText(MSG.usuarioDestinoRequerido).waitFor();
    await dialogo.getByText(MSG.comentarioRequerido).waitFor();
    await dialogo.locator(".p-dropdown").click();
    await page
      .locator(".p-dropdown-panel")
      .getByRole("option", { name: /\(analista2\)/ })
      .click();
    await dialogo.getByLabel("Comentario").fill("El analista está de vacaciones.");
    await screenshot(page, "oficina-reasignar");
    await dialogo.getByRole("button", { name: "Reasignar" }).click();
    await esperarToast(page, MSG.reasignadoExitoso);
    await dialogo.waitFor({ state: "detached" });
    const despues = await solicitud(id);
    const analista2 = await api<{ usuario: { idUsuario: number } }>("analista2", "GET", "api/Account/GetUserData");
    expect(despues.idAsignadoA).toBe(analista2.usuario.idUsuario);
    const historial = await api<{ motivoCambioEstatus?: string; comentario?: string }[]>(
      "administrador",
      "GET",
      `api/SolicitudFirma/Historico/${id}`,
    );
    expect(JSON.stringify(historial)).toContain("El analista está de vacaciones.");
  });
});

describe("Verificar integridad", () => {
  it("the audit screen lists the trail and says it is intact", async () => {
    const page = await como("configuracion");
    await page.goto(`${server.url}/Configuracion/Auditoria`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("button", { name: "Verificar integridad" }).click();
    const mensaje = page.getByRole("status").filter({ hasText: /Íntegra: \d+ entradas/ });
    await mensaje.waitFor();
    const n = Number(/Íntegra: (\d+)/.exec((await mensaje.textContent()) ?? "")![1]);
    const api1 = await api<{ entradas: number; integra: boolean }>("configuracion", "GET", "api/Auditoria/Verificar");
    expect(api1.integra).toBe(true);
    expect(api1.entradas).toBeGreaterThanOrEqual(n);
    expect(n).toBeGreaterThan(3);
    expect(await axeAmbosTamanos(page)).toEqual([]);
    // The trail holds the reassignment of the test above.
    await page.locator(".p-dropdown:has(#auditoria-entidad)").click();
    await page.locator(".p-dropdown-panel").getByRole("option", { name: "Solicitud", exact: true }).click();
    await page.locator(".rfc-tarjeta tbody tr", { hasText: "Reasignación" }).first().waitFor();
    await screenshot(page, "oficina-auditoria");
  });
});

describe("Exportar", () => {
  it("downloads the searched and sorted inbox as CSV and Excel, each with every row the list selects", async () => {
    const page = await como("analista");
    await page.goto(`${server.url}/AnalistaRyCC/Analista?q=ministerio&sortField=institucion&sortOrder=1`);
    await page.locator(".rf-bandeja tbody tr").first().waitFor();
    const items = await api<BandejaItem[]>(
      "analista",
      "GET",
      "api/SolicitudFirma/GetBandejaAnalista?q=ministerio&sortField=institucion&sortOrder=1",
    );
    expect(items.length).toBeGreaterThan(0);
    const cedulas = items.map((i) => i.infoIncumbente.cedula);

    const bajar = async (opcion: string) => {
      await page.getByRole("button", { name: "Exportar" }).click();
      const [descarga] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("menuitem", { name: opcion }).click(),
      ]);
      const ruta = await descarga.path();
      return { nombre: descarga.suggestedFilename(), contenido: fs.readFileSync(ruta) };
    };

    const csv = await bajar("CSV (.csv)");
    expect(csv.nombre).toMatch(/^solicitudes-analista-\d{4}-\d{2}-\d{2}\.csv$/);
    const filas: string[][] = parse(csv.contenido.toString("utf8").replace(/^\uFEFF/, ""));
    expect(filas[0]).toEqual([
      "N.º",
      "Institución",
      "Cédula Incumbente",
      "Nombre Incumbente",
      "Cant. Funcionarios",
      "Estatus",
      "Fecha",
      "Días en espera",
    ]);
    expect(filas.slice(1).map((f) => f[0])).toEqual(items.map((i) => String(i.idSolicitud)));
    expect(filas.slice(1).map((f) => f[2])).toEqual(cedulas);

    const xlsx = await bajar("Excel (.xlsx)");
    expect(xlsx.nombre).toMatch(/\.xlsx$/);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(xlsx.contenido as unknown as ArrayBuffer);
    const hoja = libro.worksheets[0];
    expect(hoja.rowCount).toBe(items.length + 1);
    expect(String(hoja.getRow(2).getCell(3).value)).toBe(cedulas[0]);
    await screenshot(page, "oficina-exportar");
  });
});

describe("Exportar on a configuration list", () => {
  it("downloads the users list as searched and sorted on screen, as CSV and Excel", async () => {
    const page = await como("configuracion");
    await page.goto(`${server.url}/Configuracion/Usuarios`);
    const filasTabla = page.locator(".rfc-tarjeta tbody tr");
    await filasTabla.first().waitFor();
    await page.getByLabel("Buscar").fill("ANALISTA");
    const encabezadoUsuario = page.getByRole("columnheader", { name: "Usuario" });
    // Twice: ascending, then descending.
    await encabezadoUsuario.click();
    await encabezadoUsuario.click();
    await expect.poll(() => encabezadoUsuario.getAttribute("aria-sort")).toBe("descending");
    await expect.poll(() => filasTabla.count()).toBeLessThan(10);
    const enPantalla = (await filasTabla.locator("td:first-child").allTextContents()).map((s) => s.trim());
    const usuarios = await api<Record<string, string>[]>("configuracion", "GET", "api/Usuarios");
    const esperados = usuarios
      .filter((u) =>
        ["usuario", "nombre", "apellido", "institucion", "perfil", "cedula", "email"].some((k) =>
          /analista/i.test(u[k]),
        ),
      )
      .map((u) => u.usuario)
      .sort((a, b) => b.localeCompare(a, "es"));
    expect(esperados.length).toBeGreaterThan(1);
    expect(enPantalla).toEqual(esperados);

    const bajar = async (opcion: string) => {
      await page.getByRole("button", { name: "Exportar" }).click();
      const [descarga] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("menuitem", { name: opcion }).click(),
      ]);
      return { nombre: descarga.suggestedFilename(), contenido: fs.readFileSync(await descarga.path()) };
    };
    const csv = await bajar("CSV (.csv)");
    expect(csv.nombre).toMatch(/^usuarios-\d{4}-\d{2}-\d{2}\.csv$/);
    const filas: string[][] = parse(csv.contenido.toString("utf8").replace(/^\uFEFF/, ""));
    expect(filas[0]).toEqual(["Usuario", "Nombre", "Institución", "Perfil", "Cédula", "Estatus"]);
    expect(filas.slice(1).map((f) => f[0])).toEqual(esperados);

    const xlsx = await bajar("Excel (.xlsx)");
    expect(xlsx.nombre).toMatch(/^usuarios-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(xlsx.contenido as unknown as ArrayBuffer);
    const hoja = libro.worksheets[0];
    expect(hoja.rowCount).toBe(esperados.length + 1);
    expect(esperados.map((_, i) => String(hoja.getRow(i + 2).getCell(1).value))).toEqual(esperados);
    await screenshot(page, "oficina-exportar-usuarios");
  });
});

describe("Auditoría filters", () => {
  it("the RyCC administrator checks the trail and filters it by user, action and day, as the API does", async () => {
    // A release by the analyst today: at least one entry the filters must find.
    const id = await tomada("analista");
    expect((await api<{ success: boolean }>("analista", "POST", `api/SolicitudFirma/Liberar/${id}`)).success).toBe(
      true,
    );
    const analista = (
      await api<{ idUsuario: number; usuario: string }[]>("configuracion", "GET", "api/Auditoria/Usuarios")
    ).find((u) => u.usuario === "analista")!;
    // Today in the country (UTC−4), as the server reads the days: not the test machine's day,
    // which between 00:00 and 04:00 UTC is already tomorrow there.
    const iso = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santo_Domingo" }).format(new Date());
    const dia = iso.split("-").reverse().join("/");
    const esperado = await api<{ totalRecords: number }>(
      "configuracion",
      "GET",
      `api/Auditoria?idUsuario=${analista.idUsuario}&accion=liberar&desde=${iso}&hasta=${iso}`,
    );
    expect(esperado.totalRecords).toBeGreaterThan(0);

    // The RyCC administrator reaches the trail from the inbox's "Auditoría".
    const page = await como("administrador");
    await page.goto(`${server.url}/AnalistaRyCC/Administrador`);
    await page.getByRole("button", { name: "Auditoría" }).click();
    await page.getByRole("button", { name: "Verificar integridad" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: /Íntegra: \d+ entradas/ })
      .waitFor();
    const filas = page.locator(".rfc-tarjeta tbody tr");
    await filas.first().waitFor();
    await page.locator(".p-dropdown:has(#auditoria-usuario)").click();
    await page.locator(".p-dropdown-panel .p-dropdown-filter").fill("analista");
    await page
      .locator(".p-dropdown-panel")
      .getByRole("option", { name: /^analista \(/ })
      .click();
    await page.locator(".p-dropdown:has(#auditoria-accion)").click();
    await page.locator(".p-dropdown-panel").getByRole("option", { name: "Liberación", exact: true }).click();
    for (const campo of ["Desde", "Hasta"]) {
      await page.getByLabel(campo, { exact: true }).fill(dia);
    }
    await expect
      .poll(async () => (await page.locator(".p-paginator-current").textContent()) ?? "", { timeout: 10_000 })
      .toMatch(new RegExp(`de ${esperado.totalRecords} registros`));
    const textos = await filas.allTextContents();
    expect(textos.length).toBe(Math.min(15, esperado.totalRecords));
    for (const t of textos) expect(t).toMatch(/analista.*Liberación/);
    await screenshot(page, "oficina-auditoria-filtros");
  });
});
