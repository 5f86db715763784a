/**
 * The web shell in a real browser against the real server: Login, the route guard, every demo
 * user's menu against their default profile, Inicio's cards, the two downloads, the control
 * sidebar, sign-out, session expiry, the loading overlay and accessibility of Login and Inicio.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { MSG, PERFILES_POR_DEFECTO, VISTAS } from "@registro/contracts";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { axeSerious, DEMO_PASSWORD, launchBrowser, login, newContext, screenshot } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

const TITULO = "Registro de Firmas";

/** Demo users and their default profile (DESIGN.md §7). */
const USUARIOS_DEMO: Record<string, string> = {
  originador: "Originador",
  originador2: "Originador",
  analista: "Analista RyCC",
  analista2: "Analista RyCC",
  juridico: "Analista Legal",
  juridico2: "Analista Legal",
  administrador: "Administrador RyCC",
  consultor: "Consultor",
  configuracion: "Administrador de Configuración",
};

let server: AppServer;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ LOGIN_RATE_LIMIT: "1000" }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function nuevaPagina(): Promise<Page> {
  await ctx?.close();
  ctx = await newContext(browser);
  page = await ctx.newPage();
  return page;
}

const menu = () => page.getByRole("navigation", { name: "Menú principal" });
const toast = (texto: string) => page.locator(".p-toast-message").filter({ hasText: texto });
/** The page's path inside the app (without the base path). */
function ruta(): string {
  const base = new URL(server.url).pathname.replace(/\/$/, "");
  return new URL(page.url()).pathname.slice(base.length) || "/";
}

/** The session's token: the HttpOnly cookie the browser holds, which the page's script cannot read. */
async function tokenGuardado(): Promise<string | null> {
  const cookie = (await ctx.cookies(server.url)).find((c) => c.name === "rf_sesion");
  return cookie?.value ?? null;
}

/** Every value the page's script can read from its storage and its cookies. */
async function legiblePorScript(): Promise<string[]> {
  return page.evaluate(() => {
    const valores = [document.cookie];
    for (const almacen of [localStorage, sessionStorage]) {
      for (let i = 0; i < almacen.length; i++) {
        const clave = almacen.key(i) ?? "";
        valores.push(clave, almacen.getItem(clave) ?? "");
      }
    }
    return valores;
  });
}

/** GET api/Account/GetUserData with the session's token, as an API client sends it. */
async function userData(token: string) {
  const res = await fetch(`${server.url}/api/Account/GetUserData`, { headers: { Authorization: token } });
  return { status: res.status, body: res.status === 200 ? await res.json() : null };
}

