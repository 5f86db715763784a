/** SQL of the comprobantes of verification answers (table comprobantes) and the question's institution name. */
import { eq } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { comprobantes, instituciones } from "../db/schema.js";

export async function nombreInstitucion(tx: Tx, idInstitucion: number): Promise<string | null> {
  const [i] = await tx
    .select({ nombre: instituciones.nombre })
    .from(instituciones)
    .where(eq(instituciones.idInstitucion, idInstitucion));
  return i?.nombre ?? null;
}

export async function insertarComprobante(tx: Tx, fila: typeof comprobantes.$inferInsert): Promise<void> {
  await tx.insert(comprobantes).values(fila);
}

export async function comprobantePorHash(tx: Tx, codigoHash: string) {
  const [row] = await tx.select().from(comprobantes).where(eq(comprobantes.codigoHash, codigoHash));
  return row ?? null;
}

export async function comprobantePorPdf(tx: Tx, pdfSha256: string) {
  const [row] = await tx.select().from(comprobantes).where(eq(comprobantes.pdfSha256, pdfSha256)).limit(1);
  return row ?? null;
}
