/**
 * The import's documents' ZIP: signature cards named by their official's cédula
 * (`001-1234567-8.pdf`, with or without dashes, in any folder of the ZIP). Read by yauzl from the
 * bytes in memory by the import's one bounded ZIP walk (zip.ts, which bounds the .xlsx workbook
 * too): the limits of LIMITES_ZIP hold whatever the headers claim. A broken ZIP, a bomb,
 * a bad name or two files of one cédula refuse the whole ZIP (`ZipInvalido`); a file that is not
 * an allowed type or too big, or whose name is not a cédula, is only that document's refusal.
 */
import crypto from "node:crypto";
import { LIMITES_ZIP, MAX_BYTES_DOCUMENTO, MSG_IMPORTACION } from "@registro/contracts";
import { tipoPermitido } from "../archivos/archivos.js";
import { type LimitesZip, recorrerZip, type TextosZip, ZipInvalido } from "./zip.js";

export { type LimitesZip, ZipInvalido };

const TEXTOS: TextosZip = {
  noEsZip: MSG_IMPORTACION.zipNoEsZip,
  ilegible: MSG_IMPORTACION.zipIlegible,
  bomba: MSG_IMPORTACION.zipBomba,
  demasiados: MSG_IMPORTACION.zipDemasiados,
  ruta: MSG_IMPORTACION.zipRuta,
  cifrado: MSG_IMPORTACION.zipCifrado,
};

/** One document of the ZIP as examined: no bytes kept, only what the plan needs. */
export interface DocumentoZip {
  /** Its path in the ZIP. */
  ruta: string;
  /** Its file name (the report's). */
  nombre: string;
  cedula: string | null;
  tamano: number;
  sha256: string;
  mime: string | null;
  /** Why this document is refused (type, size, name), or null. */
  error: string | null;
}

/** The cédula a file name carries: `00112345678.pdf` and `001-1234567-8.pdf` alike. */
export function cedulaDeNombre(nombre: string): string | null {
  const m = /^(\d{3})-?(\d{7})-?(\d)$/.exec(nombre.replace(/\.[^.]*$/, "").trim());
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** Folders, hidden files and the `__MACOSX` copies an archiver adds are not documents. */
const ignorada = (ruta: string) =>
  ruta.endsWith("/") || ruta.startsWith("__MACOSX/") || (ruta.split("/").pop() ?? "").startsWith(".");

/**
 * Walks the ZIP's documents in order: `alLeer` gets each one's metadata and, for the paths
 * `quiero` names, its bytes (one at a time, awaited: memory holds one document). A document's bytes
 * are read up to one byte past MAX_BYTES_DOCUMENTO (more means too big: reading stops there).
 */
async function recorrer(
  zip: Buffer,
  lim: LimitesZip,
  alLeer: (d: DocumentoZip, contenido: Buffer | null) => Promise<void> | void,
  quiero?: Set<string>,
): Promise<void> {
  await recorrerZip(zip, lim, TEXTOS, async (e, inflar) => {
    if (ignorada(e.fileName)) return;
    const trozos: Buffer[] = [];
    let leidos = 0;
    await inflar(e, (trozo) => {
      trozos.push(trozo);
      leidos += trozo.length;
      return leidos <= MAX_BYTES_DOCUMENTO;
    });
    const contenido = Buffer.concat(trozos);
    const nombre = e.fileName.split("/").pop() ?? e.fileName;
    const cedula = cedulaDeNombre(nombre);
    const mime = contenido.length > MAX_BYTES_DOCUMENTO ? null : await tipoPermitido(contenido);
    const error =
      cedula === null
        ? MSG_IMPORTACION.documentoNombre(nombre)
        : contenido.length > MAX_BYTES_DOCUMENTO
          ? MSG_IMPORTACION.documentoTamano(nombre, MAX_BYTES_DOCUMENTO)
          : mime === null
            ? MSG_IMPORTACION.documentoTipo(nombre)
            : null;
    const d: DocumentoZip = {
      ruta: e.fileName,
      nombre,
      cedula,
      tamano: contenido.length,
      sha256: crypto.createHash("sha256").update(contenido).digest("hex"),
      mime,
      error,
    };
    await alLeer(d, quiero?.has(d.ruta) ? contenido : null);
  });
}

/** Examines the whole ZIP (limits, names, types, sizes, hashes) and lists its documents. */
export async function examinarZip(zip: Buffer, lim: LimitesZip = LIMITES_ZIP): Promise<DocumentoZip[]> {
  const docs: DocumentoZip[] = [];
  const porCedula = new Map<string, string>();
  await recorrer(zip, lim, (d) => {
    if (d.cedula !== null) {
      const previo = porCedula.get(d.cedula);
      if (previo !== undefined) throw new ZipInvalido(MSG_IMPORTACION.documentoRepetido(d.cedula, previo, d.ruta));
      porCedula.set(d.cedula, d.ruta);
    }
    docs.push(d);
  });
  return docs;
}

/** The bytes of the documents at `rutas`, one at a time, checked against the hash examined before. */
export async function leerDocumentos(
  zip: Buffer,
  docs: Map<string, DocumentoZip>,
  alLeer: (d: DocumentoZip, contenido: Buffer) => Promise<void>,
  lim: LimitesZip = LIMITES_ZIP,
): Promise<void> {
  await recorrer(
    zip,
    lim,
    async (d, contenido) => {
      const examinado = docs.get(d.ruta);
      if (!examinado || contenido === null) return;
      if (examinado.sha256 !== d.sha256) throw new Error(`document ${d.ruta} changed between examination and apply`);
      await alLeer(examinado, contenido);
    },
    new Set(docs.keys()),
  );
}
