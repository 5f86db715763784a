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

/** One file of a test ZIP; `sinComprimir` stores it as is, `tamanoDeclarado` lies in its headers. */
export interface EntradaZip {
  nombre: string;
  contenido: Buffer;
  sinComprimir?: boolean;
  tamanoDeclarado?: number;
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
    const datos = e.sinComprimir ? e.contenido : zlib.deflateRawSync(e.contenido);
    const metodo = e.sinComprimir ? 0 : 8;
    const crc = zlib.crc32(e.contenido);
    const tamano = e.tamanoDeclarado ?? e.contenido.length;
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

/** A small valid PDF's bytes (a distinct one per `texto`). */
export const pdf = (texto: string) =>
  Buffer.from(`%PDF-1.4\n% ${texto}\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n`);

/** A run's whole report, read back from its table in row order. */
export async function informeDe(db: Db, idImportacion: number): Promise<FilaInforme[]> {
  const todas: FilaInforme[] = [];
  for await (const l of lineasInforme(db, idImportacion)) todas.push(...l);
  return todas;
}
