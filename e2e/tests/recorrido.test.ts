/**
 * The screens walked again by each role: deactivating chosen officials, expiry shown wherever an
 * official's state is, what reviewers see of a resubmitted request, notices that clear themselves.
 * One server and one browser for the whole file; typing has no delay.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BandejaItem, type Funcionario, MSG } from "@registro/contracts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfMuestra } from "../../server/src/seed/archivos-muestra";
import { apiDemo } from "../support/api";
import { launchBrowser, login, newContext, screenshot } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

let server: AppServer;
let browser: Browser;
let dir: string;

const demo = apiDemo(() => server.url);
const apiGet = <T>(usuario: string, ruta: string) => demo.llamar<T>(usuario, ruta);
const esperar = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 20_000 });

async function paginaDe(usuario: string, ancho = 1366, alto = 900): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  await page.setViewportSize({ width: ancho, height: alto });
  await login(page, server.url, usuario);
  return page;
}

const funcionariosDe = (usuario: string, id: number) =>
  apiGet<Funcionario[]>(usuario, `api/Funcionarios/GetFuncionarioSolicitud/${id}`);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rf-recorrido-"));
  fs.writeFileSync(path.join(dir, "evidencia.pdf"), pdfMuestra("Evidencia de la inactivacion"));
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("expiry shown wherever an official's state is", () => {
  it("the originator's and the administrator's Funcionarios tabs read 'Vencida' and 'Por vencer'", async () => {
    const bandeja = await apiGet<BandejaItem[]>("originador", "api/SolicitudFirma/GetBandejaOriginador");
    let caso: { id: number; vencida: Funcionario; porVencer: Funcionario } | null = null;
    for (const s of bandeja.filter((i) => i.estatusSolitud === 106)) {
      const fs = await funcionariosDe("originador", s.idSolicitud);
      const vencida = fs.find((f) => f.vencida && f.idEstatus === 2);
      const porVencer = fs.find((f) => f.porVencer);
      if (vencida && porVencer) caso = { id: s.idSolicitud, vencida, porVencer };
    }
    if (!caso) throw new Error("no demo request of originador with an expired and an expiring official");
    const { id, vencida, porVencer } = caso;
    for (const [usuario, ruta] of [
      ["originador", `Originador/Detalles/${id}`],
      ["administrador", `AnalistaRyCC/Administrador/Detalles/${id}`],
    ]) {
      const page = await paginaDe(usuario);
      await page.goto(`${server.url}/${ruta}`);
      await page.getByRole("tab", { name: "Funcionarios" }).click();
      const fila = (f: Funcionario) => page.getByRole("row").filter({ hasText: f.cedula });
      await esperar(() => fila(vencida).textContent()).toContain("Vencida");
      expect(await fila(vencida).textContent()).toContain("Activo");
      expect(await fila(porVencer).textContent()).toContain("Por vencer");
      if (usuario === "originador") await screenshot(page, "recorrido-funcionarios-vencimiento");
      await page.context().close();
    }
  });
});

describe("reviewers see what changed", () => {
  it("the analyst reads the history with the return's observations and what the institution changed", async () => {
    const bandeja = await apiGet<BandejaItem[]>("analista", "api/SolicitudFirma/GetBandejaAnalista");
    let id: number | null = null;
    for (const s of bandeja) {
      const h = await apiGet<{ idEstatus: number }[]>("analista", `api/SolicitudFirma/Historico/${s.idSolicitud}`);
      if (h.some((e) => e.idEstatus === 108)) id = s.idSolicitud;
    }
    if (id === null) throw new Error("no resubmitted demo request in the analyst's inbox");
    const page = await paginaDe("analista");
    // The request's own answer arrives after its changes (as on a slow or busy server): the
    // Cambios tab must still show (it once stayed hidden in that order).
    await page.route(new RegExp(`/api/SolicitudFirma/${id}$`), async (ruta) => {
      await new Promise((listo) => setTimeout(listo, 1000));
      await ruta.continue();
    });
    await page.goto(`${server.url}/AnalistaRyCC/Analista/Detalles/${id}`);
    await page.getByRole("tab", { name: "Cambios" }).click({ timeout: 10_000 });
    const datos = page.getByRole("list", { name: "Datos de la solicitud cambiados" });
    await esperar(() => datos.textContent()).toContain("Teléfono del incumbente");
    expect(await page.getByRole("list", { name: "Documentos cambiados" }).textContent()).toContain("Oficio");
    await screenshot(page, "recorrido-analista-cambios");
    await page.getByRole("tab", { name: "Historial de estatus" }).click();
    const tabla = page.getByRole("table", { name: "Historial de estatus" });
    await esperar(() => tabla.textContent()).toContain("Observaciones:");
    expect(await tabla.textContent()).toContain("Retornado por Analista RyCC");
    await page.context().close();
  });

  it("the administrator's final approval shows the history too", async () => {
    const bandeja = await apiGet<BandejaItem[]>("administrador", "api/SolicitudFirma/GetBandejaAdministradorRCC");
    const pendiente = bandeja.find((s) => s.estatusSolitud === 105);
    if (!pendiente) throw new Error("no demo request waiting for the administrator");
    const page = await paginaDe("administrador");
    await page.goto(`${server.url}/AnalistaRyCC/Administrador/Detalles/${pendiente.idSolicitud}`);
    await page.getByRole("tab", { name: "Historial de estatus" }).click();
    const tabla = page.getByRole("table", { name: "Historial de estatus" });
    await esperar(() => tabla.textContent()).toContain("Aprobado por Jurídico");
    await page.context().close();
  });
});

describe("notices that clear themselves", () => {
  it("a returned request's notice leads to a banner and its observations, and opening it marks it read", async () => {
    const bandeja = await apiGet<BandejaItem[]>("analista", "api/SolicitudFirma/GetBandejaAnalista");
    const propia = await apiGet<BandejaItem[]>("originador", "api/SolicitudFirma/GetBandejaOriginador");
    const delOriginador = new Set(propia.map((s) => s.idSolicitud));
    const libre = bandeja.find(
      (s) => s.estatusSolitud === 101 && s.asignadoA === null && delOriginador.has(s.idSolicitud),
    );
    if (!libre) throw new Error("no free request of originador's institution in the analyst's inbox");
    const id = libre.idSolicitud;
    await demo.llamar("analista", `api/SolicitudFirma/AssignProcess/${id}`, "POST");
    const r = await fetch(`${server.url}/api/SolicitudFirma/Retornar/${id}`, {
      method: "POST",
      headers: { Authorization: await demo.token("analista"), "content-type": "application/json" },
      body: JSON.stringify({ Comentario: "La tarjeta de firmas no es legible.", MotivoCambioEstatus: [1] }),
    });
    expect(await r.json()).toMatchObject({ success: true });

    const page = await paginaDe("originador");
    const campana = page.getByRole("button", { name: /^Avisos:/ });
    await esperar(() => campana.getAttribute("aria-label")).toMatch(/\d+ sin leer$/);
    const antes = Number((await campana.getAttribute("aria-label"))?.match(/\d+/)?.[0]);
    await campana.click();
    const panel = page.getByRole("dialog", { name: "Avisos" });
    await panel.getByRole("button", { name: "No leídos", exact: true }).click();
    const aviso = panel.getByRole("link").filter({ hasText: `n.º ${id}` });
    await esperar(() => aviso.count()).toBeGreaterThan(0);
    await screenshot(page, "recorrido-avisos-no-leidos");
    await aviso.first().click();
    await page.waitForURL(new RegExp(`/Originador/Detalles/${id}$`));

    // The banner leads to the observations; with the keyboard alone.
    const ver = page.getByRole("button", { name: "Ver las observaciones" });
    await esperar(() => ver.isVisible()).toBe(true);
    await ver.focus();
    await page.keyboard.press("Enter");
    const tab = page.getByRole("tab", { name: "Observaciones" });
    await esperar(() => tab.getAttribute("aria-selected")).toBe("true");
    await esperar(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Observaciones");
    await esperar(() => page.getByText("La tarjeta de firmas no es legible.").isVisible()).toBe(true);
    await screenshot(page, "recorrido-retornada-observaciones");

    // Every notice about this request is read now; the bell counts one less at least.
    await esperar(async () => Number((await campana.getAttribute("aria-label"))?.match(/\d+/)?.[0] ?? 0)).toBeLessThan(
      antes,
    );
    await campana.click();
    await panel.getByRole("button", { name: "Leídos", exact: true }).click();
    await esperar(() =>
      panel
        .getByRole("link")
        .filter({ hasText: `n.º ${id}` })
        .count(),
    ).toBeGreaterThan(0);
    await panel.getByRole("button", { name: "No leídos", exact: true }).click();
    await esperar(() =>
      panel
        .getByRole("link")
        .filter({ hasText: `n.º ${id}` })
        .count(),
    ).toBe(0);
    await page.context().close();
  });
});

describe("renewing one official", () => {
  it("the originator renews one of two officials; the draft holds only it, its dates from today", async () => {
    const bandeja = await apiGet<BandejaItem[]>("originador", "api/SolicitudFirma/GetBandejaOriginador");
    let caso: { id: number; activos: Funcionario[] } | null = null;
    for (const s of bandeja.filter((i) => i.estatusSolitud === 106)) {
      const activos = (await funcionariosDe("originador", s.idSolicitud)).filter((f) => f.idEstatus === 2);
      if (activos.length >= 2) caso = { id: s.idSolicitud, activos };
    }
    if (!caso) throw new Error("no active demo request with two active officials");
    const [queda, otro] = caso.activos;
    const page = await paginaDe("originador");
    await page.goto(`${server.url}/Originador/Detalles/${caso.id}`);
    await page.getByRole("button", { name: "Renovar" }).click();
    const d = page.getByRole("dialog", { name: "Renovar firmas" });
    await d.getByLabel(new RegExp(`^${otro.nombres} ${otro.apellidos} \\(`)).uncheck();
    await screenshot(page, "recorrido-renovar-uno");
    await d.getByRole("button", { name: "Renovar" }).click();
    const pregunta = page.getByRole("dialog", { name: "Renovar solicitud" });
    await esperar(() => pregunta.textContent()).toContain(`${queda.nombres} ${queda.apellidos}`);
    await pregunta.getByRole("button", { name: "Sí" }).click();
    await page.waitForURL((u) => /\/Originador\/Formulario\/\d+$/.test(u.pathname));
    const nueva = Number(/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    const copiados = await funcionariosDe("originador", nueva);
    expect(copiados.map((f) => f.cedula)).toEqual([queda.cedula]);
    if (copiados[0].firmaVigencia) expect(copiados[0].fechaHasta! >= copiados[0].fechaDesde!).toBe(true);
    await page.context().close();
  });
});

// Last: it ends an official of the only active demo request with two, which the tests above read.
describe("deactivating one official", () => {
  it("the institution chooses one official and confirms it by name; the administrator ends only that one", async () => {
    const bandeja = await apiGet<BandejaItem[]>("originador", "api/SolicitudFirma/GetBandejaOriginador");
    let elegida: { id: number; activos: Funcionario[] } | null = null;
    for (const s of bandeja.filter((i) => i.estatusSolitud === 106)) {
      const activos = (await funcionariosDe("originador", s.idSolicitud)).filter((f) => f.idEstatus === 2);
      if (activos.length >= 2) {
        elegida = { id: s.idSolicitud, activos };
        break;
      }
    }
    if (!elegida) throw new Error("no active demo request with two active officials");
    const [uno, otro] = elegida.activos;
    const nombre = `${uno.nombres} ${uno.apellidos}`;

    const page = await paginaDe("originador");
    await page.goto(`${server.url}/Originador/Detalles/${elegida.id}`);
    await page.getByRole("button", { name: "Inactivar Firma" }).click();
    const d = page.getByRole("dialog", { name: "Solicitud de inactivación de firma" });
    await esperar(() => d.isVisible()).toBe(true);
    await d.getByText("Solo los funcionarios que elija").click();
    await d.getByRole("button", { name: "Guardar" }).click();
    await esperar(() => d.getByText(MSG.funcionariosInactivarRequeridos).isVisible()).toBe(true);
    await d.getByLabel(new RegExp(`^${nombre} \\(${uno.cedula}\\)`)).check();
    await d.getByLabel("Evidencia").setInputFiles(path.join(dir, "evidencia.pdf"));
    await d.getByLabel("Justificación").pressSequentially("Trasladado a otra institución.");
    await screenshot(page, "recorrido-inactivar-elegidos");
    await d.getByRole("button", { name: "Guardar" }).click();
    const pregunta = page.getByRole("dialog", { name: "Solicitar inactivación" });
    await esperar(() => pregunta.textContent()).toContain(MSG.confirmarSolicitarInactivacionFuncionarios([nombre]));
    await screenshot(page, "recorrido-inactivar-elegidos-confirmacion");
    await pregunta.getByRole("button", { name: "Sí" }).click();
    await esperar(() => d.isVisible()).toBe(false);
    await page.context().close();

    // The administrator reads which official the request concerns and approves it for that one only.
    const admin = await paginaDe("administrador");
    await admin.goto(`${server.url}/AnalistaRyCC/Administrador/Detalles/${elegida.id}`);
    await admin.getByRole("tab", { name: "Inactiva" }).click();
    const lista = admin.getByRole("list", { name: "Funcionarios a inactivar" });
    await esperar(() => lista.textContent()).toContain(nombre);
    expect(await lista.textContent()).not.toContain(`${otro.nombres} ${otro.apellidos}`);
    await admin.getByRole("tab", { name: "Funcionarios" }).click();
    await esperar(() => admin.getByText("Inactivación solicitada").count()).toBe(1);
    await admin.getByRole("button", { name: "Inactivar", exact: true }).click();
    const confirmacion = admin.getByRole("dialog", { name: "Inactivar firma" });
    await esperar(() => confirmacion.textContent()).toContain(MSG.confirmarInactivarFuncionarios([nombre]));
    await confirmacion.getByRole("button", { name: "Sí" }).click();
    await esperar(async () =>
      (await funcionariosDe("administrador", elegida.id)).map((f) => [f.idFuncionario, f.idEstatus]),
    ).toEqual(
      expect.arrayContaining([
        [uno.idFuncionario, 3],
        [otro.idFuncionario, 2],
      ]),
    );
    const s = await apiGet<{ estatusSolitud: number }>("administrador", `api/SolicitudFirma/${elegida.id}`);
    expect(s.estatusSolitud).toBe(106);
    await admin.context().close();
  });
});
