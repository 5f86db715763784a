/**
 * "Claves de sistema" in a real browser as `configuracion`: reached from Configuración with the
 * keyboard, a key issued to a bank for one operation and shown once, the key then answering a
 * verification call from outside the browser, and its revocation (the same call then refused);
 * then a key for change notifications, whose subscription's deliveries fail and show in
 * "Notificaciones enviadas" with the receiver's answer (the cédula on one line), and are sent again
 * with Reenviar; checked by axe at 1366 px and 390 px.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, BrowserContext, Locator } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  axeAmbosTamanos,
  ESCRITORIO,
  launchBrowser,
  login,
  newContext,
  screenshot,
  TELEFONO,
} from "../support/browser";
import { type AppServer, startServer } from "../support/server";

let server: AppServer;
let browser: Browser;
let ctx: BrowserContext;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    // Change notifications go to a receiver of this test on loopback, looked for every second.
    startServer({ WEBHOOK_ALLOW_LOOPBACK: "true", WEBHOOK_SEND_INTERVAL_SECONDS: "1" }),
    launchBrowser(),
  ]);
  ctx = await newContext(browser);
});

afterAll(async () => {
  await ctx?.close();
  await browser?.close();
  await server?.stop();
});

test("the configuration administrator issues a key shown once, and revokes it", { timeout: 180_000 }, async () => {
  const page = await ctx.newPage();
  await login(page, server.url, "configuracion");
  await page.goto(`${server.url}/Configuracion`);
  const enlace = page.getByRole("button", { name: "Claves de sistema" });
  await enlace.focus();
  await page.keyboard.press("Enter");
  await page.waitForURL((u) => u.pathname.endsWith("/Configuracion/ClavesSistema"));
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Claves de sistema");
  await expect.poll(() => page.getByText("No se ha emitido ninguna clave.").count()).toBe(1);

  await page.getByRole("button", { name: "Nueva clave" }).click();
  const dialogo = page.getByRole("dialog", { name: "Nueva clave de sistema" });
  await dialogo.getByLabel("Sistema").fill("Banco de Reservas");
  await dialogo.getByLabel("Direcciones permitidas (opcional)").fill("10.0.0.0/8\nnada");
  await dialogo.getByRole("button", { name: "Emitir clave" }).click();
  await expect
    .poll(() => dialogo.getByText("Escriba una dirección IP o un rango CIDR válido", { exact: false }).count())
    .toBe(1);
  await dialogo.getByLabel("Direcciones permitidas (opcional)").fill("");
  expect(await axeAmbosTamanos(page)).toEqual([]);
  await dialogo.getByRole("button", { name: "Emitir clave" }).click();

  const emitida = page.getByRole("dialog", { name: "Clave emitida" });
  const campo = emitida.getByLabel("Clave de sistema");
  await expect.poll(() => campo.inputValue()).toMatch(/^rfk_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
  const clave = await campo.inputValue();
  expect(await emitida.getByText("Cópiela ahora: no se volverá a mostrar.", { exact: false }).count()).toBe(1);
  expect(await axeAmbosTamanos(page)).toEqual([]);
  await screenshot(page, "claves-sistema-emitida");
  await emitida.getByRole("button", { name: "Entendido" }).click();

  const fila = page.locator("tbody tr", { hasText: "Banco de Reservas" });
  await expect.poll(() => fila.count()).toBe(1);
  expect(await page.content()).not.toContain(clave);
  expect(await fila.textContent()).toContain(clave.slice(0, 12));
  expect(await fila.textContent()).toContain("Nunca");

  const verificar = () =>
    fetch(`${server.url}/api/Verificacion/Firma?cedula=001-0000001-7`, {
      headers: { Authorization: `ApiKey ${clave}` },
    });
  expect((await verificar()).status).toBe(200);
  await page.reload();
  await expect.poll(() => fila.textContent()).not.toContain("Nunca");
  expect(await axeAmbosTamanos(page)).toEqual([]);
  await screenshot(page, "claves-sistema");
  // On a phone each key is a stacked card, as the other tables: one labelled line per column.
  await page.setViewportSize(TELEFONO);
  await expect.poll(() => fila.evaluate((tr) => getComputedStyle(tr).display)).toBe("block");
  expect(await fila.locator('td[data-etiqueta="Último uso"]').count()).toBe(1);
  await page.setViewportSize(ESCRITORIO);

  await fila.getByRole("button", { name: "Revocar la clave de Banco de Reservas" }).click();
  await page.getByRole("button", { name: "Revocar", exact: true }).click();
  await expect.poll(() => fila.textContent()).toContain("Revocada");
  expect((await verificar()).status).toBe(401);

  // The trail names the key that made the call (a key has no user).
  await page.goto(`${server.url}/Configuracion/Auditoria`);
  const llamada = page.locator("tbody tr", { hasText: "Clave de sistema «Banco de Reservas»" });
  await expect.poll(() => llamada.count()).toBeGreaterThan(0);
});

/** How many lines a delivery row's Cédula cell takes (its text boxes' distinct tops). */
function lineasCedula(fila: Locator): Promise<number> {
  return fila.locator('td[data-etiqueta="Cédula"]').evaluate((td) => {
    const rango = document.createRange();
    rango.selectNodeContents(td);
    return new Set([...rango.getClientRects()].map((r) => Math.round(r.top))).size;
  });
}

