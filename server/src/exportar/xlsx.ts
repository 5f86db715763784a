/**
 * The .xlsx file, written as the rows arrive: the workbook's fixed parts, then the sheet's XML
 * (every text an inline string, never a formula) gathered in short strings, written 256 KB at a
 * time into the ZIP's entry for it (zip-stream: deflated by node's zlib, level 1) while the client
 * reads, waiting when it reads slowly; the ZIP's directory last. Real dates and numbers (formatted
 * dd/mm/aaaa, dd/mm/aaaa hh:mm and #,##0.00), columns sized to the header and the first batch, the
 * header row bold, frozen and filterable.
 */
import { PassThrough, pipeline, type Readable } from "node:stream";
import { setImmediate } from "node:timers/promises";
import type ZipStream from "zip-stream";
import { horaLocalEnUtc } from "../shared/tiempo.js";
import { adelantados, type Columna, soltar, textoCelda, textoNumero, type Valor } from "./celdas.js";

/** Resolves when the stream wants more, or is closed (the client went away, the time limit). */
function vaciado(s: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const listo = () => {
      s.off("drain", listo);
      s.off("close", listo);
      resolve();
    };
    s.on("drain", listo);
    s.on("close", listo);
  });
}

/**
 * The entries' modification time: none meaningful (the MS-DOS epoch, 1980-01-01 00:00), so the same
 * rows always give the same bytes.
 */
const FECHA_ENTRADAS = new Date(Date.UTC(1980, 0, 1));

/**
 * Adds one entry to the ZIP (its content a text, or a stream still being written); resolves once
 * the entry is complete, or once `salida` is closed (the client went away, the time limit): the
 * archive is then destroyed and will not call back.
 */
function entrada(zip: ZipStream, salida: PassThrough, nombre: string, contenido: string | PassThrough): Promise<void> {
  return new Promise((resolve, reject) => {
    const cerrada = () => resolve();
    salida.once("close", cerrada);
    zip.entry(contenido, { name: nombre, date: FECHA_ENTRADAS }, (err) => {
      salida.off("close", cerrada);
      if (err) reject(err);
      else resolve();
    });
  });
}

/** Width bounds of a column, in characters. */
const ANCHO_MIN = 8;
const ANCHO_MAX = 60;

/**
 * Characters of sheet XML gathered into one string before it is handed to the ZIP. Short strings
 * die young: a 256 KB string was allocated straight in V8's old generation (large objects), which
 * then grew by 60–80 MB during a full export (docs/benchmarks).
 */
const TROZO_HOJA = 16 * 1024;

/**
 * Bytes of sheet XML gathered (as buffers, outside V8's heap) before they are written to the
 * entry's stream: one zlib call per 256 KB instead of one per 16 KB piece.
 */
const BLOQUE = 256 * 1024;

/**
 * Style indexes of the workbook's cells (`ESTILOS`): plain, the bold header, and one per kind of
 * column (Excel's number formats dd/mm/yyyy, dd/mm/yyyy hh:mm, #,##0.00).
 */
const ESTILO = { encabezado: 1, fecha: 2, fechaHora: 3, monto: 4 } as const;

const ESTILOS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="3"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="dd/mm/yyyy hh:mm"/><numFmt numFmtId="166" formatCode="#,##0.00"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const TIPOS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;

const RELACIONES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const RELACIONES_LIBRO = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

/** A sheet's column letters: A … Z, AA … */
function letraColumna(n: number): string {
  let s = "";
  for (let k = n + 1; k > 0; k = Math.floor((k - 1) / 26)) s = String.fromCharCode(65 + ((k - 1) % 26)) + s;
  return s;
}

/** What XML text must escape, and the characters XML 1.0 cannot hold at all (dropped). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is escaped or removed.
const XML_ESPECIAL = /[&<>"\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is escaped or removed.
const XML_ESPECIALES = /[&<>"\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const ENTIDAD: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\r": "&#13;" };

/** A text as XML character data (and attribute value). */
export function textoXml(s: string): string {
  return XML_ESPECIAL.test(s) ? s.replace(XML_ESPECIALES, (c) => ENTIDAD[c] ?? "") : s;
}

/** Milliseconds of a day, and Excel's serial day of the Unix epoch (1970-01-01). */
const DIA_MS = 86_400_000;
const EPOCA_EXCEL = 25_569;

/**
 * One cell of the sheet: text always as an inline string (`t="inlineStr"`, never a formula, so a
 * text starting with `=` stays text), numbers and dates as numbers with their column's format (a
 * date as Excel's serial day: an instant at the country's wall-clock time, a calendar day as it
 * is), nothing for an empty cell.
 */
function celdaXlsx(ref: string, v: Valor, formato: Columna<unknown>["formato"]): string {
  if (v === null) return "";
  if (typeof v === "string") {
    const espacio = v.length > 0 && (v.charCodeAt(0) <= 32 || v.charCodeAt(v.length - 1) <= 32);
    return `<c r="${ref}" t="inlineStr"><is><t${espacio ? ' xml:space="preserve"' : ""}>${textoXml(v)}</t></is></c>`;
  }
  const estilo = formato ? ` s="${ESTILO[formato]}"` : "";
  if (v instanceof Date) {
    const ms = formato === "fechaHora" ? horaLocalEnUtc(v).getTime() : v.getTime();
    return `<c r="${ref}"${estilo}><v>${textoNumero(ms / DIA_MS + EPOCA_EXCEL)}</v></c>`;
  }
  return Number.isFinite(v) ? `<c r="${ref}"${estilo}><v>${textoNumero(v)}</v></c>` : "";
}

