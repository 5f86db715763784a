/**
 * SQL of batch verification: the signature and institution catalogues the questions name (the
 * registry entries come from `registrosPorCedulas` in verificacion.repository.ts, beside the single question's).
 */
import type { Tx } from "../db/client.js";
import { firmas, instituciones } from "../db/schema.js";

/** Every signature: id and name (a short catalogue). */
export async function catalogoFirmas(tx: Tx) {
  return tx.select({ idFirma: firmas.idFirma, firma: firmas.firma }).from(firmas);
}

/** Every institution: id and name, for a CSV that names them. */
export async function catalogoInstituciones(tx: Tx) {
  return tx.select({ idInstitucion: instituciones.idInstitucion, nombre: instituciones.nombre }).from(instituciones);
}
