/**
 * Just enough of the ZIP and PDF formats to check what the downloads contain: one entry of a
 * .docx, and the text pdfkit draws when it writes uncompressed content streams.
 */
import zlib from "node:zlib";

/** The named entry of a ZIP archive (stored or deflated), or null. */
export function entradaZip(zip: Buffer, nombre: string): Buffer | null {
  const fin = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (fin < 0) throw new Error("not a zip: no end of central directory");
  const entradas = zip.readUInt16LE(fin + 10);
  let p = zip.readUInt32LE(fin + 16);
  for (let i = 0; i < entradas; i++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error("bad central directory");
    const metodo = zip.readUInt16LE(p + 10);
    const comprimido = zip.readUInt32LE(p + 20);
    const largoNombre = zip.readUInt16LE(p + 28);
    const largoExtra = zip.readUInt16LE(p + 30);
    const largoComentario = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const n = zip.toString("utf8", p + 46, p + 46 + largoNombre);
    if (n === nombre) {
      const inicio = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const datos = zip.subarray(inicio, inicio + comprimido);
      return metodo === 0 ? Buffer.from(datos) : zlib.inflateRawSync(datos);
    }
    p += 46 + largoNombre + largoExtra + largoComentario;
  }
  return null;
}

/** The text of every `[...] TJ` run of an uncompressed pdfkit PDF, one string per run. */
export function textoPdf(pdf: Buffer): string[] {
  const fuente = pdf.toString("latin1");
  const out: string[] = [];
  for (const m of fuente.matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]])*)\] TJ/g)) {
    const partes = [...m[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => Buffer.from(x[1], "hex"));
    out.push(new TextDecoder("windows-1252").decode(Buffer.concat(partes)));
  }
  return out;
}

export function paginasPdf(pdf: Buffer): number {
  return (pdf.toString("latin1").match(/\/Type \/Page\b/g) ?? []).length;
}
