/**
 * Screens that open with a heading and a help paragraph, and the texts of both. The screen draws
 * them (web: EncabezadoPantalla), and the server writes the same two into the page it sends for the
 * screen's address to a session that may open it, so a first visit reads them before any script
 * has arrived (server/src/web/marco-inicial.ts). Both read this one table.
 */
import { MSG } from "./mensajes.js";
import { TITULO_VISTA } from "./vistas.js";
import { type NombreVista, URL_VISTA, V } from "./vistas-rutas.js";

export interface EncabezadoPantalla {
  /** The view that grants the screen. */
  vista: NombreVista;
  /** Its address (URL_VISTA), without parameters. */
  ruta: string;
  titulo: string;
  ayuda: string;
}

function encabezado(vista: NombreVista, ayuda: string): EncabezadoPantalla {
  return { vista, ruta: URL_VISTA[vista], titulo: TITULO_VISTA[vista], ayuda };
}

export const ENCABEZADOS_PANTALLA = {
  [V.TABLERO]: encabezado(V.TABLERO, MSG.tableroDescripcion),
  [V.VERIFICAR_FIRMA]: encabezado(V.VERIFICAR_FIRMA, MSG.verificarFirmaAyuda),
} as const satisfies Partial<Record<NombreVista, EncabezadoPantalla>>;
