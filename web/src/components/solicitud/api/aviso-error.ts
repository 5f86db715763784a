/** What a request screen says when the request cannot be read (the query cache's toast says the same). */
import { MSG } from "@registro/contracts";
import { ApiError } from "../../../lib/api-client";

/**
 * What a request screen says when the request cannot be read: a missing request and another
 * institution's read the same (the server answers 404 to both), anything else is a load failure.
 */
export function mensajeSolicitud(error: unknown): string {
  return error instanceof ApiError && error.status === 404 ? MSG.solicitudNoEncontrada : MSG.errorCargarDetalles;
}