/**
 * The workbook, written as the rows arrive: the fixed parts first, then the sheet's XML gathered
 * in short strings and written 256 KB at a time into its entry's stream, waiting while it is full
 * (the archive is piped to `salida`, which the client drains: a client reading slowly holds the
 * rows back); the central directory last. ZIP64 is zip-stream's: an entry or archive past 4 GiB gets its ZIP64
 * sizes and offsets in the central directory. Columns are sized on the header and the first batch,
 * which stands for the rest; the header row is bold, frozen and filterable.
 */
export function xlsx<T>(hoja: string, columnas: Columna<T>[], lotes: AsyncIterable<T[]>): Readable {
  const salida = new PassThrough();
  const nombreHoja = hoja.slice(0, 31);
  const letras = columnas.map((_, j) => letraColumna(j));
  const ultima = letras[letras.length - 1];
  const encabezado = (primeras: T[]) => {
    const anchos = columnas.map((c, j) => {
      let largo = c.titulo.length + 2;
      for (let k = 0; k < primeras.length; k++)
        largo = Math.max(largo, (textoCelda(c.valor(primeras[k], k + 1), c.formato) ?? "").length + 1);
      const ancho = Math.min(ANCHO_MAX, Math.max(ANCHO_MIN, largo + 1));
      return `<col min="${j + 1}" max="${j + 1}" width="${ancho}" customWidth="1"/>`;
    });
    const titulos = columnas.map(
      (c, j) => `<c r="${letras[j]}1" s="${ESTILO.encabezado}" t="inlineStr"><is><t>${textoXml(c.titulo)}</t></is></c>`,
    );
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${anchos.join("")}</cols><sheetData><row r="1" s="${ESTILO.encabezado}" customFormat="1">${titulos.join("")}</row>`;
  };
  (async () => {
    // Loaded by the first export, not at the server's start (test/arquitectura/arranque.test.ts).
    const { default: Zip } = await import("zip-stream");
    if (salida.destroyed) return;
    // zlib's level 1: several times faster than 6 on a sheet's XML and nearly as small.
    const zip = new Zip({ zlib: { level: 1 } });
    const xmlHoja = new PassThrough();
    // Whichever way the answer ends (written, client gone, time limit), the archive and the sheet's
    // stream end with it; an error of the archive's cuts the answer off.
    pipeline(zip, salida, () => {});
    salida.once("close", () => {
      if (!xmlHoja.writableFinished) xmlHoja.destroy();
    });
    const libro = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><bookViews><workbookView/></bookViews><sheets><sheet name="${textoXml(nombreHoja)}" sheetId="1" r:id="rId1"/></sheets><definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">'${textoXml(nombreHoja.replace(/'/g, "''"))}'!$A$1:$${ultima}$1</definedName></definedNames></workbook>`;
    for (const [nombre, contenido] of [
      ["[Content_Types].xml", TIPOS],
      ["_rels/.rels", RELACIONES],
      ["xl/workbook.xml", libro],
      ["xl/_rels/workbook.xml.rels", RELACIONES_LIBRO],
      ["xl/styles.xml", ESTILOS],
    ]) {
      await entrada(zip, salida, nombre, contenido);
      if (salida.destroyed) return;
    }
    const escrita = entrada(zip, salida, "xl/worksheets/sheet1.xml", xmlHoja);
    let trozo = "";
    let pendientes: Buffer[] = [];
    let pendiente = 0;
    let empezada = false;
    // Row 1 is the header: the n-th row of the list is the sheet's row n + 1.
    let n = 0;
    for await (const filas of adelantados(lotes)) {
      // The client went away or the time limit passed: stop reading.
      if (salida.destroyed) return;
      if (!empezada) {
        trozo = encabezado(filas);
        empezada = true;
      }
      for (let i = 0; i < filas.length; i++) {
        const f = filas[i];
        soltar(filas, i);
        n++;
        const r = textoNumero(n + 1); // once a row, not through V8's number-to-string cache
        trozo += `<row r="${r}">`;
        for (let j = 0; j < columnas.length; j++) {
          const c = columnas[j];
          trozo += celdaXlsx(`${letras[j]}${r}`, c.valor(f, n), c.formato);
        }
        trozo += "</row>";
        if (trozo.length >= TROZO_HOJA) {
          pendientes.push(Buffer.from(trozo, "utf8"));
          pendiente += pendientes[pendientes.length - 1].length;
          trozo = "";
          let sigue = true;
          if (pendiente >= BLOQUE) {
            sigue = xmlHoja.write(Buffer.concat(pendientes, pendiente));
            pendientes = [];
            pendiente = 0;
          }
          // Let the client catch up, and everyone else's calls run, before the next rows.
          if (!sigue) await vaciado(xmlHoja);
          else await setImmediate();
          if (salida.destroyed) return;
        }
      }
    }
    if (!empezada) trozo = encabezado([]);
    trozo += `</sheetData><autoFilter ref="A1:${ultima}1"/><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`;
    pendientes.push(Buffer.from(trozo, "utf8"));
    xmlHoja.end(Buffer.concat(pendientes));
    await escrita;
    zip.finalize();
  })().catch((e) => salida.destroy(e));
  return salida;
}
