/**
 * What the revisions written after a signature change (ISO 32000-1 §7.5.6 incremental updates;
 * the PAdES rules of which later changes keep a signature's document the same). Each object defined
 * after the signed revision's end is compared with its version in that revision:
 * - further signatures: signature dictionaries, signature fields and widgets, the catalog's
 *   /AcroForm or /DSS, DSS and VRI dictionaries → "firmas";
 * - other annotations, or form fields and their values → "anotaciones";
 * - pages (beyond their /Annots), the page tree, content streams, resources, the catalog's other
 *   entries, or anything else redefined → "contenido".
 * New objects nothing old points to change nothing by themselves: what shows them is a redefined
 * page, catalog or array, judged here. The document information and XMP metadata are not shown.
 */

import { type Definicion, type IndicePdf, resolver, vigentes } from "./pdf-indice.js";
import { type Dic, esDic, iguales, nombre, Ref, type Valor } from "./pdf-valores.js";
import type { CambioPosterior } from "./tipos.js";

const ORDEN: CambioPosterior[] = ["ninguno", "firmas", "anotaciones", "contenido"];
const mayor = (a: CambioPosterior, b: CambioPosterior) => (ORDEN.indexOf(a) >= ORDEN.indexOf(b) ? a : b);

const CLAVES_CATALOGO_FIRMAS = new Set(["AcroForm", "DSS", "Extensions"]);
const CLAVES_DSS = new Set(["Type", "Certs", "CRLs", "OCSPs", "VRI"]);
const CLAVES_VRI = new Set(["Type", "Cert", "CRL", "OCSP", "TU", "TS"]);
const CLAVES_INFO = new Set([
  "Title",
  "Author",
  "Subject",
  "Keywords",
  "Creator",
  "Producer",
  "CreationDate",
  "ModDate",
  "Trapped",
]);
const CLAVES_ACROFORM_FIRMAS = new Set(["Fields", "SigFlags", "DR", "DA", "NeedAppearances"]);

interface Contexto {
  /** Every object as the file finally reads. */
  final: Map<number, Definicion>;
}

const claves = (d: Dic) => new Set(d.keys());

/** Keys whose values differ between two dictionaries (added and removed included). */
function clavesCambiadas(a: Dic, b: Dic): string[] {
  return [...new Set([...a.keys(), ...b.keys()])].filter((k) => !iguales(a.get(k), b.get(k)));
}

const esSigDic = (d: Dic) => nombre(d.get("Type")) === "Sig" || (d.has("ByteRange") && d.has("Contents"));

/** A signature field or its widget (merged or through /Parent). */
function esCampoFirma(d: Dic, c: Contexto, nivel = 0): boolean {
  if (nombre(d.get("FT")) === "Sig") return true;
  const padre = resolver(d.get("Parent"), c.final);
  return nivel < 8 && esDic(padre) && esCampoFirma(padre, c, nivel + 1);
}

const esAnotacion = (d: Dic) => nombre(d.get("Type")) === "Annot" || (d.has("Subtype") && d.has("Rect"));
const esCampo = (d: Dic) => d.has("FT") || (d.has("T") && (d.has("Kids") || d.has("V") || d.has("Parent")));

const clave = (v: Ref): string => `${v.num} ${v.gen}`;

/** What the elements an array (of annotations or fields) gained or lost amount to. */
function cambioLista(antes: Valor | undefined, despues: Valor | undefined, c: Contexto): CambioPosterior {
  const a = Array.isArray(antes) ? antes : [];
  const d = Array.isArray(despues) ? despues : [];
  // References compared as a set (linear in the array's length); direct values by position.
  const enA = new Set(a.filter((x) => x instanceof Ref).map(clave));
  const enD = new Set(d.filter((x) => x instanceof Ref).map(clave));
  const quitados = a.filter((x, i) => (x instanceof Ref ? !enD.has(clave(x)) : !iguales(x, d[i])));
  const nuevos = d.filter((x, i) => (x instanceof Ref ? !enA.has(clave(x)) : !iguales(x, a[i])));
  if (quitados.length > 0) return "anotaciones";
  let cambio: CambioPosterior = "ninguno";
  for (const x of nuevos) {
    const v = resolver(x, c.final);
    if (!esDic(v)) return "contenido";
    if (esCampoFirma(v, c)) cambio = mayor(cambio, "firmas");
    else if (esAnotacion(v) || esCampo(v)) cambio = mayor(cambio, "anotaciones");
    else return "contenido";
  }
  return cambio;
}

function cambioAcroForm(antes: Valor | undefined, despues: Valor | undefined, c: Contexto): CambioPosterior {
  const a = resolver(antes, c.final);
  const d = resolver(despues, c.final);
  if (!esDic(d)) return antes === undefined ? "ninguno" : "contenido";
  const previo = esDic(a) ? a : new Map<string, Valor>();
  const cambiadas = clavesCambiadas(previo, d);
  if (cambiadas.some((k) => !CLAVES_ACROFORM_FIRMAS.has(k))) return "anotaciones";
  return cambiadas.includes("Fields")
    ? cambioLista(resolver(previo.get("Fields"), c.final), resolver(d.get("Fields"), c.final), c)
    : "firmas";
}

