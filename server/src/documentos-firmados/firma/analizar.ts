/**
 * The signed-document engine (issue 38): every signature of a PDF, or a detached CMS over a
 * document, judged for integrity (cms.ts, cambios.ts), its certificate's chain to the configured
 * anchors (certificado.ts) and revocation (revocacion.ts), at the time the signature existed
 * (sello-tiempo.ts, else the claimed time, else now). Pure: no database, no network but `obtener`.
 */
import crypto from "node:crypto";
import { LIMITE_DOCUMENTO_FIRMADO_BYTES, MSG } from "@registro/contracts";
import * as pkijs from "pkijs";
import { ValidacionCampo } from "../../shared/errors.js";
import { fechaHora } from "../../shared/tiempo.js";
import { cambiosDespues } from "./cambios.js";
import {
  type Cert,
  cedulaDe,
  cert,
  certDeDer,
  certs,
  construirCadena,
  desde,
  hasta,
  nombreComun,
  nombreLegible,
  serieHex,
  vigenteEn,
} from "./certificado.js";
import { type CmsLeido, derDe, ErrorCms, firmaIntacta, horaDeclarada, leerCms } from "./cms.js";
import { crlsDelDss, firmasDe } from "./pdf-firmas.js";
import { indexar } from "./pdf-indice.js";
import { Revocaciones } from "./revocacion.js";
import { type SelloDeTiempo, selloDeTiempo } from "./sello-tiempo.js";
import type { AnalisisFirma, AnalizarDocumento, CambioPosterior, EntradaAnalisis } from "./tipos.js";

const CEDULA_POR_DEFECTO = "2.5.4.5";

interface Contexto {
  anclas: Cert[];
  revocaciones: Revocaciones;
  atributoCedula: string;
  ahora: Date;
}

/** One signature as read from the file, before judging it. */
interface FirmaLeida {
  indice: number;
  campo: string | null;
  cms: CmsLeido;
  /** The signed bytes, in order. */
  partes: Uint8Array[];
  rangoValido: boolean;
  cubreTodo: boolean;
  cambios: CambioPosterior;
  /** The PDF's /M. */
  fechaPdf: Date | null;
  /** CRLs the file carries: the PDF's DSS (the CMS's own are added when judging). */
  crlsDelArchivo: Buffer[];
}

const fechaValida = (d: Date | null | undefined): d is Date => d instanceof Date && !Number.isNaN(d.getTime());

function leer(der: Buffer, campo: "Archivo" | "Firma", mensaje: string): CmsLeido {
  try {
    const cms = leerCms(der);
    // The signer's certificate must be readable by Node too (its checks are Node's), with real dates.
    const [hoja] = cms.cert ? certs([cms.cert]) : [];
    if (hoja && fechaValida(desde(hoja)) && fechaValida(hasta(hoja))) return cms;
  } catch (e) {
    if (!(e instanceof ErrorCms)) throw e;
  }
  throw ValidacionCampo(campo, mensaje);
}

function detalleIntegridad(f: FirmaLeida, intacta: boolean): string | null {
  const frases: string[] = [];
  if (!f.rangoValido) frases.push(MSG.integridadRangoInvalido);
  else if (!intacta) frases.push(MSG.integridadAlterada);
  if (f.cambios === "contenido") frases.push(MSG.cambiosContenido(f.indice));
  if (f.cambios === "anotaciones") frases.push(MSG.cambiosAnotaciones(f.indice));
  if (f.cambios === "firmas") frases.push(MSG.cambiosFirmas(f.indice));
  return frases.length > 0 ? frases.join(" ") : null;
}

function momentoDe(sello: SelloDeTiempo, f: FirmaLeida, ahora: Date): AnalisisFirma["momento"] {
  if (sello.estado === "valido" && fechaValida(sello.fecha)) {
    return { fecha: sello.fecha.toISOString(), fuente: "sello_de_tiempo" };
  }
  const atributo = horaDeclarada(f.cms.firmante);
  const declarada = fechaValida(atributo) ? atributo : f.fechaPdf;
  // A claimed time after the check cannot be true: the check's own time then.
  if (fechaValida(declarada) && declarada <= ahora) return { fecha: declarada.toISOString(), fuente: "hora_declarada" };
  return { fecha: ahora.toISOString(), fuente: "hora_de_verificacion" };
}

