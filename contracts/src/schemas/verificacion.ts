/**
 * Verification: the question "could this person sign this, for this amount, on this
 * date, for this institution?" (GET api/Verificacion/Firma), its answer as the screen shows it,
 * and the public view of a constancia (GET api/Verificacion/Constancia/{codigo}).
 */
import { z } from "zod";
import { ESTADOS_FIRMA } from "../estado-firma.js";
import { MSG } from "../mensajes.js";
import { zCedula, zId } from "../validacion.js";
import { leerFecha, zMonto } from "./originador.js";

const vacio = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** A calendar date (YYYY-MM-DD or dd/mm/aaaa); empty means "today". */
export const zFechaConsulta = z.preprocess((v) => {
  if (vacio(v)) return undefined;
  if (typeof v !== "string") return Number.NaN;
  const f = leerFecha(v);
  // leerFecha reads the epoch as "empty" (SPEC.md §5 forms); here it is a date like any other.
  if (f === null) return "1970-01-01";
  return f === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(f) ? Number.NaN : f;
}, z.string({ error: MSG.fechaInvalida }).optional());

const zIdOpcional = z.preprocess((v) => (vacio(v) ? undefined : v), zId.optional());

export const zConsultaVerificacion = z.object({
  cedula: zCedula,
  institucion: zIdOpcional,
  idFirma: zIdOpcional,
  monto: zMonto,
  fecha: zFechaConsulta,
});
export type ConsultaVerificacion = z.infer<typeof zConsultaVerificacion>;

export const zPeriodoAutorizacion = z.object({
  /** Calendar dates in the country's time zone; `hasta` null while still in force. */
  desde: z.string(),
  hasta: z.string().nullable(),
  /** Why it ended: the official was inactivated, or the whole request was. */
  causaFin: z.enum(["funcionario", "solicitud"]).nullable(),
});
export type PeriodoAutorizacion = z.infer<typeof zPeriodoAutorizacion>;

export const zRegistroVerificacion = z.object({
  idSolicitud: z.number(),
  idFuncionario: z.number(),
  idInstitucion: z.number(),
  institucion: z.string(),
  cedula: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  cargo: z.string(),
  firmas: z.array(z.object({ idFirma: z.number(), firma: z.string(), tipo: z.string() })),
  firmaRango: z.boolean(),
  montoDesde: z.number().nullable(),
  montoHasta: z.number().nullable(),
  firmaVigencia: z.boolean(),
  fechaDesde: z.string().nullable(),
  fechaHasta: z.string().nullable(),
  firmaDigital: z.boolean(),
  /** The official's status (Pendiente, Activo, Inactivo) and the request's status text. */
  estatusFuncionario: z.string(),
  estatusSolicitud: z.string(),
  codigoEstatusSolicitud: z.number(),
  /** First day it became active, and the day its last period ended (null while active). */
  activoDesde: z.string().nullable(),
  inactivoDesde: z.string().nullable(),
  periodos: z.array(zPeriodoAutorizacion),
  /** Whether this entry alone would answer "Autorizado", and why not. */
  autorizado: z.boolean(),
  motivo: z.string(),
  /**
   * Avisos: today, an entry still in force with an end date is "Por vencer" from
   * EXPIRY_NOTICE_DAYS before it and "Vencida" after it; null otherwise.
   */
  vencimiento: z.enum(["porVencer", "vencida"]).nullable(),
  /** Its standing today (contracts' estadoFirma, as every screen states it) and that text. */
  estadoFirma: z.enum(ESTADOS_FIRMA),
  estadoTexto: z.string(),
});
export type RegistroVerificacion = z.infer<typeof zRegistroVerificacion>;

export const zRespuestaVerificacion = z.object({
  autorizado: z.boolean(),
  motivo: z.string(),
  /** The date the question was asked about (YYYY-MM-DD). */
  fecha: z.string(),
  registros: z.array(zRegistroVerificacion),
});
export type RespuestaVerificacion = z.infer<typeof zRespuestaVerificacion>;

/** The public page of a constancia: only what a checker needs. */
export const zFuncionarioConstancia = z.object({
  nombres: z.string(),
  apellidos: z.string(),
  /** Masked but for its last four digits: ***-****567-8. */
  cedula: z.string(),
  cargo: z.string(),
  firmas: z.array(z.string()),
  firmaRango: z.boolean(),
  montoDesde: z.number().nullable(),
  montoHasta: z.number().nullable(),
  firmaVigencia: z.boolean(),
  fechaDesde: z.string().nullable(),
  fechaHasta: z.string().nullable(),
  /**
   * Its standing now (contracts' estadoFirma): "vigente" | "porVencer" (in force, its end date
   * within EXPIRY_NOTICE_DAYS) | "aunNoVigente" (approved, validity not begun) | "vencida" |
   * "inactivada" | "pendiente" | "noAprobada", with the text shown ("Aún no vigente (desde
   * dd/mm/aaaa)", "Inactivada el dd/mm/aaaa").
   */
  estado: z.enum(ESTADOS_FIRMA),
  estadoTexto: z.string(),
});
export type FuncionarioConstancia = z.infer<typeof zFuncionarioConstancia>;

