/**
 * The Constancia de Registro de Firmas as a PDF (pdfkit, like the manual): the institution, the
 * incumbent, each official with position, signatures, range and validity, the approval date, the
 * Código Seguro de Verificación in groups and a QR code that opens the public verification page.
 * The header carries the visible seal block (who sealed it, the certificate, when); the seal itself
 * is added afterwards (sellado.ts) over the finished file, its widget over that block.
 * Content streams are left uncompressed: the document is small, and its text stays readable by
 * simple tools (the tests read the code back from it).
 */
import { APP_NOMBRE_CORTO, textoClaseFirma } from "@registro/contracts";
import { aWinAnsi } from "../documentos/manual.js";
import { fechaHora, fechaTexto } from "../shared/tiempo.js";
import { montoTexto } from "./decision.js";

const AZUL = "#1e3a8a";
const TEXTO = "#1f2937";
const SUAVE = "#475569";
const BORDE = "#cbd5e1";
const MARGEN = 56;

export interface DatosConstancia {
  codigo: string;
  url: string;
  idSolicitud: number;
  institucion: string;
  incumbente: { nombre: string; cargo: string };
  aprobada: string | null;
  emitida: string;
  estatusSolicitud: string;
  funcionarios: {
    nombre: string;
    cedula: string;
    cargo: string;
    firmas: string[];
    rango: string;
    vigencia: string;
    /** Its standing when issued (contracts' estadoFirma): "Vigente", "Aún no vigente (desde …)"… */
    estado: string;
    digital: boolean;
  }[];
  /** What the visible seal block says: the certificate's subject and the sealing time. */
  sello: { sujeto: string; pruebas: boolean; fecha: Date };
}

/** The seal block in the header of the first page (points from the top left). */
const SELLO = { ancho: 214, alto: 92, arriba: 9 };

/** The PDF and where its seal block is, in PDF units from the bottom left ([x1, y1, x2, y2]). */
export interface ConstanciaSinSello {
  pdf: Buffer;
  rectangulo: [number, number, number, number];
}

export function textoRango(f: { firmaRango: boolean; montoDesde: number | null; montoHasta: number | null }) {
  return f.firmaRango
    ? `De ${montoTexto(f.montoDesde ?? 0)} a ${montoTexto(f.montoHasta ?? 0)}`
    : "Sin límite de monto";
}

export function textoVigencia(f: { firmaVigencia: boolean; fechaDesde: string | null; fechaHasta: string | null }) {
  if (!f.firmaVigencia) return "Permanente";
  const desde = f.fechaDesde ? fechaTexto(f.fechaDesde) : "";
  const hasta = f.fechaHasta ? fechaTexto(f.fechaHasta) : "";
  return `Del ${desde} al ${hasta}`;
}

