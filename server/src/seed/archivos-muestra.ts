/**
 * Small but real sample files (a one-page PDF, a PNG) for demo data, tests and benchmarks: they
 * pass the same byte sniffing as uploads.
 */
import zlib from "node:zlib";

/** A valid one-page PDF showing `texto` (Helvetica, ASCII). */
export function pdfMuestra(texto: string): Buffer {
  const safe = texto.replace(/[^\x20-\x7e]/g, "?").replace(/([()\\])/g, "\\$1");
  const stream = `BT /F1 18 Tf 72 720 Td (${safe}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A valid RGB PNG of `ancho`×`alto` filled with one colour. */
export function pngMuestra(ancho = 64, alto = 40, rgb: [number, number, number] = [30, 58, 138]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(ancho, 0);
  ihdr.writeUInt32BE(alto, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.alloc(1 + ancho * 3);
  for (let x = 0; x < ancho; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: alto }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Text for a PDF string in WinAnsi: accents stay, anything else outside Latin-1 becomes "?". */
function textoPdf(texto: string): string {
  return texto.replace(/[^\x20-\x7e\xa0-\xff]/g, "?").replace(/([()\\])/g, "\\$1");
}

/**
 * A valid one-page PDF with a framed heading and lines of body text, in WinAnsi so Spanish
 * accents render: a believable stand-in for an oficio, a decree or a filled signature card.
 */
export function pdfDocumentoMuestra(titulo: string, lineas: readonly string[]): Buffer {
  const cuerpo = lineas.map((l, i) => `${i === 0 ? "" : "T* "}(${textoPdf(l)}) Tj`).join("\n");
  const stream = [
    "0.1 0.23 0.54 RG 1.5 w 54 54 504 684 re S",
    "0.5 w 72 700 m 540 700 l S",
    `BT /F2 16 Tf 72 712 Td (${textoPdf(titulo)}) Tj ET`,
    `BT /F1 11 Tf 16 TL 72 676 Td\n${cuerpo}\nET`,
  ].join("\n");
  const fuente = (base: string) => `<< /Type /Font /Subtype /Type1 /BaseFont /${base} /Encoding /WinAnsiEncoding >>`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`,
    fuente("Helvetica"),
    fuente("Helvetica-Bold"),
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/**
 * A valid PNG that looks like a scanned identity card: a tinted card with a border, a photo box
 * and bars where the printed lines go. `variante` shifts the tint so files differ.
 */
export function pngCedulaMuestra(variante = 0): Buffer {
  const ancho = 360;
  const alto = 228;
  const tintes: [number, number, number][] = [
    [219, 234, 254],
    [220, 252, 231],
    [254, 243, 199],
    [237, 233, 254],
    [252, 231, 243],
    [224, 242, 254],
  ];
  const fondo = tintes[Math.abs(variante) % tintes.length];
  const px = Buffer.alloc(ancho * alto * 3);
  const rect = (x0: number, y0: number, w: number, h: number, rgb: readonly number[]) => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) px.set(rgb, (y * ancho + x) * 3);
  };
  rect(0, 0, ancho, alto, [255, 255, 255]);
  rect(6, 6, ancho - 12, alto - 12, [30, 58, 138]);
  rect(9, 9, ancho - 18, alto - 18, fondo);
  rect(9, 9, ancho - 18, 30, [30, 58, 138]);
  rect(24, 54, 96, 120, [148, 163, 184]);
  rect(48, 70, 48, 48, [100, 116, 139]);
  rect(36, 124, 72, 40, [100, 116, 139]);
  for (let i = 0; i < 6; i++) rect(136, 58 + i * 20, 190 - (i % 3) * 40, 8, [51, 65, 85]);
  rect(24, 190, 312, 10, [71, 85, 105]);
  const filas = Array.from({ length: alto }, (_, y) =>
    Buffer.concat([Buffer.from([0]), px.subarray(y * ancho * 3, (y + 1) * ancho * 3)]),
  );
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(ancho, 0);
  ihdr.writeUInt32BE(alto, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(Buffer.concat(filas))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
