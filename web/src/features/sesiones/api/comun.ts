/** What "Mis sesiones"' API hooks share: the list's cache key and its refresh after a closing. */
import type { RespuestaSimple } from "@registro/contracts";
import { queryClient } from "../../../lib/query-client";

export const CLAVE_SESIONES = ["Account", "Sesiones"] as const;

/** After a closing that worked, the list is asked again. */
export const refrescarSesiones = (r: RespuestaSimple) => {
  if (r.success) void queryClient.invalidateQueries({ queryKey: CLAVE_SESIONES });
};