test("the delivery log shows a failing change notification, and Reenviar sends it again", {
  timeout: 180_000,
}, async () => {
  // A system's receiver: down (500) until the test says otherwise.
  let estado = 500;
  const llegadas: string[] = [];
  const receptor = http.createServer((req, res) => {
    llegadas.push(String(req.headers["webhook-id"]));
    req.resume();
    req.on("end", () => res.writeHead(estado).end());
  });
  await new Promise<void>((ok) => receptor.listen(0, "127.0.0.1", ok));
  try {
    // The context is still signed in as configuracion (the test above).
    const page = await ctx.newPage();
    await page.goto(`${server.url}/Configuracion/ClavesSistema`);
    await expect.poll(() => page.getByText("No se ha enviado ninguna notificación.").count()).toBe(1);

    // A key with only «Notificaciones de cambios», chosen with the keyboard.
    await page.getByRole("button", { name: "Nueva clave" }).click();
    const dialogo = page.getByRole("dialog", { name: "Nueva clave de sistema" });
    await dialogo.getByLabel("Sistema").fill("Banco Notificado");
    await dialogo.getByLabel("Verificación de una firma").uncheck();
    await dialogo.getByLabel("Notificaciones de cambios").focus();
    await page.keyboard.press("Space");
    await dialogo.getByRole("button", { name: "Emitir clave" }).click();
    const emitida = page.getByRole("dialog", { name: "Clave emitida" });
    const clave = await emitida.getByLabel("Clave de sistema").inputValue();
    await emitida.getByRole("button", { name: "Entendido" }).click();
    const filaClave = page.locator("tbody tr", { hasText: "Banco Notificado" });
    await expect.poll(() => filaClave.textContent()).toContain("Notificaciones de cambios");

    // The system subscribes to an active request's institution; the administrator deactivates it.
    const sesion = await fetch(`${server.url}/api/Account/LogIn`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userName: "administrador", password: "Demo.Firmas.2026" }),
    });
    const token = (await sesion.json()).token as string;
    const bandeja = (await (
      await fetch(`${server.url}/api/SolicitudFirma/GetBandejaAdministradorRCC`, { headers: { authorization: token } })
    ).json()) as { idSolicitud: number; estatusSolitud: number; infoInstitucion: { idInstitucionFirma: number } }[];
    const activa = bandeja.find((s) => s.estatusSolitud === 106);
    expect(activa).toBeDefined();
    const { port } = receptor.address() as AddressInfo;
    const sus = await fetch(`${server.url}/api/Notificaciones/Suscripciones`, {
      method: "POST",
      headers: { "x-api-key": clave, "content-type": "application/json" },
      body: JSON.stringify({
        url: `http://127.0.0.1:${port}/avisos`,
        instituciones: [activa?.infoInstitucion.idInstitucionFirma],
      }),
    });
    expect(sus.status).toBe(201);
    const inactivar = await fetch(`${server.url}/api/SolicitudFirma/Inactivar/${activa?.idSolicitud}`, {
      method: "POST",
      headers: { authorization: token },
    });
    expect((await inactivar.json()).success).toBe(true);
    await expect.poll(() => llegadas.length, { timeout: 20_000 }).toBeGreaterThan(0);

    await page.reload();
    const fila = page.locator(".rf-claves-entregas tbody tr", { hasText: "Banco Notificado" }).first();
    await expect.poll(() => fila.textContent(), { timeout: 20_000 }).toContain("HTTP 500");
    expect(await fila.textContent()).toContain("Funcionario inactivado");
    expect(await fila.textContent()).not.toContain("HTTP 500: HTTP 500");
    expect(await fila.textContent()).toContain("Pendiente");
    // The cédula (999-9999999-9) keeps to one line, on a desktop and in a phone's stacked card.
    for (const tamano of [ESCRITORIO, TELEFONO]) {
      await page.setViewportSize(tamano);
      expect(await lineasCedula(fila), `${tamano.width} px`).toBe(1);
    }
    await page.setViewportSize(ESCRITORIO);
    // The state filter, with the keyboard: the list opens on Alt+↓ and Enter takes the option.
    await page.locator("#entregas-estado").focus();
    await page.keyboard.press("Alt+ArrowDown");
    await page.getByRole("option", { name: "Pendiente" }).click();
    await expect.poll(() => fila.count()).toBe(1);
    expect(await axeAmbosTamanos(page)).toEqual([]);

    // The attempts, then the replay once the receiver is back: the same event id arrives again.
    await fila.getByRole("button", { name: /^Intentos de la notificación/ }).click();
    const intentos = page.getByRole("dialog", { name: "Intentos de entrega" });
    await expect.poll(() => intentos.getByRole("table").textContent()).toContain("HTTP 500");
    const idEvento = await intentos.locator("code").first().textContent();
    expect(llegadas).toContain(idEvento);
    expect(await axeAmbosTamanos(page)).toEqual([]);
    await page.keyboard.press("Escape");
    estado = 204;
    await fila.getByRole("button", { name: /^Reenviar la notificación/ }).click();
    await page.getByRole("button", { name: "Reenviar", exact: true }).click();
    await expect
      .poll(() => page.getByText("La notificación se enviará de nuevo", { exact: false }).count())
      .toBeGreaterThan(0);
    // Delivered within a second or two: the log (reloaded) says so.
    await expect
      .poll(
        async () => {
          await page.reload();
          return page
            .locator(".rf-claves-entregas tbody tr", { hasText: idEvento ? "Banco Notificado" : "" })
            .first()
            .textContent();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toContain("HTTP 204");
    expect(llegadas.filter((id) => id === idEvento).length).toBeGreaterThan(1);
    // The reload keeps the scroll: from the top, the whole-page picture (the manual's) has its bars in place.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "claves-notificaciones");
  } finally {
    receptor.close();
  }
});
