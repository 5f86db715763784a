/**
 * An official's standing ("Estado de la firma") on a day: the one function every place that states
 * it derives it from — Verificar firma's date part, the public constancia page and the constancia,
 * the officials' tables of every detail screen, the exports, the verification API, the web's tag
 * (issue 35). Pure: the registry's facts of one official come in, the day and the notice days too.
 *
 * - The authorisation periods (`autorizaciones`: who could sign when, kept by the server with every
 *   status change) say whether the official was authorised on that day at all: a period covers day
 *   D when it began on or before D and had not ended by D.
 * - Within a period, a temporary signature (firmaVigencia) reads "Vencida" after its end date and
 *   "Aún no vigente (desde …)" before its start date; "Por vencer" from `diasAviso` days before its
 *   end date (EXPIRY_NOTICE_DAYS); otherwise "Vigente".
 * - Outside every period: "Inactivada el …" once a period has ended (the last end on or before the
 *   day), "Aún no vigente (desde …)" before a period that begins later, "Pendiente de aprobación"
 *   for an official still in review, "No aprobada" otherwise.
 *
 * Authorised on that day ⇔ the standing is "vigente" or "porVencer" (`autorizadaSegunEstado`).
 * Dates are calendar dates (YYYY-MM-DD) in the country.
 */
import { ESTATUS, ESTATUS_FUNCIONARIO } from "./estatus.js";
import { textoDeFechaIso } from "./fecha-escrita.js";
import { MSG } from "./mensajes.js";

/** One authorisation period, as calendar days; `hasta` is the first day it no longer covers. */
export interface PeriodoFirma {
  desde: string;
  hasta: string | null;
  causaFin?: "funcionario" | "solicitud" | null;
}

/** What the registry holds of one official that its standing depends on. */
export interface DatosEstadoFirma {
  /** The official's status: 1 Pendiente, 2 Activo, 3 Inactivo. */
  idEstatus: number;
  /** The request's status code. */
  estatusSolicitud: number;
  firmaVigencia: boolean;
  fechaDesde: string | null;
  fechaHasta: string | null;
  periodos: readonly PeriodoFirma[];
}

export const ESTADOS_FIRMA = [
  "pendiente",
  "noAprobada",
  "aunNoVigente",
  "vigente",
  "porVencer",
  "vencida",
  "inactivada",
] as const;
export type EstadoFirma = (typeof ESTADOS_FIRMA)[number];

export interface EstadoFirmaCalculado {
  estado: EstadoFirma;
  /** The Spanish text every place shows. */
  texto: string;
  /** A period covers the day (the registry authorised the person then, validity dates aside). */
  enPeriodo: boolean;
  /** aunNoVigente: the day it becomes valid or authorised. */
  desde?: string;
  /** porVencer / vencida: the validity's end; inactivada: the day it ended. */
  hasta?: string;
}

/** Statuses of a request whose pending officials will not be approved any more. */
const CERRADAS: readonly number[] = [ESTATUS.RECHAZADO_JURIDICO, ESTATUS.ANULADA, ESTATUS.INACTIVADO];

/** `iso` plus `dias` calendar days. */
function sumar(iso: string, dias: number): string {
  const [y, m, d] = iso.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + dias)).toISOString().slice(0, 10);
}

const cubre = (p: PeriodoFirma, dia: string) => p.desde <= dia && (p.hasta === null || dia < p.hasta);

/** The official's standing on `dia`; "Por vencer" from `diasAviso` days before a temporary signature's end. */
export function estadoFirma(f: DatosEstadoFirma, dia: string, diasAviso: number): EstadoFirmaCalculado {
  if (f.periodos.some((p) => cubre(p, dia))) {
    if (f.firmaVigencia && f.fechaHasta !== null && dia > f.fechaHasta) {
      return { estado: "vencida", texto: MSG.estadoFirmaVencida, enPeriodo: true, hasta: f.fechaHasta };
    }
    if (f.firmaVigencia && f.fechaDesde !== null && dia < f.fechaDesde) {
      const texto = MSG.estadoFirmaAunNoVigente(textoDeFechaIso(f.fechaDesde));
      return { estado: "aunNoVigente", texto, enPeriodo: true, desde: f.fechaDesde };
    }
    if (f.firmaVigencia && f.fechaHasta !== null && f.fechaHasta <= sumar(dia, diasAviso)) {
      return { estado: "porVencer", texto: MSG.estadoFirmaPorVencer, enPeriodo: true, hasta: f.fechaHasta };
    }
    return { estado: "vigente", texto: MSG.estadoFirmaVigente, enPeriodo: true };
  }
  const fin = f.periodos
    .map((p) => p.hasta)
    .filter((h): h is string => h !== null && h <= dia)
    .sort()
    .at(-1);
  if (fin !== undefined) {
    return {
      estado: "inactivada",
      texto: MSG.estadoFirmaInactivada(textoDeFechaIso(fin)),
      enPeriodo: false,
      hasta: fin,
    };
  }
  const inicio = f.periodos
    .map((p) => p.desde)
    .filter((d) => d > dia)
    .sort()[0];
  if (inicio !== undefined) {
    const texto = MSG.estadoFirmaAunNoVigente(textoDeFechaIso(inicio));
    return { estado: "aunNoVigente", texto, enPeriodo: false, desde: inicio };
  }
  if (f.idEstatus === ESTATUS_FUNCIONARIO.PENDIENTE && !CERRADAS.includes(f.estatusSolicitud)) {
    return { estado: "pendiente", texto: MSG.estadoFirmaPendiente, enPeriodo: false };
  }
  return { estado: "noAprobada", texto: MSG.estadoFirmaNoAprobada, enPeriodo: false };
}

/** Whether a standing lets the official sign on that day (signature type and amount apart). */
export const autorizadaSegunEstado = (estado: EstadoFirma): boolean => estado === "vigente" || estado === "porVencer";

/** The PrimeReact severity the screens colour a standing with. */
export function colorEstadoFirma(estado: EstadoFirma): "success" | "warning" | "danger" | "info" | "secondary" {
  if (estado === "vigente") return "success";
  if (estado === "porVencer") return "warning";
  if (estado === "vencida" || estado === "inactivada") return "danger";
  if (estado === "aunNoVigente" || estado === "pendiente") return "info";
  return "secondary";
}
