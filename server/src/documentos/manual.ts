/**
 * The user manual (GetManual): every docs/manual/*.md in name order, rendered to a Spanish PDF with
 * pdfkit — a cover, a table of contents, bookmarks, page numbers, and the screenshots the chapters
 * point at (an image whose file is missing is left out). Built once per process and kept in memory.
 *
 * Longer than 300 lines: every block kind is laid out on one pdfkit document whose running state
 * (page, outline, contents) the functions share.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { APP_NOMBRE_CORTO, APP_VERSION } from "@registro/contracts";
import type PDFDocument from "pdfkit";
import { expandirMarcadores } from "./manual-tablas.js";
import { type Bloque, parsearMarkdown, type Segmento, segmentosEnLinea, textoPlano } from "./markdown.js";

export const DIRECTORIO_MANUAL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../docs/manual");

const AZUL = "#1e3a8a";
const TEXTO = "#1f2937";
const SUAVE = "#475569";
const BORDE = "#cbd5e1";
const FONDO = "#eef2ff";
const MARGEN = 64;
const PIE = 36;

const FUENTES = {
  normal: "Helvetica",
  negrita: "Helvetica-Bold",
  cursiva: "Helvetica-Oblique",
  negritaCursiva: "Helvetica-BoldOblique",
  mono: "Courier",
};

/** WinAnsi, the encoding of the built-in fonts: Latin-1 plus these. */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const SUSTITUTOS: Record<string, string> = {
  "→": "->",
  "←": "<-",
  "⇒": "=>",
  "↔": "<->",
  "≤": "<=",
  "≥": ">=",
  "≠": "!=",
  "✓": "Sí",
  "✔": "Sí",
  "✗": "No",
  "✘": "No",
  "×": "x",
  "\u2009": " ",
  "\u202f": " ",
};

/** Text the built-in fonts can draw: accents, ñ, ¿ and ¡ stay; symbols get a readable stand-in. */
export function aWinAnsi(s: string): string {
  let out = "";
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (ch in SUSTITUTOS) out += SUSTITUTOS[ch];
    else if (ch === "\t") out += "    ";
    // Emoji, arrows and other symbols the fonts cannot draw are dropped rather than garbled.
  }
  return out;
}

interface Capitulo {
  archivo: string;
  bloques: Bloque[];
}

export function leerCapitulos(dir: string): Capitulo[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.toLowerCase().endsWith(".md"))
    .sort((a, b) => a.localeCompare(b, "en"))
    .map((archivo) => ({
      archivo,
      bloques: parsearMarkdown(expandirMarcadores(fs.readFileSync(path.join(dir, archivo), "utf8"))),
    }));
}

/** Pixel size of a PNG or JPEG, or null for anything else (which is then left out). */
export function tamanoImagen(buf: Buffer): { ancho: number; alto: number } | null {
  if (buf.length > 24 && buf.readUInt32BE(0) === 0x89504e47 && buf.toString("ascii", 12, 16) === "IHDR") {
    return { ancho: buf.readUInt32BE(16), alto: buf.readUInt32BE(20) };
  }
  if (buf.length > 4 && buf[0] === 0xff && buf[1] === 0xd8) {
    let i = 2;
    while (i + 9 < buf.length) {
      if (buf[i] !== 0xff) return null;
      const marca = buf[i + 1];
      const largo = buf.readUInt16BE(i + 2);
      if (marca >= 0xc0 && marca <= 0xcf && marca !== 0xc4 && marca !== 0xc8 && marca !== 0xcc) {
        return { alto: buf.readUInt16BE(i + 5), ancho: buf.readUInt16BE(i + 7) };
      }
      i += 2 + largo;
    }
  }
  return null;
}

export interface OpcionesManual {
  dir?: string;
  /** pdfkit compresses content streams by default; tests turn it off to read the text. */
  compress?: boolean;
}

