/**
 * The comptroller's review in the browser: the analyst takes and approves a request, legal
 * returns one with two reasons and approves the first, the administrator approves it, inactivates
 * another and reactivates it and removes an official, the consultant finds an active request by
 * institution, and tracking shows the first request's full history. Each step is checked on screen
 * and then through the API. Screens are read by role and label, as a clerk reads them.
 */
import {
  type BandejaItem,
  type Funcionario,
  type HistoricoEntrada,
  MSG,
  type Rechazo,
  type Solicitud,
  textoEstatus,
  type UserData,
} from "@registro/contracts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiDemo } from "../support/api";
import { launchBrowser, login, newContext, screenshot } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

let server: AppServer;
let browser: Browser;

const demo = apiDemo(() => server.url);
const apiGet = <T>(usuario: string, path: string) => demo.llamar<T>(usuario, path);

const solicitud = (id: number) => apiGet<Solicitud>("administrador", `api/SolicitudFirma/${id}`);

async function como(usuario: string): Promise<Page> {
  const ctx = await newContext(browser);
  const page = await ctx.newPage();
  await login(page, server.url, usuario);
  return page;
}

async function esperarToast(page: Page, texto: string | RegExp) {
  await page.locator(".p-toast-detail", { hasText: texto }).first().waitFor({ state: "visible" });
}

/** Waits for the inbox to have loaded its rows (or its empty message). */
async function esperarTabla(page: Page) {
  await page.locator(".rf-bandeja tbody tr").first().waitFor();
  await page.locator(".rf-bandeja .p-datatable-loading-overlay").waitFor({ state: "detached" });
}

/** Opens the first row of the inbox whose text matches, and returns its request id. */
async function abrirFila(page: Page, texto: string | RegExp): Promise<number> {
  await esperarTabla(page);
  const fila = page.locator(".rf-bandeja tbody tr", { hasText: texto }).first();
  await fila.getByRole("button", { name: "Ver detalles" }).click();
  await page.waitForURL(/\/Detalles\/\d+$/);
  await page.getByRole("heading", { level: 1 }).waitFor();
  return Number(/\/Detalles\/(\d+)$/.exec(page.url())![1]);
}

/** An unassigned request of the analyst's inbox, sent (101), that legal never returned (no 204). */
async function primeraSinRetornoLegal(): Promise<number> {
  const pagina = await apiGet<{ rows: { idSolicitud: number; estatusSolitud: number; asignadoA: string | null }[] }>(
    "analista",
    "api/SolicitudFirma/GetBandejaAnalista?page=0&rows=100",
  );
  for (const r of pagina.rows.filter((x) => x.estatusSolitud === 101 && x.asignadoA === null)) {
    const historico = await apiGet<HistoricoEntrada[]>("analista", `api/SolicitudFirma/Historico/${r.idSolicitud}`);
    if (!historico.some((h) => h.idEstatus === 204)) return r.idSolicitud;
  }
  throw new Error("No hay una solicitud enviada sin retorno de Jurídico en la bandeja del analista");
}

/** The distinct texts of the matching cells, once the table has settled. */
async function textosDe(page: Page, selector: string): Promise<Set<string>> {
  if ((await page.locator(".rf-bandeja .p-datatable-loading-overlay").count()) > 0) return new Set();
  return new Set((await page.locator(selector).allTextContents()).map((t) => t.trim()));
}

async function elegirEnDropdown(page: Page, etiqueta: string, opcion: string) {
  await page.locator(".rf-bandeja-filtro", { hasText: etiqueta }).locator(".p-dropdown").click();
  await page.getByRole("option", { name: opcion, exact: true }).click();
}

/** The request approved by the analyst in the first test and followed to the end. */
let idAprobada = 0;

