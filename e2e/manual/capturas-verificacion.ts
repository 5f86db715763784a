/**
 * Screenshots of verification for the user manual (docs/manual/screens/verificacion-*.png): the
 * "Verificar firma" screen with an authorised and a refused answer, the Constancia button on a
 * request's details, Login's "Verificar una constancia" and the public page of a constancia. Real
 * app, fresh demo data, Debian's chromium. The only change made is issuing one constancia.
 *
 *   npm run build -w web && cd e2e && npx tsx manual/capturas-verificacion.ts
 */
import fs from "node:fs";
import { CODIGO_CONSTANCIA_REGEX, type Funcionario } from "@registro/contracts";
import { textoPdf } from "../../server/test/support/lectores";
import { DEMO_PASSWORD, launchBrowser, login } from "../support/browser";
import { startServer } from "../support/server";
import { capturar, escribir, SCREENS, VIEWPORT } from "./comun";

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
  const codigo = textoPdf(pdf)
    .map((t) => t.trim())
    .find((t) => CODIGO_CONSTANCIA_REGEX.test(t));
  if (!codigo) throw new Error("no code in the constancia");

  const publico = await (await browser.newContext({ viewport: VIEWPORT, locale: "es-ES" })).newPage();
  await publico.goto(`${server.url}/Login`);
  await publico.getByLabel("Código seguro de verificación").fill(codigo);
  await capturar(publico, "verificacion-login.png");
  await publico.getByRole("button", { name: "Verificar" }).click();
  await publico.getByText("Constancia auténtica").waitFor();
  await capturar(publico, "verificacion-publica.png", true);
} finally {
  await browser.close();
  await server.stop();
}
