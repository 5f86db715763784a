/**
 * Issue 35's screen flaws, walked again: every inbox whole at a 1280 px laptop (no column cut, no
 * sideways scrolling), the audit trail's words and times, the Login code field's placeholder whole,
 * the administrator's officials with their "Estado de la firma", amounts kept whole in the Detalles
 * dialog, and every time on screen in the country's zone whatever the browser's zone is.
 */
import { type BandejaItem, digitoVerificador, type Funcionario } from "@registro/contracts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiDemo } from "../support/api";
import { launchBrowser, login, newContext, screenshot } from "../support/browser";
import { type AppServer, startServer } from "../support/server";

let server: AppServer;
let browser: Browser;
const demo = apiDemo(() => server.url);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ LOGIN_RATE_LIMIT: "500" }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function paginaDe(usuario: string, ancho: number, opciones: { timezoneId?: string } = {}): Promise<Page> {
  const ctx = await browser.newContext({
    viewport: { width: ancho, height: 800 },
    locale: "es-ES",
    acceptDownloads: true,
    ...opciones,
  });
  const page = await ctx.newPage();
  await login(page, server.url, usuario);
  return page;
}

/** What of a table is out of view: its box scrolls sideways, a header cut, the page wider than the window. */
function recortes(page: Page) {
  return page.evaluate(() => {
    const malas: string[] = [];
    for (const w of document.querySelectorAll<HTMLElement>(".p-datatable-wrapper"))
      if (w.scrollWidth > w.clientWidth) malas.push(`tabla ${w.scrollWidth}>${w.clientWidth}`);
    for (const th of document.querySelectorAll<HTMLElement>("thead th")) {
      const texto = th.textContent?.trim();
      if (th.getBoundingClientRect().right > window.innerWidth + 0.5) malas.push(`«${texto}» fuera de la ventana`);
      if (th.scrollWidth > th.clientWidth) malas.push(`«${texto}» cortado`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth) malas.push("página");
    return malas;
  });
}

/** The table's rows drawn (a date in a cell), not its loading placeholder. */
async function filasCargadas(page: Page) {
  await page
    .locator("tbody tr")
    .filter({ hasText: /\d{2}\/\d{2}\/\d{4}/ })
    .first()
    .waitFor();
  await page.waitForTimeout(300);
}

const BANDEJAS = [
  ["analista", "/AnalistaRyCC/Analista"],
  ["administrador", "/AnalistaRyCC/Administrador"],
  ["administrador", "/AnalistaRyCC/Seguimiento"],
  ["juridico", "/Juridico/AnalistaLegal"],
  ["juridico", "/Juridico/Historico"],
  ["consultor", "/Consultar"],
  ["originador", "/Originador"],
] as const;

describe("the inboxes on a laptop", () => {
  for (const ancho of [1280, 1366])
    it(`${ancho} px: every column, "Días en espera" and "Acciones" included, in view beside the menu`, async () => {
      const cortes: Record<string, string[]> = {};
      for (const [usuario, ruta] of BANDEJAS) {
        const page = await paginaDe(usuario, ancho);
        await page.goto(`${server.url}${ruta}`);
        await filasCargadas(page);
        const r = await recortes(page);
        if (r.length) cortes[ruta] = r;
        if (ancho === 1280 && ruta === "/AnalistaRyCC/Administrador") await screenshot(page, "repaso-bandeja-1280");
        await page.context().close();
      }
      expect(cortes).toEqual({});
    });
});

describe("Login", () => {
  for (const ancho of [1366, 390])
    it(`${ancho} px: the constancia code field shows its whole placeholder`, async () => {
      const page = await (await newContext(browser)).newPage();
      await page.setViewportSize({ width: ancho, height: 844 });
      await page.goto(`${server.url}/Login`);
      const campo = page.getByLabel("Código seguro de verificación");
      await campo.waitFor();
      // The placeholder's width: the field holding the same text in the placeholder's style.
      const medida = await campo.evaluate((i: HTMLInputElement) => {
        const tamano = getComputedStyle(i, "::placeholder").fontSize;
        const [valor, letra] = [i.value, i.style.fontSize];
        i.value = i.placeholder;
        i.style.fontSize = tamano;
        const r = { texto: i.scrollWidth, caja: i.clientWidth };
        i.value = valor;
        i.style.fontSize = letra;
        return r;
      });
      expect(medida.texto).toBeLessThanOrEqual(medida.caja);
      await page.context().close();
    });
});

describe("Auditoría", () => {
  it("a user's and an institution's creation read as the forms say, without seconds, whole at 1280 px", async () => {
    const token = await demo.token("configuracion");
    const enviar = async (ruta: string, cuerpo: unknown) => {
      const res = await fetch(`${server.url}/${ruta}`, {
        method: "POST",
        headers: { Authorization: token, "content-type": "application/json" },
        body: JSON.stringify(cuerpo),
      });
      const json = (await res.json()) as { success: boolean; message: string };
      expect(json.success, json.message).toBe(true);
    };
    const perfiles = await demo.llamar<{ idPerfil: number; nombre: string }[]>("configuracion", "api/Perfiles");
    // A long address with nowhere to break: it must not push "Cambios" out of view.
    await enviar("api/Usuarios", {
      Cedula: `402-7777777-${digitoVerificador("4027777777")}`,
      Nombre: "Renata",
      Apellido: "Villalona Espaillat",
      IdPerfil: perfiles[0].idPerfil,
      Usuario: "rvillalona",
      Email: "renata.villalona.espaillat@direccion-general-de-presupuesto.gob.do",
      UExterno: false,
      IdInst: null,
    });
    await enviar("api/Instituciones", {
      Nombre: "Instituto de Prueba del Repaso",
      Direccion: "Av. México 1",
      Telefono: "(809) 555-1234",
      Ext: "",
      Telefono2: "",
      Ext2: "",
      Estatus: true,
      SelectedCargos: [],
    });

    const page = await paginaDe("configuracion", 1280);
    await page.goto(`${server.url}/Configuracion/Auditoria`);
    const tabla = page.locator("table");
    await tabla.getByText("Instituto de Prueba del Repaso").first().waitFor();
    const texto = (await tabla.textContent()) ?? "";
    expect(texto).toContain("Apellidos: Villalona Espaillat");
    expect(texto).not.toContain("Apellido:");
    expect(texto).toContain("Estatus: Activo");
    expect(texto).not.toContain("Estatus: Sí");
    const fechas = await tabla.locator("tbody tr td:first-child").allTextContents();
    expect(fechas.length).toBeGreaterThan(0);
    for (const f of fechas) expect(f.replace(/^Fecha/, "")).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [ap]\. m\.$/);
    expect(await recortes(page)).toEqual([]);
    await screenshot(page, "repaso-auditoria-1280");
    await page.context().close();
  });
});

