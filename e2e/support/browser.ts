/**
 * Debian's chromium driven by playwright-core, with the flags this machine needs, plus helpers to
 * sign in, take screenshots and run axe.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

const require = createRequire(import.meta.url);

export const DEMO_PASSWORD = "Demo.Firmas.2026";
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../screenshots");

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

export async function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1366, height: 850 }, locale: "es-ES", acceptDownloads: true });
}

/** Signs in through the Login screen and waits for Inicio. */
export async function login(page: Page, baseUrl: string, usuario: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/Login`);
  await page.getByLabel("Usuario").fill(usuario);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await page.waitForURL((u) => !u.pathname.endsWith("/Login"));
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Runs axe-core in the page; returns violations of serious or critical impact. */
export async function axeSerious(page: Page) {
  // evaluate() runs outside the page's CSP, which forbids inline scripts.
  await page.evaluate(fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8"));
  const result = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time
    const axe = (window as any).axe;
    return axe.run(document, { resultTypes: ["violations"] });
  });
  return (result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[]).filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
}
