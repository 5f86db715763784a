/**
 * Signed test PDFs (issue 38): a small pdfkit document (or a ~10 MB one, with an attached file of
 * random bytes), signed PAdES-style through @signpdf (placeholder-plain adds the field, each further
 * signature as an incremental update) with the CMS of firma-cms.ts, and the incremental updates an
 * attacker or a reader appends after signing: one that replaces a page's content stream (the
 * "shadow" attack), one that only adds an annotation, and a second page.
 */
import crypto from "node:crypto";
import zlib from "node:zlib";
import { plainAddPlaceholder } from "@signpdf/placeholder-plain";
import { SignPdf } from "@signpdf/signpdf";
import { SUBFILTER_ADOBE_PKCS7_DETACHED, SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import PDFDocument from "pdfkit";
import { FirmantePrueba, type OpcionesCms } from "./firma-cms.js";
import type { Identidad } from "./pki.js";

/** A plain PDF (pdfkit, uncompressed) with `paginas` pages of text, plus `adjunto` random bytes as an attached file. */
export function pdfPrueba(o: { paginas?: number; adjunto?: number; titulo?: string } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ compress: false, info: { CreationDate: new Date("2026-01-01T00:00:00Z") } });
    const partes: Buffer[] = [];
    doc.on("data", (b: Buffer) => partes.push(b));
    doc.on("end", () => resolve(Buffer.concat(partes)));
    doc.on("error", reject);
    doc.fontSize(18).text(o.titulo ?? "Orden de pago 2026-0042");
    doc.fontSize(12).text("Páguese a Suministros del Caribe, S.R.L. la suma de RD$ 150,000.00.");
    for (let i = 1; i < (o.paginas ?? 1); i++) doc.addPage().text(`Página ${i + 1}`);
    if (o.adjunto) doc.file(crypto.randomBytes(o.adjunto), { name: "anexo.bin", type: "application/octet-stream" });
    doc.end();
  });
}

export interface OpcionesFirmaPdf extends OpcionesCms {
  /** The signature dictionary's /M (claimed signing time). */
  fecha?: Date;
  subFilter?: "adbe" | "cades";
  /** Room for the CMS, bytes. */
  largo?: number;
}

/** Signs (or signs again, as an incremental update) a PDF with `id`. */
export async function firmarPdf(pdf: Buffer, id: Identidad, o: OpcionesFirmaPdf = {}): Promise<Buffer> {
  const conHueco = plainAddPlaceholder({
    pdfBuffer: pdf,
    reason: "Aprobado",
    contactInfo: "pruebas",
    name: id.cert.subject.replace(/[^\x20-\x7e]/g, "?"),
    location: "Santo Domingo",
    signingTime: o.fecha ?? new Date("2026-06-01T10:00:00Z"),
    signatureLength: o.largo ?? 16_000,
    subFilter: o.subFilter === "adbe" ? SUBFILTER_ADOBE_PKCS7_DETACHED : SUBFILTER_ETSI_CADES_DETACHED,
    widgetRect: [0, 0, 0, 0],
    appName: "PruebasRegistro",
  });
  return new SignPdf().sign(conHueco, new FirmantePrueba(id, o));
}

/** The last definition of object `num` in the file, as text between "obj" and "endobj". */
export function objeto(pdf: Buffer, num: number): string {
  const texto = pdf.toString("latin1");
  const m = [...texto.matchAll(new RegExp(`(?:^|\\s)${num} 0 obj([\\s\\S]*?)endobj`, "g"))].at(-1);
  if (!m) throw new Error(`object ${num} not found`);
  return m[1];
}

/** The first page's object number (the first /Type /Page object). */
export function primeraPagina(pdf: Buffer): number {
  const m = /(\d+) 0 obj\s*<<(?:(?!endobj)[\s\S])*?\/Type \/Page\b(?!s)/.exec(pdf.toString("latin1"));
  if (!m) throw new Error("no page");
  return Number(m[1]);
}