/** An active request of the demo data with an official whose signature has an amount range. */
async function conRango(): Promise<{ idSolicitud: number; f: Funcionario }> {
  const bandeja = await demo.llamar<{ rows: BandejaItem[] }>(
    "consultor",
    "api/SolicitudFirma/GetBandejaConsultor?page=0&rows=50&estatus=106",
  );
  for (const { idSolicitud } of bandeja.rows) {
    const fs = await demo.llamar<Funcionario[]>("consultor", `api/Funcionarios/GetFuncionarioSolicitud/${idSolicitud}`);
    const f = fs.find((x) => x.firmaRango && x.montoDesde !== null && x.montoHasta !== null);
    if (f) return { idSolicitud, f };
  }
  throw new Error("no official with an amount range in the demo data");
}

describe("the administrator's officials", () => {
  it("show 'Estado de la firma' as every other place, and the Detalles dialog keeps each amount on one line", async () => {
    const { idSolicitud, f } = await conRango();
    for (const ancho of [1366, 390]) {
      const page = await paginaDe("administrador", ancho);
      await page.goto(`${server.url}/AnalistaRyCC/Administrador/Detalles/${idSolicitud}`);
      await page.getByRole("tab", { name: "Funcionarios" }).click();
      const tabla = page.getByRole("table", { name: "Funcionarios de la solicitud" });
      await tabla.getByText(f.cedula).waitFor();
      if (ancho === 1366) {
        expect(await tabla.locator("thead").textContent()).toContain("Estado de la firma");
        const fila = tabla.locator("tbody tr").filter({ hasText: f.cedula });
        expect(await fila.textContent()).toContain(f.estadoTexto);
      }
      await page.getByRole("button", { name: `Ver detalles de ${f.nombres} ${f.apellidos}` }).click();
      const dialogo = page.getByRole("dialog", { name: "Detalles" });
      const monto = dialogo.locator("dt", { hasText: "Monto" }).locator("xpath=following-sibling::dd");
      await monto.waitFor();
      // Each "US$ 1,234.56" on one line, whatever the dialog's width.
      const partidos = await monto.evaluate((dd) => {
        const malos: string[] = [];
        const recorrido = document.createTreeWalker(dd, NodeFilter.SHOW_TEXT);
        for (let n = recorrido.nextNode(); n; n = recorrido.nextNode()) {
          for (const m of (n.textContent ?? "").matchAll(/US\$ [\d,.]+/g)) {
            const rango = document.createRange();
            rango.setStart(n, m.index);
            rango.setEnd(n, m.index + m[0].length);
            const tops = new Set([...rango.getClientRects()].map((r) => Math.round(r.top)));
            if (tops.size > 1) malos.push(m[0]);
          }
        }
        return malos;
      });
      expect(partidos).toEqual([]);
      for (const estrecho of [1366, 1280, 390, 360]) {
        await page.setViewportSize({ width: estrecho, height: 800 });
        const otra = await monto.evaluate((dd) =>
          [...dd.querySelectorAll("span")].map(
            (s) => new Set([...s.getClientRects()].map((r) => Math.round(r.top))).size,
          ),
        );
        expect(otra.length).toBe(2);
        expect(otra.every((lineas) => lineas === 1)).toBe(true);
      }
      await page.setViewportSize({ width: ancho, height: 800 });
      if (ancho === 390) await screenshot(page, "repaso-detalles-390");
      await page.context().close();
    }
  });
});

