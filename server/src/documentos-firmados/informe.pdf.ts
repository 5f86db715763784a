/**
 * The validation report of "Verificar documento" as a PDF: the document checked, the verdict, every
 * finding of every signature (integrity, certificate, registry), the time of the check, with a code
 * and QR like the constancia's; built like the comprobante, then sealed the same way (sellado.ts).
 */
import {
  textoCadena,
  textoCambios,
  textoFuenteMomento,
  textoIntegridad,
  textoRevocacion,
  type VerificacionDocumento,
} from "@registro/contracts";
import { aWinAnsi } from "../documentos/manual.js";
import { fechaHora } from "../shared/tiempo.js";
import {
  bloqueVerificacion,
  type ConstanciaSinSello,
  type DatosConstancia,
  documentoSellado,
} from "../verificacion/constancia.pdf.js";
import { montoTexto } from "../verificacion/decision.js";

const AZUL = "#1e3a8a";
const TEXTO = "#1f2937";
const SUAVE = "#475569";
const MARGEN = 56;

export interface DatosInforme {
  codigo: string;
  url: string;
  resultado: VerificacionDocumento;
  sello: DatosConstancia["sello"];
}

type Doc = PDFKit.PDFDocument;
const t = (s: string) => aWinAnsi(s);

function escritor(doc: Doc) {
  const ancho = doc.page.width - 2 * MARGEN;
  const espacio = (n: number) => {
    if (doc.y + n > doc.page.height - MARGEN) doc.addPage();
  };
  return {
    fila(etiqueta: string, valor: string) {
      espacio(28);
      doc
        .font("Helvetica-Bold")
        .fontSize(10)
        .fillColor(SUAVE)
        .text(t(`${etiqueta}: `), MARGEN, doc.y, { continued: true });
      doc.font("Helvetica").fillColor(TEXTO).text(t(valor), { width: ancho });
    },
    titulo(s: string, tam = 12) {
      espacio(60);
      doc.moveDown(0.6);
      doc.font("Helvetica-Bold").fontSize(tam).fillColor(AZUL).text(t(s), MARGEN, doc.y, { width: ancho });
      doc.moveDown(0.2);
    },
    destacado(s: string, bien: boolean) {
      espacio(30);
      doc
        .font("Helvetica-Bold")
        .fontSize(13)
        .fillColor(bien ? "#14532d" : "#7f1d1d")
        .text(t(s), MARGEN, doc.y, { width: ancho });
    },
    punto(s: string) {
      espacio(24);
      doc
        .font("Helvetica")
        .fontSize(10)
        .fillColor(TEXTO)
        .text(t(`• ${s}`), MARGEN, doc.y, { width: ancho });
    },
  };
}

function firmaEnInforme(w: ReturnType<typeof escritor>, f: VerificacionDocumento["firmas"][number]) {
  w.titulo(`Firma ${f.indice}${f.campo ? ` (campo «${f.campo}»)` : ""}`, 11.5);
  w.destacado(f.aceptada ? "Firma aceptada" : "Firma no aceptada", f.aceptada);
  for (const m of f.motivos) w.punto(m);
  w.fila("Integridad", textoIntegridad(f));
  w.fila("Cambios posteriores", f.integridad.detalle ?? textoCambios(f));
  w.fila("Firmante (certificado)", f.certificado.sujeto);
  w.fila("Emisor", f.certificado.emisor);
  w.fila("Número de serie", f.certificado.serie);
  w.fila(
    "Validez del certificado",
    `del ${fechaHora(f.certificado.validoDesde)} al ${fechaHora(f.certificado.validoHasta)}`,
  );
  w.fila("Cadena de confianza", textoCadena(f));
  if (f.certificado.ruta.length > 0) w.fila("Ruta", f.certificado.ruta.join(" → "));
  w.fila("Revocación", textoRevocacion(f, fechaHora));
  w.fila("Válido al firmar", f.certificado.validoAlFirmar ? "Sí" : `No. ${f.certificado.motivos.join(" ")}`);
  w.fila("Fecha de la firma", `${fechaHora(f.momento.fecha)} (${textoFuenteMomento(f)})`);
  w.fila("Cédula del firmante", f.registro.cedula ?? "No indicada en el certificado");
  if (f.registro.nombre)
    w.fila("En el registro", `${f.registro.nombre}${f.registro.cargo ? `, ${f.registro.cargo}` : ""}`);
  w.fila(
    "Respuesta del registro",
    `${f.registro.autorizado === true ? "Autorizado" : "No autorizado"}. ${f.registro.motivo}`,
  );
}

export async function informePdf(d: DatosInforme): Promise<ConstanciaSinSello> {
  const { doc, qr, rectangulo, terminar } = await documentoSellado({
    titulo: "Informe de validación de documento firmado",
    asunto: "informe con código seguro de verificación",
    area: "Registro de Firmas",
    encabezado: "Informe de validación de documento firmado",
    url: d.url,
    sello: d.sello,
  });
  doc.moveDown(0.5);
  const r = d.resultado;
  const w = escritor(doc);
  w.fila("Verificación realizada el", fechaHora(r.verificadoEl));
  w.fila(
    "Documento",
    `${r.tipo === "pdf" ? "PDF firmado" : "Documento con firma separada (CMS)"}, SHA-256 ${r.sha256}`,
  );
  w.fila("Institución", r.institucion.nombre);
  w.fila("Firma", r.firma?.nombre ?? "Cualquiera");
  w.fila("Monto", r.monto !== null ? montoTexto(r.monto) : "No indicado");
  w.titulo("Resultado del documento");
  w.destacado(r.documento.texto, r.documento.firmadoPorAutorizados);
  if (r.documento.firmantesRequeridos !== null)
    w.fila(
      "Firma conjunta",
      `${r.documento.firmantesRequeridos} firmantes autorizados exigidos; ${r.documento.firmantesAutorizados} en el documento`,
    );
  for (const m of r.documento.motivos) w.punto(m);
  for (const f of r.firmas) firmaEnInforme(w, f);
  bloqueVerificacion(
    doc,
    qr,
    d,
    16,
    "Este informe recoge la verificación en el momento indicado. Cualquier persona puede comprobar su autenticidad escaneando el código QR o en:",
  );
  return { pdf: await terminar(), rectangulo };
}