beforeAll(async () => {
  // Every step signs a user in; keep the per-address sign-in limit out of the way.
  server = await startServer({ LOGIN_RATE_LIMIT: "500" });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("Analista de Revisión", () => {
  it("takes a request with Auto-Asignar, reads it and approves it", async () => {
    const page = await como("analista");
    await page.goto(`${server.url}/AnalistaRyCC/Analista`);
    await page.getByRole("heading", { name: "Solicitudes de Firma" }).waitFor();
    await esperarTabla(page);
    for (const col of [
      "Institución",
      "Cédula Incumbente",
      "Nombre Incumbente",
      "Cant. Funcionarios",
      "Estatus",
      "Fecha",
    ]) {
      await page.getByRole("columnheader", { name: col }).first().waitFor();
    }
    await screenshot(page, "revision-analista-bandeja");

    // Only unassigned requests read 'Pendiente'. One sent for the first time (legal never returned
    // it): approved, it goes to the legal pool unassigned; one legal returned goes back to whoever
    // returned it (server/test/solicitudes/devolucion-titular.test.ts).
    const id = await primeraSinRetornoLegal();
    expect(await page.locator(".rf-bandeja tbody tr", { hasText: "Pendiente" }).count()).toBeGreaterThan(0);
    await page.goto(`${server.url}/AnalistaRyCC/Analista/Detalles/${id}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect((await solicitud(id)).idAsignadoA).toBeNull();
    await page.getByRole("heading", { name: "Detalles de la solicitud" }).waitFor();
    // The detail reads the status as the inbox row did (one wording per request).
    const estatus = page.locator(".rf-encabezado-estatus");
    await expect.poll(() => estatus.textContent()).toMatch(/Pendiente/);
    const aprobar = page.getByRole("button", { name: "Aprobar", exact: true });
    expect(await aprobar.isDisabled()).toBe(true);
    await page.getByText("primero asígnesela con Auto-Asignar").waitFor();

    await page.getByRole("button", { name: "Auto-Asignar" }).click();
    await page.getByText("¿Está seguro de que desea asignarse esta solicitud?").waitFor();
    await page.getByRole("button", { name: "Sí" }).click();
    await esperarToast(page, MSG.asignadoExitoso);
    await page.getByRole("button", { name: "Auto-Asignar" }).waitFor({ state: "detached" });
    expect(await aprobar.isEnabled()).toBe(true);
    await expect.poll(() => estatus.textContent()).toMatch(/Revisión/);
    expect(await estatus.textContent()).not.toMatch(/Enviado/);
    const asignada = await solicitud(id);
    expect(asignada.asignadoA).toMatch(/\S/);
    expect(asignada.idAsignadoA).not.toBeNull();

    // Documents open in the viewer.
    await page.getByRole("tab", { name: "Documentos" }).click();
    const docs = page.getByRole("table", { name: "Documentos de la solicitud" });
    await docs.getByRole("button", { name: /^Ver / }).first().click();
    const visor = page.getByRole("dialog");
    await visor.locator("iframe, img").first().waitFor();
    await visor.getByRole("button", { name: "Cerrar" }).last().click();
    await visor.waitFor({ state: "detached" });

    // Officials with their detail dialog and signatures.
    await page.getByRole("tab", { name: "Funcionarios" }).click();
    const tabla = page.getByRole("table", { name: "Funcionarios de la solicitud" });
    await tabla.getByRole("columnheader", { name: "Estatus" }).waitFor();
    await tabla
      .getByRole("button", { name: /^Ver detalles de / })
      .first()
      .click();
    const detalles = page.getByRole("dialog", { name: "Detalles" });
    await detalles.getByText("Tipo de firma").waitFor();
    await detalles.getByRole("tab", { name: "Firmas" }).click();
    await detalles.locator(".p-panel").first().waitFor();
    await screenshot(page, "revision-funcionario-detalles");
    await detalles.getByRole("button", { name: "Cerrar" }).last().click();
    await detalles.waitFor({ state: "detached" });

    await screenshot(page, "revision-analista-detalle");

    // One title pattern (the decision's name), Sí/No, and an optional comment the history keeps.
    await aprobar.click();
    const dialogo = page.getByRole("dialog", { name: "Aprobar solicitud" });
    await dialogo.getByText("¿Está seguro de que desea aprobar esta solicitud?").waitFor();
    await dialogo.getByLabel("Comentario (opcional)").fill("Documentos conformes.");
    await screenshot(page, "revision-aprobar-dialogo");
    await dialogo.getByRole("button", { name: "Sí", exact: true }).click();
    await esperarToast(page, MSG.aprobadoExitoso);
    await page.waitForURL(/\/AnalistaRyCC\/Analista$/);
    await esperarTabla(page);

    const aprobada = await solicitud(id);
    expect(aprobada.estatusSolitud).toBe(102);
    expect(aprobada.asignadoA).toBeNull();
    const historico = await apiGet<HistoricoEntrada[]>("analista", `api/SolicitudFirma/Historico/${id}`);
    expect(historico.at(-1)).toMatchObject({ idEstatus: 102, motivoCambioEstatus: "Documentos conformes." });
    idAprobada = id;
    await page.context().close();
  });
});

describe("Analista de Revisión, refusals", () => {
  it("cannot take a request another analyst holds: the server names who holds it and nothing changes", async () => {
    const yo = await apiGet<UserData>("analista", "api/Account/GetUserData");
    const pagina = await apiGet<{ rows: BandejaItem[] }>(
      "analista",
      "api/SolicitudFirma/GetBandejaAnalista?page=0&rows=100",
    );
    const ajena = pagina.rows.find((r) => r.idAsignadoA !== null && r.idAsignadoA !== yo.usuario.idUsuario);
    expect(ajena).toBeDefined();
    const antes = await solicitud(ajena!.idSolicitud);

    const page = await como("analista");
    await page.goto(`${server.url}/AnalistaRyCC/Analista/Detalles/${ajena!.idSolicitud}`);
    await page.getByText(`La solicitud está asignada a ${antes.asignadoA}.`).waitFor();
    expect(await page.getByRole("button", { name: "Aprobar", exact: true }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Auto-Asignar" }).click();
    await page.getByRole("button", { name: "Sí" }).click();
    await esperarToast(page, MSG.asignadaA(antes.asignadoA!));
    await page.getByRole("dialog").waitFor({ state: "detached" });

    const despues = await solicitud(ajena!.idSolicitud);
    expect(despues).toEqual(antes);
    await page.context().close();
  });
});

describe("Analista Legal", () => {
  it("returns a request with two reasons and a comment", async () => {
    const page = await como("juridico");
    await page.goto(`${server.url}/Juridico/AnalistaLegal`);
    await page.getByRole("heading", { name: "Solicitudes de Firma" }).waitFor();
    await esperarTabla(page);
    await screenshot(page, "revision-juridico-bandeja");

    // Any unassigned request other than the one followed to the end.
    const id = await abrirOtra(page, idAprobada);

    await page.getByRole("button", { name: "Auto-Asignar" }).click();
    await page.getByRole("button", { name: "Sí" }).click();
    await page.getByRole("button", { name: "Auto-Asignar" }).waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Más decisiones" }).click();
    await page.getByRole("menuitem", { name: "Retornar" }).click();
    const dialogo = page.getByRole("dialog", { name: "Retornar solicitud" });
    await dialogo.waitFor();

    // Both fields are required.
    await dialogo.getByRole("button", { name: "Guardar" }).click();
    await dialogo.getByText("Debe seleccionar al menos una observación.").waitFor();
    await dialogo.getByText("Debe escribir un comentario.").waitFor();

    await dialogo.locator(".p-multiselect").click();
    const opciones = page.locator(".p-multiselect-panel").getByRole("option");
    await opciones.first().waitFor();
    const nombres = [await opciones.nth(0).textContent(), await opciones.nth(1).textContent()].map((s) =>
      (s ?? "").trim(),
    );
    await opciones.nth(0).click();
    await opciones.nth(1).click();
    // Close the list by clicking outside it.
    await dialogo.locator(".p-dialog-title").click();
    await opciones.first().waitFor({ state: "detached" });
    await dialogo.getByLabel("Comentario").fill("Faltan firmas en la tarjeta y la cédula no es legible.");
    await screenshot(page, "revision-retornar");
    await dialogo.getByRole("button", { name: "Guardar" }).click();
    await esperarToast(page, MSG.retornadoExitoso);
    await page.waitForURL(/\/Juridico\/AnalistaLegal$/);

    const retornada = await solicitud(id);
    expect(retornada.estatusSolitud).toBe(204);
    expect(retornada.asignadoA).toBeNull();
    const rechazos = await apiGet<Rechazo[]>("juridico", `api/SolicitudFirma/GetRechazos/${id}`);
    expect(rechazos.map((r) => r.nombre).sort()).toEqual([...nombres].sort());
    expect(rechazos.every((r) => r.motivoCambioEstatus.includes("cédula no es legible"))).toBe(true);
    await page.context().close();
  });

  it("approves the request the analyst approved", async () => {
    const page = await como("juridico");
    await page.goto(`${server.url}/Juridico/AnalistaLegal/Detalles/${idAprobada}`);
    await page.getByRole("button", { name: "Auto-Asignar" }).click();
    await page.getByRole("button", { name: "Sí" }).click();
    await page.getByRole("button", { name: "Auto-Asignar" }).waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Más decisiones" }).click();
    await page.getByRole("menuitem", { name: "Rechazar" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Aprobar", exact: true }).click();
    await page.getByText("¿Está seguro de que desea aprobar esta solicitud?").waitFor();
    await page.getByRole("button", { name: "Sí", exact: true }).click();
    await page.waitForURL(/\/Juridico\/AnalistaLegal$/);
    expect((await solicitud(idAprobada)).estatusSolitud).toBe(105);
    await page.context().close();
  });

  it("shows the administrator's observations on a request sent back to legal (103)", async () => {
    const page = await como("juridico");
    await page.goto(`${server.url}/Juridico/AnalistaLegal`);
    await elegirPrimeraCon(page, 103);
    await page.getByRole("tab", { name: "Observaciones" }).click();
    await page.getByRole("heading", { name: "Justificación" }).waitFor();
    await screenshot(page, "revision-juridico-observaciones");
    await page.context().close();
  });

  it("keeps a numbered history of what legal decided", async () => {
    const page = await como("juridico");
    await page.goto(`${server.url}/Juridico/Historico`);
    await esperarTabla(page);
    await page.getByRole("columnheader", { name: "#" }).waitFor();
    await elegirEnDropdown(page, "Estatus", "Retornado por Jurídico");
    await page.waitForURL(/estatus=204/);
    await expect.poll(() => textosDe(page, ".rf-bandeja tbody tr .p-tag")).toEqual(new Set(["Retornado por Jurídico"]));
    expect(await page.locator(".rf-bandeja tbody tr td").first().textContent()).toBe("1");
    await screenshot(page, "revision-historico");
    await page.context().close();
  });

  it("reads an active request as 'Activa' in the legal history's detail, as its row does", async () => {
    const pagina = await apiGet<{ rows: { idSolicitud: number; estatusSolitud: number }[] }>(
      "juridico",
      "api/SolicitudFirma/GetHistorico?page=0&rows=100",
    );
    const activa = pagina.rows.find((r) => r.estatusSolitud === 106);
    expect(activa).toBeDefined();
    const page = await como("juridico");
    await page.goto(`${server.url}/Juridico/Historico/Detalles/${activa!.idSolicitud}`);
    const estatus = page.locator(".rf-encabezado-estatus .p-tag");
    await expect.poll(() => estatus.textContent()).toBe("Activa");
    await page.context().close();
  });
});

/** Opens an unassigned request of the legal inbox other than `excluir`. */
async function abrirOtra(page: Page, excluir: number): Promise<number> {
  const pagina = await apiGet<{ rows: { idSolicitud: number; asignadoA: string | null }[] }>(
    "juridico",
    "api/SolicitudFirma/GetBandejaJuridico?page=0&rows=100",
  );
  const libre = pagina.rows.find((r) => r.asignadoA === null && r.idSolicitud !== excluir);
  expect(libre).toBeDefined();
  await page.goto(`${server.url}/Juridico/AnalistaLegal/Detalles/${libre!.idSolicitud}`);
  await page.getByRole("heading", { name: "Detalles de la solicitud" }).waitFor();
  return libre!.idSolicitud;
}

/** Opens the first request of the legal inbox in status `estatus`. */
async function elegirPrimeraCon(page: Page, estatus: number): Promise<number> {
  const pagina = await apiGet<{ rows: { idSolicitud: number; estatusSolitud: number }[] }>(
    "juridico",
    "api/SolicitudFirma/GetBandejaJuridico?page=0&rows=100",
  );
  const fila = pagina.rows.find((r) => r.estatusSolitud === estatus);
  expect(fila).toBeDefined();
  await page.goto(`${server.url}/Juridico/AnalistaLegal/Detalles/${fila!.idSolicitud}`);
  await page.getByRole("heading", { name: "Detalles de la solicitud" }).waitFor();
  return fila!.idSolicitud;
}

describe("Administrador RyCC", () => {
  it("approves the request legal approved", async () => {
    const page = await como("administrador");
    await page.goto(`${server.url}/AnalistaRyCC/Administrador`);
    await esperarTabla(page);
    await elegirEnDropdown(page, "Estatus", "Aprobado por Jurídico");
    await page.waitForURL(/estatus=105/);
    // In the administrator's inbox, what waits for them reads 'Pendiente'.
    await expect.poll(() => textosDe(page, ".rf-bandeja tbody tr .p-tag")).toEqual(new Set(["Pendiente"]));
    await screenshot(page, "revision-administrador-bandeja");

    await page.goto(`${server.url}/AnalistaRyCC/Administrador/Detalles/${idAprobada}`);
    await page.getByRole("button", { name: "Retornar" }).waitFor();
    await screenshot(page, "revision-administrador-detalle");
    await page.getByRole("button", { name: "Aprobar" }).click();
    // The administrator's approval reads as the analyst's: same title, question and buttons.
    const dialogo = page.getByRole("dialog", { name: "Aprobar solicitud" });
    await dialogo.getByText("¿Está seguro de que desea aprobar esta solicitud?").waitFor();
    await dialogo.getByLabel("Comentario (opcional)").waitFor();
    await dialogo.getByRole("button", { name: "Sí" }).click();
    await page.waitForURL(/\/AnalistaRyCC\/Administrador$/);
    const activa = await solicitud(idAprobada);
    expect(activa.estatusSolitud).toBe(106);
    const funcionarios = await apiGet<Funcionario[]>(
      "administrador",
      `api/Funcionarios/GetFuncionarioSolicitud/${idAprobada}`,
    );
    expect(funcionarios.every((f) => f.estatusNombre !== "Pendiente")).toBe(true);
    await page.context().close();
  });

  it("inactivates an active request and activates it again", async () => {
    const page = await como("administrador");
    await page.goto(`${server.url}/AnalistaRyCC/Administrador`);
    await esperarTabla(page);
    await elegirEnDropdown(page, "Estatus", "Aprobado por Administrador RyCC");
    await page.waitForURL(/estatus=106/);
    await expect.poll(() => textosDe(page, ".rf-bandeja tbody tr .p-tag")).toEqual(new Set(["Activa"]));
    // Another active request than the one approved above (the next test still needs that one).
    const activas = await apiGet<{ rows: { idSolicitud: number }[] }>(
      "administrador",
      "api/SolicitudFirma/GetBandejaAdministradorRCC?page=0&rows=10&estatus=106&sortField=fechaSolicitud&sortOrder=-1",
    );
    const fila = activas.rows.findIndex((r) => r.idSolicitud !== idAprobada);
    await page.locator(".rf-bandeja tbody tr").nth(fila).getByRole("button", { name: "Ver detalles" }).click();
    await page.waitForURL(/\/Detalles\/\d+$/);
    const id = Number(/\/Detalles\/(\d+)$/.exec(page.url())![1]);
    expect(id).toBe(activas.rows[fila].idSolicitud);
    expect(id).not.toBe(idAprobada);

    await page.getByRole("button", { name: "Inactivar" }).click();
    await page
      .getByRole("dialog", { name: "Inactivar firma" })
      .getByText("Está seguro de que desea inactivar esta firma?")
      .waitFor();
    await page.getByRole("button", { name: "Sí" }).click();
    await page.waitForURL(/\/AnalistaRyCC\/Administrador(\?.*)?$/);
    expect((await solicitud(id)).estatusSolitud).toBe(201);

    await page.goto(`${server.url}/AnalistaRyCC/Administrador/Detalles/${id}`);
    await page.getByRole("tab", { name: "Inactiva" }).waitFor();
    await page.getByRole("button", { name: "Activar" }).click();
    await page
      .getByRole("dialog", { name: "Activar firma" })
      .getByText("Está seguro de que desea activar esta firma?")
      .waitFor();
    await page.getByRole("button", { name: "Sí" }).click();
    await page.waitForURL(/\/AnalistaRyCC\/Administrador(\?.*)?$/);
    expect((await solicitud(id)).estatusSolitud).toBe(106);
    await page.context().close();
  });

  it("removes a single official of an active request", async () => {
    const page = await como("administrador");
    await page.goto(`${server.url}/AnalistaRyCC/Administrador/Detalles/${idAprobada}`);
    await page.getByRole("tab", { name: "Funcionarios" }).click();
    const tabla = page.getByRole("table", { name: "Funcionarios de la solicitud" });
    const eliminar = tabla.getByRole("button", { name: /^Eliminar a / }).first();
    const nombre = ((await eliminar.getAttribute("aria-label")) ?? "").replace(/^Eliminar a /, "");
    await eliminar.click();
    await page.getByText("¿Está seguro de que desea eliminar este funcionario?").waitFor();
    await page.getByRole("button", { name: "Sí" }).click();
    await tabla
      .getByRole("row", { name: new RegExp(nombre.split(" ")[0]) })
      .getByText("Inactivo")
      .first()
      .waitFor();
    const funcionarios = await apiGet<Funcionario[]>(
      "administrador",
      `api/Funcionarios/GetFuncionarioSolicitud/${idAprobada}`,
    );
    expect(funcionarios.filter((f) => f.estatusNombre === "Inactivo").length).toBeGreaterThan(0);
    await page.context().close();
  });
});

describe("Consulta", () => {
  it("finds an active request by institution and reads its officials' state", async () => {
    const page = await como("consultor");
    await page.goto(`${server.url}/Consultar`);
    await esperarTabla(page);
    await elegirEnDropdown(page, "Institución", "Ministerio de Hacienda");
    await page.waitForURL(/institucion=\d+/);
    await expect
      .poll(() => textosDe(page, '.rf-bandeja tbody tr td[data-etiqueta="Institución"]'))
      .toEqual(new Set(["Ministerio de Hacienda"]));
    await screenshot(page, "revision-consulta-bandeja");

    await abrirFila(page, "Activa");
    await page.getByRole("heading", { name: "Detalles de la firma" }).waitFor();
    // Read-only: no decision, only the constancia of an active request and Volver.
    await expect
      .poll(async () => (await page.locator(".rf-detalle-acciones button").allInnerTexts()).sort(), { timeout: 10_000 })
      .toEqual(["Constancia", "Volver"]);
    await page.getByRole("tab", { name: "Funcionarios" }).click();
    const tabla = page.getByRole("table", { name: "Funcionarios de la solicitud" });
    await tabla.getByRole("columnheader", { name: "Estado de la firma" }).waitFor();
    expect(await tabla.getByRole("columnheader", { name: "Estatus" }).count()).toBe(0);
    await tabla
      .getByText(
        /^(Vigente|Por vencer|Vencida|Aún no vigente \(desde .*\)|Inactivada el .*|Pendiente de aprobación|No aprobada)$/,
      )
      .first()
      .waitFor();
    await screenshot(page, "revision-consulta-detalle");
    await page.context().close();
  });
});

describe("Seguimiento Solicitud", () => {
  it("pages, sorts and searches on the server", async () => {
    type Pagina = { rows: BandejaItem[]; totalRecords: number };
    const url = "api/SolicitudFirma/GetBandejaAdministradorRCC";
    const page = await como("administrador");
    const columna = () => page.locator('.rf-bandeja tbody tr td[data-etiqueta="Institución"]').allTextContents();
    await page.goto(`${server.url}/AnalistaRyCC/Seguimiento`);
    await esperarTabla(page);
    const todas = await apiGet<Pagina>("administrador", `${url}?page=0&rows=10`);
    expect(todas.totalRecords).toBeGreaterThan(10);
    expect(await page.locator(".rf-bandeja tbody tr").count()).toBe(10);
    await page.getByText(`de ${todas.totalRecords} solicitudes`).waitFor();

    await page.locator(".rf-bandeja .p-paginator-next").click();
    await page.waitForURL(/page=1/);
    const segunda = await apiGet<Pagina>("administrador", `${url}?page=1&rows=10`);
    await expect.poll(columna).toEqual(segunda.rows.map((r) => r.infoInstitucion.nombre));

    await page.getByRole("columnheader", { name: "Institución" }).click();
    await page.waitForURL((u) => u.searchParams.get("sortField") === "institucion" && !u.searchParams.has("page"));
    const ordenadas = await apiGet<Pagina>("administrador", `${url}?page=0&rows=10&sortField=institucion&sortOrder=1`);
    await expect.poll(columna).toEqual(ordenadas.rows.map((r) => r.infoInstitucion.nombre));

    await page.getByLabel("Buscar").fill("aduanas");
    await page.waitForURL(/q=aduanas/);
    await expect
      .poll(() => textosDe(page, '.rf-bandeja tbody tr td[data-etiqueta="Institución"]'))
      .toEqual(new Set(["Dirección General de Aduanas"]));
    await page.context().close();
  });

  it("shows the full history of the request followed through every stage", async () => {
    const page = await como("administrador");
    await page.goto(`${server.url}/AnalistaRyCC/Seguimiento`);
    await esperarTabla(page);
    await screenshot(page, "revision-seguimiento-bandeja");
    await page.goto(`${server.url}/AnalistaRyCC/Seguimiento/Detalles/${idAprobada}`);
    await page.getByRole("tab", { name: "Historial de estatus" }).click();
    const tabla = page.getByRole("table", { name: "Historial de estatus" });
    await tabla.getByText("Aprobado por Administrador RyCC").first().waitFor();
    // The analyst's comment on the approval.
    await tabla.getByText("Documentos conformes.").waitFor();
    const historico = await apiGet<HistoricoEntrada[]>("administrador", `api/SolicitudFirma/Historico/${idAprobada}`);
    const estatusEnPantalla = await tabla.locator("tbody tr td:first-child").allInnerTexts();
    // The screen reads each status in correct Spanish; the API keeps its original texts.
    expect(estatusEnPantalla).toEqual(historico.map((h) => textoEstatus(h.idEstatus)));
    expect(estatusEnPantalla).toEqual(
      expect.arrayContaining([
        "Aprobado por Analista RyCC",
        "Aprobado por Jurídico",
        "Aprobado por Administrador RyCC",
      ]),
    );
    expect(historico.map((h) => h.estatus)).toContain("Aprobado por Adminstrador RyCC");
    // Dates as everywhere in the app: dd/mm/aaaa hh:mm a. m. (12 h, as SPEC.md §9's history view).
    expect(await tabla.locator("tbody tr td:nth-child(2)").first().textContent()).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [ap]\. m\.$/,
    );
    await page.locator("[aria-current=step]").getByText("Finalizado").waitFor();
    await screenshot(page, "revision-seguimiento-detalle");
    await page.context().close();
  });
});
