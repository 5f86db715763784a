/** Shows a load failure once, with the SPEC.md §8 text of the data that failed. */
import { MSG } from "@registro/contracts";
import { useEffect } from "react";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";

/**
 * What a request screen says when the request cannot be read: a missing request and another
 * institution's read the same (the server answers 404 to both), anything else is a load failure.
 */
export function mensajeSolicitud(error: unknown): string {
  return error instanceof ApiError && error.status === 404 ? MSG.solicitudNoEncontrada : MSG.errorCargarDetalles;
}

export function useAvisoError(fallo: boolean, mensaje: string): void {
  useEffect(() => {
    if (fallo) notify.error(mensaje);
  }, [fallo, mensaje]);
}
