/** SQL of the validation reports of "Verificar documento". */
import { eq } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { informesDocumento } from "../db/schema.js";

export async function insertarInforme(tx: Tx, v: typeof informesDocumento.$inferInsert): Promise<number> {
  const [f] = await tx.insert(informesDocumento).values(v).returning({ idInforme: informesDocumento.idInforme });
  return f.idInforme;
}

export async function informePorHash(tx: Tx, codigoHash: string) {
  const [f] = await tx.select().from(informesDocumento).where(eq(informesDocumento.codigoHash, codigoHash));
  return f ?? null;
}

export async function informePorPdf(tx: Tx, pdfSha256: string) {
  const [f] = await tx.select().from(informesDocumento).where(eq(informesDocumento.pdfSha256, pdfSha256)).limit(1);
  return f ?? null;
}

/** The sealed PDF, recorded once: false when another download recorded one first. */
export async function guardarPdf(tx: Tx, idInforme: number, pdf: Buffer, pdfSha256: string, selloHuella: string) {
  const r = await tx
    .update(informesDocumento)
    .set({ pdf, pdfSha256, selloHuella })
    .where(eq(informesDocumento.idInforme, idInforme))
    .returning({ idInforme: informesDocumento.idInforme });
  return r.length > 0;
}
