/**
 * The table of guarded screens (every feature's `rutas`) and the lookup from a path to the route's
 * name, which is the view name that grants it. The router, the route guard, the page title and the
 * menu all read this one table, so a view without a registered screen never shows up anywhere.
 */
import { matchRoutes } from "react-router";
import { rutas as avisos } from "../features/avisos/routes";
import { rutas as claves } from "../features/claves/routes";
import { rutas as configuracion } from "../features/configuracion/routes";
import { rutas as importacion } from "../features/importacion/routes";
import { rutas as operacion } from "../features/operacion/routes";
import { rutas as originador } from "../features/originador/routes";
import { rutas as revision } from "../features/revision/routes";
import { RUTA_SEGURIDAD, rutas as seguridad } from "../features/seguridad/routes";
import { rutas as tablero } from "../features/tablero/routes";
import { rutas as verificacion } from "../features/verificacion/routes";
import type { RutaApp } from "./route-types";

export const RUTA_INICIO = "Inicio";

export const RUTAS_PROTEGIDAS: RutaApp[] = [
  ...originador,
  ...revision,
  ...configuracion,
  // Notices
  ...avisos,
  // Verification
  ...verificacion,
  ...tablero,
  // Second factor: the user's own, whatever the profile's views.
  ...seguridad,
  ...operacion,
  // System keys for the verification API
  ...claves,
  // Bringing in the registry kept before the product
  ...importacion,
];

const NOMBRES_REGISTRADOS = new Set(RUTAS_PROTEGIDAS.map((r) => r.nombre));

/** Whether a view has a screen in this build (the menu leaves out views without one). */
export function rutaRegistrada(nombreVista: string): boolean {
  return NOMBRES_REGISTRADOS.has(nombreVista);
}

const TABLA = [
  { path: "/", id: RUTA_INICIO },
  ...RUTAS_PROTEGIDAS.map((r) => ({ path: r.path, id: r.nombre, titulo: r.titulo, caseSensitive: false })),
];

type RutaTabla = { id: string; titulo?: string };
let ultimaRuta: { pathname: string; ruta: RutaTabla | null } | null = null;

function rutaDe(pathname: string): RutaTabla | null {
  // Performance: matchRoutes flattens and ranks the whole table on every call, and the frame asks on
  // every render (title, guard, menu): the last address's answer is kept.
  if (ultimaRuta?.pathname !== pathname) {
    const m = matchRoutes(TABLA, pathname);
    ultimaRuta = { pathname, ruta: m?.[m.length - 1]?.route ?? null };
  }
  return ultimaRuta.ruta;
}

/** The route name for a pathname (relative to the base path), or null when no screen matches. */
export function nombreDeRuta(pathname: string): string | null {
  return rutaDe(pathname)?.id ?? null;
}

/**
 * The matched screen's own title, when it has one (a second screen of a view); otherwise the view's
 * title is the layout's to look up (the view catalogue stays out of the Login route's script).
 */
export function tituloPropioDeRuta(pathname: string): string | undefined {
  return rutaDe(pathname)?.titulo;
}

/** Inicio and Seguridad are always allowed once signed in; any other screen needs its view. */
export function rutaPermitida(nombre: string, vistas: ReadonlySet<string>): boolean {
  return nombre === RUTA_INICIO || nombre === RUTA_SEGURIDAD || vistas.has(nombre);
}