export async function constanciaPdf(d: DatosConstancia): Promise<ConstanciaSinSello> {
  const { doc, qr, ancho, t, rectangulo, terminar } = await documentoSellado({
    titulo: `Constancia de Registro de Firmas — Solicitud ${d.idSolicitud}`,
    asunto: "constancia con código seguro de verificación",
    area: "Departamento de Registro y Control de Cuentas (RyCC)",
    encabezado: "Constancia de Registro de Firmas",
    url: d.url,
    sello: d.sello,
  });
  doc.moveDown(0.6);

  const fila = (etiqueta: string, valor: string) => {
    doc
      .font("Helvetica-Bold")
      .fontSize(10.5)
      .fillColor(SUAVE)
      .text(t(`${etiqueta}: `), { continued: true });
    doc.font("Helvetica").fillColor(TEXTO).text(t(valor), { width: ancho });
  };
  fila("Institución", d.institucion);
  fila("Máxima autoridad", `${d.incumbente.nombre} (${d.incumbente.cargo})`);
  fila("Solicitud", `n.º ${d.idSolicitud} (${d.estatusSolicitud})`);
  fila("Fecha de aprobación", d.aprobada ? fechaTexto(d.aprobada) : "");
  fila("Fecha de emisión", fechaTexto(d.emitida));
  doc.moveDown(0.8);
  doc
    .font("Helvetica")
    .fontSize(10.5)
    .fillColor(TEXTO)
    .text(
      t(
        "Se hace constar que los funcionarios siguientes figuran en el Registro de Firmas de la Contraloría General de la República, autorizados para firmar en nombre de la institución según se detalla:",
      ),
      { width: ancho },
    );
  doc.moveDown(0.6);

  for (const [i, f] of d.funcionarios.entries()) {
    const alto = 86;
    if (doc.y + alto > doc.page.height - MARGEN - 150) doc.addPage();
    const y0 = doc.y;
    doc.rect(MARGEN, y0, ancho, alto).strokeColor(BORDE).lineWidth(0.8).stroke();
    doc
      .fillColor(AZUL)
      .font("Helvetica-Bold")
      .fontSize(11)
      .text(t(`${i + 1}. ${f.nombre}`), MARGEN + 10, y0 + 8, { width: ancho - 20 });
    doc.fillColor(TEXTO).font("Helvetica").fontSize(9.5);
    doc.text(t(`Cédula: ${f.cedula}    Cargo: ${f.cargo}`), { width: ancho - 20 });
    doc.text(t(`Firmas: ${f.firmas.join(", ")}`), { width: ancho - 20 });
    doc.text(t(`Rango: ${f.rango}    Vigencia: ${f.vigencia}`), { width: ancho - 20 });
    doc.text(t(`Firma: ${textoClaseFirma(f.digital)}    Estado al emitir: ${f.estado}`), { width: ancho - 20 });
    doc.y = y0 + alto + 8;
    doc.x = MARGEN;
  }

  // The verification block: QR on the left, code and instructions on the right.
  bloqueVerificacion(
    doc,
    qr,
    d,
    10,
    "Cualquier persona puede comprobar la autenticidad de esta constancia y lo que el registro dice hoy de cada funcionario escaneando el código QR o en:",
  );
  return { pdf: await terminar(), rectangulo };
}

/** A sealed document's opening (constancia, comprobante, report): what `documentoSellado` is told. */
export interface AperturaSellada {
  /** The PDF's Title. */
  titulo: string;
  /** The PDF's Subject, after the app's short name. */
  asunto: string;
  /** The line under "CONTRALORÍA GENERAL DE LA REPÚBLICA" in the header band. */
  area: string;
  /** The visible heading under the band. */
  encabezado: string;
  /** The public page the QR opens. */
  url: string;
  sello: DatosConstancia["sello"];
}

/**
 * Opens a sealed document the one way they all open: Letter, uncompressed (its text stays readable),
 * Spanish, the Contraloría as author; the blue header band with the visible seal block, the heading;
 * the QR of `url`. `terminar()` ends the document and gives its bytes (not yet sealed: sellado.ts).
 */
