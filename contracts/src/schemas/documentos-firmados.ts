/**
 * Signed documents (issue 38): "Autoridades de confianza" (trust anchors, CRLs, joint-signature
 * rules, the cédula's attribute) and the answer of POST api/Verificacion/Documento — one result per
 * signature (integrity, certificate, registry) and one verdict for the document.
 */
import { z } from "zod";
import { MSG } from "../mensajes.js";
import { zId } from "../validacion.js";
import { zMonto } from "./originador.js";

/** The file fields of POST api/Verificacion/Documento and the configuration uploads. */
export const CAMPO_DOCUMENTO = "Archivo";
export const CAMPO_FIRMA_SEPARADA = "Firma";
export const CAMPO_CERTIFICADO = "Archivo";
/** Largest CA certificate or CRL accepted: 5 MB. */
export const MAX_BYTES_AUTORIDAD = 5 * 1024 * 1024;
/** The default attribute holding the cédula: serialNumber (2.5.4.5). */
export const ATRIBUTO_CEDULA_POR_DEFECTO = "2.5.4.5";

const vacio = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** The text fields of POST api/Verificacion/Documento (multipart). */
export const zConsultaDocumento = z.object({
  InstitucionId: z
    .preprocess((v) => (vacio(v) ? undefined : v), zId.optional())
    .refine((v) => v !== undefined, MSG.requerido)
    .transform((v) => v as number),
  TipoFirmaId: z.preprocess((v) => (vacio(v) ? undefined : v), zId.optional()),
  Monto: zMonto,
});
export type ConsultaDocumento = z.output<typeof zConsultaDocumento>;

export const zAnclaConfianza = z.object({
  idAncla: z.number(),
  sujeto: z.string(),
  emisor: z.string(),
  serie: z.string(),
  validoDesde: z.string(),
  validoHasta: z.string(),
  sha256: z.string(),
  creada: z.string(),
  creadaPor: z.string().nullable(),
  retirada: z.string().nullable(),
  retiradaPor: z.string().nullable(),
  estado: z.enum(["vigente", "vencida", "retirada"]),
});
export type AnclaConfianza = z.infer<typeof zAnclaConfianza>;

export const zCrlConfianza = z.object({
  idCrl: z.number(),
  emisor: z.string(),
  /** thisUpdate and nextUpdate of the list. */
  emitida: z.string(),
  proxima: z.string().nullable(),
  sha256: z.string(),
  /** When it was last uploaded (the "last update" the screen shows). */
  actualizada: z.string(),
  actualizadaPor: z.string().nullable(),
  retirada: z.string().nullable(),
  estado: z.enum(["vigente", "vencida", "retirada"]),
});
export type CrlConfianza = z.infer<typeof zCrlConfianza>;

export const zFirmaConjunta = z.object({
  idInstitucion: z.number(),
  institucion: z.string(),
  idFirma: z.number(),
  firma: z.string(),
  minimo: z.number(),
});
export type FirmaConjunta = z.infer<typeof zFirmaConjunta>;

export const zNuevaFirmaConjunta = z.object({
  idInstitucion: zId,
  idFirma: zId,
  minimo: z.coerce
    .number({ error: MSG.conjuntaMinimo })
    .int(MSG.conjuntaMinimo)
    .min(2, MSG.conjuntaMinimo)
    .max(10, MSG.conjuntaMinimo),
});
export type NuevaFirmaConjunta = z.output<typeof zNuevaFirmaConjunta>;

export const zAtributoCedula = z.object({
  oid: z
    .string({ error: MSG.atributoCedulaInvalido })
    .trim()
    .regex(/^[0-2](\.(0|[1-9]\d{0,8})){1,20}$/, MSG.atributoCedulaInvalido),
});

/** GET api/Configuracion/AutoridadesConfianza: everything the screen shows. */
export const zAutoridadesConfianza = z.object({
  anclas: z.array(zAnclaConfianza),
  crls: z.array(zCrlConfianza),
  firmasConjuntas: z.array(zFirmaConjunta),
  atributoCedula: z.string(),
});
export type AutoridadesConfianza = z.infer<typeof zAutoridadesConfianza>;

