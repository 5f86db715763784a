/**
 * A screen's route. `nombre` is the route's name in SPEC.md §2 and the view name that grants it
 * (contracts' `V`); the route guard allows it only to users holding that view.
 */
import type { ComponentType } from "react";

export interface RutaApp {
  nombre: string;
  /**
   * The screen's own title (top bar and document title) when it is not its view's: a second screen
   * granted by the same view, such as Verificar documento under Verificar firma.
   */
  titulo?: string;
  /** Path as in SPEC.md §2, with `:idSolicitud` for parameters. */
  path: string;
  /** Lazy screen module; its default export is the screen. */
  cargar: () => Promise<{ default: ComponentType }>;
  /**
   * Asks for the screen's first data while its code loads, once the user's data says they may open
   * it (router.tsx): the answer arrives sooner, and the request no longer starts inside the
   * screen's first commit (a `fetch` call costs the main thread several milliseconds).
   */
  precargar?: () => void;
}
