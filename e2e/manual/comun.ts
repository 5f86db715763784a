/**
 * What the user-manual screenshot scripts share: where the pictures go, the window they are taken
 * in, saving one at rest, and typing into a masked field the way a clerk does.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "playwright-core";

export const SCREENS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/manual/screens");
export const VIEWPORT = { width: 1280, height: 800 };

/** Saves docs/manual/screens/<archivo>; `completa` takes the whole page, not just the window. */
export async function capturar(page: Page, archivo: string, completa = false) {
  // Let toasts, spinners and transitions finish so the picture shows the screen at rest.
  await page.waitForTimeout(1800);
  const file = path.join(SCREENS, archivo);
  if (completa) {
    // A viewport as tall as the page keeps the fixed bars where a reader expects them.
    const alto = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: VIEWPORT.width, height: Math.max(alto, VIEWPORT.height) });
    await page.waitForTimeout(300);
    await page.screenshot({ path: file });
    await page.setViewportSize(VIEWPORT);
  } else {
    await page.screenshot({ path: file });
  }
  console.log(`  ${path.relative(process.cwd(), file)}`);
}

/** Types from the start of the field, key by key, so input masks see what a person types. */
export async function escribir(campo: Locator, texto: string, retardo: number) {
  await campo.click({ position: { x: 6, y: 6 } });
  await campo.page().waitForTimeout(250);
  await campo.press("Home");
  await campo.pressSequentially(texto, { delay: retardo });
}
