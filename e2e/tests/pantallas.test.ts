/**
 * The screens as real users walk them (issue 10): what the institution must not see of the
 * comptroller's internal review, a rejected request's timeline, and more below. One server and one
 * browser for the whole file.
 */
import type { BandejaItem } from "@registro/contracts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, launchBrowser, login, newContext, screenshot } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

let server: AppServer;
let browser: Browser;

const tokens = new Map<string, string>();

async function token(usuario: string): Promise<string> {
  const guardado = tokens.get(usuario);
  if (guardado) return guardado;
  const res = await fetch(`${server.url}/api/Account/LogIn`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userName: usuario, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { token: string };
  tokens.set(usuario, body.token);
  return body.token;
}

async function apiGet<T>(usuario: string, path: string): Promise<T> {
  const res = await fetch(`${server.url}/${path}`, { headers: { Authorization: await token(usuario) } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** A demo request of the originator's institution in this status. */
async function demoEn(estatus: number): Promise<number> {
  const lista = await apiGet<BandejaItem[]>("originador", "api/SolicitudFirma/GetBandejaOriginador");
  const item = lista.find((i) => i.estatusSolitud === estatus);
  if (!item) throw new Error(`no demo request in ${estatus}`);
  return item.idSolicitud;
}

async function paginaDe(usuario: string, ancho = 1366, alto = 900): Promise<Page> {
  const ctx = await newContext(browser);
  const page = await ctx.newPage();
  await page.setViewportSize({ width: ancho, height: alto });
  await login(page, server.url, usuario);
  return page;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the institution's view of a request", () => {
  it("103 reads 'En revisión legal', with no internal history, reviewer or return", async () => {
    const id = await demoEn(103);
    const page = await paginaDe("originador");
    await page.goto(`${server.url}/Originador/Detalles/${id}`);
    const datos = page.getByRole("region", { name: "Datos de la solicitud" });
    await expect.poll(() => datos.textContent(), { timeout: 20_000 }).toContain("En revisión legal");
    const tabs = await page.getByRole("tab").allTextContents();
    expect(tabs.join("|")).toBe("Comentario|Documentos|Funcionarios");
    const texto = (await page.locator("main").textContent()) ?? "";
    expect(texto).not.toContain("Asignada a");
    expect(texto).not.toMatch(/Retornado/);
    await screenshot(page, "i10-originador-103");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "i10-originador-103-390");
    await page.context().close();
  });

  it("a rejected request (104) is final: the timeline ends at Finalizado", async () => {
    const id = await demoEn(104);
    const page = await paginaDe("originador");
    await page.goto(`${server.url}/Originador/Detalles/${id}`);
    const actual = page.locator('.rf-timeline li[aria-current="step"]');
    await expect.poll(() => actual.textContent(), { timeout: 20_000 }).toContain("Finalizado");
    expect(await page.getByRole("tab", { name: "Observaciones" }).count()).toBe(1);
    await page.context().close();
  });
});
