/**
 * What the originator's API hooks share: the toast shown when a read fails (SPEC.md §8) and the
 * refresh after a write, so inbox, form and detail all show the new state.
 */
import { CLAVE_BANDEJA } from "../../../components/bandeja/tipos";
import { ApiError } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { notify } from "../../../lib/toast";

/** Runs a read; on failure shows `mensaje` (not on 401: the session handler speaks then) and rethrows. */
export async function conAviso<T>(mensaje: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 401)) notify.error(mensaje);
    throw e;
  }
}

/** After a write every cached request view may be stale: inbox rows, detail, officials, files. */
export function refrescarSolicitudes(): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => [CLAVE_BANDEJA, "originador", "solicitud", "funcionario"].includes(String(q.queryKey[0])),
  });
}