/**
 * The first intermediate of the path revoked at the moment, as a reason; null when none is known
 * to be (an intermediate's revocation that cannot be checked is not reported: its issuer is an
 * anchor the Contraloría chose, and most roots publish no CRL reachable from here).
 */
async function intermediaRevocada(ruta: Cert[], momento: Date, crls: Buffer[], ctx: Contexto): Promise<string | null> {
  for (let i = 1; i < ruta.length - 1; i++) {
    const r = await ctx.revocaciones.estado(ruta[i], ruta[i + 1], momento, crls);
    if (r.estado === "revocado" && r.revocadoEl) {
      return MSG.certificadoCadenaRevocada(nombreComun(ruta[i].p.subject), fechaHora(r.revocadoEl));
    }
  }
  return null;
}

/** The CRLs the CMS carries in its own revocation data (RFC 5652 §5.1 crls). */
function crlsDelCms(cms: CmsLeido): Buffer[] {
  return (cms.firmado.crls ?? [])
    .filter((c): c is pkijs.CertificateRevocationList => c instanceof pkijs.CertificateRevocationList)
    .map((c) => Buffer.from(c.toSchema().toBER(false)));
}

async function certificadoDe(f: FirmaLeida, momento: Date, ctx: Contexto): Promise<AnalisisFirma["certificado"]> {
  const hoja = cert(f.cms.cert as NonNullable<CmsLeido["cert"]>);
  const ruta = construirCadena(hoja, certs(f.cms.certificados), ctx.anclas);
  const motivos: string[] = [];
  if (momento < desde(hoja)) motivos.push(MSG.certificadoAunNoValido(fechaHora(desde(hoja))));
  if (momento > hasta(hoja)) motivos.push(MSG.certificadoVencido(fechaHora(hasta(hoja))));
  if (!ruta) motivos.push(MSG.certificadoNoConfiable);
  for (const c of ruta?.slice(1) ?? []) {
    if (!vigenteEn(c, momento)) motivos.push(MSG.certificadoCadenaNoValida(nombreComun(c.p.subject)));
  }
  const invalido = motivos.length > 0;
  // Revocation is asked only of a trusted issuer: an unknown CA's own CRL proves nothing.
  const crls = [...f.crlsDelArchivo, ...crlsDelCms(f.cms)];
  const revocacion = ruta && ruta.length > 1 ? await ctx.revocaciones.estado(hoja, ruta[1], momento, crls) : null;
  if (revocacion?.estado === "revocado" && revocacion.revocadoEl) {
    motivos.push(MSG.certificadoRevocado(fechaHora(revocacion.revocadoEl)));
  }
  if (revocacion?.estado === "desconocido") motivos.push(MSG.revocacionDesconocida);
  const cadenaRevocada = await intermediaRevocada(ruta ?? [], momento, crls, ctx);
  if (cadenaRevocada) motivos.push(cadenaRevocada);
  return {
    sujeto: nombreLegible(hoja.p.subject),
    emisor: nombreLegible(hoja.p.issuer),
    serie: serieHex(hoja.p),
    validoDesde: desde(hoja).toISOString(),
    validoHasta: hasta(hoja).toISOString(),
    cedula: cedulaDe(hoja.p, ctx.atributoCedula),
    cadena: ruta ? "confiable" : "no_confiable",
    ruta: (ruta ?? []).map((c) => nombreLegible(c.p.subject)),
    revocacion: {
      estado: revocacion?.estado ?? "desconocido",
      fuente: revocacion?.fuente ?? null,
      revocadoEl: revocacion?.revocadoEl?.toISOString() ?? null,
    },
    validoAlFirmar: !invalido && revocacion?.estado !== "revocado" && !cadenaRevocada,
    motivos,
  };
}

