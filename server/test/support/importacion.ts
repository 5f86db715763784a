/** Helpers of the registry import's tests. */
import zlib from "node:zlib";
import { digitoVerificador, type FilaInforme } from "@registro/contracts";
import type { Db } from "../../src/db/client.js";
import { lineasInforme } from "../../src/importacion/importacion.service.js";

/** A valid cédula (its check digit computed) from up to ten digits. */
export function cedula(base: string): string {
  const d = base.padStart(10, "0");
  return `${d.slice(0, 3)}-${d.slice(3, 10)}-${digitoVerificador(d)}`;
}

/**
 * One file of a test ZIP; `sinComprimir` stores it as is, `tamanoDeclarado` lies in its headers,
 * `deflado` gives its compressed bytes already made (a bomb too large to hold inflated).
 */
export interface EntradaZip {
  nombre: string;
  contenido: Buffer;
  sinComprimir?: boolean;
  tamanoDeclarado?: number;
  deflado?: Deflado;
}

/** Raw deflate bytes, with the size and CRC-32 of what they inflate to. */
export interface Deflado {
  datos: Buffer;
  tamano: number;
  crc: number;
}

/**
 * `prefijo`, then `trozo` `veces` times, then `sufijo`, deflated as a stream: hundreds of MB of
 * repetition come out as a few hundred KB without ever being held inflated.
 */
export async function deflarRepetido(prefijo: string, trozo: string, veces: number, sufijo: string): Promise<Deflado> {
  const d = zlib.createDeflateRaw({ level: 9 });
  const salida: Buffer[] = [];
  d.on("data", (b: Buffer) => salida.push(b));
  const fin = new Promise((ok) => d.on("end", ok));
  let crc = 0;
  let tamano = 0;
  const escribir = async (b: Buffer) => {
    crc = zlib.crc32(b, crc);
    tamano += b.length;
    if (!d.write(b)) await new Promise((ok) => d.once("drain", ok));
  };
  await escribir(Buffer.from(prefijo));
  const t = Buffer.from(trozo);
  for (let i = 0; i < veces; i++) await escribir(t);
  await escribir(Buffer.from(sufijo));
  d.end();
  await fin;
  return { datos: Buffer.concat(salida), tamano, crc };
}

/**
 * A ZIP written byte by byte, so tests can build what no archiver writes: absolute or `..` names,
 * headers that lie about sizes, bombs.
 */
export function zip(entradas: EntradaZip[]): Buffer {
  const locales: Buffer[] = [];
  const centrales: Buffer[] = [];
  let desplazamiento = 0;
  for (const e of entradas) {
    const nombre = Buffer.from(e.nombre, "utf8");
    const datos = e.deflado?.datos ?? (e.sinComprimir ? e.contenido : zlib.deflateRawSync(e.contenido));
    const metodo = e.sinComprimir ? 0 : 8;
    const crc = e.deflado?.crc ?? zlib.crc32(e.contenido);
    const tamano = e.tamanoDeclarado ?? e.deflado?.tamano ?? e.contenido.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(metodo, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(datos.length, 18);
    local.writeUInt32LE(tamano, 22);
    local.writeUInt16LE(nombre.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(metodo, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(datos.length, 20);
    central.writeUInt32LE(tamano, 24);
    central.writeUInt16LE(nombre.length, 28);
    central.writeUInt32LE(desplazamiento, 42);
    locales.push(local, nombre, datos);
    centrales.push(central, nombre);
    desplazamiento += local.length + nombre.length + datos.length;
  }
  const directorio = Buffer.concat(centrales);
  const fin = Buffer.alloc(22);
  fin.writeUInt32LE(0x06054b50, 0);
  fin.writeUInt16LE(entradas.length, 8);
  fin.writeUInt16LE(entradas.length, 10);
  fin.writeUInt32LE(directorio.length, 12);
  fin.writeUInt32LE(desplazamiento, 16);
  return Buffer.concat([...locales, directorio, fin]);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const NS_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const NS_PKG = "http://schemas.openxmlformats.org/package/2006/relationships";
const TIPO = "application/vnd.openxmlformats-officedocument";

/** The opening of a shared strings' part, before its `<si>` items. */
export const INICIO_CADENAS = `${XML}<sst xmlns="${NS}">`;
export const FIN_CADENAS = "</sst>";

const escaparXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A row of a sheet's XML with inline strings (`filas` start at row 1). */
export function filaXml(n: number, valores: string[]): string {
  const celdas = valores.map((v, i) => {
    let col = "";
    for (let c = i + 1; c > 0; c = Math.floor((c - 1) / 26)) col = String.fromCharCode(65 + ((c - 1) % 26)) + col;
    return `<c r="${col}${n}" t="inlineStr"><is><t>${escaparXml(v)}</t></is></c>`;
  });
  return `<row r="${n}">${celdas.join("")}</row>`;
}

/**
 * An .xlsx written part by part, so tests can build what Excel never writes: the first sheet with
 * `filas` (inline strings), and a shared strings' part given as its XML or already deflated (a bomb).
 */
export function libroXlsx(filas: string[][], cadenas?: string | Deflado, extra: EntradaZip[] = []): Buffer {
  const hoja = `${XML}<worksheet xmlns="${NS}"><sheetData>${filas.map((f, i) => filaXml(i + 1, f)).join("")}</sheetData></worksheet>`;
  const partes: EntradaZip[] = [
    {
      nombre: "[Content_Types].xml",
      contenido: Buffer.from(
        `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${TIPO}.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${TIPO}.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="${TIPO}.spreadsheetml.sharedStrings+xml"/></Types>`,
      ),
    },
    {
      nombre: "_rels/.rels",
      contenido: Buffer.from(
        `${XML}<Relationships xmlns="${NS_PKG}"><Relationship Id="rId1" Type="${NS_R}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      nombre: "xl/workbook.xml",
      contenido: Buffer.from(
        `${XML}<workbook xmlns="${NS}" xmlns:r="${NS_R}"><sheets><sheet name="Registro" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      nombre: "xl/_rels/workbook.xml.rels",
      contenido: Buffer.from(
        `${XML}<Relationships xmlns="${NS_PKG}"><Relationship Id="rId1" Type="${NS_R}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${NS_R}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ),
    },
    typeof cadenas === "object"
      ? { nombre: "xl/sharedStrings.xml", contenido: Buffer.alloc(0), deflado: cadenas }
      : { nombre: "xl/sharedStrings.xml", contenido: Buffer.from(cadenas ?? `${INICIO_CADENAS}${FIN_CADENAS}`) },
    { nombre: "xl/worksheets/sheet1.xml", contenido: Buffer.from(hoja) },
    ...extra,
  ];
  return zip(partes);
}

/** A small valid PDF's bytes (a distinct one per `texto`). */
export const pdf = (texto: string) =>
  Buffer.from(`%PDF-1.4\n% ${texto}\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n`);

/** A run's whole report, read back from its table in row order. */
export async function informeDe(db: Db, idImportacion: number): Promise<FilaInforme[]> {
  const todas: FilaInforme[] = [];
  for await (const l of lineasInforme(db, idImportacion)) todas.push(...l);
  return todas;
}
