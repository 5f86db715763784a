/**
 * Screenshots of the comptroller's screens for the user manual (docs/manual/screens/revision-*.png):
 * the analyst's, legal's, the administrator's, tracking's and the consultant's inboxes, details and
 * dialogs. Real app, fresh demo data, Debian's chromium. Dialogs are opened and cancelled; the only
 * change made is one analyst taking one request, to show the decisions enabled.
 *
 *   npm run build -w web && cd e2e && npx tsx manual/capturas-revision.ts
 */
import fs from "node:fs";
import path from "node:path";
import type { BandejaItem, UserData } from "@registro/contracts";
import type { Browser, Page } from "playwright-core";
import { DEMO_PASSWORD, launchBrowser, login } from "../support/browser";
import { startServer } from "../support/server";
import { SCREENS, VIEWPORT } from "./comun";

async function nuevaPagina(browser: Browser, usuario: string, base: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport: VIEWPORT, locale: "es-ES" });
  const page = await ctx.newPage();
  await login(page, base, usuario);
  return page;
}

async function guardar(page: Page, nombre: string, completa = false) {
  // Let toasts, spinners and transitions finish so the picture shows the screen at rest.
  await page.waitForTimeout(1800);
  const file = path.join(SCREENS, `revision-${nombre}.png`);
  await page.screenshot({ path: file, fullPage: completa });
  console.log(`  ${path.relative(process.cwd(), file)}`);
}

