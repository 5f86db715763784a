/**
 * Every object definition of a PDF, in file order (each incremental update's objects after the
 * ones they redefine), and every trailer: one pass over the file, skipping stream data by its
 * /Length. What later revisions change is judged from this (cambios.ts), and the signature
 * dictionaries are found in it (pdf-firmas.ts).
 */
import zlib from "node:zlib";
import { type Dic, ErrorPdf, esDic, Lector, nombre, Ref, type Valor } from "./pdf-valores.js";

export interface Definicion {
  num: number;
  gen: number;
  /** Where "num gen obj" starts. */
  offset: number;
  /** The object's value; undefined when it could not be read. */
  valor: Valor | undefined;
  /** The stream's data, when the object is a stream. */
  flujo: { inicio: number; fin: number } | null;
  /** An object stream (/Type /ObjStm) whose objects could not be read (they are not indexed). */
  ilegible?: boolean;
}

export interface IndicePdf {
  definiciones: Definicion[];
  trailers: { offset: number; dic: Dic }[];
  /** The file is encrypted (an /Encrypt entry in a trailer or cross-reference stream). */
  cifrado: boolean;
}

/** Inflated object streams, in all, per file: a compressed bomb stops being read there. */
const LIMITE_INFLADO = 64 * 1024 * 1024;
const MAXIMO_OBJETOS_FLUJO = 100_000;

const OBJETO = /(\d{1,10})[ \t\r\n\f\0]+(\d{1,5})[ \t\r\n\f\0]+obj(?![^ \t\r\n\f\0()<>[\]{}/%])/g;
const TRAILER = /trailer[ \t\r\n\f\0]*<</g;

/** The data of a stream whose dictionary was just read; moves the reader past "endstream". */
function flujo(l: Lector, dic: Dic): { inicio: number; fin: number } {
  const b = l.b;
  let inicio = l.pos;
  if (b[inicio] === 0x0d) inicio++;
  if (b[inicio] === 0x0a) inicio++;
  const largo = dic.get("Length");
  if (typeof largo === "number" && largo >= 0 && inicio + largo <= b.length) {
    l.pos = inicio + largo;
    if (l.palabra("endstream")) return { inicio, fin: inicio + largo };
  }
  const fin = b.indexOf("endstream", inicio, "latin1");
  if (fin < 0) throw new ErrorPdf("unterminated stream");
  l.pos = fin + "endstream".length;
  let finDatos = fin;
  if (b[finDatos - 1] === 0x0a) finDatos--;
  if (b[finDatos - 1] === 0x0d) finDatos--;
  return { inicio, fin: Math.max(inicio, finDatos) };
}

/** The object at a "num gen obj" match; null when unreadable. Leaves the reader after it. */
function leerObjeto(l: Lector, num: number, gen: number, offset: number): Definicion {
  const def: Definicion = { num, gen, offset, valor: undefined, flujo: null };
  try {
    def.valor = l.valor();
    if (esDic(def.valor) && l.palabra("stream")) def.flujo = flujo(l, def.valor);
    l.palabra("endobj");
  } catch (e) {
    if (!(e instanceof ErrorPdf)) throw e;
  }
  return def;
}

/** The data of a stream, decoded when Flate-compressed; null when another filter or too large. */
export function datosFlujo(b: Buffer, def: Definicion, presupuesto: { restante: number }): Buffer | null {
  const d = def.valor as Dic;
  const f = d.get("Filter");
  const filtro = Array.isArray(f) && f.length === 1 ? nombre(f[0]) : nombre(f);
  if ((f !== undefined && filtro !== "FlateDecode") || d.has("DecodeParms") || !def.flujo) return null;
  const crudos = b.subarray(def.flujo.inicio, def.flujo.fin);
  if (!filtro) return crudos;
  try {
    const datos = zlib.inflateSync(crudos, { maxOutputLength: Math.max(1, presupuesto.restante) });
    presupuesto.restante -= datos.length;
    return datos;
  } catch {
    return null;
  }
}

/** The objects an object stream (§7.5.7) holds, as definitions at the stream's place; null when unreadable. */
function objetosDeFlujo(b: Buffer, def: Definicion, presupuesto: { restante: number }): Definicion[] | null {
  const d = def.valor as Dic;
  const n = d.get("N");
  const primero = d.get("First");
  const datos = datosFlujo(b, def, presupuesto);
  if (!datos || typeof n !== "number" || typeof primero !== "number" || n < 0 || n > MAXIMO_OBJETOS_FLUJO) return null;
  try {
    const cabecera = new Lector(datos, 0);
    const pares: [number, number][] = [];
    for (let i = 0; i < n; i++) pares.push([Number(cabecera.valor()), Number(cabecera.valor())]);
    return pares.map(([num, desplazamiento]) => ({
      num,
      gen: 0,
      offset: def.offset,
      valor: new Lector(datos, primero + desplazamiento).valor(),
      flujo: null,
    }));
  } catch (e) {
    if (e instanceof ErrorPdf || e instanceof RangeError) return null;
    throw e;
  }
}

export function indexar(b: Buffer): IndicePdf {
  const texto = b.toString("latin1");
  const definiciones: Definicion[] = [];
  let cifrado = false;
  const presupuesto = { restante: LIMITE_INFLADO };
  OBJETO.lastIndex = 0;
  for (let m = OBJETO.exec(texto); m; m = OBJETO.exec(texto)) {
    const l = new Lector(b, m.index + m[0].length);
    const def = leerObjeto(l, Number(m[1]), Number(m[2]), m.index);
    definiciones.push(def);
    if (def.valor !== undefined) OBJETO.lastIndex = Math.max(OBJETO.lastIndex, l.pos);
    if (esDic(def.valor) && nombre(def.valor.get("Type")) === "XRef" && def.valor.has("Encrypt")) cifrado = true;
    if (esDic(def.valor) && nombre(def.valor.get("Type")) === "ObjStm") {
      const contenidos = objetosDeFlujo(b, def, presupuesto);
      if (contenidos) definiciones.push(...contenidos);
      else def.ilegible = true;
    }
  }
  const trailers: IndicePdf["trailers"] = [];
  TRAILER.lastIndex = 0;
  for (let m = TRAILER.exec(texto); m; m = TRAILER.exec(texto)) {
    try {
      const l = new Lector(b, m.index + m[0].length - 2);
      const dic = l.valor();
      if (esDic(dic)) {
        trailers.push({ offset: m.index, dic });
        if (dic.has("Encrypt")) cifrado = true;
      }
    } catch (e) {
      if (!(e instanceof ErrorPdf)) throw e;
    }
  }
  return { definiciones, trailers, cifrado };
}

/** Object number → its last definition before `hasta` (the whole file when absent). */
export function vigentes(indice: IndicePdf, hasta = Number.POSITIVE_INFINITY): Map<number, Definicion> {
  const mapa = new Map<number, Definicion>();
  for (const d of indice.definiciones) if (d.offset < hasta) mapa.set(d.num, d);
  return mapa;
}

/** The value a reference points to in a table of definitions (one level). */
export function resolver(v: Valor | undefined, tabla: Map<number, Definicion>): Valor | undefined {
  return v instanceof Ref ? tabla.get(v.num)?.valor : v;
}
