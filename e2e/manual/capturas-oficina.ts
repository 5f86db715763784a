/**
 * The office work walked through as the RyCC administrator, for the user manual
 * (docs/manual/screens/oficina-*.png) and for a look at phone width: the inbox's "Exportar" and the
 * file it gives, the reassignment and the history entry it leaves, the audit trail reached from the
 * inbox with "Verificar integridad" and its filters, and a configuration list's export. Pictures at
 * 1366 and 390 px wide go to SHOTS_DIR (default /tmp/capturas-oficina); the manual's to
 * docs/manual/screens. Real app, fresh demo data, Debian's chromium.
 *
 *   npm run build -w web && cd e2e && npx tsx manual/capturas-oficina.ts
 */
import fs from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD, launchBrowser, login } from "../support/browser";
import { startServer } from "../support/server";
import { capturar, SCREENS } from "./comun";

const SALIDA = process.env.SHOTS_DIR ?? "/tmp/capturas-oficina";
fs.mkdirSync(SALIDA, { recursive: true });
fs.mkdirSync(SCREENS, { recursive: true });

const server = await startServer();
const browser = await launchBrowser();

async function token(usuario: string): Promise<string> {
  const res = await fetch(`${server.url}/api/Account/LogIn`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ userName: usuario, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { token: string }).token;
}

async function api<T>(tk: string, method: string, ruta: string): Promise<T> {
  const res = await fetch(`${server.url}/${ruta}`, { method, headers: { Authorization: tk } });
  if (!res.ok) throw new Error(`${method} ${ruta}: ${res.status}`);
  return (await res.json()) as T;
}

/** A picture for review (not the manual), at the page's current width. */
async function mirar(page: Page, nombre: string) {
  await page.waitForTimeout(600);
  const ancho = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(SALIDA, `${nombre}-${ancho}.png`), fullPage: true });
}

try {
  const analista = await token("analista");
  const admin = await token("administrador");
  // A request the analyst holds, for the reassignment.
  const libres = await api<{ rows: { idSolicitud: number; asignadoA: string | null }[] }>(
    analista,
    "GET",
    "api/SolicitudFirma/GetBandejaAnalista?page=0&rows=50",
  );
  const id = libres.rows.find((r) => !r.asignadoA)!.idSolicitud;
  await api(analista, "POST", `api/SolicitudFirma/AssignProcess/${id}`);

  for (const ancho of [1366, 390]) {
    const ctx = await browser.newContext({
      viewport: { width: ancho, height: ancho > 500 ? 800 : 844 },
      locale: "es-ES",
      acceptDownloads: true,
    });
    const page = await ctx.newPage();
    await login(page, server.url, "administrador");
    const manual = ancho === 1366;

    // 1. The inbox: search, Exportar, the Excel file opened.
    await page.goto(`${server.url}/AnalistaRyCC/Administrador?q=ministerio&sortField=institucion&sortOrder=1`);
    await page.locator(".rf-bandeja tbody tr").first().waitFor();
    await page.getByRole("button", { name: "Exportar" }).click();
    await page.getByRole("menuitem", { name: "Excel (.xlsx)" }).waitFor();
    await mirar(page, "1-bandeja-exportar");
    if (manual) await capturar(page, "oficina-exportar.png");
    const [descarga] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("menuitem", { name: "Excel (.xlsx)" }).click(),
    ]);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(fs.readFileSync(await descarga.path()) as unknown as ArrayBuffer);
    const hoja = libro.worksheets[0];
    const total = await api<{ totalRecords: number }>(
      admin,
      "GET",
      "api/SolicitudFirma/GetBandejaAdministradorRCC?page=0&rows=10&q=ministerio&sortField=institucion&sortOrder=1",
    );
    console.log(
      `  ${descarga.suggestedFilename()}: ${hoja.rowCount - 1} filas (la lista dice ${total.totalRecords});`,
      (hoja.getRow(1).values as unknown[]).slice(1).join(" | "),
      "//",
      (hoja.getRow(2).values as unknown[]).slice(1).join(" | "),
    );

    // 2. Reassignment from the tracking detail, and the history entry it leaves.
    await page.goto(`${server.url}/AnalistaRyCC/Seguimiento/Detalles/${id}`);
    await page.getByRole("button", { name: "Reasignar" }).click();
    const dialogo = page.getByRole("dialog", { name: "Reasignar solicitud" });
    await dialogo.locator(".p-dropdown").click();
    const destino = ancho === 1366 ? /\(analista2\)/ : /\(analista\)/;
    await page.locator(".p-dropdown-panel").getByRole("option", { name: destino }).click();
    await dialogo.getByLabel("Comentario").fill("El analista está de vacaciones.");
    await mirar(page, "2-reasignar");
    if (manual) await capturar(page, "oficina-reasignar.png");
    await dialogo.getByRole("button", { name: "Reasignar" }).click();
    await dialogo.waitFor({ state: "detached" });
    await page.getByRole("tab", { name: "Historial de estatus" }).click();
    await page
      .getByText(/Reasignada de/)
      .first()
      .waitFor();
    await mirar(page, "3-historial");
    if (manual) await capturar(page, "oficina-historial-reasignada.png", true);

    // 3. The audit trail from the inbox's "Auditoría": integrity and filters.
    await page.goto(`${server.url}/AnalistaRyCC/Administrador`);
    await page.getByRole("button", { name: "Auditoría" }).click();
    await page.getByRole("button", { name: "Verificar integridad" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: /Íntegra/ })
      .waitFor();
    if (manual) await capturar(page, "oficina-auditoria.png");
    await page.locator(".p-dropdown:has(#auditoria-usuario)").click();
    await page.locator(".p-dropdown-panel .p-dropdown-filter").fill("administrador");
    await page
      .locator(".p-dropdown-panel")
      .getByRole("option", { name: /^administrador \(/ })
      .click();
    await page.locator(".p-dropdown:has(#auditoria-accion)").click();
    await page.locator(".p-dropdown-panel").getByRole("option", { name: "Reasignación", exact: true }).click();
    await page.locator(".rfc-tarjeta tbody tr", { hasText: "Reasignación" }).first().waitFor();
    await mirar(page, "4-auditoria");
    if (manual) await capturar(page, "oficina-auditoria-filtros.png", true);
    await ctx.close();
  }

  // 4. A configuration list's export, as the configuration administrator.
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: "es-ES" });
  const page = await ctx.newPage();
  await login(page, server.url, "configuracion");
  await page.goto(`${server.url}/Configuracion/Usuarios`);
  await page.locator(".rfc-tarjeta tbody tr").first().waitFor();
  await page.getByLabel("Buscar").fill("analista");
  await page.getByRole("button", { name: "Exportar" }).click();
  await page.getByRole("menuitem", { name: "Excel (.xlsx)" }).waitFor();
  await capturar(page, "oficina-exportar-usuarios.png");
  await page.setViewportSize({ width: 390, height: 844 });
  await mirar(page, "5-usuarios-exportar");
} finally {
  await browser.close();
  await server.stop();
}
