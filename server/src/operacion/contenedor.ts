/**
 * The backup file's container: a plain tar (ustar) archive, so an operator can list it with
 * `tar tf`, whose last entry `sha256.txt` holds the SHA-256 of every byte before that entry. Reading
 * checks each header's checksum, that digest, and that nothing but the archive's zero end follows:
 * a backup with any one byte changed is refused as a whole. Entries are streamed from and to files,
 * so a backup of several gigabytes never sits in memory.
 */
import { createHash, type Hash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const BLOQUE = 512;
const ENTRADA_RESUMEN = "sha256.txt";

export class ContenedorInvalido extends Error {}

export interface EntradaNueva {
  nombre: string;
  /** A file to copy into the archive, or the bytes themselves. */
  ruta?: string;
  datos?: Buffer;
}

function octal(valor: number, largo: number): Buffer {
  const b = Buffer.alloc(largo);
  if (valor >= 8 ** (largo - 1)) {
    // GNU base-256 for sizes past the octal field (8 GiB): GNU tar and bsdtar read it.
    b[0] = 0x80;
    let v = BigInt(valor);
    for (let i = largo - 1; i > 0; i--) {
      b[i] = Number(v & 0xffn);
      v >>= 8n;
    }
    return b;
  }
  b.write(`${valor.toString(8).padStart(largo - 1, "0")}\0`, "ascii");
  return b;
}

function leerOctal(b: Buffer): number {
  if (b[0] & 0x80) {
    let v = 0n;
    for (let i = 1; i < b.length; i++) v = (v << 8n) | BigInt(b[i]);
    return Number(v);
  }
  const texto = b.toString("ascii").replace(/\0.*$/s, "").trim();
  if (!/^[0-7]+$/.test(texto)) throw new ContenedorInvalido("tamaño ilegible en una cabecera");
  return Number.parseInt(texto, 8);
}

function sumaCabecera(h: Buffer): number {
  let suma = 0;
  for (let i = 0; i < BLOQUE; i++) suma += i >= 148 && i < 156 ? 0x20 : h[i];
  return suma;
}

function cabecera(nombre: string, tamano: number, mtime: number): Buffer {
  if (Buffer.byteLength(nombre) > 99 || !/^[\w.-]+$/.test(nombre)) throw new Error(`entry name not allowed: ${nombre}`);
  const h = Buffer.alloc(BLOQUE);
  h.write(nombre, 0, "utf8");
  octal(0o644, 8).copy(h, 100);
  octal(0, 8).copy(h, 108);
  octal(0, 8).copy(h, 116);
  octal(tamano, 12).copy(h, 124);
  octal(Math.floor(mtime / 1000), 12).copy(h, 136);
  h.write("0", 156, "ascii");
  h.write("ustar\0", 257, "ascii");
  h.write("00", 263, "ascii");
  h.write(`${sumaCabecera(h).toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return h;
}

const relleno = (tamano: number) => Buffer.alloc((BLOQUE - (tamano % BLOQUE)) % BLOQUE);

/** Writes the archive to `destino` (through a temporary name, renamed only once it is complete). */
export async function escribirContenedor(destino: string, entradas: EntradaNueva[], mtime: number): Promise<void> {
  const temporal = `${destino}.incompleto`;
  const fd = fs.openSync(temporal, "w", 0o600);
  const resumen = createHash("sha256");
  const escribir = (b: Buffer) => {
    resumen.update(b);
    let hecho = 0;
    while (hecho < b.length) hecho += fs.writeSync(fd, b, hecho);
  };
  try {
    for (const e of entradas) {
      if (e.datos) {
        escribir(cabecera(e.nombre, e.datos.length, mtime));
        escribir(e.datos);
        escribir(relleno(e.datos.length));
        continue;
      }
      if (!e.ruta) throw new Error(`entry without content: ${e.nombre}`);
      const tamano = fs.statSync(e.ruta).size;
      escribir(cabecera(e.nombre, tamano, mtime));
      const origen = fs.openSync(e.ruta, "r");
      try {
        const buf = Buffer.alloc(1 << 20);
        let copiado = 0;
        for (;;) {
          const n = fs.readSync(origen, buf, 0, buf.length, null);
          if (n === 0) break;
          escribir(buf.subarray(0, n));
          copiado += n;
        }
        if (copiado !== tamano) throw new Error(`${e.ruta} changed while it was being archived`);
      } finally {
        fs.closeSync(origen);
      }
      escribir(relleno(tamano));
    }
    const digest = Buffer.from(`${resumen.digest("hex")}\n`);
    const final = Buffer.concat([
      cabecera(ENTRADA_RESUMEN, digest.length, mtime),
      digest,
      relleno(digest.length),
      Buffer.alloc(BLOQUE * 2),
    ]);
    let hecho = 0;
    while (hecho < final.length) hecho += fs.writeSync(fd, final, hecho);
    fs.fsyncSync(fd);
  } catch (e) {
    fs.closeSync(fd);
    fs.rmSync(temporal, { force: true });
    throw e;
  }
  fs.closeSync(fd);
  fs.renameSync(temporal, destino);
}

export interface EntradaLeida {
  nombre: string;
  ruta: string;
  bytes: number;
  sha256: string;
}

/**
 * Checks the whole archive and extracts its entries into `carpeta` (which must exist). Throws
 * ContenedorInvalido, naming what is wrong, for anything but an intact archive written above.
 */
export function leerContenedor(archivo: string, carpeta: string): EntradaLeida[] {
  const fd = fs.openSync(archivo, "r");
  const total = fs.fstatSync(fd).size;
  let pos = 0;
  const resumen = createHash("sha256");
  const leer = (n: number, hash: Hash | null): Buffer => {
    const b = Buffer.alloc(n);
    let hecho = 0;
    while (hecho < n) {
      const r = fs.readSync(fd, b, hecho, n - hecho, pos + hecho);
      if (r === 0) throw new ContenedorInvalido("el archivo está truncado");
      hecho += r;
    }
    pos += n;
    hash?.update(b);
    return b;
  };
  const entradas: EntradaLeida[] = [];
  try {
    for (;;) {
      if (pos + BLOQUE > total) throw new ContenedorInvalido("el archivo está truncado");
      const antes = resumen.copy();
      const h = leer(BLOQUE, resumen);
      if (h.every((x) => x === 0)) throw new ContenedorInvalido("falta la suma de control del respaldo");
      const guardada = leerOctal(h.subarray(148, 156));
      if (guardada !== sumaCabecera(h)) throw new ContenedorInvalido("una cabecera del archivo está dañada");
      if (h.toString("ascii", 257, 263) !== "ustar\0" || h.toString("ascii", 156, 157) !== "0") {
        throw new ContenedorInvalido("el archivo no es un respaldo de Registro de Firmas");
      }
      const nombre = h.toString("utf8", 0, 100).replace(/\0.*$/s, "");
      const tamano = leerOctal(h.subarray(124, 136));
      if (!/^[\w.-]+$/.test(nombre) || nombre.startsWith(".")) {
        throw new ContenedorInvalido(`nombre de entrada no admitido: ${JSON.stringify(nombre)}`);
      }
      if (pos + tamano > total) throw new ContenedorInvalido("el archivo está truncado");
      if (nombre === ENTRADA_RESUMEN) {
        const esperado = antes.digest("hex");
        const texto = leer(tamano, null).toString("ascii").trim();
        const resto = leer(total - pos, null);
        if (texto !== esperado) throw new ContenedorInvalido("la suma de control no coincide: el archivo fue alterado");
        if (resto.length !== ((BLOQUE - (tamano % BLOQUE)) % BLOQUE) + BLOQUE * 2 || resto.some((x) => x !== 0)) {
          throw new ContenedorInvalido("hay datos alterados al final del archivo");
        }
        return entradas;
      }
      if (entradas.some((e) => e.nombre === nombre)) throw new ContenedorInvalido(`entrada repetida: ${nombre}`);
      const ruta = path.join(carpeta, nombre);
      const out = fs.openSync(ruta, "w", 0o600);
      const hashEntrada = createHash("sha256");
      try {
        let falta = tamano;
        while (falta > 0) {
          const b = leer(Math.min(falta, 1 << 20), resumen);
          hashEntrada.update(b);
          fs.writeSync(out, b);
          falta -= b.length;
        }
      } finally {
        fs.closeSync(out);
      }
      const pad = leer((BLOQUE - (tamano % BLOQUE)) % BLOQUE, resumen);
      if (pad.some((x) => x !== 0)) throw new ContenedorInvalido("hay datos alterados en el relleno del archivo");
      entradas.push({ nombre, ruta, bytes: tamano, sha256: hashEntrada.digest("hex") });
    }
  } finally {
    fs.closeSync(fd);
  }
}
