/**
 * The one bounded ZIP walk of the import, for both containers a user uploads: the documents' ZIP
 * and the .xlsx workbook (itself a ZIP). Read by yauzl from the bytes in memory, entry by entry,
 * never extracted to disk; yauzl refuses absolute and `..` names. Every entry is inflated here (not
 * by yauzl) so that the bytes produced and consumed are counted as they stream: the limits hold
 * whatever the headers claim — entries, total bytes, bytes of one entry, and how much an entry may
 * expand per compressed byte once past a size (a bomb trips it in its first chunks). What the
 * caller keeps of an entry's bytes is its own affair; the walk keeps none.
 */
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import yauzl from "yauzl";

export class ZipInvalido extends Error {
  constructor(readonly mensaje: string) {
    super(mensaje);
  }
}

export interface LimitesZip {
  /** Entries in the ZIP. */
  entradas: number;
  /** Bytes all entries inflate to together. */
  bytes: number;
  /** How many times its compressed size one entry may inflate to, once past `razonDesde` bytes. */
  razon: number;
  razonDesde: number;
  /** Bytes one entry may inflate to (no limit when absent). */
  porEntrada?: number;
}

/** The Spanish refusals of one kind of container. */
export interface TextosZip {
  noEsZip: string;
  ilegible: string;
  bomba: string;
  demasiados: (max: string) => string;
  ruta: (nombre: string) => string;
  cifrado: (nombre: string) => string;
}

export type Entrada = yauzl.Entry;

/** An entry's inflated bytes, piece by piece; `alTrozo` returning `false` stops reading it. */
export type Inflar = (e: Entrada, alTrozo: (trozo: Buffer) => boolean | undefined) => Promise<void>;

const RUTA_INVALIDA = /^(?:absolute path|invalid relative path|invalid characters in fileName): ([\s\S]*)$/;

function abrir(zip: Buffer, t: TextosZip): Promise<yauzl.ZipFile> {
  return new Promise((ok, mal) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, decodeStrings: true, validateEntrySizes: false }, (err, z) => {
      if (err || !z)
        mal(zip.subarray(0, 2).toString("latin1") === "PK" ? new ZipInvalido(t.ilegible) : new ZipInvalido(t.noEsZip));
      else ok(z);
    });
  });
}

function flujoCrudo(z: yauzl.ZipFile, e: Entrada, t: TextosZip): Promise<Readable> {
  return new Promise((ok, mal) => {
    const decompress = e.compressionMethod === 0 ? null : false;
    z.openReadStream(e, { decompress, decrypt: null, start: null, end: null }, (err, s) => {
      if (err || !s) mal(new ZipInvalido(t.cifrado(e.fileName)));
      else ok(s);
    });
  });
}

/** Compressed bytes fed to the inflater at a time: what one step may expand is bounded by it. */
const PIEZA = 4096;

/**
 * Inflates one entry, feeding it to zlib in small pieces and counting what goes in and comes out
 * against the limits (`total` is the ZIP's running count). Throws `ZipInvalido` for a bomb or a
 * damaged entry.
 */
async function inflar(
  z: yauzl.ZipFile,
  e: Entrada,
  lim: LimitesZip,
  t: TextosZip,
  total: { bytes: number },
  alTrozo: (trozo: Buffer) => boolean | undefined,
): Promise<void> {
  if (e.isEncrypted() || (e.compressionMethod !== 0 && e.compressionMethod !== 8))
    throw new ZipInvalido(t.cifrado(e.fileName));
  const crudo = await flujoCrudo(z, e, t);
  const inflater = e.compressionMethod === 8 ? zlib.createInflateRaw() : null;
  let consumidos = 0;
  let producidos = 0;
  let fallo: unknown = null;
  let basta = false;
  const recibir = (trozo: Buffer) => {
    if (fallo || basta) return;
    producidos += trozo.length;
    total.bytes += trozo.length;
    if (total.bytes > lim.bytes || producidos > (lim.porEntrada ?? Number.POSITIVE_INFINITY))
      fallo = new ZipInvalido(t.bomba);
    else if (producidos > lim.razonDesde && producidos > lim.razon * Math.max(consumidos, 1))
      fallo = new ZipInvalido(t.bomba);
    else {
      try {
        if (alTrozo(trozo) === false) basta = true;
      } catch (err) {
        fallo = err;
      }
    }
  };
  inflater?.on("data", recibir);
  inflater?.on("error", () => {
    fallo ??= new ZipInvalido(t.ilegible);
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
        if (basta) break leer;
      }
    }
    if (inflater && !basta) {
      await new Promise<void>((ok) => {
        inflater.once("end", ok);
        inflater.once("close", ok);
        inflater.end();
      });
      if (fallo) throw fallo;
    }
  } catch (err) {
    if (err instanceof ZipInvalido || err === fallo) throw err;
    throw new ZipInvalido(t.ilegible);
  } finally {
    crudo.destroy();
    inflater?.destroy();
  }
}

/**
 * Walks the ZIP's entries in order, one at a time: `alEntrada` gets each one and the means to
 * inflate it under the limits (an entry it does not inflate costs nothing). An error it throws
 * ends the walk and is thrown as is.
 */
export async function recorrerZip(
  zip: Buffer,
  lim: LimitesZip,
  t: TextosZip,
  alEntrada: (e: Entrada, inflarla: Inflar) => Promise<void> | void,
): Promise<void> {
  const z = await abrir(zip, t);
  const total = { bytes: 0 };
  let entradas = 0;
  const maximo = lim.entradas.toLocaleString("es-DO");
  const inflarla: Inflar = (e, alTrozo) => inflar(z, e, lim, t, total, alTrozo);
  try {
    if (z.entryCount > lim.entradas) throw new ZipInvalido(t.demasiados(maximo));
    await new Promise<void>((ok, mal) => {
      z.on("error", (err: Error) => {
        const ruta = RUTA_INVALIDA.exec(err.message);
        mal(err instanceof ZipInvalido ? err : new ZipInvalido(ruta ? t.ruta(ruta[1]) : t.ilegible));
      });
      z.on("end", () => ok());
      z.on("entry", (e: Entrada) => {
        (async () => {
          if (++entradas > lim.entradas) throw new ZipInvalido(t.demasiados(maximo));
          await alEntrada(e, inflarla);
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