export const zConstanciaPublica = z.object({
  autentica: z.literal(true),
  codigo: z.string(),
  institucion: z.string(),
  idSolicitud: z.number(),
  emitida: z.string(),
  funcionarios: z.array(zFuncionarioConstancia),
});
export type ConstanciaPublica = z.infer<typeof zConstanciaPublica>;

/**
 * POST api/Verificacion/ComprobarConstancia (public): an uploaded constancia's seal and whether it
 * is the file the registry issued.
 * - sello: "valido" (the Contraloría's seal, the file unchanged since), "alterado" (a seal whose
 *   signature does not match the file, or bytes added after it), "ajeno" (a valid signature, but
 *   not by a seal certificate of the registry), "ausente" (no seal).
 * - emision: "emitida" (its code is a constancia of the registry and the file is byte for byte the
 *   one issued), "distinta" (the code exists, the file is not the one issued), "anterior" (the code
 *   exists, issued before constancias were sealed: no file to compare), "desconocida" (no code of
 *   the registry in the file).
 */
export const zComprobacionConstancia = z.object({
  selloValido: z.boolean(),
  sello: z.enum(["valido", "alterado", "ajeno", "ausente"]),
  selloTexto: z.string(),
  emitidaPorRegistro: z.boolean(),
  emision: z.enum(["emitida", "distinta", "anterior", "desconocida"]),
  emisionTexto: z.string(),
  codigo: z.string().nullable(),
  idSolicitud: z.number().nullable(),
  /** The date the registry issued it (yyyy-mm-dd), when its code is the registry's. */
  emitida: z.string().nullable(),
  /** The seal certificate's subject, when the file carries one. */
  certificado: z.string().nullable(),
  /** The seal certificate is the development one ("solo para pruebas"). */
  pruebas: z.boolean(),
  /** The time of an RFC 3161 timestamp over the seal (ISO), when it carries one. */
  selloTiempo: z.string().nullable(),
  /**
   * The one verdict the page shows, decided from the digest of the whole issued file first:
   * "emitida" (the issued file, the latest of its request, every official it names authorised
   * today), "desactualizada" (the issued file, but a newer constancia exists or an official it
   * names is no longer authorised), "distinta" (the code is the registry's, the bytes are not the
   * issued file's — even when the signature itself verifies), "alterada" (a broken seal), "ajena"
   * (another signer's seal), "sinSello", "anterior" (issued before seals: no file to compare),
   * "desconocida" (the Contraloría's seal, no code of this registry).
   */
  veredicto: z.enum([
    "emitida",
    "desactualizada",
    "distinta",
    "alterada",
    "ajena",
    "sinSello",
    "anterior",
    "desconocida",
    // A Comprobante de verificación of "Verificar firma", byte for byte as issued.
    "comprobante",
    // A validation report of "Verificar documento" (issue 38), byte for byte as issued.
    "informe",
  ]),
  veredictoTexto: z.string(),
  /** Whether the file is the latest constancia issued for its request (null: not one of the registry's files). */
  ultima: z.boolean().nullable(),
  /** When the latest constancia of the request was issued (yyyy-mm-dd), when the file is one of the registry's. */
  ultimaEmitida: z.string().nullable(),
  /** The latest constancia's code, when known to the caller: the file's own, or the page's code sent with it. */
  ultimaCodigo: z.string().nullable(),
  /** "Es la constancia más reciente…" / "No es la constancia más reciente…" (null when unknown). */
  ultimaTexto: z.string().nullable(),
  /** Whether the file is the constancia of the page's code sent with it (null when none was sent). */
  deLaPagina: z.boolean().nullable(),
  /** The officials the file names who are not authorised today, as the public page shows them. */
  noAutorizados: z.array(
    z.object({
      nombres: z.string(),
      apellidos: z.string(),
      cedula: z.string(),
      estado: z.string(),
      estadoTexto: z.string(),
    }),
  ),
});
export type ComprobacionConstancia = z.infer<typeof zComprobacionConstancia>;

/**
 * GET api/Verificacion/ComprobanteFirma/{codigo} (public): a Comprobante de verificación as
 * recorded — the question as text, the answer, the date answered for and when it was asked.
 */
export const zComprobantePublico = z.object({
  autentico: z.literal(true),
  codigo: z.string(),
  /** When it was asked (ISO). */
  emitido: z.string(),
  pregunta: z.string(),
  autorizado: z.boolean(),
  motivo: z.string(),
  /** The date the question was about (yyyy-mm-dd). */
  fecha: z.string(),
});
export type ComprobantePublico = z.infer<typeof zComprobantePublico>;

/** The code as printed: 20 characters of Crockford base 32 (100 bits) in groups of four. */
export const CODIGO_CONSTANCIA_REGEX = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/;

/** Reads what a person types (any case, spaces or dashes, I/L for 1, O for 0) as the printed code. */
export function normalizarCodigo(entrada: string): string | null {
  const limpio = entrada.toUpperCase().replace(/[\s-]/g, "").replace(/[IL]/g, "1").replace(/O/g, "0");
  if (!/^[0-9A-HJKMNP-TV-Z]{20}$/.test(limpio)) return null;
  return limpio.match(/.{4}/g)!.join("-");
}
