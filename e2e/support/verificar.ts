/**
 * Asking "Verificar firma" about a cédula, as a clerk does: the field focused, the digits typed at
 * once (the cédula field keeps the caret where the typing is, however fast), then "Verificar".
 */
import type { Page } from "playwright-core";

export async function preguntarPorCedula(page: Page, cedula: string): Promise<void> {
  await page.getByLabel("Cédula").focus();
  await page.keyboard.type(cedula.replace(/-/g, ""));
  await page.getByRole("button", { name: "Verificar" }).click();
}
