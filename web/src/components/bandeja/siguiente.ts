/**
 * The paginator's "next" as a keyset page (issue 40): on a search counted only up to its cap, in
 * date order, the next page is asked for as the rows after the last one shown (`despuesDe`), so a
 * page deep in the list costs the server what the first does. Any other move reads the page by its
 * number.
 */
import type { BandejaItem } from "@registro/contracts";
import type { ConsultaPagina, PaginaBandeja } from "./tipos";

export function despuesDeSiguiente(
  consulta: ConsultaPagina,
  mostrada: PaginaBandeja | undefined,
  destino: { page: number; rows: number },
): number | undefined {
  const ultima: BandejaItem | undefined = mostrada?.rows.at(-1);
  const siguiente =
    mostrada?.totalLimitado === true &&
    consulta.sortField === "fechaSolicitud" &&
    destino.rows === consulta.rows &&
    destino.page === consulta.page + 1;
  return siguiente && ultima ? ultima.idSolicitud : undefined;
}
