/**
 * Notices in a real browser: the originator's bell counts up when the analyst returns
 * one of the institution's requests, without reloading the page; the panel lists the notice, opens
 * the request, and the count goes down once it is read.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { axeAmbosTamanos, DEMO_PASSWORD, launchBrowser, login, newContext, screenshot } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  // The bell asks every 2 s here (NOTICES_POLL_SECONDS; 15 s by default).
  [server, browser] = await Promise.all([
    startServer({ LOGIN_RATE_LIMIT: "1000", NOTICES_POLL_SECONDS: "2" }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function llamar(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${server.url}/${path}`, {
    method,
    headers: { ...(token ? { Authorization: token } : {}), ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.json();
}

test("the originator's bell counts the analyst's return and opens the request", async () => {
  const ctx = await newContext(browser);
  const page = await ctx.newPage();
  await login(page, server.url, "originador");
  const campana = page.getByRole("button", { name: /^Avisos: / });
  // The count is read once the bell has its first answer (it is busy until then, reading "ninguno").
  await page.locator(".rf-campana:not([aria-busy])").waitFor();
  const cuenta = async () => {
    const m = /(\d+) sin leer/.exec((await campana.getAttribute("aria-label")) ?? "");
    return m ? Number(m[1]) : 0;
  };
  const antes = await cuenta();

  // The analyst returns a request of the originator's institution (through the API).
  const { token } = await llamar("POST", "api/Account/LogIn", undefined, {
    userName: "analista",
    password: DEMO_PASSWORD,
  });
  const bandeja = await llamar("GET", "api/SolicitudFirma/GetBandejaAnalista?page=0&rows=100", token);
  const fila = (
    bandeja.rows as {
      idSolicitud: number;
      estatusSolitud: number;
      asignadoA: unknown;
      infoInstitucion: { nombre: string };
    }[]
  ).find((r) => r.estatusSolitud === 101 && !r.asignadoA && r.infoInstitucion.nombre === "Ministerio de Hacienda")!;
  expect((await llamar("POST", `api/SolicitudFirma/AssignProcess/${fila.idSolicitud}`, token)).success).toBe(true);
  const retorno = await llamar("POST", `api/SolicitudFirma/Retornar/${fila.idSolicitud}`, token, {
    Comentario: "La tarjeta de firmas no es legible.",
    MotivoCambioEstatus: [2],
  });
  expect(retorno.success).toBe(true);

  // Without reloading, the bell counts it (it asks every few seconds).
  await expect.poll(cuenta, { timeout: 15_000, interval: 250 }).toBe(antes + 1);
  await campana.click();
  const panel = page.getByRole("dialog", { name: "Avisos" });
  await panel.waitFor();
  const titulo = `Solicitud n.º ${fila.idSolicitud} retornada por el Analista RyCC`;
  const enlace = panel.getByRole("link", { name: new RegExp(`No leído: ${titulo}`) });
  await enlace.waitFor();
  await panel.getByText("Comentario: La tarjeta de firmas no es legible.").waitFor();
  await screenshot(page, "avisos-panel");
  await enlace.click();
  await page.waitForURL((u) => u.pathname.endsWith(`/Originador/Detalles/${fila.idSolicitud}`));
  await expect.poll(cuenta, { timeout: 15_000, interval: 300 }).toBe(antes);
  await ctx.close();
});

test("'Mi cuenta' offers the e-mail preference and keeps the choice", async () => {
  const ctx = await newContext(browser);
  const page = await ctx.newPage();
  await login(page, server.url, "analista");
  await page.getByRole("button", { name: "Panel de usuario" }).click();
  const resumen = page.getByRole("radio", { name: "Un resumen diario" });
  await resumen.waitFor();
  expect(await resumen.isChecked()).toBe(true);
  await page.getByRole("radio", { name: "Un correo por cada aviso" }).check();
  await page.locator(".p-toast-message").filter({ hasText: "Preferencias guardadas correctamente." }).waitFor();
  await page.reload();
  await page.getByRole("button", { name: "Panel de usuario" }).click();
  const cada = page.getByRole("radio", { name: "Un correo por cada aviso" });
  await cada.waitFor();
  await expect.poll(() => cada.isChecked()).toBe(true);
  expect(await axeAmbosTamanos(page)).toEqual([]);
  await ctx.close();
});

test("an active request is renewed into a prefilled draft", async () => {
  const { token } = await llamar("POST", "api/Account/LogIn", undefined, {
    userName: "originador",
    password: DEMO_PASSWORD,
  });
  const bandeja = await llamar("GET", "api/SolicitudFirma/GetBandejaOriginador?page=0&rows=100", token);
  const activa = (bandeja.rows as { idSolicitud: number; estatusSolitud: number }[]).find(
    (r) => r.estatusSolitud === 106,
  )!;
  const ctx = await newContext(browser);
  const page = await ctx.newPage();
  await login(page, server.url, "originador");
  await page.goto(`${server.url}/Originador/Detalles/${activa.idSolicitud}`);
  await page.getByRole("button", { name: "Renovar" }).click();
  // Every active official is chosen unless the originator unticks some.
  await page.getByRole("dialog", { name: "Renovar firmas" }).getByRole("button", { name: "Renovar" }).click();
  await page.getByRole("button", { name: "Sí" }).click();
  await page.waitForURL((u) => /\/Originador\/Formulario\/\d+$/.test(u.pathname));
  const nueva = Number(/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
  expect(nueva).not.toBe(activa.idSolicitud);
  const detalle = await llamar("GET", `api/SolicitudFirma/${nueva}`, token);
  expect(detalle.estatusSolitud).toBe(202);
  const funcionarios = await llamar("GET", `api/Funcionarios/GetFuncionarioSolicitud/${nueva}`, token);
  expect(funcionarios.length).toBeGreaterThan(0);
  await ctx.close();
});