class Renderizador {
  readonly doc: PDFKit.PDFDocument;
  private readonly ancho: number;
  private readonly indice: { texto: string; pagina: number; destino: string }[] = [];
  private capitulo: PDFKit.PDFOutline | null = null;
  private destinos = 0;

  constructor(
    private readonly dir: string,
    compress: boolean,
    Documento: typeof PDFDocument,
  ) {
    this.doc = new Documento({
      size: "LETTER",
      margins: { top: MARGEN, bottom: MARGEN, left: MARGEN, right: MARGEN },
      bufferPages: true,
      compress,
      lang: "es-ES",
      displayTitle: true,
      info: {
        Title: `Manual de Usuario — ${APP_NOMBRE_CORTO}`,
        Author: "Contraloría General de la República",
        Subject: `Manual de Usuario de ${APP_NOMBRE_CORTO}, versión ${APP_VERSION}`,
        Keywords: "registro de firmas, manual, contraloría",
      },
    });
    this.ancho = this.doc.page.width - 2 * MARGEN;
  }

  private get limite(): number {
    return this.doc.page.height - MARGEN;
  }

  /** Starts a new page unless `alto` points still fit on this one. */
  private reservar(alto: number): void {
    if (this.doc.y + alto > this.limite) this.doc.addPage();
  }

  private fuente(s: Pick<Segmento, "negrita" | "cursiva">): string {
    if (s.negrita && s.cursiva) return FUENTES.negritaCursiva;
    if (s.negrita) return FUENTES.negrita;
    return s.cursiva ? FUENTES.cursiva : FUENTES.normal;
  }

  /** Inline-marked text flowing at (x, doc.y) within `ancho`. */
  private enLinea(
    texto: string,
    x: number,
    ancho: number,
    opciones: { tamano?: number; color?: string; negrita?: boolean } = {},
  ): void {
    const segmentos = segmentosEnLinea(texto)
      .map((s) => ({ ...s, negrita: s.negrita || !!opciones.negrita, texto: aWinAnsi(s.texto) }))
      .filter((s) => s.texto.length > 0);
    if (segmentos.length === 0) return;
    this.doc.fontSize(opciones.tamano ?? 10.5).fillColor(opciones.color ?? TEXTO);
    const y = this.doc.y;
    segmentos.forEach((s, i) => {
      const ultimo = i === segmentos.length - 1;
      this.doc.font(this.fuente(s));
      const o = { width: ancho, continued: !ultimo, lineGap: 2 };
      if (i === 0) this.doc.text(s.texto, x, y, o);
      else this.doc.text(s.texto, o);
    });
    this.doc.x = MARGEN;
  }

  private alturaEnLinea(texto: string, ancho: number, tamano = 10.5, negrita = false): number {
    this.doc.font(negrita ? FUENTES.negrita : FUENTES.normal).fontSize(tamano);
    return this.doc.heightOfString(aWinAnsi(textoPlano(texto)) || " ", { width: ancho, lineGap: 2 });
  }

  portada(): void {
    const d = this.doc;
    d.rect(0, 0, d.page.width, 220).fill(AZUL);
    d.fillColor("#ffffff").font(FUENTES.negrita).fontSize(13).text("CONTRALORÍA GENERAL DE LA REPÚBLICA", MARGEN, 90, {
      width: this.ancho,
    });
    d.font(FUENTES.normal)
      .fontSize(11)
      .text("Departamento de Registro y Control de Cuentas (RyCC)", { width: this.ancho });
    d.fillColor(AZUL).font(FUENTES.negrita).fontSize(34).text("Manual de Usuario", MARGEN, 300, { width: this.ancho });
    d.fillColor(TEXTO).font(FUENTES.normal).fontSize(20).text(APP_NOMBRE_CORTO, { width: this.ancho });
    d.moveDown(1.5);
    d.fontSize(12)
      .fillColor(SUAVE)
      .text(`Versión ${APP_VERSION}`, { width: this.ancho })
      .text("Registro, inactivación y reactivación de las firmas de los funcionarios de las instituciones públicas.", {
        width: this.ancho,
      });
  }