describe("times in the country's zone", () => {
  it("Verificar firma's date is the country's today in a browser a day ahead or behind", async () => {
    const hoy = new Intl.DateTimeFormat("en-GB", { timeZone: "America/Santo_Domingo" }).format(new Date());
    // Kiritimati (UTC+14) and Pago Pago (UTC−11): at any hour one of them is on another day than Santo Domingo.
    for (const zona of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
      const page = await paginaDe("consultor", 1366, { timezoneId: zona });
      await page.goto(`${server.url}/Consultar/Verificar`);
      const fecha = page.getByLabel("Fecha", { exact: true });
      await fecha.waitFor();
      expect(await fecha.inputValue(), zona).toBe(hoy);
      await page.context().close();
    }
  });

  it("a browser set to Tokyo's zone shows the inbox's times as Santo Domingo's clock reads them", async () => {
    const bandeja = await demo.llamar<{ rows: BandejaItem[] }>(
      "consultor",
      "api/SolicitudFirma/GetBandejaConsultor?page=0&rows=50",
    );
    const enPais = (iso: string) => {
      const p = Object.fromEntries(
        new Intl.DateTimeFormat("en-US", {
          timeZone: "America/Santo_Domingo",
          year: "numeric",
          month: "2-digit",
          day: "2-digit",
          hour: "numeric",
          minute: "2-digit",
          hour12: true,
        })
          .formatToParts(new Date(iso))
          .map((x) => [x.type, x.value]),
      );
      const hora = p.hour.padStart(2, "0");
      return `${p.day}/${p.month}/${p.year} ${hora}:${p.minute} ${p.dayPeriod === "AM" ? "a. m." : "p. m."}`;
    };
    const page = await paginaDe("consultor", 1366, { timezoneId: "Asia/Tokyo" });
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("Asia/Tokyo");
    await page.goto(`${server.url}/Consultar`);
    await filasCargadas(page);
    const filas = await page
      .locator("tbody tr")
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")));
    const encabezados = await page.locator("thead th").allTextContents();
    const colN = encabezados.findIndex((h) => h.trim().startsWith("N.º"));
    const colFecha = encabezados.findIndex((h) => h.trim().startsWith("Fecha"));
    const porId = new Map(bandeja.rows.map((r) => [String(r.idSolicitud), r.fechaSolicitud]));
    let comparadas = 0;
    for (const celdas of filas) {
      const id = celdas[colN]?.replace(/\D/g, "");
      const iso = id ? porId.get(id) : undefined;
      if (!iso) continue;
      expect(celdas[colFecha].replace(/\s+/g, " ").trim()).toContain(enPais(iso));
      comparadas++;
    }
    expect(comparadas).toBeGreaterThan(0);
    await page.context().close();
  });
});

