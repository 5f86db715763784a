/**
 * Screenshots of the shell for the user manual (docs/manual/screens/): login.png, inicio.png,
 * inicio-criterios.png, panel-usuario.png, menu-<rol>.png for each default profile and
 * cambio-clave.png. Real app, fresh demo data, Debian's chromium.
 *
 *   npm run build -w web && cd e2e && npx tsx manual/capturas-shell.ts
 */
import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { DEMO_PASSWORD, launchBrowser, login } from "../support/browser";
import { startServer } from "../support/server";
import { capturar, SCREENS } from "./comun";

const VIEWPORT = { width: 1280, height: 760 };

/** One demo user per default profile; the file is menu-<rol>.png. */
const ROLES: [rol: string, usuario: string][] = [
  ["originador", "originador"],
  ["analista", "analista"],
  ["juridico", "juridico"],
  ["administrador", "administrador"],
  ["consultor", "consultor"],
  ["configuracion", "configuracion"],
];

async function nuevaPagina(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({ viewport: VIEWPORT, locale: "es-ES" });
  return ctx.newPage();
}

const guardar = (page: Page, nombre: string) => capturar(page, nombre);

async function llamar(base: string, method: string, ruta: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}/${ruta}`, {
    method,
    headers: { ...(token ? { Authorization: token } : {}), ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${ruta}: HTTP ${res.status}`);
  return res.json();
}

fs.mkdirSync(SCREENS, { recursive: true });
const server = await startServer({ LOGIN_RATE_LIMIT: "1000" });
const browser = await launchBrowser();
try {
  console.log("Capturas del shell:");
  const page = await nuevaPagina(browser);
  await page.goto(`${server.url}/Login`);
  await page.getByLabel("Usuario").fill("originador");
  await guardar(page, "login.png");

  await page.getByLabel("Contraseña", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await page.getByRole("heading", { level: 1, name: /Bienvenido/ }).waitFor();
  await guardar(page, "inicio.png");

  await page.getByRole("button", { name: "Criterios de aceptación" }).click();
  await page.getByRole("dialog", { name: "Criterios de aceptación" }).getByRole("listitem").first().waitFor();
  await guardar(page, "inicio-criterios.png");
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Panel de usuario" }).click();
  await page.getByRole("heading", { name: "Mi cuenta" }).waitFor();
  await guardar(page, "panel-usuario.png");
  await page.context().close();

  for (const [rol, usuario] of ROLES) {
    const p = await nuevaPagina(browser);
    await login(p, server.url, usuario);
    await p.getByRole("heading", { level: 1, name: /Bienvenido/ }).waitFor();
    await guardar(p, `menu-${rol}.png`);
    await p.context().close();
  }

  // A reset password forces the change at the next sign-in.
  const admin = await llamar(server.url, "POST", "api/Account/LogIn", undefined, {
    userName: "configuracion",
    password: DEMO_PASSWORD,
  });
  const usuarios = (await llamar(server.url, "GET", "api/Usuarios", admin.token)) as {
    idUsuario: number;
    usuario: string;
  }[];
  const destino = usuarios.find((u) => u.usuario === "originador2");
  if (!destino) throw new Error("originador2 no existe en los datos de demostración");
  const reset = await llamar(server.url, "PUT", `api/Usuarios/ResetPassword/${destino.idUsuario}`, admin.token);
  const p = await nuevaPagina(browser);
  await login(p, server.url, "originador2", reset.data.password);
  await p.getByRole("dialog", { name: "Cambio de contraseña" }).waitFor();
  await guardar(p, "cambio-clave.png");
  await p.context().close();
} finally {
  await browser.close();
  await server.stop();
}
