/**
 * The signature dictionaries of a PDF (ISO 32000-1 §12.8): /ByteRange, /Contents (the CMS),
 * /M, /SubFilter and the field's /T, in the order they were applied (by where their signed
 * revision ends). Document timestamps (/Type /DocTimeStamp) are validation data, not signatures of
 * a person, and are left out.
 */
import { type Definicion, datosFlujo, type IndicePdf, resolver, vigentes } from "./pdf-indice.js";
import { type Dic, esDic, nombre, Ref, texto, type Valor } from "./pdf-valores.js";

export interface FirmaPdf {
  /** The signature dictionary's object number. */
  objeto: number;
  campo: string | null;
  rango: [number, number, number, number];
  /** The byte range is well formed and its gap is exactly the /Contents hex string. */
  rangoValido: boolean;
  /** The CMS (DER), trailing padding removed. */
  cms: Buffer;
  subFilter: string | null;
  /** The /M claimed signing time, when readable. */
  fecha: Date | null;
}

const esFirma = (d: Valor | undefined): d is Dic =>
  esDic(d) &&
  Array.isArray(d.get("ByteRange")) &&
  Buffer.isBuffer(d.get("Contents")) &&
  nombre(d.get("Type")) !== "DocTimeStamp";

/** D:YYYYMMDDHHmmSSOHH'mm' (§7.9.4), missing parts defaulted; null when unreadable. */
export function fechaPdf(v: Valor | undefined): Date | null {
  const s = texto(v);
  const m = s && /^(?:D:)?(\d{4})(\d\d)?(\d\d)?(\d\d)?(\d\d)?(\d\d)?(?:([+\-Z])(?:(\d\d)'?(\d\d)?'?)?)?/.exec(s);
  if (!m) return null;
  const [anio, mes = "01", dia = "01", h = "00", min = "00", seg = "00"] = m.slice(1, 7);
  const signo = m[7] === "-" ? -1 : 1;
  const desfase = m[7] && m[7] !== "Z" ? signo * (Number(m[8] ?? 0) * 60 + Number(m[9] ?? 0)) : 0;
  const t =
    Date.UTC(Number(anio), Number(mes) - 1, Number(dia), Number(h), Number(min), Number(seg)) - desfase * 60_000;
  return Number.isFinite(t) ? new Date(t) : null;
}

/** The DER element's own length (the /Contents string is zero-padded to its reserved room). */
export function recortarDer(b: Buffer): Buffer {
  if (b.length < 2 || b[0] !== 0x30) return b;
  const l = b[1];
  if (l < 0x80) return b.subarray(0, Math.min(b.length, 2 + l));
  const n = l & 0x7f;
  if (n === 0 || n > 4 || b.length < 2 + n) return b;
  let largo = 0;
  for (let i = 0; i < n; i++) largo = largo * 256 + b[2 + i];
  return b.subarray(0, Math.min(b.length, 2 + n + largo));
}

function rangoDe(d: Dic, b: Buffer): { rango: [number, number, number, number]; valido: boolean } {
  const v = d.get("ByteRange") as Valor[];
  const n = v.map((x) => (typeof x === "number" && Number.isInteger(x) && x >= 0 ? x : -1));
  const rango = [n[0] ?? -1, n[1] ?? -1, n[2] ?? -1, n[3] ?? -1] as [number, number, number, number];
  const [a, l1, c, l2] = rango;
  let valido = v.length === 4 && a === 0 && l1 > 0 && c > l1 + 1 && l2 >= 0 && c + l2 <= b.length;
  // The gap is the /Contents string itself: <hex…>.
  if (valido && (b[l1] !== 0x3c || b[c - 1] !== 0x3e)) valido = false;
  if (valido) {
    for (let i = l1 + 1; i < c - 1 && valido; i++) {
      const x = b[i];
      valido = (x >= 0x30 && x <= 0x39) || (x >= 0x41 && x <= 0x46) || (x >= 0x61 && x <= 0x66);
    }
  }
  return { rango, valido };
}

/** Signature object number → the name (/T) of the field whose value (/V) it is. */
function camposDe(tabla: Map<number, Definicion>): Map<number, string | null> {
  const campos = new Map<number, string | null>();
  for (const def of tabla.values()) {
    const d = def.valor;
    if (!esDic(d)) continue;
    const v = d.get("V");
    if (v instanceof Ref && d.has("T")) campos.set(v.num, texto(d.get("T")));
  }
  return campos;
}

/** Every signature of the PDF, in the order applied. */
export function firmasDe(b: Buffer, indice: IndicePdf): FirmaPdf[] {
  const tabla = vigentes(indice);
  const campos = camposDe(tabla);
  const firmas: FirmaPdf[] = [];
  for (const def of tabla.values()) {
    const d = def.valor;
    if (!esFirma(d)) continue;
    const { rango, valido } = rangoDe(d, b);
    firmas.push({
      objeto: def.num,
      campo: campos.get(def.num) ?? null,
      rango,
      rangoValido: valido,
      cms: recortarDer(d.get("Contents") as Buffer),
      subFilter: nombre(d.get("SubFilter")),
      fecha: fechaPdf(d.get("M")),
    });
  }
  return firmas.sort((x, y) => x.rango[2] + x.rango[3] - (y.rango[2] + y.rango[3]) || x.objeto - y.objeto);
}

/** Bytes of embedded CRLs read from the DSS, in all (a validation-data bomb stops there). */
const LIMITE_DSS = 16 * 1024 * 1024;

/** The CRLs of the document security store (PAdES-LT's /DSS /CRLs), as stored (DER). */
export function crlsDelDss(b: Buffer, indice: IndicePdf): Buffer[] {
  const tabla = vigentes(indice);
  const raiz = [...indice.trailers]
    .reverse()
    .find((t) => t.dic.get("Root") instanceof Ref)
    ?.dic.get("Root");
  const catalogo = resolver(raiz, tabla);
  const dss = esDic(catalogo) ? resolver(catalogo.get("DSS"), tabla) : undefined;
  const lista = esDic(dss) ? resolver(dss.get("CRLs"), tabla) : undefined;
  if (!Array.isArray(lista)) return [];
  const presupuesto = { restante: LIMITE_DSS };
  return lista.flatMap((v) => {
    const def = v instanceof Ref ? tabla.get(v.num) : undefined;
    const datos = def?.flujo ? datosFlujo(b, def, presupuesto) : null;
    return datos ? [datos] : [];
  });
}
