/**
 * The size limit of a signed document checked by "Verificar documento" (issue 38): the PDF, or the
 * document a detached signature signs, and the detached signature (.p7s) each. 25 MB holds a
 * scanned contract of a hundred pages; larger files are refused with a clear message, not read.
 */
export const LIMITE_DOCUMENTO_FIRMADO_BYTES = 25 * 1024 * 1024;
