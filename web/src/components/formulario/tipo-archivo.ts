/**
 * A picked file's real type, read from its first bytes with the library the server judges uploads
 * with (file-type): a file renamed to .pdf, or declared as a PDF by the system, is refused when it
 * is picked, not only once the form is sent. The server still checks every upload.
 */
import { MIME_PERMITIDOS } from "@registro/contracts";

const PERMITIDOS: readonly string[] = MIME_PERMITIDOS;

const cargar = () => import("file-type");

/** Starts loading the reader when a file field shows, so the first pick is judged at once. */
export function prepararLectura(): void {
  void cargar().catch(() => undefined);
}

/** Whether the file's bytes are one of the allowed types (PDF, PNG, JPEG, GIF, WebP). */
export async function esTipoPermitido(archivo: Blob): Promise<boolean> {
  if (archivo.size === 0) return false;
  // Loaded apart: the forms' bundles do not carry the signature tables.
  const { fileTypeFromBlob } = await cargar();
  const tipo = await fileTypeFromBlob(archivo);
  return tipo !== undefined && PERMITIDOS.includes(tipo.mime);
}