async function token(base: string, usuario: string): Promise<string> {
  const res = await fetch(`${base}/api/Account/LogIn`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ userName: usuario, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** Every request sent, as the administrator's inbox lists them. */
async function solicitudes(base: string): Promise<BandejaItem[]> {
  const res = await fetch(`${base}/api/SolicitudFirma/GetBandejaAdministradorRCC`, {
    headers: { Authorization: await token(base, "administrador") },
  });
  if (!res.ok) throw new Error(`GetBandejaAdministradorRCC: HTTP ${res.status}`);
  return (await res.json()) as BandejaItem[];
}

async function esperarTabla(page: Page) {
  await page.locator(".rf-bandeja tbody tr").first().waitFor();
  await page.locator(".p-datatable-loading-overlay").waitFor({ state: "detached" });
}

async function abrirDetalle(page: Page, url: string) {
  await page.goto(url);
  await page.locator(".rf-encabezado").waitFor();
}

fs.mkdirSync(SCREENS, { recursive: true });
const server = await startServer({ LOGIN_RATE_LIMIT: "1000" });
const browser = await launchBrowser();
try {
  const base = server.url;
  const todas = await solicitudes(base);
  const primera = (estatus: number, libre = false) => {
    const s = todas.find((x) => x.estatusSolitud === estatus && (!libre || x.asignadoA === null));
    if (!s) throw new Error(`No demo request in status ${estatus}`);
    return s.idSolicitud;
  };
  console.log("Capturas de revisión:");

  // Analyst: inbox, a free request, taking it, reading it, deciding.
  let page = await nuevaPagina(browser, "analista", base);
  await page.goto(`${base}/AnalistaRyCC/Analista`);
  await esperarTabla(page);
  await guardar(page, "analista-bandeja");
  const libre = primera(101, true);
  await abrirDetalle(page, `${base}/AnalistaRyCC/Analista/Detalles/${libre}`);
  await guardar(page, "analista-detalle", true);
  await page.getByRole("button", { name: "Auto-Asignar" }).click();
  await page.getByText("¿Está seguro de que desea asignarse esta solicitud?").waitFor();
  await guardar(page, "auto-asignar");
  await page.getByRole("button", { name: "Sí" }).click();
  await page.getByRole("button", { name: "Auto-Asignar" }).waitFor({ state: "detached" });
  await page.getByRole("tab", { name: "Documentos" }).click();
  await page.getByRole("table", { name: "Documentos de la solicitud" }).getByRole("button").first().waitFor();
  await guardar(page, "documentos");
  await page.getByRole("table", { name: "Documentos de la solicitud" }).getByRole("button").first().click();
  const visor = page.getByRole("dialog");
  await visor.locator("iframe, img").first().waitFor();
  await guardar(page, "visor");
  await visor.getByRole("button", { name: "Cerrar" }).last().click();
  await visor.waitFor({ state: "detached" });
  await page.getByRole("tab", { name: "Funcionarios" }).click();
  await page
    .getByRole("button", { name: /^Ver detalles de / })
    .first()
    .click();
  const detalles = page.getByRole("dialog", { name: "Detalles" });
  await detalles.getByRole("tab", { name: "Firmas" }).click();
  await detalles.locator(".p-panel").first().waitFor();
  await guardar(page, "funcionario-detalles");
  await detalles.getByRole("button", { name: "Cerrar" }).last().click();
  await page.getByRole("button", { name: "Aprobar", exact: true }).click();
  await page.getByText("¿Está seguro de que desea aprobar esta solicitud?").waitFor();
  await guardar(page, "aprobar");
  await page.getByRole("button", { name: "No", exact: true }).click();
  await page.getByRole("button", { name: "Más decisiones" }).click();
  await page.getByRole("menuitem", { name: "Retornar" }).click();
  const retornar = page.getByRole("dialog", { name: "Retornar solicitud" });
  await retornar.locator(".p-multiselect").click();
  const opciones = page.locator(".p-multiselect-panel").getByRole("option");
  await opciones.nth(0).click();
  await opciones.nth(1).click();
  await retornar.locator(".p-dialog-title").click();
  await retornar.getByLabel("Comentario").fill("La tarjeta de firmas no trae la firma del segundo funcionario.");
  await guardar(page, "retornar");
  await retornar.getByRole("button", { name: "Cancelar" }).click();
  await page.context().close();

  // Legal: inbox, the split menu, the administrator's observations, the history.
  page = await nuevaPagina(browser, "juridico", base);
  await page.goto(`${base}/Juridico/AnalistaLegal`);
  await esperarTabla(page);
  await guardar(page, "juridico-bandeja");
  const yo = await fetch(`${base}/api/Account/GetUserData`, {
    headers: { Authorization: await token(base, "juridico") },
  });
  const idJuridico = ((await yo.json()) as UserData).usuario.idUsuario;
  const deOtro = todas.find(
    (x) => [102, 103].includes(x.estatusSolitud) && x.idAsignadoA !== null && x.idAsignadoA !== idJuridico,
  );
  if (!deOtro) throw new Error("No demo request held by another legal analyst");
  await abrirDetalle(page, `${base}/Juridico/AnalistaLegal/Detalles/${primera(103)}`);
  await page.getByRole("tab", { name: "Observaciones" }).click();
  await page.getByRole("heading", { name: "Justificación" }).waitFor();
  await guardar(page, "juridico-observaciones", true);
  await abrirDetalle(page, `${base}/Juridico/AnalistaLegal/Detalles/${deOtro.idSolicitud}`);
  await page.getByText("Solo quien la tiene asignada").waitFor();
  await guardar(page, "juridico-asignada-a-otro");
  await page.goto(`${base}/Juridico/Historico`);
  await esperarTabla(page);
  await guardar(page, "historico");
  await page.context().close();

  // Administrator: inbox, approval, deactivation, reactivation, removing an official.
  page = await nuevaPagina(browser, "administrador", base);
  await page.goto(`${base}/AnalistaRyCC/Administrador`);
  await esperarTabla(page);
  await guardar(page, "administrador-bandeja");
  await abrirDetalle(page, `${base}/AnalistaRyCC/Administrador/Detalles/${primera(105)}`);
  await guardar(page, "administrador-detalle");
  await abrirDetalle(page, `${base}/AnalistaRyCC/Administrador/Detalles/${primera(106)}`);
  await page.getByRole("button", { name: "Inactivar" }).click();
  await page.getByText("Está seguro de que desea inactivar esta firma?").waitFor();
  await guardar(page, "administrador-inactivar");
  await page.keyboard.press("Escape");
  await page.getByText("Está seguro de que desea inactivar esta firma?").waitFor({ state: "hidden" });
  await page.getByRole("tab", { name: "Funcionarios" }).click();
  await page
    .getByRole("button", { name: /^Eliminar a / })
    .first()
    .waitFor();
  await guardar(page, "administrador-funcionarios", true);
  await abrirDetalle(page, `${base}/AnalistaRyCC/Administrador/Detalles/${primera(203)}`);
  await page.getByRole("tab", { name: "Inactiva" }).click();
  await page.getByRole("heading", { name: "Evidencia" }).waitFor();
  await guardar(page, "administrador-inactiva", true);

  // Tracking: every request sent, with its status history.
  await page.goto(`${base}/AnalistaRyCC/Seguimiento`);
  await esperarTabla(page);
  await guardar(page, "seguimiento-bandeja");
  const conHistoria = todas.find((x) => x.estatusSolitud === 201) ?? todas[0];
  await abrirDetalle(page, `${base}/AnalistaRyCC/Seguimiento/Detalles/${conHistoria.idSolicitud}`);
  await page.getByRole("tab", { name: "Historial de estatus" }).click();
  await page.getByRole("table", { name: "Historial de estatus" }).locator("tbody tr").first().waitFor();
  await guardar(page, "seguimiento-detalle", true);
  await page.context().close();

  // Consultant: the registry by institution, and one signature's detail.
  page = await nuevaPagina(browser, "consultor", base);
  await page.goto(`${base}/Consultar`);
  await esperarTabla(page);
  // The manual's caption: the inbox filtered by one institution.
  await page.locator('.p-dropdown:has(input[id$="-institucion"])').click();
  await page.locator(".p-dropdown-panel").getByRole("option", { name: "Ayuntamiento de Santiago" }).click();
  await page.locator(".p-dropdown-panel").waitFor({ state: "detached" });
  await esperarTabla(page);
  await guardar(page, "consulta-bandeja");
  await abrirDetalle(page, `${base}/Consultar/Detalles/${primera(106)}`);
  await page.getByRole("tab", { name: "Funcionarios" }).click();
  await page.getByRole("columnheader", { name: "Estado de la firma" }).waitFor();
  await guardar(page, "consulta-detalle", true);
  await page.context().close();
} finally {
  await browser.close();
  await server.stop();
}
