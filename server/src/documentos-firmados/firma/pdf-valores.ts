/**
 * PDF objects (ISO 32000-1 §7.3) read from a byte buffer: numbers, names, strings, arrays,
 * dictionaries, indirect references, booleans and null. One forward pass, no regular expressions,
 * nesting bounded, so a hostile file costs time linear in its size.
 */

export class Nombre {
  constructor(readonly v: string) {}
}
export class Ref {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}
export type Dic = Map<string, Valor>;
export type Valor = number | boolean | null | Nombre | Buffer | Ref | Valor[] | Dic;

export class ErrorPdf extends Error {}

const PROFUNDIDAD_MAXIMA = 64;

const esBlanco = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
const esDelimitador = (c: number) =>
  c === 0x28 ||
  c === 0x29 ||
  c === 0x3c ||
  c === 0x3e ||
  c === 0x5b ||
  c === 0x5d ||
  c === 0x7b ||
  c === 0x7d ||
  c === 0x2f ||
  c === 0x25;
const esRegular = (c: number) => !esBlanco(c) && !esDelimitador(c);
const esDigito = (c: number) => c >= 0x30 && c <= 0x39;
const hex = (c: number) =>
  c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : c >= 0x41 && c <= 0x46 ? c - 0x37 : -1;

export const esDic = (v: Valor | undefined): v is Dic => v instanceof Map;
export const nombre = (v: Valor | undefined): string | null => (v instanceof Nombre ? v.v : null);

/** Bytes appended to a buffer that doubles when full (a hostile 25 MB string costs 25 MB, not an array of numbers). */
class Bytes {
  private b = Buffer.allocUnsafe(64);
  private n = 0;
  push(x: number): void {
    if (this.n === this.b.length) {
      const mayor = Buffer.allocUnsafe(this.b.length * 2);
      this.b.copy(mayor);
      this.b = mayor;
    }
    this.b[this.n++] = x;
  }
  buffer(): Buffer {
    return Buffer.from(this.b.subarray(0, this.n));
  }
}

/** A reader of PDF tokens and values over `b`, from `pos`. */
export class Lector {
  constructor(
    readonly b: Buffer,
    public pos: number,
  ) {}

  saltarBlancos(): void {
    const b = this.b;
    while (this.pos < b.length) {
      const c = b[this.pos];
      if (esBlanco(c)) this.pos++;
      else if (c === 0x25) while (this.pos < b.length && b[this.pos] !== 0x0a && b[this.pos] !== 0x0d) this.pos++;
      else return;
    }
  }

  /** A bare keyword (obj, stream, R, true…) at the position, without consuming it unless it matches. */
  palabra(esperada: string): boolean {
    this.saltarBlancos();
    const fin = this.pos + esperada.length;
    if (this.b.toString("latin1", this.pos, fin) !== esperada) return false;
    if (fin < this.b.length && esRegular(this.b[fin])) return false;
    this.pos = fin;
    return true;
  }

  valor(profundidad = 0): Valor {
    if (profundidad > PROFUNDIDAD_MAXIMA) throw new ErrorPdf("nesting too deep");
    this.saltarBlancos();
    const b = this.b;
    if (this.pos >= b.length) throw new ErrorPdf("unexpected end");
    const c = b[this.pos];
    if (c === 0x3c && b[this.pos + 1] === 0x3c) return this.diccionario(profundidad);
    if (c === 0x3c) return this.cadenaHex();
    if (c === 0x28) return this.cadenaLiteral();
    if (c === 0x5b) return this.arreglo(profundidad);
    if (c === 0x2f) return this.nombre();
    if (esDigito(c) || c === 0x2b || c === 0x2d || c === 0x2e) return this.numeroOReferencia();
    if (this.palabra("true")) return true;
    if (this.palabra("false")) return false;
    if (this.palabra("null")) return null;
    throw new ErrorPdf(`unexpected byte ${c} at ${this.pos}`);
  }

  private diccionario(profundidad: number): Dic {
    this.pos += 2;
    const d: Dic = new Map();
    for (;;) {
      this.saltarBlancos();
      if (this.b[this.pos] === 0x3e && this.b[this.pos + 1] === 0x3e) {
        this.pos += 2;
        return d;
      }
      const clave = this.valor(profundidad + 1);
      if (!(clave instanceof Nombre)) throw new ErrorPdf("dictionary key is not a name");
      d.set(clave.v, this.valor(profundidad + 1));
    }
  }

  private arreglo(profundidad: number): Valor[] {
    this.pos++;
    const a: Valor[] = [];
    for (;;) {
      this.saltarBlancos();
      if (this.pos >= this.b.length) throw new ErrorPdf("unterminated array");
      if (this.b[this.pos] === 0x5d) {
        this.pos++;
        return a;
      }
      a.push(this.valor(profundidad + 1));
    }
  }