export async function documentoSellado(a: AperturaSellada) {
  // Loaded with the first document, not with every start of the server.
  const [{ default: PDFDocument }, { default: QRCode }] = await Promise.all([import("pdfkit"), import("qrcode")]);
  const qr = await QRCode.toBuffer(a.url, { type: "png", errorCorrectionLevel: "M", margin: 1, scale: 6 });
  const doc = new PDFDocument({
    size: "LETTER",
    margins: { top: MARGEN, bottom: MARGEN, left: MARGEN, right: MARGEN },
    compress: false,
    lang: "es-ES",
    displayTitle: true,
    info: {
      Title: a.titulo,
      Author: "Contraloría General de la República",
      Subject: `${APP_NOMBRE_CORTO}: ${a.asunto}`,
    },
  });
  const partes: Buffer[] = [];
  doc.on("data", (b: Buffer) => partes.push(b));
  const fin = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(partes))));
  const ancho = doc.page.width - 2 * MARGEN;
  const t = (s: string) => aWinAnsi(s);

  doc.rect(0, 0, doc.page.width, 110).fill(AZUL);
  doc
    .fillColor("#ffffff")
    .font("Helvetica-Bold")
    .fontSize(12)
    .text(t("CONTRALORÍA GENERAL DE LA REPÚBLICA"), MARGEN, 34, { width: ancho - SELLO.ancho - 16 });
  doc
    .font("Helvetica")
    .fontSize(10)
    .text(t(a.area), { width: ancho - SELLO.ancho - 16 });
  const rectangulo = bloqueSello(doc, a.sello);
  doc.fillColor(AZUL).font("Helvetica-Bold").fontSize(20).text(t(a.encabezado), MARGEN, 132, { width: ancho });
  return {
    doc,
    qr,
    ancho,
    t,
    rectangulo,
    terminar: () => {
      doc.end();
      return fin;
    },
  };
}

/**
 * The verification block of a sealed document (constancia, comprobante): the QR on the left, the
 * secure verification code and how to check it on the right, on a new page when it does not fit.
 */
export function bloqueVerificacion(
  doc: PDFKit.PDFDocument,
  qr: Buffer,
  d: { codigo: string; url: string },
  separacion: number,
  instrucciones: string,
): void {
  const t = (x: string) => aWinAnsi(x);
  const ancho = doc.page.width - 2 * MARGEN;
  if (doc.y + 150 > doc.page.height - MARGEN) doc.addPage();
  const y = doc.y + separacion;
  doc.image(qr, MARGEN, y, { width: 120, height: 120 });
  const x = MARGEN + 136;
  const anchoTexto = ancho - 136;
  doc
    .fillColor(SUAVE)
    .font("Helvetica-Bold")
    .fontSize(10)
    .text(t("Código Seguro de Verificación"), x, y + 6, { width: anchoTexto });
  doc.fillColor(TEXTO).font("Courier-Bold").fontSize(16).text(d.codigo, { width: anchoTexto });
  doc.moveDown(0.4);
  doc.font("Helvetica").fontSize(9).fillColor(TEXTO).text(t(instrucciones), { width: anchoTexto });
  doc.fillColor(AZUL).text(t(d.url), { width: anchoTexto, link: d.url });
}

/** The visible seal: a white box at the header's right, over which the signature's widget lies. */
export function bloqueSello(doc: PDFKit.PDFDocument, s: DatosConstancia["sello"]): ConstanciaSinSello["rectangulo"] {
  const t = (x: string) => aWinAnsi(x);
  const x = doc.page.width - MARGEN - SELLO.ancho;
  const y = SELLO.arriba;
  doc.roundedRect(x, y, SELLO.ancho, SELLO.alto, 4).fillAndStroke("#ffffff", BORDE);
  const dentro = { width: SELLO.ancho - 16 };
  doc
    .fillColor(AZUL)
    .font("Helvetica-Bold")
    .fontSize(7.5)
    .text(t("SELLO ELECTRÓNICO"), x + 8, y + 7, dentro);
  doc.fillColor(TEXTO).font("Helvetica").fontSize(7);
  doc.text(t("Sellado electrónicamente por la Contraloría General de la República."), dentro);
  doc.text(t(`Certificado: ${s.sujeto}`), dentro);
  doc.text(t(`Fecha: ${fechaHora(s.fecha)}`), dentro);
  if (s.pruebas) {
    doc
      .fillColor("#b91c1c")
      .font("Helvetica-Bold")
      .text(t("SOLO PARA PRUEBAS: certificado de desarrollo, sin validez oficial."), dentro);
  } else {
    doc.text(t("Compruebe la firma en su lector de PDF o en la página de verificación."), dentro);
  }
  const alto = doc.page.height;
  return [x, alto - y - SELLO.alto, x + SELLO.ancho, alto - y];
}