const zIntegridad = z.object({
  intacta: z.boolean(),
  cubreTodo: z.boolean(),
  cambiosPosteriores: z.enum(["ninguno", "firmas", "anotaciones", "contenido"]),
  detalle: z.string().nullable(),
});

const zCertificadoFirma = z.object({
  sujeto: z.string(),
  emisor: z.string(),
  serie: z.string(),
  validoDesde: z.string(),
  validoHasta: z.string(),
  cedula: z.string().nullable(),
  cadena: z.enum(["confiable", "no_confiable"]),
  ruta: z.array(z.string()),
  revocacion: z.object({
    estado: z.enum(["no_revocado", "revocado", "desconocido"]),
    fuente: z.enum(["crl", "ocsp"]).nullable(),
    revocadoEl: z.string().nullable(),
  }),
  validoAlFirmar: z.boolean(),
  motivos: z.array(z.string()),
});

/** The registry's answer for the signer, as "Verificar firma" gives it on the signing date. */
const zRegistroFirmante = z.object({
  cedula: z.string().nullable(),
  /** The signing date asked (the country's calendar). */
  fecha: z.string(),
  /** null: not asked (no cédula in the certificate, or not a valid one). */
  autorizado: z.boolean().nullable(),
  motivo: z.string(),
  /** The official's name and position, when found in the registry. */
  nombre: z.string().nullable(),
  cargo: z.string().nullable(),
});

export const zFirmaVerificada = z.object({
  indice: z.number(),
  campo: z.string().nullable(),
  integridad: zIntegridad,
  certificado: zCertificadoFirma,
  momento: z.object({
    fecha: z.string(),
    fuente: z.enum(["sello_de_tiempo", "hora_declarada", "hora_de_verificacion"]),
  }),
  registro: zRegistroFirmante,
  /** Intact, nothing but signatures added after it, certificate valid then, signer authorised. */
  aceptada: z.boolean(),
  /** Why not, in Spanish; empty when accepted. */
  motivos: z.array(z.string()),
});
export type FirmaVerificada = z.infer<typeof zFirmaVerificada>;

export const zVerificacionDocumento = z.object({
  tipo: z.enum(["pdf", "cms"]),
  sha256: z.string(),
  institucion: z.object({ idInstitucion: z.number(), nombre: z.string() }),
  firma: z.object({ idFirma: z.number(), nombre: z.string() }).nullable(),
  monto: z.number().nullable(),
  firmas: z.array(zFirmaVerificada),
  documento: z.object({
    firmadoPorAutorizados: z.boolean(),
    texto: z.string(),
    motivos: z.array(z.string()),
    /** Joint-signature rule applied: the distinct authorised signers required, else null. */
    firmantesRequeridos: z.number().nullable(),
    firmantesAutorizados: z.number(),
  }),
  /** When the check was made (ISO 8601). */
  verificadoEl: z.string(),
  /** The validation report's code (its PDF: api/Verificacion/Documento/Informe/{codigo}). */
  codigo: z.string(),
});
export type VerificacionDocumento = z.infer<typeof zVerificacionDocumento>;

/** GET api/Verificacion/InformeDocumento/{codigo} (public): the report as recorded. */
export const zInformeDocumentoPublico = z.object({
  autentico: z.literal(true),
  codigo: z.string(),
  emitido: z.string(),
  institucion: z.string(),
  sha256: z.string(),
  firmadoPorAutorizados: z.boolean(),
  texto: z.string(),
  firmas: z.array(
    z.object({
      indice: z.number(),
      firmante: z.string(),
      aceptada: z.boolean(),
      motivos: z.array(z.string()),
    }),
  ),
});
export type InformeDocumentoPublico = z.infer<typeof zInformeDocumentoPublico>;
