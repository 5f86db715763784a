/** The officials' authorisation periods as calendar days in the country: what their standing is computed from. */
import type { Tx } from "../db/client.js";
import { fechaLocal } from "../shared/tiempo.js";
import type { Periodo } from "./decision.js";
import { periodosDe } from "./verificacion.repository.js";

/** A period as calendar days in the country (its instants as Date or as text). */
export function periodoLocal(p: {
  desde: Date | string;
  hasta: Date | string | null;
  causaFin: string | null;
}): Periodo {
  return {
    desde: fechaLocal(p.desde),
    hasta: p.hasta === null ? null : fechaLocal(p.hasta),
    causaFin: p.causaFin as Periodo["causaFin"],
  };
}

/** Periods by official, oldest first, as calendar days in the country. */
export async function periodosPorFuncionario(tx: Tx, ids: number[]): Promise<Map<number, Periodo[]>> {
  const mapa = new Map<number, Periodo[]>();
  for (const p of await periodosDe(tx, ids)) {
    const lista = mapa.get(p.idFuncionario) ?? [];
    lista.push(periodoLocal(p));
    mapa.set(p.idFuncionario, lista);
  }
  return mapa;
}
