/**
 * A profile held by external users and the comptroller's views: an external user whose profile
 * holds "Tablero" (given before any external user held it) is told the dashboard's data is refused
 * instead of seeing an empty page; the profile editor then offers that profile only the views
 * external users can open, and refuses to keep "Tablero" with the server's reason under the views.
 */
import { GRUPOS, MSG, type Usuario, V, VISTAS } from "@registro/contracts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiDemo } from "../support/api";
import { launchBrowser, login, newContext, screenshot } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

let server: AppServer;
let browser: Browser;
const demo = apiDemo(() => server.url);
const PERFIL = "Originador con Tablero";
const idVista = (nombre: string) => VISTAS.find((v) => v.nombre === nombre)!.idVista;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ LOGIN_RATE_LIMIT: "500" }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A call with a JSON body as the configuration administrator. */
async function enviar(method: string, ruta: string, cuerpo: unknown) {
  const res = await fetch(`${server.url}/${ruta}`, {
    method,
    headers: { Authorization: await demo.token("configuracion"), "content-type": "application/json" },
    body: JSON.stringify(cuerpo),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { success: boolean; data?: { idPerfil: number } };
}

async function como(usuario: string): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  await login(page, server.url, usuario);
  return page;
}

describe("a profile external users hold", () => {
  it("the refused dashboard says so; the editor offers only their views and says why it keeps none of the others", async () => {
    // A new profile (nobody holds it yet) with the originator's views and the dashboard…
    const creado = await enviar("POST", "api/Perfiles", {
      Nombre: PERFIL,
      Descripcion: "",
      PorDefecto: false,
      Vistas: [...GRUPOS.originador, V.TABLERO].map(idVista),
    });
    expect(creado.success).toBe(true);
    // …given to an external user of the demo.
    const usuarios = await demo.llamar<Usuario[]>("configuracion", "api/Usuarios");
    const u = usuarios.find((x) => x.usuario === "originador2")!;
    const editado = await enviar("PUT", "api/Usuarios", {
      IdUsuario: u.idUsuario,
      Cedula: u.cedula,
      Nombre: u.nombre,
      Apellido: u.apellido,
      IdPerfil: creado.data!.idPerfil,
      Usuario: u.usuario,
      Email: u.email,
      UExterno: true,
      IdInst: u.idInst,
      Activo: true,
    });
    expect(editado.success).toBe(true);

    const externo = await como("originador2");
    await externo.goto(`${server.url}/Tablero`);
    await externo.locator(".p-toast-message").filter({ hasText: MSG.noAutorizado }).waitFor();
    await externo.context().close();

    const page = await como("configuracion");
    await page.goto(`${server.url}/Configuracion/Perfiles`);
    await page.getByRole("heading", { level: 1, name: "Listado de Perfiles" }).waitFor();
    await page.getByRole("button", { name: `Editar ${PERFIL}` }).click();
    const d = page.getByRole("dialog", { name: "Editar perfil" });
    await d.getByText(MSG.perfilDeExternos).waitFor();
    const disponibles = d.getByRole("listbox", { name: "Vistas disponibles" });
    await disponibles.getByText("Verificar firma", { exact: true }).waitFor();
    for (const interna of ["Bandeja del Analista de Revisión", "Auditoría", "Usuarios"]) {
      expect(await disponibles.getByText(interna, { exact: true }).count()).toBe(0);
    }
    // The dashboard it already holds stays listed, and the server says why it cannot be kept.
    await d.getByRole("listbox", { name: "Vistas seleccionadas" }).getByText("Tablero", { exact: true }).waitFor();
    await d.getByRole("button", { name: "Guardar" }).click();
    await expect
      .poll(() => d.locator("#perfil-vistas-error").textContent())
      .toBe(MSG.vistasInternasPerfilExterno(["Tablero"]));
    await screenshot(page, "perfil-externos");
    await page.context().close();
  });
});
