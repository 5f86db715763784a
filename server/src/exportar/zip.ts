/**
 * A ZIP written as it goes (the container of an .xlsx): each entry's local header, its bytes
 * deflated by node's zlib piece by piece, a data descriptor after them (the sizes and CRC known
 * only at the end), and the central directory last. Pieces of one entry are deflated one at a
 * time, each ending on a sync flush and the entry on a final empty block: together one valid
 * deflate stream (as pigz writes it), with nothing held between pieces.
 *
 * No ZIP64: an entry or the whole file past 4 GiB is refused with an error (the download is cut
 * off, never a damaged file that looks complete); a sheet of a million rows is about 400 MB.
 */
import zlib from "node:zlib";

const LIMITE_ZIP32 = 0xffff_ffff;
/** Bit 3: sizes and CRC in a data descriptor after the data; bit 11: names in UTF-8. */
const BANDERAS = 0x0008 | 0x0800;
const DEFLATE = 8;
/** 1980-01-01 00:00 in MS-DOS time and date (no meaningful modification time). */
const HORA_DOS = 0;
const FECHA_DOS = (0 << 9) | (1 << 5) | 1;

interface EntradaEscrita {
  nombre: Buffer;
  crc: number;
  comprimido: number;
  tamano: number;
  desplazamiento: number;
}

/** Bytes of an entry deflated together (the pieces gathered until then). */
const BLOQUE = 256 * 1024;

export class ZipDemasiadoGrande extends Error {}

/** A ZIP written as a sequence of buffers handed to `escribir` (which may keep them). */
export class EscritorZip {
  private posicion = 0;
  private readonly entradas: EntradaEscrita[] = [];
  private actual: EntradaEscrita | null = null;
  private pendientes: Buffer[] = [];
  private pendiente = 0;

  constructor(
    private readonly escribir: (b: Buffer) => void,
    /** zlib's level: 1 is several times faster than 6 on a sheet's XML and compresses it nearly as well. */
    private readonly nivel = 1,
  ) {}

  private emitir(b: Buffer) {
    this.posicion += b.length;
    if (this.posicion > LIMITE_ZIP32) throw new ZipDemasiadoGrande("ZIP larger than 4 GiB (no ZIP64)");
    this.escribir(b);
  }

  /** Starts an entry; its bytes follow by `agregar`, and `cerrar` ends it. */
  abrir(nombre: string): void {
    if (this.actual) throw new Error("previous ZIP entry still open");
    const n = Buffer.from(nombre, "utf8");
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(BANDERAS, 6);
    h.writeUInt16LE(DEFLATE, 8);
    h.writeUInt16LE(HORA_DOS, 10);
    h.writeUInt16LE(FECHA_DOS, 12);
    // CRC and sizes (14–25) zero: they follow in the data descriptor.
    h.writeUInt16LE(n.length, 26);
    this.actual = { nombre: n, crc: 0, comprimido: 0, tamano: 0, desplazamiento: this.posicion };
    this.emitir(Buffer.concat([h, n]));
  }

  /**
   * A piece of the open entry's content (text as UTF-8). Pieces are gathered as buffers (outside
   * V8's heap) and deflated together once there are `BLOQUE` bytes of them: small pieces keep the
   * caller's strings short-lived, big blocks keep the compression good.
   */
  agregar(contenido: string | Buffer): void {
    const e = this.actual;
    if (!e) throw new Error("no ZIP entry open");
    const b = typeof contenido === "string" ? Buffer.from(contenido, "utf8") : contenido;
    if (b.length === 0) return;
    e.crc = zlib.crc32(b, e.crc);
    e.tamano += b.length;
    if (e.tamano > LIMITE_ZIP32) throw new ZipDemasiadoGrande("ZIP entry larger than 4 GiB (no ZIP64)");
    this.pendientes.push(b);
    this.pendiente += b.length;
    if (this.pendiente >= BLOQUE) this.comprimir();
  }

  /** The gathered pieces, deflated as one block ending on a sync flush. */
  private comprimir(): void {
    const e = this.actual;
    if (!e || this.pendiente === 0) return;
    const b = this.pendientes.length === 1 ? this.pendientes[0] : Buffer.concat(this.pendientes, this.pendiente);
    this.pendientes = [];
    this.pendiente = 0;
    const d = zlib.deflateRawSync(b, { level: this.nivel, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    e.comprimido += d.length;
    this.emitir(d);
  }

  /** Ends the open entry: the last block, the final deflate block and the data descriptor. */
  cerrar(): void {
    this.comprimir();
    const e = this.actual;
    if (!e) throw new Error("no ZIP entry open");
    const fin = zlib.deflateRawSync(Buffer.alloc(0), { level: this.nivel });
    e.comprimido += fin.length;
    this.emitir(fin);
    const dd = Buffer.alloc(16);
    dd.writeUInt32LE(0x08074b50, 0);
    dd.writeUInt32LE(e.crc >>> 0, 4);
    dd.writeUInt32LE(e.comprimido, 8);
    dd.writeUInt32LE(e.tamano, 12);
    this.emitir(dd);
    this.entradas.push(e);
    this.actual = null;
  }

  /** A whole entry at once. */
  entrada(nombre: string, contenido: string): void {
    this.abrir(nombre);
    this.agregar(contenido);
    this.cerrar();
  }

  /** The central directory and its end record: the ZIP is complete. */
  terminar(): void {
    if (this.actual) throw new Error("ZIP entry still open");
    const inicio = this.posicion;
    for (const e of this.entradas) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4);
      h.writeUInt16LE(20, 6);
      h.writeUInt16LE(BANDERAS, 8);
      h.writeUInt16LE(DEFLATE, 10);
      h.writeUInt16LE(HORA_DOS, 12);
      h.writeUInt16LE(FECHA_DOS, 14);
      h.writeUInt32LE(e.crc >>> 0, 16);
      h.writeUInt32LE(e.comprimido, 20);
      h.writeUInt32LE(e.tamano, 24);
      h.writeUInt16LE(e.nombre.length, 28);
      // Extra field, comment, disk, attributes (30–41) zero.
      h.writeUInt32LE(e.desplazamiento, 42);
      this.emitir(Buffer.concat([h, e.nombre]));
    }
    const fin = Buffer.alloc(22);
    fin.writeUInt32LE(0x06054b50, 0);
    fin.writeUInt16LE(this.entradas.length, 8);
    fin.writeUInt16LE(this.entradas.length, 10);
    fin.writeUInt32LE(this.posicion - inicio, 12);
    fin.writeUInt32LE(inicio, 16);
    this.emitir(fin);
  }
}
