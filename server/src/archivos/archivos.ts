/**
 * Judges uploaded files by their bytes (DESIGN.md §6): only PDF, PNG, JPEG, GIF and WebP pass,
 * whatever their name or declared type says. A passing file gets its sniffed MIME type, SHA-256,
 * size and a clean name whose extension matches what it really is.
 */
import crypto from "node:crypto";
import path from "node:path";
import { DOCUMENTOS, MIME_PERMITIDOS, MSG } from "@registro/contracts";
import type { ErroresCampo } from "../shared/errors.js";
import type { ArchivoSubido, FormularioMultipart } from "./multipart.js";

/** A file ready to store as an `adjuntos` row. */
export interface ArchivoListo {
  tipoAdjunto: string;
  nombre: string;
  mime: string;
  tamano: number;
  sha256: string;
  contenido: Buffer;
}

const EXTENSION: Record<(typeof MIME_PERMITIDOS)[number], string> = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};

/** The sniffed type of an allowed file, or null. */
export async function tipoPermitido(contenido: Buffer): Promise<(typeof MIME_PERMITIDOS)[number] | null> {
  if (contenido.length === 0) return null;
  // Loaded on the first upload, not at every start.
  const { fileTypeFromBuffer } = await import("file-type");
  const tipo = await fileTypeFromBuffer(contenido);
  const mime = tipo?.mime as (typeof MIME_PERMITIDOS)[number] | undefined;
  return mime && (MIME_PERMITIDOS as readonly string[]).includes(mime) ? mime : null;
}

/**
 * Checks one uploaded file and prepares it for storage; a refused file adds MSG.archivoTipo on its
 * field and gives null.
 */
export async function prepararArchivo(
  archivo: ArchivoSubido,
  tipoAdjunto: string,
  errores: ErroresCampo,
): Promise<ArchivoListo | null> {
  const mime = await tipoPermitido(archivo.contenido);
  if (!mime) {
    errores.add(archivo.campo, MSG.archivoTipo);
    return null;
  }
  return {
    tipoAdjunto,
    nombre: nombreSeguro(archivo.nombre, tipoAdjunto, EXTENSION[mime]),
    mime,
    tamano: archivo.contenido.length,
    sha256: crypto.createHash("sha256").update(archivo.contenido).digest("hex"),
    contenido: archivo.contenido,
  };
}

/**
 * The stored name: no directories, no control characters, at most 150 characters, and the extension
 * of the real type (a PNG sent as "scan.pdf" is kept as "scan.png", so nobody opens it as a PDF).
 */
export function nombreSeguro(original: string, respaldo: string, extension: string): string {
  const base = path.posix.basename(original.replace(/\\/g, "/"));
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const limpio = base.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, "").trim();
  const actual = /\.([^.]*)$/.exec(limpio)?.[1]?.toLowerCase();
  const sinExt =
    limpio
      .replace(/\.[^.]*$/, "")
      .trim()
      .slice(0, 140) || respaldo;
  const mismaClase = actual === extension || (extension === "jpg" && actual === "jpeg");
  return `${sinExt}.${mismaClase ? actual : extension}`;
}

/**
 * The four documents of a request or an official from the form: each one sent is checked by its
 * bytes; with `requeridos`, a missing one is refused on its field (create), otherwise it is simply
 * kept as stored (edit replaces only what is sent).
 */
export async function prepararDocumentos(
  form: FormularioMultipart,
  errores: ErroresCampo,
  requeridos: boolean,
): Promise<ArchivoListo[]> {
  const listos: ArchivoListo[] = [];
  for (const d of DOCUMENTOS) {
    const archivo = form.archivos.get(d.campo);
    if (!archivo) {
      if (requeridos) errores.add(d.campo, MSG.archivoRequerido);
      continue;
    }
    const listo = await prepararArchivo(archivo, d.tipo, errores);
    if (listo) listos.push(listo);
  }
  return listos;
}
