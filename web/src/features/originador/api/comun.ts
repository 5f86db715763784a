/**
 * What the originator's API hooks share: the toast shown when a read fails (SPEC.md §8) and the
 * refresh after a write, so inbox, form and detail all show the new state.
 */
import { CLAVE_BANDEJA } from "../../../components/bandeja/tipos";
import { queryClient } from "../../../lib/query-client";

/** After a write every cached request view may be stale: inbox rows, detail, officials, files. */
export function refrescarSolicitudes(): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => [CLAVE_BANDEJA, "originador", "solicitud", "funcionario"].includes(String(q.queryKey[0])),
  });
}
