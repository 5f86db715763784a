/**
 * The signed-in user's data (GET api/Account/GetUserData): who they are and which views they hold.
 * The route guard, the layout and any screen that needs the user read it through `useUserData`, so
 * there is one request and one cache entry per session.
 */
import { useQuery } from "@tanstack/react-query";
import { sessionStore } from "./session-store";
import { consultaUserData } from "./user-data-consulta";

export { obtenerUserData, USER_DATA_KEY } from "./user-data-consulta";

export function useUserData() {
  return useQuery({ ...consultaUserData, enabled: sessionStore.activa() });
}

/** "Juan Pérez" from nombre "Juan Carlos" and apellido "Pérez Gómez" (SPEC.md §2 top bar). */
export function nombreCorto(usuario: { nombre: string; apellido: string }): string {
  const first = (s: string) => s.trim().split(/\s+/)[0] ?? "";
  return [first(usuario.nombre), first(usuario.apellido)].filter(Boolean).join(" ");
}