  /** Draws the table of contents on the reserved page once the chapters' pages are known. */
  contenido(pagina: number): void {
    const d = this.doc;
    d.switchToPage(pagina);
    d.fillColor(AZUL).font(FUENTES.negrita).fontSize(20).text("Contenido", MARGEN, MARGEN, { width: this.ancho });
    d.moveDown(0.8);
    for (const e of this.indice) {
      if (d.y > this.limite - 20) break;
      const y = d.y;
      d.font(FUENTES.normal).fontSize(11).fillColor(TEXTO);
      d.text(aWinAnsi(e.texto), MARGEN, y, { width: this.ancho - 40, goTo: e.destino });
      d.text(String(e.pagina), MARGEN + this.ancho - 40, y, { width: 40, align: "right", goTo: e.destino });
      d.moveDown(0.4);
    }
  }

  numerarPaginas(): void {
    const d = this.doc;
    const { start, count } = d.bufferedPageRange();
    for (let i = start + 1; i < start + count; i++) {
      d.switchToPage(i);
      // Writing in the bottom margin must not open a new page.
      const margen = d.page.margins.bottom;
      d.page.margins.bottom = 0;
      d.font(FUENTES.normal)
        .fontSize(8.5)
        .fillColor(SUAVE)
        .text(`${APP_NOMBRE_CORTO} · Manual de Usuario · Página ${i + 1} de ${count}`, MARGEN, d.page.height - PIE, {
          width: this.ancho,
          align: "center",
          lineBreak: false,
        });
      d.page.margins.bottom = margen;
    }
  }

  /** The page kept for the table of contents, written last. */
  paginaContenido = -1;

  bloque(b: Bloque): void {
    const d = this.doc;
    if (d.bufferedPageRange().count - 1 === this.paginaContenido) d.addPage();
    switch (b.tipo) {
      case "titulo":
        this.titulo(b.nivel, b.texto);
        return;
      case "parrafo":
        // Keep at least the first lines together; pdfkit flows the rest onto the next page.
        this.reservar(Math.min(this.alturaEnLinea(b.texto, this.ancho), 40));
        this.enLinea(b.texto, MARGEN, this.ancho);
        d.moveDown(0.6);
        return;
      case "cita": {
        const alto = this.alturaEnLinea(b.texto, this.ancho - 24);
        this.reservar(Math.min(alto, 80) + 12);
        const y = d.y;
        this.enLinea(b.texto, MARGEN + 16, this.ancho - 24, { color: SUAVE });
        d.rect(MARGEN, y - 2, 3, Math.max(d.y - y, 12)).fill(AZUL);
        d.moveDown(0.6);
        return;
      }
      case "lista":
        b.items.forEach((item, i) => {
          const marca = b.ordenada ? `${i + 1}.` : "•";
          this.reservar(Math.min(this.alturaEnLinea(item, this.ancho - 18), 40));
          const y = d.y;
          d.font(FUENTES.normal)
            .fontSize(10.5)
            .fillColor(TEXTO)
            .text(marca, MARGEN + 4, y, { width: 16 });
          d.y = y;
          this.enLinea(item, MARGEN + 20, this.ancho - 20);
          d.moveDown(0.25);
        });
        d.moveDown(0.4);
        return;
      case "codigo": {
        d.font(FUENTES.mono).fontSize(9);
        const texto = aWinAnsi(b.lineas.join("\n")) || " ";
        const alto = d.heightOfString(texto, { width: this.ancho - 16 });
        this.reservar(Math.min(alto, 200) + 12);
        const y = d.y;
        d.rect(MARGEN, y, this.ancho, Math.min(alto + 10, this.limite - y)).fill("#f1f5f9");
        d.fillColor(TEXTO)
          .font(FUENTES.mono)
          .fontSize(9)
          .text(texto, MARGEN + 8, y + 5, { width: this.ancho - 16 });
        d.x = MARGEN;
        d.moveDown(0.8);
        return;
      }
      case "separador":
        this.reservar(16);
        d.moveTo(MARGEN, d.y + 4)
          .lineTo(MARGEN + this.ancho, d.y + 4)
          .lineWidth(0.5)
          .stroke(BORDE);
        d.moveDown(1);
        return;
      case "imagen":
        this.imagen(b.ruta, b.pie);
        return;
      case "tabla":
        this.tabla(b.encabezado, b.filas);
        return;
    }
  }

