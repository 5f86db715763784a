/**
 * Reads of the validation reports of "Verificar documento" (informes_documento) that verification's
 * public checks need: by the code's hash (the public page) and by the digest of the issued PDF (the
 * upload check). The reports are written by documentos-firmados/.
 */
import { eq } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { informesDocumento } from "../db/schema.js";

export async function informePorHash(tx: Tx, codigoHash: string) {
  const [f] = await tx.select().from(informesDocumento).where(eq(informesDocumento.codigoHash, codigoHash));
  return f ?? null;
}

export async function informePorPdf(tx: Tx, pdfSha256: string) {
  const [f] = await tx.select().from(informesDocumento).where(eq(informesDocumento.pdfSha256, pdfSha256)).limit(1);
  return f ?? null;
}
