/**
 * What the .xlsx writer uses of zip-stream 4 (which ships no types): a Transform whose readable side
 * is the archive; entries added one at a time, each complete when its callback runs.
 */
declare module "zip-stream" {
  import type { Transform } from "node:stream";

  interface OpcionesZip {
    /** node's zlib options for the deflated entries (level 0 would store them). */
    zlib?: { level?: number };
    forceZip64?: boolean;
    store?: boolean;
    comment?: string;
  }

  interface DatosEntrada {
    name: string;
    /** The entry's modification time (now when absent). */
    date?: Date;
    store?: boolean;
  }

  class ZipStream extends Transform {
    constructor(options?: OpcionesZip);
    /** Adds an entry from a text, a buffer or a stream; one entry at a time. */
    entry(
      source: string | Buffer | NodeJS.ReadableStream,
      data: DatosEntrada,
      callback: (err: Error | null) => void,
    ): this;
    /** The central directory once the entry in progress ends; then the archive ends. */
    finalize(): void;
    getBytesWritten(): number;
  }

  export default ZipStream;
}
