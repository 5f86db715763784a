/** Shows a load failure once, with the SPEC.md §8 text of the data that failed. */
import { useEffect } from "react";
import { notify } from "../../../lib/toast";

export function useAvisoError(fallo: boolean, mensaje: string): void {
  useEffect(() => {
    if (fallo) notify.error(mensaje);
  }, [fallo, mensaje]);
}
