/**
 * Constants of a constancia's public page (the uploaded file's field and size limit), apart from
 * the verification schemas: the page strangers open from a QR code then loads no zod.
 */

/** The largest constancia file the public page accepts (a constancia of many pages is far smaller). */
export const MAX_BYTES_CONSTANCIA = 2_000_000;
/** The multipart field of the uploaded constancia. */
export const CAMPO_CONSTANCIA = "Archivo";
/** The optional multipart field with the code of the page the file is checked on. */
export const CAMPO_CODIGO_PAGINA = "Codigo";
