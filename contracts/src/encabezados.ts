/**
 * Screens that open with a heading and a help paragraph, and the texts of both. The screen draws
 * them (web: Encabezado, or the inbox table's heading bar), and the server writes the same two into
 * the page it sends for the screen's address to a session that may open it, so a first visit reads
 * them before any script has arrived (server/src/web/marco-inicial.ts). Both read this one table.
 */
import { MSG } from "./mensajes.js";
import { TITULO_VISTA } from "./vistas.js";
import { type NombreVista, URL_VISTA, V } from "./vistas-rutas.js";

export interface EncabezadoPantalla {
  /** The view that grants the screen. */
  vista: NombreVista;
  /** Its address (URL_VISTA), without parameters. */
  ruta: string;
  /** The screen's title: the top bar's and the browser tab's (TITULO_VISTA). */
  titulo: string;
  ayuda: string;
  /** The heading (h1): the title, or an inbox's 'Solicitudes de Firma' (SPEC.md screens 5, 13–15). */
  cabecera: string;
  /** How the screen draws them: a screen's heading (Encabezado) or an inbox table's heading bar. */
  marco: "pantalla" | "bandeja";
}

function encabezado(vista: NombreVista, ayuda: string): EncabezadoPantalla {
  const titulo = TITULO_VISTA[vista];
  return { vista, ruta: URL_VISTA[vista], titulo, ayuda, cabecera: titulo, marco: "pantalla" };
}

/** The heading of the inboxes (SPEC.md screens 5, 13–15). */
export const CABECERA_BANDEJA = "Solicitudes de Firma";

function bandeja(vista: NombreVista, ayuda: string): EncabezadoPantalla {
  return { ...encabezado(vista, ayuda), cabecera: CABECERA_BANDEJA, marco: "bandeja" };
}

export const ENCABEZADOS_PANTALLA = {
  [V.TABLERO]: encabezado(V.TABLERO, MSG.tableroDescripcion),
  [V.VERIFICAR_FIRMA]: encabezado(V.VERIFICAR_FIRMA, MSG.verificarFirmaAyuda),
  // Performance: an inbox's largest text on a phone would otherwise be a row of its first page,
  // drawn seconds after the page arrives (docs/benchmarks, issue 40 goal 6).
  [V.ORIGINADOR]: bandeja(V.ORIGINADOR, MSG.bandejaOriginadorAyuda),
  [V.ANALISTA]: bandeja(V.ANALISTA, MSG.bandejaAnalistaAyuda),
  [V.JURIDICO]: bandeja(V.JURIDICO, MSG.bandejaJuridicoAyuda),
  [V.CONSULTA]: bandeja(V.CONSULTA, MSG.bandejaConsultaAyuda),
  [V.ADMINISTRADOR]: bandeja(V.ADMINISTRADOR, MSG.bandejaAdministradorAyuda),
  [V.SEGUIMIENTO]: bandeja(V.SEGUIMIENTO, MSG.bandejaSeguimientoAyuda),
  [V.HISTORICO]: bandeja(V.HISTORICO, MSG.bandejaHistoricoAyuda),
} as const satisfies Partial<Record<NombreVista, EncabezadoPantalla>>;