describe("Login", () => {
  test("stands alone, titled, with labelled fields, a show/hide toggle and no serious a11y violation", async () => {
    await nuevaPagina();
    await page.goto(`${server.url}/Login`);
    await expect.poll(() => page.title()).toBe(`Iniciar sesión | ${TITULO}`);
    await page.getByRole("heading", { name: "Iniciar sesión" }).waitFor();
    // No navbar, sidebar or footer on Login.
    expect(await page.getByRole("banner").count()).toBe(0);
    expect(await page.getByRole("navigation").count()).toBe(0);
    expect(await page.getByRole("contentinfo").count()).toBe(0);

    const clave = page.getByLabel("Contraseña", { exact: true });
    await clave.fill("secreto");
    expect(await clave.getAttribute("type")).toBe("password");
    await page.getByRole("button", { name: "Mostrar contraseña" }).click();
    expect(await clave.getAttribute("type")).toBe("text");
    await page.getByRole("button", { name: "Ocultar contraseña" }).click();
    expect(await clave.getAttribute("type")).toBe("password");
    await clave.fill("");

    await screenshot(page, "shell-login");
  });

  test("empty fields warn without calling the server", async () => {
    await nuevaPagina();
    const llamadas: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/Account/LogIn")) llamadas.push(r.url());
    });
    await page.goto(`${server.url}/Login`);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await toast(MSG.loginCamposVaciosPantalla).waitFor();
    await page.getByLabel("Usuario").fill("originador");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await toast(MSG.loginCamposVaciosPantalla).waitFor();
    expect(llamadas).toEqual([]);
    await screenshot(page, "shell-login-vacio");
  });

  test("a wrong password shows the server's generic message and stores nothing", async () => {
    await nuevaPagina();
    await page.goto(`${server.url}/Login`);
    await page.getByLabel("Usuario").fill("originador");
    await page.getByLabel("Contraseña", { exact: true }).fill("Clave.Equivocada.2026");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await toast(MSG.loginFallido).waitFor();
    expect(ruta()).toBe("/Login");
    expect(await tokenGuardado()).toBeNull();
    // An unknown user gets the very same message.
    await page.getByLabel("Usuario").fill("nadie.conocido");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await toast(MSG.loginFallido).waitFor();
  });

  test("without a token every screen sends to Login; after signing in the user returns there", async () => {
    await nuevaPagina();
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/Login$/);
    await page.goto(`${server.url}/Originador/Formulario`);
    await page.waitForURL(/\/Login$/);
    await page.getByLabel("Usuario").fill("originador");
    await page.getByLabel("Contraseña", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL(/\/Originador\/Formulario$/);
    expect(await tokenGuardado()).toMatch(/.{20,}/);
  });

  test("the session is an HttpOnly cookie: localStorage, sessionStorage and document.cookie hold no token", async () => {
    await nuevaPagina();
    const respuestas: string[] = [];
    page.on("response", async (res) => {
      if (res.url().endsWith("/api/Account/LogIn")) respuestas.push(await res.text());
    });
    await login(page, server.url, "consultor");
    await page.getByRole("heading", { level: 1, name: /Bienvenido/ }).waitFor();
    const cookie = (await ctx.cookies(server.url)).find((c) => c.name === "rf_sesion");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    const token = cookie?.value ?? "";
    expect(token).toMatch(/.{40,}/);
    expect((await userData(token)).status).toBe(200);
    const legibles = await legiblePorScript();
    expect(legibles.filter((v) => v.includes(token))).toEqual([]);
    expect(legibles.some((v) => /token/i.test(v))).toBe(false);
    // Nor did the sign-in answer hand it to the page.
    expect(respuestas).toHaveLength(1);
    expect(respuestas[0]).not.toContain(token);
    expect(JSON.parse(respuestas[0])).toEqual({ success: true, message: MSG.loginExitoso });
  });

  test("another origin's page cannot change anything with the cookie (403), the app's own page can", async () => {
    await nuevaPagina();
    await login(page, server.url, "analista2");
    const token = (await tokenGuardado())!;
    // Taking a free request of the inbox (AssignProcess) changes state with a bodiless POST, which
    // a foreign page can send without the server's consent (a form, or a no-cors fetch).
    const bandeja = async () => {
      const res = await fetch(`${server.url}/api/SolicitudFirma/GetBandejaAnalista?page=0&rows=100`, {
        headers: { Authorization: token },
      });
      return (await res.json()).rows as { idSolicitud: number; estatusSolitud: number; asignadoA: unknown }[];
    };
    const { idSolicitud } = (await bandeja()).find((r) => r.estatusSolitud === 101 && !r.asignadoA)!;
    const asignada = async () => Boolean((await bandeja()).find((r) => r.idSolicitud === idSolicitud)?.asignadoA);
    const destino = `${server.url}/api/SolicitudFirma/AssignProcess/${idSolicitud}`;

    // A page on another port of the same host: another origin but the same site, so the browser
    // sends even a SameSite=Strict cookie along (as it would from a sibling host of the domain).
    // Its form is text/plain, a type the server parses, so nothing but the origin check stands
    // between it and the route.
    const ajeno = http.createServer((req, res) => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      const formulario =
        `<form method="post" enctype="text/plain" action="${destino}"><input type="hidden" name="a" value="b"></form>` +
        "<script>document.forms[0].submit()</script>";
      res.end(`<!doctype html><title>Otro sitio</title>${req.url === "/formulario" ? formulario : ""}`);
    });
    await new Promise<void>((ok) => ajeno.listen(0, "127.0.0.1", ok));
    const origenAjeno = `http://127.0.0.1:${(ajeno.address() as AddressInfo).port}`;
    expect(origenAjeno).not.toBe(new URL(server.url).origin);
    try {
      const otra = await ctx.newPage();
      // What reached the wire, from Chromium's network log (DevTools protocol): the request's
      // headers as sent, cookies included, and the answer's status, also for an answer the page
      // was not allowed to read.
      const cdp = await ctx.newCDPSession(otra);
      await cdp.send("Network.enable");
      const urls = new Map<string, string>();
      const enviadas = new Map<string, Record<string, string>>();
      const estados = new Map<string, number>();
      cdp.on("Network.requestWillBeSent", (e) => urls.set(e.requestId, e.request.url));
      cdp.on("Network.requestWillBeSentExtraInfo", (e) =>
        enviadas.set(e.requestId, e.headers as Record<string, string>),
      );
      cdp.on("Network.responseReceivedExtraInfo", (e) => estados.set(e.requestId, e.statusCode));
      const alDestino = () => [...urls].filter(([, url]) => url === destino).map(([id]) => id);

      // A script's no-cors fetch with the browser's credentials: the browser withholds the answer
      // (the server's Cross-Origin-Resource-Policy), and the server refused it anyway.
      await otra.goto(`${origenAjeno}/`);
      const resultado = await otra.evaluate(
        (url) =>
          fetch(url, { method: "POST", credentials: "include", mode: "no-cors", body: "a=b" }).then(
            () => "opaca",
            () => "bloqueada",
          ),
        destino,
      );
      expect(resultado).toBe("bloqueada");
      // A form that submits itself: the browser shows the server's answer, a Spanish 403.
      const [respuesta] = await Promise.all([
        otra.waitForResponse((r) => r.url() === destino && r.request().isNavigationRequest()),
        otra.goto(`${origenAjeno}/formulario`),
      ]);
      expect(respuesta.status()).toBe(403);
      expect(await respuesta.json()).toEqual({ success: false, message: MSG.noAutorizado });
      // Both calls reached the server with the session's cookie, marked as from another origin,
      // and both got the 403 (without the cookie it would have been 401).
      await expect.poll(() => alDestino().filter((id) => estados.has(id) && enviadas.has(id)).length).toBe(2);
      for (const id of alDestino()) {
        expect(enviadas.get(id)?.Cookie ?? enviadas.get(id)?.cookie).toContain(`rf_sesion=${token}`);
        expect(enviadas.get(id)?.["Sec-Fetch-Site"] ?? enviadas.get(id)?.["sec-fetch-site"]).toBe("same-site");
        expect(estados.get(id)).toBe(403);
      }
      await otra.close();
    } finally {
      await new Promise((ok) => ajeno.close(ok));
    }
    // Nothing changed: the request is still free, and the session still open.
    expect(await asignada()).toBe(false);
    expect((await userData(token)).status).toBe(200);

    // The same call from the app's own page passes the check and takes the request.
    const propio = await page.evaluate(async (id) => {
      const res = await fetch(`api/SolicitudFirma/AssignProcess/${id}`, { method: "POST" });
      return { status: res.status, success: (await res.json()).success };
    }, idSolicitud);
    expect(propio).toEqual({ status: 200, success: true });
    expect(await asignada()).toBe(true);
    expect(await page.evaluate(async () => (await fetch("api/Account/LogOff", { method: "PUT" })).status)).toBe(200);
    expect((await userData(token)).status).toBe(401);
  });

  test("a signed-in user going to Login lands on Inicio", async () => {
    await nuevaPagina();
    await login(page, server.url, "analista");
    await page.goto(`${server.url}/Login`);
    await page.waitForURL((u) => !u.pathname.endsWith("/Login"));
    expect(ruta()).toBe("/");
    await page.getByRole("heading", { level: 1, name: /Bienvenido/ }).waitFor();
  });
});