  private titulo(nivel: 1 | 2 | 3 | 4, texto: string): void {
    const d = this.doc;
    const plano = aWinAnsi(textoPlano(texto));
    const estilo = {
      1: { tamano: 20, antes: 0, despues: 0.6 },
      2: { tamano: 14.5, antes: 0.8, despues: 0.4 },
      3: { tamano: 12, antes: 0.6, despues: 0.3 },
      4: { tamano: 11, antes: 0.4, despues: 0.2 },
    }[nivel];
    // Chapters start on a new page; other headings stay with the text that follows them.
    if (nivel === 1) {
      if (d.y > MARGEN + 1 || this.indice.length > 0) d.addPage();
    } else {
      d.moveDown(estilo.antes);
      this.reservar(estilo.tamano * 2 + 48);
    }
    const destino = `seccion-${++this.destinos}`;
    d.addNamedDestination(destino);
    if (nivel === 1) {
      this.indice.push({ texto: plano, pagina: d.bufferedPageRange().count, destino });
      this.capitulo = d.outline.addItem(plano);
    } else if (nivel === 2) {
      (this.capitulo ?? d.outline).addItem(plano);
    }
    d.font(FUENTES.negrita)
      .fontSize(estilo.tamano)
      .fillColor(nivel <= 2 ? AZUL : TEXTO)
      .text(plano, MARGEN, d.y, { width: this.ancho });
    if (nivel === 1) {
      d.moveTo(MARGEN, d.y + 2)
        .lineTo(MARGEN + this.ancho, d.y + 2)
        .lineWidth(1)
        .stroke(AZUL);
      d.moveDown(0.4);
    }
    d.moveDown(estilo.despues);
  }

  private imagen(ruta: string, pie: string): void {
    const d = this.doc;
    const archivo = path.resolve(this.dir, ruta);
    // Only files inside the manual's folder; a missing or unreadable one is left out.
    if (!archivo.startsWith(this.dir + path.sep) || !fs.existsSync(archivo)) return;
    let datos: Buffer;
    try {
      datos = fs.readFileSync(archivo);
    } catch {
      return;
    }
    const tamano = tamanoImagen(datos);
    if (!tamano || tamano.ancho === 0 || tamano.alto === 0) return;
    const escala = Math.min(this.ancho / tamano.ancho, 360 / tamano.alto, 1.5);
    const ancho = tamano.ancho * escala;
    const alto = tamano.alto * escala;
    const altoPie = pie ? this.alturaEnLinea(pie, this.ancho, 9) + 4 : 0;
    this.reservar(alto + altoPie + 12);
    const x = MARGEN + (this.ancho - ancho) / 2;
    const y = d.y;
    try {
      d.image(datos, x, y, { width: ancho, height: alto });
    } catch {
      return;
    }
    d.rect(x, y, ancho, alto).lineWidth(0.5).stroke(BORDE);
    d.y = y + alto + 4;
    if (pie) {
      d.font(FUENTES.cursiva)
        .fontSize(9)
        .fillColor(SUAVE)
        .text(aWinAnsi(textoPlano(pie)), MARGEN, d.y, { width: this.ancho, align: "center" });
    }
    d.x = MARGEN;
    d.moveDown(0.8);
  }