/** Appends an incremental update that (re)defines `objetos` (number → body between obj/endobj). */
export function anadirRevision(pdf: Buffer, objetos: Map<number, string>, raiz?: number): Buffer {
  const texto = pdf.toString("latin1");
  const inicioXref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(texto)?.[1]);
  const trailer = texto.slice(texto.lastIndexOf("trailer"));
  const size = Number(/\/Size (\d+)/.exec(trailer)?.[1]);
  const root = raiz ?? Number(/\/Root (\d+) 0 R/.exec(trailer)?.[1]);
  const partes: string[] = [];
  const offsets = new Map<number, number>();
  let largo = pdf.length;
  for (const [num, cuerpo] of objetos) {
    const obj = `\n${num} 0 obj\n${cuerpo}\nendobj\n`;
    offsets.set(num + 0, largo + 1);
    partes.push(obj);
    largo += Buffer.byteLength(obj, "latin1");
  }
  const xref = ["xref"];
  for (const [num, off] of [...offsets].sort((a, b) => a[0] - b[0])) {
    xref.push(`${num} 1`, `${String(off).padStart(10, "0")} 00000 n `);
  }
  const nuevoSize = Math.max(size, ...[...objetos.keys()].map((n) => n + 1));
  xref.push(
    "trailer",
    `<< /Size ${nuevoSize} /Root ${root} 0 R /Prev ${inicioXref} >>`,
    "startxref",
    String(largo),
    "%%EOF\n",
  );
  return Buffer.concat([pdf, Buffer.from(partes.join("") + xref.join("\n"), "latin1")]);
}

/**
 * The same as a PDF 1.5 writer does it: the objects (streams excepted) compressed in an object
 * stream, and a cross-reference stream instead of a table.
 */
export function anadirRevisionComprimida(pdf: Buffer, objetos: Map<number, string>): Buffer {
  const texto = pdf.toString("latin1");
  const inicioXref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(texto)?.[1]);
  const trailer = texto.slice(texto.lastIndexOf("trailer"));
  const root = Number(/\/Root (\d+) 0 R/.exec(trailer)?.[1]);
  const flujo = Math.max(libre(pdf), ...[...objetos.keys()].map((n) => n + 1));
  const xrefNum = flujo + 1;
  const dentro = [...objetos].filter(([, c]) => !c.includes("stream"));
  const directos = [...objetos].filter(([, c]) => c.includes("stream"));
  let cuerpo = "";
  const cabecera: string[] = [];
  for (const [num, c] of dentro) {
    cabecera.push(`${num} ${cuerpo.length}`);
    cuerpo += `${c}\n`;
  }
  const primero = `${cabecera.join(" ")}\n`;
  const comprimido = zlib.deflateSync(Buffer.from(primero + cuerpo, "latin1"));
  const filas = new Map<number, [number, number, number]>();
  const partes: Buffer[] = [pdf];
  let largo = pdf.length;
  const escribir = (num: number, b: Buffer) => {
    filas.set(num, [1, largo + 1, 0]);
    partes.push(Buffer.from("\n"), b);
    largo += 1 + b.length;
  };
  for (const [num, c] of directos) escribir(num, Buffer.from(`${num} 0 obj\n${c}\nendobj\n`, "latin1"));
  const dic = `<< /Type /ObjStm /N ${dentro.length} /First ${primero.length} /Filter /FlateDecode /Length ${comprimido.length} >>`;
  escribir(
    flujo,
    Buffer.concat([Buffer.from(`${flujo} 0 obj\n${dic}\nstream\n`), comprimido, Buffer.from("\nendstream\nendobj\n")]),
  );
  for (const [i, [num]] of dentro.entries()) filas.set(num, [2, flujo, i]);
  filas.set(xrefNum, [1, largo + 1, 0]);
  const orden = [...filas].sort((a, b) => a[0] - b[0]);
  const datos = Buffer.alloc(orden.length * 7);
  orden.forEach(([, [t, a, b]], i) => {
    datos.writeUInt8(t, i * 7);
    datos.writeUInt32BE(a, i * 7 + 1);
    datos.writeUInt16BE(b, i * 7 + 5);
  });
  const indice = orden.map(([n]) => `${n} 1`).join(" ");
  const xdic = `<< /Type /XRef /Size ${xrefNum + 1} /Root ${root} 0 R /Prev ${inicioXref} /W [1 4 2] /Index [${indice}] /Length ${datos.length} >>`;
  const inicio = largo + 1;
  partes.push(
    Buffer.from(`\n${xrefNum} 0 obj\n${xdic}\nstream\n`),
    datos,
    Buffer.from(`\nendstream\nendobj\nstartxref\n${inicio}\n%%EOF\n`),
  );
  return Buffer.concat(partes);
}

/** The next free object number of the file. */
function libre(pdf: Buffer): number {
  const sizes = [...pdf.toString("latin1").matchAll(/\/Size (\d+)/g)].map((m) => Number(m[1]));
  return Math.max(...sizes);
}