describe("menus and the route guard", () => {
  for (const [usuario, perfil] of Object.entries(USUARIOS_DEMO)) {
    test(`${usuario} sees exactly the main views of profile ${perfil} that have a screen`, async () => {
      await nuevaPagina();
      await login(page, server.url, usuario);
      await expect.poll(() => page.title()).toBe(`Inicio | ${TITULO}`);
      const token = (await tokenGuardado())!;
      const { body } = await userData(token);
      expect(body.usuario.perfil).toBe(perfil);

      // Top bar: route name, first name + first surname, profile.
      const banner = page.getByRole("banner");
      await banner.getByText("Inicio", { exact: true }).waitFor();
      const corto = `${body.usuario.nombre.split(" ")[0]} ${body.usuario.apellido.split(" ")[0]}`;
      await banner.getByText(corto, { exact: true }).waitFor();
      await banner.getByText(perfil, { exact: true }).waitFor();

      const vistasPerfil = PERFILES_POR_DEFECTO.find((p) => p.nombre === perfil)!.vistas as readonly string[];
      const principales = VISTAS.filter((v) => v.principal && vistasPerfil.includes(v.nombre));
      expect(principales.length).toBeGreaterThan(0);
      // A main view is in the menu exactly when its screen exists: visiting its address either shows
      // that screen (its name in the title) or falls back to Inicio.
      const conPantalla: string[] = [];
      for (const v of principales) {
        await page.goto(`${server.url}${v.url}`);
        await expect
          .poll(() => page.title(), { timeout: 15_000 })
          .toMatch(new RegExp(`^(${v.nombre}|Inicio) \\| ${TITULO}$`));
        if ((await page.title()) === `${v.nombre} | ${TITULO}`) {
          conPantalla.push(v.nombre);
          await expect
            .poll(() => menu().getByRole("link", { name: v.nombre }).getAttribute("aria-current"))
            .toBe("page");
          // One active item: Verificar firma (/Consultar/Verificar) does not light Consulta too.
          expect(await menu().locator('[aria-current="page"]').count()).toBe(1);
          expect(await menu().locator(".rf-menu-link-active").count()).toBe(1);
        }
      }
      await page.goto(`${server.url}/`);
      await menu().getByRole("link", { name: "Inicio" }).waitFor();
      const enlaces = await menu().getByRole("link").allInnerTexts();
      expect(enlaces.map((t) => t.trim())).toEqual(["Inicio", ...conPantalla]);
      await menu().getByRole("button", { name: "Tarjeta de Firmas" }).waitFor();
      await menu().getByRole("button", { name: "Manual de Usuario" }).waitFor();
      expect(await menu().getByRole("link", { name: "Inicio" }).getAttribute("aria-current")).toBe("page");
      await screenshot(page, `shell-menu-${usuario}`);
    });
  }

  test("a screen outside the user's views warns 'No está autorizado' and shows Inicio", async () => {
    await nuevaPagina();
    await login(page, server.url, "consultor");
    await page.goto(`${server.url}/Originador/Formulario`);
    await toast(MSG.noAutorizado).waitFor();
    await page.waitForURL((u) => u.pathname === new URL(`${server.url}/`).pathname);
    await page.getByRole("heading", { level: 1, name: /Bienvenido/ }).waitFor();
    await screenshot(page, "shell-no-autorizado");
  });

  test("an unknown address inside the app shows Inicio", async () => {
    await nuevaPagina();
    await login(page, server.url, "consultor");
    await page.goto(`${server.url}/No/Existe`);
    await page.getByRole("heading", { level: 1, name: /Bienvenido/ }).waitFor();
    expect(ruta()).toBe("/");
  });
});

