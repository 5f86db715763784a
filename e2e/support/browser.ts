/**
 * Debian's chromium driven by playwright-core, with the flags this machine needs, plus helpers to
 * sign in, take screenshots and run axe.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { expect } from "vitest";

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
  return browser.newContext({ viewport: ESCRITORIO, locale: "es-ES", acceptDownloads: true });
}

/** Signs in through the Login screen and waits for Inicio. */
export async function login(page: Page, baseUrl: string, usuario: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/Login`);
  await page.getByLabel("Usuario").fill(usuario);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await page.waitForURL((u) => !u.pathname.endsWith("/Login"));
}

/** The two sizes every state the suite visits is checked at: a desktop and a phone. */
export const ESCRITORIO = { width: 1366, height: 900 };
export const TELEFONO = { width: 390, height: 844 };

/**
 * A state the suite visits (a screen, an open dialog or list): photographed, and checked by axe at
 * both sizes (`axeAmbosTamanos`). A violation fails the test without stopping it (expect.soft), so
 * one run reports every state's findings.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  const inicio = performance.now();
  const axe = await axeAmbosTamanos(page, path.join(SHOTS, `${name}-otro-tamano.png`));
  // What the checks cost, per state (the suite's time budget): screenshots/axe-tiempos.tsv.
  fs.appendFileSync(path.join(SHOTS, "axe-tiempos.tsv"), `${name}\t${Math.round(performance.now() - inicio)}\n`);
  expect.soft(axe, `axe en «${name}»: ${JSON.stringify(axe, null, 1)}`).toEqual([]);
  return file;
}

const AXE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

interface Violacion {
  id: string;
  impact: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page; returns violations of serious or critical impact. */
export async function axeSerious(page: Page) {
  // evaluate() runs outside the page's CSP, which forbids inline scripts. Injected once per document.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  // A toast that comes or goes while axe reads the colours is half transparent, and its text is
  // then reported as unreadable: the page settles first, and a run during which an animation or
  // transition started is done again once the page has settled (at most three runs).
  let violaciones: Violacion[] = [];
  for (let intento = 0; intento < 3; intento++) {
    await asentada(page);
    const { violations, seMovio } = await page.evaluate(async () => {
      let movimientos = 0;
      const contar = () => {
        movimientos++;
      };
      const eventos = ["transitionstart", "animationstart"];
      for (const e of eventos) document.addEventListener(e, contar, true);
      try {
        // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time
        const axe = (window as any).axe;
        const r = await axe.run(document, { resultTypes: ["violations"] });
        return { violations: r.violations, seMovio: movimientos > 0 };
      } finally {
        for (const e of eventos) document.removeEventListener(e, contar, true);
      }
    });
    violaciones = violations as Violacion[];
    if (!seMovio || violaciones.length === 0) break;
  }
  return violaciones
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target })) }));
}

/**
 * axe at the page's size, then at the other of ESCRITORIO/TELEFONO, then back: serious and
 * critical violations, each with the size it was found at, and at the phone's size any sideways
 * scrolling of the page itself. An open list (dropdown, multi-select,
 * calendar) closes when the window is resized, as PrimeReact does on any resize, and so does the
 * phone's menu drawer when the page crosses the wide-screen breakpoint; a state with one open is
 * checked at the size the test opened it (the decision dialogs' lists are opened at
 * both sizes by pantallas.test.ts). With `captura`, the other size is photographed too (its screen).
 */
export async function axeAmbosTamanos(page: Page, captura?: string) {
  const actual = page.viewportSize() ?? ESCRITORIO;
  const tamano = (v: { width: number; height: number }) => `${v.width}x${v.height}`;
  const hallazgos = (await axeSerious(page)).map((v) => ({ tamano: tamano(actual), ...v }));
  if (actual.width <= TELEFONO.width) hallazgos.push(...(await sinDesplazamientoLateral(page)));
  const listaAbierta = await page
    .locator(
      ".p-connected-overlay-enter-done, .p-datepicker:not(.p-datepicker-inline), .p-overlaypanel, .p-menu-overlay",
    )
    .filter({ visible: true })
    .count();
  const cajonAbierto = actual.width < 992 && (await page.locator(".rf-shell-menu-abierto").count()) > 0;
  if (listaAbierta > 0 || cajonAbierto) return hallazgos;
  const otro = actual.width > 640 ? TELEFONO : ESCRITORIO;
  await page.setViewportSize(otro);
  await asentada(page);
  hallazgos.push(...(await axeSerious(page)).map((v) => ({ tamano: tamano(otro), ...v })));
  hallazgos.push(...(await sinDesplazamientoLateral(page)));
  if (captura) await page.screenshot({ path: captura });
  await page.setViewportSize(actual);
  await asentada(page);
  return hallazgos;
}

/**
 * On a phone the page itself never scrolls sideways (a wide table scrolls inside its own region):
 * reported like an axe finding, as "desplazamiento-lateral" with the page's width.
 */
async function sinDesplazamientoLateral(page: Page) {
  const { ancho, pagina } = await page.evaluate(() => ({
    ancho: window.innerWidth,
    pagina: document.documentElement.scrollWidth,
  }));
  if (pagina <= ancho) return [];
  return [
    { tamano: `${ancho}`, id: "desplazamiento-lateral", impact: "serious", nodes: [{ target: [`${pagina}px`] }] },
  ];
}

/** After a resize: two frames (React's updates), then the finite animations and transitions it started. */
async function asentada(page: Page) {
  await page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const finitas = document
      .getAnimations()
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().iterations ?? 1)));
    await Promise.all(finitas.map((a) => a.finished.catch(() => undefined)));
  });
}
