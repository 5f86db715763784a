/**
 * An .xlsx workbook's container, checked before exceljs reads it: its ZIP walked once under
 * LIMITES_XLSX by the walk that bounds the documents' ZIP (zip.ts), every part inflated and counted,
 * none kept. A bomb, too many parts, an oversized shared strings' part (exceljs holds it whole), a
 * cell or a row too big in the shared strings or a sheet, or bytes the ZIP's directory does not
 * list are refused (`ArchivoInvalido`) before a byte of it is held.
 */
import { LIMITES_XLSX, MAX_CARACTERES_CELDA, MSG_IMPORTACION } from "@registro/contracts";
import { ArchivoInvalido, type FormatoArchivo, formatoDe, mb } from "./lector.js";
import { type Entrada, recorrerZip, type TextosZip, ZipInvalido } from "./zip.js";

export type LimitesXlsx = { [K in keyof typeof LIMITES_XLSX]: number };

const TEXTOS_XLSX: TextosZip = {
  noEsZip: MSG_IMPORTACION.excelIlegible,
  ilegible: MSG_IMPORTACION.excelIlegible,
  bomba: MSG_IMPORTACION.excelExcesivo,
  demasiados: MSG_IMPORTACION.excelPartes,
  ruta: () => MSG_IMPORTACION.excelIlegible,
  cifrado: () => MSG_IMPORTACION.excelIlegible,
};

/** The parts exceljs reads cell by cell: the shared strings and the sheets (its own names for them). */
const CADENAS = "xl/sharedStrings.xml";
const HOJA = /^xl\/worksheets\/sheet\d+\.xml$/;

/** Where an element the scan measures starts: a row, a cell, a shared string, or the end of their list. */
const MARCA = /<(?:[A-Za-z_][\w.-]*:)?(row|c|si|\/sheetData|\/sst)[\s>/]/g;

/**
 * Measures, as an XML part streams by, the bytes of each row, cell and shared string (from its
 * start tag to the next one's, or to the end of the list) and the cells of each row, without
 * parsing or keeping it. Throws `ArchivoInvalido` at the first one over the limits.
 */
function medidor(lim: LimitesXlsx) {
  let base = 0;
  let cola = "";
  let fila = -1;
  let celda = -1;
  let celdas = 0;
  const maxCelda = MAX_CARACTERES_CELDA.toLocaleString("es-DO");
  const celdaLarga = () => new ArchivoInvalido(MSG_IMPORTACION.celdaLarga(null, maxCelda));
  const filaExcesiva = () =>
    new ArchivoInvalido(MSG_IMPORTACION.filaExcesiva(null, lim.celdasFila.toLocaleString("es-DO"), mb(lim.bytesFila)));
  const cerrar = (pos: number) => {
    if (celda >= 0 && pos - celda > lim.bytesCelda) throw celdaLarga();
    if (fila >= 0 && pos - fila > lim.bytesFila) throw filaExcesiva();
  };
  return (trozo: Buffer) => {
    // Latin-1 keeps one character per byte: positions are byte offsets; the marks are ASCII.
    const texto = cola + trozo.toString("latin1");
    const inicio = base - cola.length;
    MARCA.lastIndex = 0;
    for (let m = MARCA.exec(texto); m !== null; m = MARCA.exec(texto)) {
      // A mark wholly inside the carried tail was counted with the previous piece.
      if (m.index + m[0].length <= cola.length) continue;
      const pos = inicio + m.index;
      cerrar(pos);
      if (m[1] === "row") {
        fila = pos;
        celda = -1;
        celdas = 0;
      } else if (m[1] === "c" || m[1] === "si") {
        celda = pos;
        if (m[1] === "c" && ++celdas > lim.celdasFila) throw filaExcesiva();
      } else {
        fila = -1;
        celda = -1;
      }
    }
    base += trozo.length;
    cerrar(base);
    cola = texto.slice(-64);
  };
}

/**
 * Walks an .xlsx's ZIP under the limits (every part inflated once and counted, none kept), and
 * measures its shared strings and sheets; throws `ArchivoInvalido` with the reason. The parts must
 * lie one after the other as the directory lists them: exceljs reads the ZIP front to back, so
 * bytes the directory does not list (a hidden second copy of a part) would escape the walk.
 */
export async function comprobarXlsx(contenido: Buffer, lim: LimitesXlsx = LIMITES_XLSX): Promise<void> {
  const tramos: { desde: number; hasta: number }[] = [];
  try {
    await recorrerZip(contenido, lim, TEXTOS_XLSX, async (e: Entrada, inflar) => {
      tramos.push(tramo(contenido, e));
      let bytes = 0;
      const medir = e.fileName === CADENAS || HOJA.test(e.fileName) ? medidor(lim) : null;
      await inflar(e, (trozo) => {
        bytes += trozo.length;
        if (e.fileName === CADENAS && bytes > lim.bytesTextos)
          throw new ArchivoInvalido(MSG_IMPORTACION.excelTextos(mb(lim.bytesTextos)));
        medir?.(trozo);
        return true;
      });
      medir?.(Buffer.alloc(0));
    });
  } catch (e) {
    if (e instanceof ZipInvalido) throw new ArchivoInvalido(e.mensaje);
    throw e;
  }
  tramos.sort((a, b) => a.desde - b.desde);
  let fin = 0;
  for (const t of tramos) {
    if (t.desde !== fin) throw new ArchivoInvalido(MSG_IMPORTACION.excelIlegible);
    fin = t.hasta;
  }
  if (contenido.length < fin + 4 || contenido.readUInt32LE(fin) !== 0x02014b50)
    throw new ArchivoInvalido(MSG_IMPORTACION.excelIlegible);
}

/** The bytes an entry takes in the ZIP: local header, name, extra field, data, data descriptor. */
function tramo(zip: Buffer, e: Entrada): { desde: number; hasta: number } {
  const desde = e.relativeOffsetOfLocalHeader;
  if (desde + 30 > zip.length || zip.readUInt32LE(desde) !== 0x04034b50)
    throw new ArchivoInvalido(MSG_IMPORTACION.excelIlegible);
  let hasta = desde + 30 + zip.readUInt16LE(desde + 26) + zip.readUInt16LE(desde + 28) + e.compressedSize;
  if (e.generalPurposeBitFlag & 0x8) {
    // A data descriptor: an optional signature, the CRC and the two sizes (4 or 8 bytes each).
    if (hasta + 4 <= zip.length && zip.readUInt32LE(hasta) === 0x08074b50) hasta += 4;
    const siguiente = (n: number) => hasta + n + 4 <= zip.length && zip.readUInt16LE(hasta + n) === 0x4b50;
    hasta += siguiente(12) ? 12 : siguiente(20) ? 20 : 12;
  }
  return { desde, hasta };
}

/** Which file this is, and for a workbook its container checked under the limits (`comprobarXlsx`). */
export async function comprobarArchivo(contenido: Buffer): Promise<FormatoArchivo> {
  const formato = formatoDe(contenido.subarray(0, 8192));
  if (formato === "xlsx") await comprobarXlsx(contenido);
  return formato;
}