/** The "shadow" attack: the first page's /Contents stream replaced by other text. */
export function cambiarContenido(pdf: Buffer, texto = "Páguese la suma de RD$ 9,999,999.00"): Buffer {
  const pagina = objeto(pdf, primeraPagina(pdf));
  const contenido = Number(/\/Contents (\d+) 0 R/.exec(pagina)?.[1]);
  const flujo = `BT /F1 12 Tf 72 700 Td (${texto.replace(/[()\\]/g, "")}) Tj ET`;
  return anadirRevision(pdf, new Map([[contenido, `<< /Length ${flujo.length} >>\nstream\n${flujo}\nendstream`]]));
}

/** The shadow attack as a PDF 1.5 writer saves it: the page, in an object stream, pointed at new content. */
export function cambiarContenidoComprimido(pdf: Buffer): Buffer {
  const num = primeraPagina(pdf);
  const pagina = objeto(pdf, num).trim();
  const nuevo = libre(pdf);
  const flujo = "BT /F1 12 Tf 72 700 Td (Pagar RD$ 9,999,999.00) Tj ET";
  return anadirRevisionComprimida(
    pdf,
    new Map([
      [nuevo, `<< /Length ${flujo.length} >>\nstream\n${flujo}\nendstream`],
      [num, pagina.replace(/\/Contents \d+ 0 R/, `/Contents ${nuevo} 0 R`)],
    ]),
  );
}

/** A sticky-note annotation on the first page, nothing else (in an object stream when `comprimida`). */
export function anadirAnotacion(pdf: Buffer, comprimida = false): Buffer {
  const num = primeraPagina(pdf);
  const pagina = objeto(pdf, num).trim();
  const nota = libre(pdf);
  const anot = `<< /Type /Annot /Subtype /Text /Rect [100 100 120 120] /Contents (Revisado) /Open false >>`;
  const conAnot = /\/Annots\s*\[/.test(pagina)
    ? pagina.replace(/\/Annots\s*\[/, `/Annots [${nota} 0 R `)
    : pagina.replace(/>>\s*$/, `/Annots [${nota} 0 R]\n>>`);
  const objetos = new Map([
    [nota, anot],
    [num, conAnot],
  ]);
  return comprimida ? anadirRevisionComprimida(pdf, objetos) : anadirRevision(pdf, objetos);
}

/** A second page appended to the page tree (content added after signing). */
export function anadirPagina(pdf: Buffer): Buffer {
  const texto = pdf.toString("latin1");
  const arbol = Number(/\/Pages (\d+) 0 R/.exec(texto)?.[1]);
  const paginas = objeto(pdf, arbol).trim();
  const nueva = libre(pdf);
  const flujo = "BT /F1 12 Tf 72 700 Td (Anexo sin firmar) Tj ET";
  return anadirRevision(
    pdf,
    new Map([
      [nueva, `<< /Type /Page /Parent ${arbol} 0 R /MediaBox [0 0 612 792] /Contents ${nueva + 1} 0 R >>`],
      [nueva + 1, `<< /Length ${flujo.length} >>\nstream\n${flujo}\nendstream`],
      [
        arbol,
        paginas
          .replace(/\/Kids\s*\[/, `/Kids [`)
          .replace(/\]/, ` ${nueva} 0 R]`)
          .replace(/\/Count (\d+)/, (_, n) => `/Count ${Number(n) + 1}`),
      ],
    ]),
  );
}

/** PAdES-LT validation data after signing: the CRLs (DER) in a document security store (/DSS). */
export function anadirDss(pdf: Buffer, crls: Buffer[]): Buffer {
  const texto = pdf.toString("latin1");
  const trailer = texto.slice(texto.lastIndexOf("trailer"));
  const raiz = Number(/\/Root (\d+) 0 R/.exec(trailer)?.[1]);
  const catalogo = objeto(pdf, raiz).trim();
  const primero = libre(pdf);
  const objetos = new Map<number, string>();
  crls.forEach((c, i) => {
    objetos.set(primero + i, `<< /Length ${c.length} >>\nstream\n${c.toString("latin1")}\nendstream`);
  });
  const dss = primero + crls.length;
  const refs = crls.map((_, i) => `${primero + i} 0 R`).join(" ");
  objetos.set(dss, `<< /Type /DSS /CRLs [${refs}] >>`);
  objetos.set(raiz, catalogo.replace(/>>\s*$/, `/DSS ${dss} 0 R\n>>`));
  return anadirRevision(pdf, objetos);
}
