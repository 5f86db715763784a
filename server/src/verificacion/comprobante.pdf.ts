/**
 * The Comprobante de verificación as a PDF: one answer of "Verificar firma" — the question, the
 * answer with its reason, the registry entries it read, the time it was asked — with a code and a
 * QR code like a constancia's, to be filed with the paid document. Built like the constancia (its
 * header and visible seal block), then sealed the same way (sellado.ts).
 */
import { fechaHora } from "../shared/tiempo.js";
import {
  bloqueVerificacion,
  type ConstanciaSinSello,
  type DatosConstancia,
  documentoSellado,
} from "./constancia.pdf.js";

const AZUL = "#1e3a8a";
const TEXTO = "#1f2937";
const SUAVE = "#475569";
const MARGEN = 56;

export interface DatosComprobante {
  codigo: string;
  url: string;
  /** When it was asked (the time printed). */
  emitido: Date;
  /** The question, as label and value pairs (Cédula, Institución, Firma, Monto, Fecha del documento). */
  pregunta: [string, string][];
  autorizado: boolean;
  motivo: string;
  /** The entries the answer read: one line each. */
  registros: string[];
  sello: DatosConstancia["sello"];
}

export async function comprobantePdf(d: DatosComprobante): Promise<ConstanciaSinSello> {
  const { doc, qr, ancho, t, rectangulo, terminar } = await documentoSellado({
    titulo: "Comprobante de verificación de firma",
    asunto: "comprobante con código seguro de verificación",
    area: "Registro de Firmas",
    encabezado: "Comprobante de verificación de firma",
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
  const titulo = (s: string) => {
    doc.moveDown(0.6);
    doc.font("Helvetica-Bold").fontSize(12).fillColor(AZUL).text(t(s), MARGEN, doc.y, { width: ancho });
    doc.moveDown(0.2);
  };
  fila("Consulta realizada el", fechaHora(d.emitido));
  titulo("Pregunta");
  for (const [etiqueta, valor] of d.pregunta) fila(etiqueta, valor);
  titulo("Respuesta del registro");
  doc
    .font("Helvetica-Bold")
    .fontSize(14)
    .fillColor(d.autorizado ? "#14532d" : "#7f1d1d")
    .text(t(d.autorizado ? "Autorizado" : "No autorizado"), { width: ancho });
  doc.font("Helvetica").fontSize(10.5).fillColor(TEXTO).text(t(d.motivo), { width: ancho });
  if (d.registros.length > 0) {
    titulo("Registros consultados");
    doc.font("Helvetica").fontSize(9.5).fillColor(TEXTO);
    for (const r of d.registros) {
      if (doc.y + 40 > doc.page.height - MARGEN - 150) doc.addPage();
      doc.text(t(`• ${r}`), MARGEN, doc.y, { width: ancho });
    }
  }

  bloqueVerificacion(
    doc,
    qr,
    d,
    16,
    "Este comprobante recoge la respuesta del registro en el momento indicado. Cualquier persona puede comprobar su autenticidad escaneando el código QR o en:",
  );
  return { pdf: await terminar(), rectangulo };
}