/** A dictionary redefined: compared with its earlier version. */
function cambioDiccionario(antes: Dic, despues: Dic, c: Contexto): CambioPosterior {
  const tipo = nombre(despues.get("Type"));
  const cambiadas = clavesCambiadas(antes, despues);
  if (cambiadas.length === 0) return "ninguno";
  if (tipo === "Catalog") {
    if (cambiadas.some((k) => !CLAVES_CATALOGO_FIRMAS.has(k))) return "contenido";
    return cambiadas.includes("AcroForm")
      ? mayor("firmas", cambioAcroForm(antes.get("AcroForm"), despues.get("AcroForm"), c))
      : "firmas";
  }
  if (tipo === "Page") {
    if (cambiadas.some((k) => k !== "Annots")) return "contenido";
    return cambioLista(resolver(antes.get("Annots"), c.final), resolver(despues.get("Annots"), c.final), c);
  }
  if (esSigDic(antes)) return "contenido";
  if (esCampoFirma(despues, c)) return esAnotacion(despues) || esCampo(despues) ? "firmas" : "contenido";
  if (esAnotacion(despues) || esCampo(despues)) return "anotaciones";
  if (despues.has("Fields") && cambiadas.every((k) => CLAVES_ACROFORM_FIRMAS.has(k)))
    return cambioAcroForm(antes, despues, c);
  return clasificarNuevo(despues, c) === "firmas" ? "firmas" : "contenido";
}

/** An object with no earlier version: only validation data and signatures say anything. */
function clasificarNuevo(d: Valor | undefined, c: Contexto): CambioPosterior {
  if (!esDic(d)) return "ninguno";
  const k = claves(d);
  if (esSigDic(d) || nombre(d.get("Type")) === "DSS") return "firmas";
  if (k.size > 0 && [...k].every((x) => CLAVES_DSS.has(x))) return "firmas";
  if (k.size > 0 && [...k].every((x) => CLAVES_VRI.has(x))) return "firmas";
  if (esCampoFirma(d, c)) return "firmas";
  return "ninguno";
}

/** Redefinitions that are never shown: the document information and the XMP metadata. */
function noSeMuestra(antes: Valor | undefined, despues: Valor | undefined): boolean {
  const ambos = esDic(antes) && esDic(despues);
  if (ambos && [...antes.keys(), ...despues.keys()].every((k) => CLAVES_INFO.has(k))) return true;
  if (ambos && nombre(despues.get("Type")) === "Metadata" && nombre(antes.get("Type")) === "Metadata") return true;
  return esDic(despues) && nombre(despues.get("Type")) === "XRef";
}

function cambioObjeto(antes: Definicion | undefined, despues: Definicion, c: Contexto): CambioPosterior {
  const a = antes?.valor;
  const d = despues.valor;
  if (d === undefined) return "contenido";
  // An object stream's objects are indexed and judged one by one; one that could not be read is not.
  if (esDic(d) && nombre(d.get("Type")) === "ObjStm") return despues.ilegible ? "contenido" : "ninguno";
  if (noSeMuestra(a, d)) return "ninguno";
  if (!antes) return clasificarNuevo(d, c);
  if (despues.flujo || antes.flujo) return "contenido";
  if (esDic(a) && esDic(d)) return cambioDiccionario(a, d, c);
  if (Array.isArray(a) && Array.isArray(d)) return cambioLista(a, d, c);
  return iguales(a, d) ? "ninguno" : "contenido";
}

/** The trailer's /Root in force at a point (the last trailer before it). */
function raizHasta(indice: IndicePdf, hasta: number): number | null {
  let raiz: number | null = null;
  for (const t of indice.trailers) {
    const r = t.dic.get("Root");
    if (t.offset < hasta && r instanceof Ref) raiz = r.num;
  }
  for (const d of indice.definiciones) {
    const r = esDic(d.valor) && nombre(d.valor.get("Type")) === "XRef" ? d.valor.get("Root") : undefined;
    if (d.offset < hasta && r instanceof Ref) raiz = r.num;
  }
  return raiz;
}

/** What was changed after the revision that ends at `fin` (a signature's byte range end). */
export function cambiosDespues(indice: IndicePdf, fin: number, largo: number): CambioPosterior {
  if (fin >= largo) return "ninguno";
  const antes = vigentes(indice, fin);
  const c: Contexto = { final: vigentes(indice) };
  let cambio: CambioPosterior = "ninguno";
  for (const d of indice.definiciones) {
    if (d.offset < fin) continue;
    cambio = mayor(cambio, cambioObjeto(antes.get(d.num), d, c));
    if (cambio === "contenido") return cambio;
  }
  const raizAntes = raizHasta(indice, fin);
  const raizDespues = raizHasta(indice, largo);
  if (raizAntes !== null && raizDespues !== null && raizAntes !== raizDespues) {
    const nueva = c.final.get(raizDespues);
    if (nueva) cambio = mayor(cambio, cambioObjeto(antes.get(raizAntes), nueva, c));
  }
  return cambio;
}