/** Vertical room between two boxes of a dialog (the second below the first), once it has finished opening. */
async function hueco(page: Page, arriba: string, abajo: string): Promise<number> {
  // The dialog grows in as it opens: measured during that, every distance is smaller.
  await page.locator(".p-dialog.p-dialog-enter-done").first().waitFor();
  const a = await page.locator(arriba).first().boundingBox();
  const b = await page.locator(abajo).first().boundingBox();
  if (!a || !b) throw new Error(`${arriba} or ${abajo} not on screen`);
  return Math.round(b.y - (a.y + a.height));
}

describe("dialog spacing", () => {
  it("the approval's optional comment and the inactivation dialog's fields stand apart", async () => {
    const bandeja = await demo.llamar<{ rows: BandejaItem[] }>(
      "analista",
      "api/SolicitudFirma/GetBandejaAnalista?page=0&rows=50",
    );
    const page = await paginaDe("analista", 1366);
    let abierto = false;
    for (const r of bandeja.rows.filter((x) => x.asignadoA !== null && x.estatusSolitud === 101)) {
      await page.goto(`${server.url}/AnalistaRyCC/Analista/Detalles/${r.idSolicitud}`);
      // The request's actions drawn ("Aprobar" is offered whoever holds it)…
      await page.getByRole("button", { name: "Aprobar", exact: true }).waitFor();
      // …and assigned to this analyst: "Liberar" is offered.
      if ((await page.getByRole("button", { name: "Liberar" }).count()) === 0) continue;
      await page.getByRole("button", { name: "Aprobar", exact: true }).click();
      abierto = true;
      break;
    }
    expect(abierto).toBe(true);
    const aprobar = page.getByRole("dialog", { name: "Aprobar solicitud" });
    await aprobar.getByLabel("Comentario (opcional)").waitFor();
    expect(await hueco(page, ".rf-confirmacion", ".rf-confirmacion + .rf-campo")).toBeGreaterThanOrEqual(16);
    await page.context().close();

    const originador = await demo.llamar<BandejaItem[]>("originador", "api/SolicitudFirma/GetBandejaOriginador");
    const activa = originador.find((x) => x.estatusSolitud === 106);
    expect(activa).toBeDefined();
    for (const ancho of [1366, 390]) {
      const p = await paginaDe("originador", ancho);
      await p.goto(`${server.url}/Originador/Detalles/${activa?.idSolicitud}`);
      await p.getByRole("button", { name: "Inactivar Firma" }).click();
      const d = p.getByRole("dialog", { name: "Solicitud de inactivación de firma" });
      await d.getByLabel("Justificación").waitFor();
      expect(await hueco(p, ".rfo-inactivar .rfo-nota", ".rfo-inactivar .rfo-alcance")).toBeGreaterThanOrEqual(16);
      expect(await hueco(p, ".rfo-inactivar .rfo-alcance", ".rfo-inactivar .rfo-campo")).toBeGreaterThanOrEqual(16);
      expect(await hueco(p, ".rfo-inactivar .rfo-campo", ".rfo-inactivar .rfo-campo >> nth=1")).toBeGreaterThanOrEqual(
        16,
      );
      expect(
        await hueco(p, ".rfo-inactivar .rfo-campo >> nth=1", ".rfo-inactivar .rfo-acciones"),
      ).toBeGreaterThanOrEqual(16);
      await screenshot(p, `repaso-inactivar-${ancho}`);
      await p.context().close();
    }
  });
});
