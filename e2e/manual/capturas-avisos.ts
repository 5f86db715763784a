/**
 * Screenshots of notices, preferences, expiry and renewal for the user manual
 * (docs/manual/screens/): avisos-campana.png, avisos-preferencias.png, avisos-vencimiento.png,
 * avisos-renovar.png, avisos-correos-no-enviados.png. Real app, fresh demo data, Debian's chromium.
 *
 *   npm run build -w web && cd e2e && npx tsx manual/capturas-avisos.ts
 */
import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { DEMO_PASSWORD, launchBrowser, login } from "../support/browser";
import { startServer } from "../support/server";
import { capturar, SCREENS, VIEWPORT } from "./comun";

async function nuevaPagina(browser: Browser, usuario: string, base: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport: VIEWPORT, locale: "es-ES" });
  const page = await ctx.newPage();
  await login(page, base, usuario);
  return page;
}

async function llamar(base: string, method: string, ruta: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}/${ruta}`, {
    method,
    headers: { ...(token ? { Authorization: token } : {}), ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${ruta}: HTTP ${res.status}`);
  return res.json();
}

type Fila = { idSolicitud: number; estatusSolitud: number; asignadoA: unknown; infoInstitucion: { nombre: string } };

fs.mkdirSync(SCREENS, { recursive: true });
const server = await startServer({ LOGIN_RATE_LIMIT: "1000" });
const browser = await launchBrowser();
try {
  console.log("Capturas de avisos:");
  // The analyst returns one of the Ministerio de Hacienda's requests: its originator is told.
  const { token } = await llamar(server.url, "POST", "api/Account/LogIn", undefined, {
    userName: "analista",
    password: DEMO_PASSWORD,
  });
  const bandeja = await llamar(server.url, "GET", "api/SolicitudFirma/GetBandejaAnalista?page=0&rows=100", token);
  const fila = (bandeja.rows as Fila[]).find(
    (r) => r.estatusSolitud === 101 && !r.asignadoA && r.infoInstitucion.nombre === "Ministerio de Hacienda",
  )!;
  await llamar(server.url, "POST", `api/SolicitudFirma/AssignProcess/${fila.idSolicitud}`, token);
  await llamar(server.url, "POST", `api/SolicitudFirma/Retornar/${fila.idSolicitud}`, token, {
    Comentario: "La tarjeta de firmas no es legible; adjunte una copia escaneada a mayor resolución.",
    MotivoCambioEstatus: [2, 4],
  });

  const page = await nuevaPagina(browser, "originador", server.url);
  await page.getByRole("button", { name: /^Avisos: \d+ sin leer/ }).click();
  await page.getByRole("dialog", { name: "Avisos" }).getByRole("link").first().waitFor();
  await capturar(page, "avisos-campana.png");
  await page.keyboard.press("Escape");
  await page.mouse.click(600, 500);

  await page.getByRole("button", { name: "Panel de usuario" }).click();
  await page.getByRole("radio", { name: "Un correo por cada aviso" }).waitFor();
  await capturar(page, "avisos-preferencias.png");
  await page.keyboard.press("Escape");

  const propias = await llamar(
    server.url,
    "GET",
    "api/SolicitudFirma/GetBandejaOriginador?page=0&rows=100",
    (
      await llamar(server.url, "POST", "api/Account/LogIn", undefined, {
        userName: "originador",
        password: DEMO_PASSWORD,
      })
    ).token,
  );
  const activa = (propias.rows as Fila[]).find((r) => r.estatusSolitud === 106)!;
  await page.goto(`${server.url}/Originador/Detalles/${activa.idSolicitud}`);
  await page.getByRole("button", { name: "Renovar" }).click();
  await page.getByRole("dialog", { name: "Renovar firmas" }).getByRole("checkbox").first().waitFor();
  await capturar(page, "avisos-renovar.png");
  await page.context().close();

  const consulta = await nuevaPagina(browser, "consultor", server.url);
  await consulta.goto(`${server.url}/Consultar?vencimiento=vencidas`);
  await consulta.locator(".rf-bandeja tbody tr").first().waitFor();
  await capturar(consulta, "avisos-vencimiento.png");
  await consulta.context().close();

  const config = await nuevaPagina(browser, "configuracion", server.url);
  await config.goto(`${server.url}/Configuracion/CorreosNoEnviados`);
  await config.getByRole("heading", { name: "Correos no enviados" }).waitFor();
  await capturar(config, "avisos-correos-no-enviados.png");
  await config.context().close();
} finally {
  await browser.close();
  await server.stop();
}