async function analizarFirma(f: FirmaLeida, ctx: Contexto): Promise<AnalisisFirma> {
  const intacta = f.rangoValido && firmaIntacta(f.cms, f.partes);
  const sello = selloDeTiempo(f.cms, ctx.anclas);
  const momento = momentoDe(sello, f, ctx.ahora);
  const certificado = await certificadoDe(f, new Date(momento.fecha), ctx);
  if (sello.estado === "invalido") certificado.motivos.push(MSG.selloTiempoNoValido);
  return {
    indice: f.indice,
    campo: f.campo,
    integridad: {
      intacta,
      cubreTodo: f.cubreTodo,
      cambiosPosteriores: f.cambios,
      detalle: detalleIntegridad(f, intacta),
    },
    certificado,
    momento,
  };
}

/** The signatures of a PDF, read; bad input → the validation error on Archivo. */
function firmasPdf(doc: Buffer): FirmaLeida[] {
  if (!doc.subarray(0, 1024).includes("%PDF-")) throw ValidacionCampo("Archivo", MSG.documentoFirmadoNoPdf);
  const indice = indexar(doc);
  if (indice.cifrado) throw ValidacionCampo("Archivo", MSG.documentoFirmadoCifrado);
  const firmas = firmasDe(doc, indice);
  if (firmas.length === 0) throw ValidacionCampo("Archivo", MSG.documentoFirmadoSinFirmas);
  const crlsDelArchivo = crlsDelDss(doc, indice);
  return firmas.map((f, i) => {
    const [, l1, c, l2] = f.rango;
    const fin = c + l2;
    return {
      indice: i + 1,
      campo: f.campo,
      cms: leer(f.cms, "Archivo", MSG.documentoFirmadoFirmaIlegible(i + 1)),
      partes: f.rangoValido ? [doc.subarray(0, l1), doc.subarray(c, fin)] : [],
      rangoValido: f.rangoValido,
      cubreTodo: f.rangoValido && fin === doc.length,
      cambios: f.rangoValido ? cambiosDespues(indice, fin, doc.length) : "contenido",
      fechaPdf: f.fecha,
      crlsDelArchivo,
    };
  });
}

function anclasDe(anclas: Buffer[]): Cert[] {
  return anclas.flatMap((a) => {
    try {
      return [certDeDer(derDe(a))];
    } catch {
      return [];
    }
  });
}

export const analizarDocumento: AnalizarDocumento = async (e: EntradaAnalisis) => {
  const limite = MSG.documentoFirmadoMuyGrande(LIMITE_DOCUMENTO_FIRMADO_BYTES / 1024 / 1024);
  if (e.documento.length > LIMITE_DOCUMENTO_FIRMADO_BYTES) throw ValidacionCampo("Archivo", limite);
  if (e.firmaSeparada && e.firmaSeparada.length > LIMITE_DOCUMENTO_FIRMADO_BYTES)
    throw ValidacionCampo("Firma", limite);
  const ctx: Contexto = {
    anclas: anclasDe(e.anclas),
    revocaciones: new Revocaciones(e.crls, e.obtener),
    atributoCedula: e.atributoCedula ?? CEDULA_POR_DEFECTO,
    ahora: e.ahora,
  };
  const sha256 = crypto.createHash("sha256").update(e.documento).digest("hex");
  const leidas: FirmaLeida[] = e.firmaSeparada
    ? [
        {
          indice: 1,
          campo: null,
          cms: leer(derDe(e.firmaSeparada), "Firma", MSG.documentoFirmadoCmsIlegible),
          partes: [e.documento],
          rangoValido: true,
          cubreTodo: true,
          cambios: "ninguno",
          fechaPdf: null,
          crlsDelArchivo: [],
        },
      ]
    : firmasPdf(e.documento);
  const firmas: AnalisisFirma[] = [];
  for (const f of leidas) firmas.push(await analizarFirma(f, ctx));
  return { tipo: e.firmaSeparada ? "cms" : "pdf", sha256, firmas };
};
