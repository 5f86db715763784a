/**
 * The import's documents' ZIP: signature cards named by their official's cédula
 * (`001-1234567-8.pdf`, with or without dashes, in any folder of the ZIP). Read by yauzl from the
 * bytes in memory, entry by entry, never extracted to disk; yauzl refuses absolute and `..` names.
 * Every entry is inflated here (not by yauzl) so that the bytes produced and consumed are counted
 * as they stream: the limits of LIMITES_ZIP hold whatever the headers claim. A broken ZIP, a bomb,
 * a bad name or two files of one cédula refuse the whole ZIP (`ZipInvalido`); a file that is not
 * an allowed type or too big, or whose name is not a cédula, is only that document's refusal.
 */
import crypto from "node:crypto";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { LIMITES_ZIP, MAX_BYTES_DOCUMENTO, MSG_IMPORTACION } from "@registro/contracts";
import yauzl from "yauzl";
import { tipoPermitido } from "../adjuntos/archivos.js";

export class ZipInvalido extends Error {
  constructor(readonly mensaje: string) {
    super(mensaje);
  }
}

export type LimitesZip = { entradas: number; bytes: number; razon: number; razonDesde: number };

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

const RUTA_INVALIDA = /^(?:absolute path|invalid relative path|invalid characters in fileName): ([\s\S]*)$/;

function abrir(zip: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((ok, mal) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, decodeStrings: true, validateEntrySizes: false }, (err, z) => {
      if (err || !z)
        mal(
          zip.subarray(0, 2).toString("latin1") === "PK"
            ? new ZipInvalido(MSG_IMPORTACION.zipIlegible)
            : new ZipInvalido(MSG_IMPORTACION.zipNoEsZip),
        );
      else ok(z);
    });
  });
}

function flujoCrudo(z: yauzl.ZipFile, e: yauzl.Entry): Promise<Readable> {
  return new Promise((ok, mal) => {
    const decompress = e.compressionMethod === 0 ? null : false;
    z.openReadStream(e, { decompress, decrypt: null, start: null, end: null }, (err, s) => {
      if (err || !s) mal(new ZipInvalido(MSG_IMPORTACION.zipCifrado(e.fileName)));
      else ok(s);
    });
  });
}

interface Cuenta {
  total: number;
  entradas: number;
}

/** Compressed bytes fed to the inflater at a time: what one step may expand is bounded by it. */
const PIEZA = 4096;

/**
 * Inflates one entry, feeding it to zlib in small pieces and counting what goes in and comes out.
 * Gives its bytes up to `max` + 1 (more means too big: reading stops there), or throws
 * `ZipInvalido` for a bomb or a damaged entry.
 */
async function inflar(z: yauzl.ZipFile, e: yauzl.Entry, lim: LimitesZip, cuenta: Cuenta, max: number) {
  if (e.isEncrypted() || (e.compressionMethod !== 0 && e.compressionMethod !== 8))
    throw new ZipInvalido(MSG_IMPORTACION.zipCifrado(e.fileName));
  const crudo = await flujoCrudo(z, e);
  const inflater = e.compressionMethod === 8 ? zlib.createInflateRaw() : null;
  const trozos: Buffer[] = [];
  let consumidos = 0;
  let producidos = 0;
  let fallo: Error | null = null;
  let lleno = false;
  const recibir = (trozo: Buffer) => {
    if (fallo || lleno) return;
    producidos += trozo.length;
    cuenta.total += trozo.length;
    if (cuenta.total > lim.bytes) fallo = new ZipInvalido(MSG_IMPORTACION.zipBomba);
    else if (producidos > lim.razonDesde && producidos > lim.razon * Math.max(consumidos, 1))
      fallo = new ZipInvalido(MSG_IMPORTACION.zipBomba);
    else {
      trozos.push(trozo);
      if (producidos > max) lleno = true;
    }
  };
  inflater?.on("data", recibir);
  inflater?.on("error", () => {
    fallo ??= new ZipInvalido(MSG_IMPORTACION.zipIlegible);
  });
  const paso = (pieza: Buffer) =>
    new Promise<void>((ok) => {
      if (!inflater) {
        recibir(pieza);
        ok();
        return;
      }
      // A damaged stream errors instead of calling back: either ends the step.
      const listo = () => {
        inflater.off("error", listo);
        ok();
      };
      inflater.once("error", listo);
      inflater.write(pieza);
      inflater.flush(zlib.constants.Z_SYNC_FLUSH, listo);
    });
  try {
    leer: for await (const trozo of crudo as AsyncIterable<Buffer>) {
      for (let i = 0; i < trozo.length; i += PIEZA) {
        const pieza = trozo.subarray(i, i + PIEZA);
        consumidos += pieza.length;
        await paso(pieza);
        if (fallo) throw fallo;
        if (lleno) break leer;
      }
    }
    if (inflater && !lleno) {
      await new Promise<void>((ok) => {
        inflater.once("end", ok);
        inflater.once("close", ok);
        inflater.end();
      });
      if (fallo) throw fallo;
    }
  } catch (err) {
    if (err instanceof ZipInvalido) throw err;
    throw new ZipInvalido(MSG_IMPORTACION.zipIlegible);
  } finally {
    crudo.destroy();
    inflater?.destroy();
  }
  return Buffer.concat(trozos);
}

/**
 * Walks the ZIP's documents in order: `alLeer` gets each one's metadata and, for the paths
 * `quiero` names, its bytes (one at a time, awaited: memory holds one document).
 */
async function recorrer(
  zip: Buffer,
  lim: LimitesZip,
  alLeer: (d: DocumentoZip, contenido: Buffer | null) => Promise<void> | void,
  quiero?: Set<string>,
): Promise<void> {
  const z = await abrir(zip);
  const cuenta: Cuenta = { total: 0, entradas: 0 };
  const maximo = lim.entradas.toLocaleString("es-DO");
  try {
    if (z.entryCount > lim.entradas) throw new ZipInvalido(MSG_IMPORTACION.zipDemasiados(maximo));
    await new Promise<void>((ok, mal) => {
      z.on("error", (err: Error) => {
        const ruta = RUTA_INVALIDA.exec(err.message);
        mal(
          err instanceof ZipInvalido
            ? err
            : new ZipInvalido(ruta ? MSG_IMPORTACION.zipRuta(ruta[1]) : MSG_IMPORTACION.zipIlegible),
        );
      });
      z.on("end", () => ok());
      z.on("entry", (e: yauzl.Entry) => {
        (async () => {
          cuenta.entradas++;
          if (cuenta.entradas > lim.entradas) throw new ZipInvalido(MSG_IMPORTACION.zipDemasiados(maximo));
          if (ignorada(e.fileName)) return;
          const contenido = await inflar(z, e, lim, cuenta, MAX_BYTES_DOCUMENTO);
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
        })().then(
          () => z.readEntry(),
          (err) => {
            z.close();
            mal(err);
          },
        );
      });
      z.readEntry();
    });
  } finally {
    if (z.isOpen) z.close();
  }
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
