/**
 * A page load's first screen. React draws nothing before it: the first render starts once the
 * route's code is loaded (the router initialised) and, signed in, the user's data is here
 * (app/router.tsx: `listoParaDibujar`, awaited by main.tsx). Until then the page the server sent
 * stays on screen (its frame and loading sign, or a screen's heading and help:
 * server/src/web/marco-inicial.ts), instead of React drawing loading screens over it and the screen
 * over those.
 *
 * Performance: a screen's heading and help, the largest text of a first visit, are then drawn once,
 * as the page arrives, not again seconds later by the scripts.
 */
import { queryClient } from "./query-client";
import { consultaUserData } from "./user-data-consulta";

let datosUsuario: Promise<void> | null = null;

/** The signed-in user's data, asked for once at page load (never rejects: the frame reports a failure). */
export function datosUsuarioIniciales(): Promise<void> {
  datosUsuario ??= queryClient.prefetchQuery(consultaUserData);
  return datosUsuario;
}
