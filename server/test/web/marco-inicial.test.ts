/**
 * The page sent for a screen that opens with a heading: the signed-in frame with the screen's
 * heading and help, written by the server before any script, only to a session that may open the
 * screen; everyone else gets the generic loading page.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { ENCABEZADOS_PANTALLA, MSG, V } from "@registro/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { escaparHtml, marcoDePantalla, paginaDePantalla, pantallaDeRuta } from "../../src/web/marco-inicial.js";
import { crearTestApp, type TestApp } from "../support/app.js";

const HTML = `<!doctype html><html lang="es"><head><title>Registro de Firmas</title></head>
<body><div id="root"><!--arranque--><div class="rf-arranque"><p>Cargando la aplicación…</p></div><!--/arranque--></div></body></html>`;

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "rf-marco-"));
  fs.writeFileSync(path.join(dist, "index.html"), HTML);
  t = await crearTestApp({ WEB_DIST: dist });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

async function pagina(url: string, token?: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: "GET", url, headers, cookies: token ? { rf_sesion: token } : {} });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^text\/html/);
  return res;
}

const generica = (body: string) => body.includes('<div class="rf-arranque">') && !body.includes("rf-pantalla");

describe("the page of a screen with a heading", () => {
  it("without a session: the generic loading page, kept by no shared cache", async () => {
    const res = await pagina("/Tablero");
    expect(generica(res.body)).toBe(true);
    expect(res.body).not.toContain(MSG.tableroDescripcion);
    expect(res.headers["cache-control"]).toBe("private, no-cache");
    expect(res.headers.vary).toMatch(/cookie/i);
  });

  it("with a cookie that is no session's, or a session's token in the Authorization header: the generic page", async () => {
    expect(generica((await pagina("/Tablero", "x".repeat(43))).body)).toBe(true);
    expect(generica((await pagina("/Tablero", "no es un token")).body)).toBe(true);
    const token = await t.token("administrador");
    expect(generica((await pagina("/Tablero", undefined, { authorization: token })).body)).toBe(true);
  });

  it("with a session whose profile lacks the screen's view: the generic page", async () => {
    const originador = await t.token("originador");
    expect(generica((await pagina("/Tablero", originador)).body)).toBe(true);
    expect(generica((await pagina("/Consultar/Verificar", originador)).body)).toBe(true);
    const consultor = await t.token("consultor");
    expect(generica((await pagina("/Tablero", consultor)).body)).toBe(true);
  });

  it("with an ended session: the generic page", async () => {
    const token = await t.token("administrador", undefined);
    const otra = (
      await t.app.inject({
        method: "POST",
        url: "/api/Account/LogIn",
        payload: { userName: "administrador", password: "Demo.Firmas.2026" },
      })
    ).json().token as string;
    expect((await pagina("/Tablero", otra)).body).toContain(MSG.tableroDescripcion);
    const salida = await t.app.inject({ method: "PUT", url: "/api/Account/LogOff", headers: { authorization: otra } });
    expect(salida.statusCode).toBe(200);
    expect(generica((await pagina("/Tablero", otra)).body)).toBe(true);
    expect((await pagina("/Tablero", token)).body).toContain(MSG.tableroDescripcion);
  });

  it("with a session that may open it: the frame, the heading, the help, a loading sign and the screen's title", async () => {
    const res = await pagina("/Tablero", await t.token("administrador"));
    const e = ENCABEZADOS_PANTALLA[V.TABLERO];
    expect(res.body).toContain(marcoDePantalla(e));
    expect(res.body).toContain(`<h1 id="rf-arranque-titulo" class="rf-pantalla-titulo">Tablero</h1>`);
    expect(res.body).toContain(`<p class="rf-pantalla-ayuda">${MSG.tableroDescripcion}</p>`);
    expect(res.body).toContain('role="status"');
    expect(res.body).toContain("<title>Tablero | Registro de Firmas</title>");
    expect(res.body).not.toContain('<div class="rf-arranque">');
    expect(res.body).not.toContain("<!--arranque-->");
    expect(res.headers["cache-control"]).toBe("private, no-cache");

    const consultor = await pagina("/Consultar/Verificar", await t.token("consultor"));
    expect(consultor.body).toContain(`<h1 id="rf-arranque-titulo" class="rf-pantalla-titulo">Verificar firma</h1>`);
    expect(consultor.body).toContain(escaparHtml(MSG.verificarFirmaAyuda));
    expect(consultor.body).toContain("<title>Verificar firma | Registro de Firmas</title>");
  });

  it("an inbox: the frame with the view's title, the inbox's heading bar with its help, only to a session that may open it", async () => {
    const casos = [
      { vista: V.ORIGINADOR, usuario: "originador", ayuda: MSG.bandejaOriginadorAyuda },
      { vista: V.ANALISTA, usuario: "analista", ayuda: MSG.bandejaAnalistaAyuda },
      { vista: V.JURIDICO, usuario: "juridico", ayuda: MSG.bandejaJuridicoAyuda },
      { vista: V.CONSULTA, usuario: "consultor", ayuda: MSG.bandejaConsultaAyuda },
      { vista: V.ADMINISTRADOR, usuario: "administrador", ayuda: MSG.bandejaAdministradorAyuda },
      { vista: V.SEGUIMIENTO, usuario: "administrador", ayuda: MSG.bandejaSeguimientoAyuda },
      { vista: V.HISTORICO, usuario: "juridico", ayuda: MSG.bandejaHistoricoAyuda },
    ] as const;
    for (const { vista, usuario, ayuda } of casos) {
      const e = ENCABEZADOS_PANTALLA[vista];
      const res = await pagina(e.ruta, await t.token(usuario));
      expect(res.body).toContain(marcoDePantalla(e));
      expect(res.body).toContain(`<p class="rf-topbar-title">${e.titulo}</p>`);
      expect(res.body).toContain(
        `<section class="rf-bandeja" aria-labelledby="rf-arranque-titulo"><div class="rf-bandeja-cabecera">` +
          `<h1 id="rf-arranque-titulo">Solicitudes de Firma</h1><p class="rf-bandeja-ayuda">${escaparHtml(ayuda)}</p></div>`,
      );
      expect(res.body).toContain(`<title>${e.titulo} | Registro de Firmas</title>`);
      expect(res.body).not.toContain("rf-pantalla");
    }
    // Another profile's inbox: the generic page.
    expect(generica((await pagina("/Originador", await t.token("consultor"))).body)).toBe(true);
    expect(generica((await pagina("/Juridico/AnalistaLegal", await t.token("originador"))).body)).toBe(true);
  });

  it("matches the address as the web's router does (any case, a trailing slash, a query), compressed alike", async () => {
    const token = await t.token("administrador");
    for (const url of ["/tablero", "/TABLERO/", "/Tablero?desde=2026-01-01"]) {
      expect((await pagina(url, token)).body).toContain(MSG.tableroDescripcion);
    }
    const br = await pagina("/Tablero", token, { "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain(MSG.tableroDescripcion);
    const head = await t.app.inject({ method: "HEAD", url: "/Tablero", cookies: { rf_sesion: token } });
    expect(head.statusCode).toBe(200);
    // Other screens and addresses: the generic page.
    expect(generica((await pagina("/Tablero/Otra", token)).body)).toBe(true);
    expect(generica((await pagina("/AnalistaRyCC/Administrador/Detalles/1", token)).body)).toBe(true);
  });
});

describe("the frame's text", () => {
  it("is written as text, never markup", () => {
    expect(escaparHtml(`<img src=x onerror="a('b')">&`)).toBe(
      "&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;",
    );
    const html = marcoDePantalla({
      vista: V.TABLERO,
      ruta: "/Tablero",
      titulo: "<b>T</b>",
      ayuda: "a & <script>b</script>",
      cabecera: "<i>C</i>",
      marco: "bandeja",
    });
    expect(html).not.toMatch(/<b>|<i>|<script>/);
    expect(html).toContain("a &amp; &lt;script&gt;b&lt;/script&gt;");
  });

  it("needs the build's two marks; a page without them is sent as it is", () => {
    expect(
      paginaDePantalla("<html><body><div id=root></div></body></html>", ENCABEZADOS_PANTALLA[V.TABLERO]),
    ).toBeNull();
    expect(paginaDePantalla("<!--/arranque--> <!--arranque-->", ENCABEZADOS_PANTALLA[V.TABLERO])).toBeNull();
  });

  it("finds every screen of the table by its address, and nothing else", () => {
    for (const e of Object.values(ENCABEZADOS_PANTALLA)) expect(pantallaDeRuta(e.ruta)).toBe(e);
    expect(pantallaDeRuta("/")).toBeNull();
    expect(pantallaDeRuta("/Tablerox")).toBeNull();
  });
});