  private nombre(): Nombre {
    const b = this.b;
    let i = this.pos + 1;
    const bytes = new Bytes();
    while (i < b.length && esRegular(b[i])) {
      if (b[i] === 0x23 && hex(b[i + 1]) >= 0 && hex(b[i + 2]) >= 0) {
        bytes.push(hex(b[i + 1]) * 16 + hex(b[i + 2]));
        i += 3;
      } else bytes.push(b[i++]);
    }
    this.pos = i;
    return new Nombre(bytes.buffer().toString("latin1"));
  }

  private numero(): number {
    const b = this.b;
    const inicio = this.pos;
    while (
      this.pos < b.length &&
      (esDigito(b[this.pos]) || b[this.pos] === 0x2e || b[this.pos] === 0x2b || b[this.pos] === 0x2d)
    ) {
      this.pos++;
    }
    const n = Number(b.toString("latin1", inicio, this.pos));
    if (!Number.isFinite(n)) throw new ErrorPdf("bad number");
    return n;
  }

  /** `n`, or `n g R` when two unsigned integers and R follow. */
  private numeroOReferencia(): number | Ref {
    const n = this.numero();
    if (!Number.isInteger(n) || n < 0) return n;
    const atras = this.pos;
    this.saltarBlancos();
    if (esDigito(this.b[this.pos])) {
      const g = this.numero();
      if (Number.isInteger(g) && g >= 0 && this.palabra("R")) return new Ref(n, g);
    }
    this.pos = atras;
    return n;
  }

  private cadenaHex(): Buffer {
    const b = this.b;
    const fin = b.indexOf(0x3e, this.pos);
    if (fin < 0) throw new ErrorPdf("unterminated hex string");
    const salida = Buffer.alloc(Math.ceil((fin - this.pos) / 2));
    let n = 0;
    let alto = -1;
    for (let i = this.pos + 1; i < fin; i++) {
      const v = hex(b[i]);
      if (v < 0) {
        if (esBlanco(b[i])) continue;
        throw new ErrorPdf("bad hex string");
      }
      if (alto < 0) alto = v;
      else {
        salida[n++] = alto * 16 + v;
        alto = -1;
      }
    }
    if (alto >= 0) salida[n++] = alto * 16;
    this.pos = fin + 1;
    return salida.subarray(0, n);
  }

  private cadenaLiteral(): Buffer {
    const b = this.b;
    const salida = new Bytes();
    let nivel = 1;
    let i = this.pos + 1;
    const escapes: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12 };
    while (i < b.length) {
      const c = b[i++];
      if (c === 0x5c) {
        const e = b[i++];
        if (e in escapes) salida.push(escapes[e]);
        else if (e >= 0x30 && e <= 0x37) {
          let v = e - 0x30;
          for (let k = 0; k < 2 && b[i] >= 0x30 && b[i] <= 0x37; k++) v = v * 8 + (b[i++] - 0x30);
          salida.push(v & 0xff);
        } else if (e === 0x0d) {
          if (b[i] === 0x0a) i++;
        } else if (e !== 0x0a) salida.push(e);
      } else if (c === 0x28) {
        nivel++;
        salida.push(c);
      } else if (c === 0x29) {
        if (--nivel === 0) {
          this.pos = i;
          return salida.buffer();
        }
        salida.push(c);
      } else salida.push(c);
    }
    throw new ErrorPdf("unterminated string");
  }
}

/** A PDF text string (/T, /M…): UTF-16BE with its BOM, else PDFDocEncoding (read as Latin-1). */
export function texto(v: Valor | undefined): string | null {
  if (!Buffer.isBuffer(v)) return null;
  if (v[0] === 0xfe && v[1] === 0xff)
    return Buffer.from(v.subarray(2, 2 + ((v.length - 2) & ~1)))
      .swap16()
      .toString("utf16le");
  return v.toString("latin1");
}

/** Deep equality of two PDF values. */
export function iguales(a: Valor | undefined, b: Valor | undefined): boolean {
  if (a instanceof Nombre) return b instanceof Nombre && a.v === b.v;
  if (a instanceof Ref) return b instanceof Ref && a.num === b.num && a.gen === b.gen;
  if (Buffer.isBuffer(a)) return Buffer.isBuffer(b) && a.equals(b);
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => iguales(x, b[i]));
  if (a instanceof Map) {
    if (!(b instanceof Map) || a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !iguales(v, b.get(k))) return false;
    return true;
  }
  return a === b;
}
