/**
 * Screenshots of verification for the user manual (docs/manual/screens/verificacion-*.png): the
 * "Verificar firma" screen with an authorised and a refused answer, the Constancia button on a
 * request's details, Login's "Verificar una constancia", the public page of a constancia, the check of
 * its file and the public page of a "Descargar comprobante" receipt. Real app, fresh demo data,
 * Debian's chromium. The only changes made are issuing one constancia and one receipt.
 *
 *   npm run build -w web && cd e2e && npx tsx manual/capturas-verificacion.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CODIGO_CONSTANCIA_REGEX, type Funcionario } from "@registro/contracts";
import { textoPdf } from "../../server/test/support/lectores";
import { DEMO_PASSWORD, launchBrowser, login } from "../support/browser";
import { startServer } from "../support/server";
import { capturar, escribir, SCREENS, VIEWPORT } from "./comun";

/** The secure verification code printed in a constancia's or a receipt's PDF. */
function codigoDe(pdf: Buffer): string {
  const codigo = textoPdf(pdf)
    .map((t) => t.trim())
    .find((t) => CODIGO_CONSTANCIA_REGEX.test(t));
  if (!codigo) throw new Error("no verification code in the PDF");
  return codigo;
}

fs.mkdirSync(SCREENS, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  const res = await fetch(`${server.url}/api/Account/LogIn`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ userName: "consultor", password: DEMO_PASSWORD }),
  });
  const token = ((await res.json()) as { token: string }).token;
  const get = async <T>(path: string) =>
    (await (await fetch(`${server.url}/${path}`, { headers: { Authorization: token } })).json()) as T;
  const bandeja = await get<{ rows: { idSolicitud: number }[] }>(
    "api/SolicitudFirma/GetBandejaConsultor?page=0&rows=50&estatus=106",
  );
  let elegido: { idSolicitud: number; f: Funcionario } | null = null;
  for (const { idSolicitud } of bandeja.rows) {
    const fs = await get<Funcionario[]>(`api/Funcionarios/GetFuncionarioSolicitud/${idSolicitud}`);
    const f = fs.find((x) => x.enVigor && x.firmaRango);
    if (f) {
      elegido = { idSolicitud, f };
      break;
    }
  }
  if (!elegido) throw new Error("no active official with an amount range in the demo data");

  const ctx = await browser.newContext({ viewport: VIEWPORT, locale: "es-ES", acceptDownloads: true });
  const page = await ctx.newPage();
  await login(page, server.url, "consultor");
  await page.getByRole("link", { name: "Verificar firma" }).first().click();
  await page.getByRole("heading", { name: "Verificar firma", level: 1 }).waitFor();
  await escribir(page.getByLabel("Cédula"), elegido.f.cedula.replace(/-/g, ""), 20);
  await page.getByRole("button", { name: "Verificar" }).click();
  await page.locator(".rfv-respuesta").waitFor();
  await capturar(page, "verificacion-autorizado.png", true);
  // The answer on screen as a sealed receipt, kept for its public page below.
  const [recibo] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Descargar comprobante" }).click(),
  ]);
  const codigoComprobante = codigoDe(fs.readFileSync((await recibo.path()) as string));

  await escribir(page.getByLabel("Monto"), String((elegido.f.montoHasta ?? 0) + 1), 10);
  await page.getByRole("button", { name: "Verificar" }).click();
  await page.locator(".rfv-no").waitFor();
  await capturar(page, "verificacion-no-autorizado.png", true);

  await page.goto(`${server.url}/Consultar/Detalles/${elegido.idSolicitud}`);
  await page.getByRole("button", { name: "Constancia" }).waitFor();
  await capturar(page, "verificacion-boton-constancia.png");
  const [descarga] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Constancia" }).click(),
  ]);
  const pdf = fs.readFileSync((await descarga.path()) as string);
  const codigo = codigoDe(pdf);
  const archivoConstancia = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "rf-constancia-")), "Constancia.pdf");
  fs.writeFileSync(archivoConstancia, pdf);

  const publico = await (await browser.newContext({ viewport: VIEWPORT, locale: "es-ES" })).newPage();
  await publico.goto(`${server.url}/Login`);
  await publico.getByLabel("Código seguro de verificación").fill(codigo);
  await capturar(publico, "verificacion-login.png");
  await publico.getByRole("button", { name: "Verificar" }).click();
  await publico.getByText("Constancia auténtica").waitFor();
  // The window, not the whole page: the answer's reserved room (60vh) grows with a page-tall window.
  await capturar(publico, "verificacion-publica.png");

  // The file check's one verdict, for the constancia just downloaded.
  await publico.locator('input[type="file"]').setInputFiles(archivoConstancia);
  await publico.getByRole("button", { name: "Comprobar archivo" }).click();
  const resultado = publico.getByRole("status", { name: "Resultado de la comprobación" });
  await resultado.getByText("Constancia válida").waitFor();
  await publico
    .getByRole("heading", { name: "Comprobar el archivo de una constancia" })
    .evaluate((h) => h.scrollIntoView({ block: "start" }));
  await capturar(publico, "verificacion-comprobar-archivo.png");

  // The receipt's public page: the question and the answer it keeps.
  await publico.goto(`${server.url}/Verificar/${codigoComprobante}`);
  await publico.getByText("Comprobante de verificación auténtico").waitFor();
  await capturar(publico, "verificacion-comprobante.png");
} finally {
  await browser.close();
  await server.stop();
}
