/**
 * The signed-in user's data (GET api/Account/GetUserData): who they are and which views they hold.
 * The route guard, the layout and any screen that needs the user read it through `useUserData`, so
 * there is one request and one cache entry per session.
 */
import type { UserData } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "./api-client";
import { sessionStore } from "./session-store";

export const USER_DATA_KEY = ["Account", "GetUserData"] as const;

export function obtenerUserData(): Promise<UserData> {
  return api.get<UserData>("api/Account/GetUserData");
}

export function useUserData() {
  return useQuery({
    queryKey: USER_DATA_KEY,
    queryFn: obtenerUserData,
    enabled: sessionStore.getToken() !== null,
    staleTime: 60_000,
  });
}

/** "Juan Pérez" from nombre "Juan Carlos" and apellido "Pérez Gómez" (SPEC.md §2 top bar). */
export function nombreCorto(usuario: { nombre: string; apellido: string }): string {
  const first = (s: string) => s.trim().split(/\s+/)[0] ?? "";
  return [first(usuario.nombre), first(usuario.apellido)].filter(Boolean).join(" ");
}
