/**
 * Where a request's number links to for the signed-in user: the detail screen of the first of
 * `detalles` (view names, in the order a screen prefers them) that the user's profile holds, or null
 * when it holds none (the number is then plain text).
 */
import { VISTAS } from "@registro/contracts";
import { useMemo } from "react";
import { useUserData } from "./user-data";

export type RutaDetalle = ((id: number) => string) | null;

/** `detalles` must be a module constant (it is a dependency of the memo). */
export function useRutaDetalle(detalles: readonly string[]): RutaDetalle {
  const usuario = useUserData();
  return useMemo(() => {
    const vistas = new Set(usuario.data?.vistas.map((v) => v.nombre) ?? []);
    const nombre = detalles.find((n) => vistas.has(n));
    const url = VISTAS.find((v) => v.nombre === nombre)?.url;
    return url ? (id: number) => url.replace(":idSolicitud", String(id)) : null;
  }, [usuario.data, detalles]);
}