describe("Inicio", () => {
  test("three cards open dialogs listing the server's criteria; no serious a11y violation", async () => {
    await nuevaPagina();
    await login(page, server.url, "originador");
    const token = (await tokenGuardado())!;
    const res = await fetch(`${server.url}/api/Usuarios/CargarCriterios`, { headers: { Authorization: token } });
    expect(res.status).toBe(200);
    const criterios = (await res.json()) as { criterio: string; tipo: string }[];

    expect(await axeSerious(page)).toEqual([]);
    const tarjetas = [
      ["Criterios de aceptación", "Aceptacion"],
      ["Documentos obligatorios", "Documento"],
      ["Motivos de rechazo", "Rechazo"],
    ] as const;
    for (const [titulo, tipo] of tarjetas) {
      await page.getByRole("button", { name: titulo }).click();
      const dialogo = page.getByRole("dialog", { name: titulo });
      await dialogo.waitFor();
      const esperados = criterios.filter((c) => c.tipo === tipo).map((c) => c.criterio);
      expect(esperados.length).toBeGreaterThan(0);
      await expect.poll(() => dialogo.getByRole("listitem").allInnerTexts()).toEqual(esperados);
      if (tipo === "Aceptacion") {
        await screenshot(page, "shell-inicio-dialogo");
      }
      await dialogo.getByRole("button", { name: "Cerrar" }).last().click();
      await dialogo.waitFor({ state: "hidden" });
    }
    await screenshot(page, "shell-inicio");
  });

  test("the loading overlay shows while a call runs", async () => {
    await nuevaPagina();
    await login(page, server.url, "consultor");
    let soltar: () => void = () => {};
    const retenida = new Promise<void>((r) => {
      soltar = r;
    });
    await page.route("**/api/Usuarios/CargarCriterios", async (route) => {
      await retenida;
      await route.continue();
    });
    await page.reload();
    const overlay = page.getByRole("status").filter({ hasText: "Cargando" });
    await overlay.waitFor();
    soltar();
    await overlay.waitFor({ state: "hidden" });
  });
});

