/**
 * The page sent for a screen that opens with a heading (contracts' ENCABEZADOS_PANTALLA), to a
 * session that may open it: the build's index.html with the signed-in frame, the screen's heading
 * (or an inbox's heading bar) and help paragraph and a loading sign in place of the generic loading
 * frame (between index.html's `<!--arranque-->` marks), and the screen's title in the tab.
 *
 * Performance and users on slow connections: the heading and the help, a first visit's largest
 * text, are drawn as soon as the page and its stylesheet arrive, not once the scripts have run; the
 * web app keeps them on screen until it draws the screen over them, with the same classes, so the
 * text does not move (web: lib/arranque.ts, components/layout/Encabezado.tsx,
 * components/bandeja/BandejaTabla.tsx).
 */
import { APP_NOMBRE_CORTO, ENCABEZADOS_PANTALLA, type EncabezadoPantalla } from "@registro/contracts";

const INICIO = "<!--arranque-->";
const FIN = "<!--/arranque-->";

const ENTIDADES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text as HTML text: data, never markup. */
export function escaparHtml(texto: string): string {
  return texto.replace(/[&<>"']/g, (c) => ENTIDADES[c] ?? c);
}

/** The screen with a heading at this path (relative to the base path), matched as the web's router does (any case, a trailing slash). */
export function pantallaDeRuta(ruta: string): EncabezadoPantalla | null {
  const buscada = ruta.replace(/\/+$/, "").toLowerCase();
  return Object.values(ENCABEZADOS_PANTALLA).find((e) => e.ruta.toLowerCase() === buscada) ?? null;
}

/** The frame, heading, help and loading sign, with the classes the web app draws them with. */
export function marcoDePantalla(e: EncabezadoPantalla): string {
  const carga =
    `<div class="rf-arranque-cuerpo" role="status"><div class="rf-arranque-giro" aria-hidden="true"></div>` +
    `<p>Cargando la aplicación…</p></div>`;
  return (
    `<div class="rf-shell rf-arranque-marco"><div class="rf-arranque-menu"></div><div class="rf-main">` +
    `<header class="rf-topbar"><span class="rf-arranque-boton"></span><p class="rf-topbar-title">${escaparHtml(e.titulo)}</p></header>` +
    `<main class="rf-content">${e.marco === "bandeja" ? cabeceraBandeja(e, carga) : cabeceraPantalla(e, carga)}</main></div></div>`
  );
}

/** A screen's heading and help (web: components/layout/Encabezado.tsx). */
function cabeceraPantalla(e: EncabezadoPantalla, carga: string): string {
  return (
    `<section class="rf-pantalla" aria-labelledby="rf-arranque-titulo">` +
    `<h1 id="rf-arranque-titulo" class="rf-pantalla-titulo">${escaparHtml(e.cabecera)}</h1>` +
    `<p class="rf-pantalla-ayuda">${escaparHtml(e.ayuda)}</p>${carga}</section>`
  );
}

/** An inbox's heading bar, without its buttons (web: components/bandeja/BandejaTabla.tsx). */
function cabeceraBandeja(e: EncabezadoPantalla, carga: string): string {
  return (
    `<section class="rf-bandeja" aria-labelledby="rf-arranque-titulo"><div class="rf-bandeja-cabecera">` +
    `<h1 id="rf-arranque-titulo">${escaparHtml(e.cabecera)}</h1>` +
    `<p class="rf-bandeja-ayuda">${escaparHtml(e.ayuda)}</p></div>${carga}</section>`
  );
}

/** index.html for the screen; null when the build's page has no marks to write between. */
export function paginaDePantalla(index: string, e: EncabezadoPantalla): string | null {
  const inicio = index.indexOf(INICIO);
  const fin = index.indexOf(FIN, inicio);
  if (inicio < 0 || fin < 0) return null;
  return (index.slice(0, inicio) + marcoDePantalla(e) + index.slice(fin + FIN.length)).replace(
    /<title>[^<]*<\/title>/,
    // As the web app writes it (usePageTitle).
    `<title>${escaparHtml(`${e.titulo} | ${APP_NOMBRE_CORTO}`)}</title>`,
  );
}