  private tabla(encabezado: string[], filas: string[][]): void {
    const d = this.doc;
    const pad = 4;
    const tamano = 9;
    // Each column gets room for its longest word (or its whole text when short), and the rest of
    // the width is shared by how much text each column holds.
    const columna = (k: number) => [encabezado[k], ...filas.map((f) => f[k] ?? "")].map((c) => aWinAnsi(textoPlano(c)));
    const minimos = encabezado.map((_, k) => {
      d.font(FUENTES.negrita).fontSize(tamano);
      const textos = columna(k);
      const palabra = Math.max(...textos.flatMap((t) => t.split(/\s+/)).map((w) => d.widthOfString(w)));
      const entero = Math.max(...textos.map((t) => d.widthOfString(t)));
      return Math.max(palabra, Math.min(entero, 90)) + 2 * pad + 1;
    });
    const pesos = encabezado.map((_, k) => Math.min(Math.max(...columna(k).map((t) => t.length)), 80));
    const libre = this.ancho - minimos.reduce((a, b) => a + b, 0);
    const totalPesos = pesos.reduce((a, b) => a + b, 0) || 1;
    const anchos =
      libre >= 0
        ? minimos.map((m, k) => m + (libre * pesos[k]) / totalPesos)
        : minimos.map((m) => (m * this.ancho) / (this.ancho - libre));
    const alturaFila = (celdas: string[], negrita: boolean, tamano: number) =>
      Math.max(...celdas.map((c, k) => this.alturaEnLinea(c, anchos[k] - 2 * pad, tamano, negrita))) + 2 * pad;

    const dibujarFila = (celdas: string[], cabecera: boolean) => {
      const alto = alturaFila(celdas, cabecera, tamano);
      if (d.y + alto > this.limite) {
        d.addPage();
        if (!cabecera) dibujarFila(encabezado, true);
      }
      const y = d.y;
      let x = MARGEN;
      if (cabecera) d.rect(MARGEN, y, this.ancho, alto).fill(FONDO);
      celdas.forEach((c, k) => {
        d.y = y + pad;
        this.enLinea(c, x + pad, anchos[k] - 2 * pad, { tamano, negrita: cabecera, color: cabecera ? AZUL : TEXTO });
        d.rect(x, y, anchos[k], alto).lineWidth(0.5).stroke(BORDE);
        x += anchos[k];
      });
      d.x = MARGEN;
      d.y = y + alto;
    };

    this.reservar(alturaFila(encabezado, true, tamano) + (filas[0] ? alturaFila(filas[0], false, tamano) : 0));
    dibujarFila(encabezado, true);
    for (const f of filas) dibujarFila(f, false);
    d.moveDown(0.8);
  }

  terminar(): Promise<Buffer> {
    const partes: Buffer[] = [];
    return new Promise((resolve, reject) => {
      this.doc.on("data", (p: Buffer) => partes.push(p));
      this.doc.on("end", () => resolve(Buffer.concat(partes)));
      this.doc.on("error", reject);
      this.doc.end();
    });
  }
}

/** Renders the manual from the chapters in `dir` (docs/manual by default). */
export async function generarManual(opciones: OpcionesManual = {}): Promise<Buffer> {
  const dir = path.resolve(opciones.dir ?? DIRECTORIO_MANUAL);
  // pdfkit is loaded when a document is first made, not with every start of the server.
  const { default: Documento } = await import("pdfkit");
  const r = new Renderizador(dir, opciones.compress ?? true, Documento);
  r.portada();
  r.doc.addPage();
  r.paginaContenido = r.doc.bufferedPageRange().count - 1;
  for (const c of leerCapitulos(dir)) for (const b of c.bloques) r.bloque(b);
  r.contenido(r.paginaContenido);
  r.numerarPaginas();
  return r.terminar();
}

let enCache: Promise<Buffer> | null = null;

/** The manual of this process: generated on first use, then served from memory. */
export function manualEnCache(): Promise<Buffer> {
  if (!enCache) {
    enCache = generarManual().catch((e) => {
      enCache = null;
      throw e;
    });
  }
  return enCache;
}
