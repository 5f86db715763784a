/**
 * A screen's route. `nombre` is the route's name in SPEC.md §2 and the view name that grants it
 * (contracts' `V`); the route guard allows it only to users holding that view.
 */
import type { ComponentType } from "react";

export interface RutaApp {
  nombre: string;
  /** Path as in SPEC.md §2, with `:idSolicitud` for parameters. */
  path: string;
  /** Lazy screen module; its default export is the screen. */
  cargar: () => Promise<{ default: ComponentType }>;
}
