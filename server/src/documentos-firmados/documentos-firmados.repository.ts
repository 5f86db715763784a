/** SQL of the validation reports of "Verificar documento". */
import { eq } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { informesDocumento } from "../db/schema.js";

export async function insertarInforme(tx: Tx, v: typeof informesDocumento.$inferInsert): Promise<number> {
  const [f] = await tx.insert(informesDocumento).values(v).returning({ idInforme: informesDocumento.idInforme });
  return f.idInforme;
}

// The reads by code and by file are verification's (the public checks): verificacion/informes.repository.ts.
export { informePorHash, informePorPdf } from "../verificacion/informes.repository.js";

/** The sealed PDF, recorded once: false when another download recorded one first. */
export async function guardarPdf(tx: Tx, idInforme: number, pdf: Buffer, pdfSha256: string, selloHuella: string) {
  const r = await tx
    .update(informesDocumento)
    .set({ pdf, pdfSha256, selloHuella })
    .where(eq(informesDocumento.idInforme, idInforme))
    .returning({ idInforme: informesDocumento.idInforme });
  return r.length > 0;
}