describe("downloads", () => {
  test("the menu downloads the signature card (.docx) and the user manual (PDF)", async () => {
    await nuevaPagina();
    await login(page, server.url, "originador");
    const [tarjeta] = await Promise.all([
      page.waitForEvent("download"),
      menu().getByRole("button", { name: "Tarjeta de Firmas" }).click(),
    ]);
    expect(tarjeta.suggestedFilename()).toBe("Tarjeta de Firmas.docx");
    const docx = fs.readFileSync((await tarjeta.path())!);
    expect(docx.length).toBeGreaterThan(1000);
    expect(docx.subarray(0, 2).toString("latin1")).toBe("PK");

    const [manual] = await Promise.all([
      page.waitForEvent("download"),
      menu().getByRole("button", { name: "Manual de Usuario" }).click(),
    ]);
    expect(manual.suggestedFilename()).toBe("Manual de Usuario.pdf");
    const pdf = fs.readFileSync((await manual.path())!);
    expect(pdf.length).toBeGreaterThan(1000);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  test("a failed download says so", async () => {
    await nuevaPagina();
    await login(page, server.url, "originador");
    await page.route("**/api/SolicitudFirma/GetTarjeta", (route) => route.fulfill({ status: 500, body: "" }));
    await page.route("**/api/SolicitudFirma/GetManual", (route) => route.fulfill({ status: 500, body: "" }));
    await menu().getByRole("button", { name: "Tarjeta de Firmas" }).click();
    await toast(MSG.errorDescargarTarjeta).waitFor();
    await menu().getByRole("button", { name: "Manual de Usuario" }).click();
    await toast(MSG.errorDescargarManual).waitFor();
  });
});

describe("session", () => {
  test("the control sidebar shows the user's data and signs out", async () => {
    await nuevaPagina();
    await login(page, server.url, "originador2");
    await page.getByRole("button", { name: "Panel de usuario" }).click();
    const panel = page.getByRole("complementary").filter({ has: page.getByRole("heading", { name: "Mi cuenta" }) });
    await panel.waitFor();
    await panel.getByText("originador2", { exact: true }).waitFor();
    await panel.getByText("Ayuntamiento de Santiago", { exact: true }).waitFor();
    await screenshot(page, "shell-panel");
    await panel.getByRole("button", { name: "Cerrar sesión" }).click();
    await toast(MSG.cierreSesion).waitFor();
    await page.waitForURL(/\/Login$/);
    expect(await tokenGuardado()).toBeNull();
  });

  test("signing out from the user menu ends the session on the server too", async () => {
    await nuevaPagina();
    await login(page, server.url, "juridico");
    const token = (await tokenGuardado())!;
    expect((await userData(token)).status).toBe(200);
    await page
      .getByRole("banner")
      .getByRole("button", { name: /Analista Legal/ })
      .click();
    await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
    await toast(MSG.cierreSesion).waitFor();
    await page.waitForURL(/\/Login$/);
    expect(await tokenGuardado()).toBeNull();
    expect((await userData(token)).status).toBe(401);
    // Back to a guarded screen: Login again.
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/Login$/);
  });

  test("sign-out reaches Login even when LogOff fails", async () => {
    await nuevaPagina();
    await login(page, server.url, "analista2");
    await page.route("**/api/Account/LogOff", (route) => route.abort());
    await page
      .getByRole("banner")
      .getByRole("button", { name: /Analista RyCC/ })
      .click();
    await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
    await toast(MSG.cierreSesion).waitFor();
    await page.waitForURL(/\/Login$/);
    // The app forgets the session: a guarded screen sends to Login.
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/Login$/);
  });

  test("a session ended elsewhere returns to Login saying it expired", async () => {
    await nuevaPagina();
    await login(page, server.url, "administrador");
    await page.getByRole("heading", { level: 1, name: /Bienvenido/ }).waitFor();
    // Inicio's own calls must be over, so the reload is what meets the ended session.
    await page.waitForLoadState("networkidle");
    const token = (await tokenGuardado())!;
    const off = await fetch(`${server.url}/api/Account/LogOff`, { method: "PUT", headers: { Authorization: token } });
    expect(off.status).toBe(200);
    await page.reload();
    await page.waitForURL(/\/Login$/);
    await page.getByRole("status").filter({ hasText: MSG.sesionExpirada }).waitFor();
    expect(await tokenGuardado()).toBeNull();
    await screenshot(page, "shell-sesion-expirada");
  });

  test("any call that meets an ended session returns to Login saying it expired", async () => {
    await nuevaPagina();
    await login(page, server.url, "consultor");
    await page.getByRole("heading", { level: 1, name: /Bienvenido/ }).waitFor();
    await page.waitForLoadState("networkidle");
    const token = (await tokenGuardado())!;
    await fetch(`${server.url}/api/Account/LogOff`, { method: "PUT", headers: { Authorization: token } });
    await menu().getByRole("button", { name: "Manual de Usuario" }).click();
    await page.waitForURL(/\/Login$/);
    await page.getByRole("status").filter({ hasText: MSG.sesionExpirada }).waitFor();
    expect(await tokenGuardado()).toBeNull();
  });
});
