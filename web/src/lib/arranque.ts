/**
 * A page load's first screen. Until the root first commits, the page the server sent stays on
 * screen (its frame and loading sign, or a screen's heading and help: server/src/web/marco-inicial.ts)
 * instead of React drawing loading screens over it and then the screen over those: the first
 * render, a transition (main.tsx), waits suspended for the route's code (router.tsx) and for the
 * signed-in user's data (ProtectedLayout). A transition suspended with no Suspense boundary above
 * keeps what is on screen, and here that is the server's page.
 *
 * Performance: a screen's heading and help, the largest text of a first visit, are then drawn once,
 * as the page arrives, not again seconds later by the scripts.
 */
import { queryClient } from "./query-client";
import { consultaUserData } from "./user-data-consulta";

let enCurso = true;

/** True until the root's first commit (App's effect ends it). */
export function arranqueEnCurso(): boolean {
  return enCurso;
}

export function terminarArranque(): void {
  enCurso = false;
}

let datosUsuario: Promise<void> | null = null;

/** The signed-in user's data, asked for once at page load: one promise however often asked (React's `use` needs that). */
export function datosUsuarioIniciales(): Promise<void> {
  datosUsuario ??= queryClient.prefetchQuery(consultaUserData);
  return datosUsuario;
}
