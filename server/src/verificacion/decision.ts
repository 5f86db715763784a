/**
 * The verification answer as pure functions: given one person's registry entries, each with its
 * authorisation periods as calendar dates, could that person sign on a date, a signature, for an
 * amount? No I/O here; the service loads the entries and the tests pin this table.
 *
 * Rules (all dates are calendar dates in the country's time zone, UTC−4: see shared/tiempo.ts):
 * - a period covers day D when it began on or before D and had not ended by D: the day an official
 *   or request is inactivated is already outside, the day it is (re)activated is inside;
 * - validity dates (firmaVigencia) and the amount range (firmaRango) include both limits;
 * - among several entries the closest to "Autorizado" answers (see `Rango`).
 */
import { autorizadaSegunEstado, estadoFirma, MSG } from "@registro/contracts";
import { fechaTexto } from "../shared/tiempo.js";

export function montoTexto(n: number): string {
  return `US$ ${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export interface Periodo {
  desde: string;
  hasta: string | null;
  causaFin: "funcionario" | "solicitud" | null;
}

export interface Entrada {
  idFuncionario: number;
  idSolicitud: number;
  firmas: { idFirma: number }[];
  firmaRango: boolean;
  montoDesde: number | null;
  montoHasta: number | null;
  firmaVigencia: boolean;
  fechaDesde: string | null;
  fechaHasta: string | null;
  idEstatus: number;
  estatusSolicitud: number;
  periodos: Periodo[];
}

export interface Pregunta {
  fecha: string;
  idFirma?: number;
  /** The signature's name, for the reason text. */
  firma?: string;
  monto?: number;
}

/** How close an entry comes to "Autorizado": lower answers first. */
export const Rango = {
  autorizado: 0,
  firma: 1,
  condiciones: 2,
  inactivado: 3,
  posterior: 4,
  enRevision: 5,
  noAprobado: 6,
} as const;

export interface Veredicto {
  rango: number;
  autorizado: boolean;
  motivo: string;
}

/**
 * One entry's verdict on the date asked. The date part (authorised that day, validity dates, ended,
 * not yet) is `estadoFirma` of contracts, the function every place that states an official's
 * standing uses: autorizado ⇒ its standing that day is "vigente" or "porVencer", and the other way
 * round when no signature or amount is asked. The signature type and the amount are separate questions.
 */
export function evaluar(e: Entrada, q: Pregunta): Veredicto {
  const estado = estadoFirma(e, q.fecha, 0);
  if (estado.enPeriodo) {
    if (q.idFirma !== undefined && !e.firmas.some((f) => f.idFirma === q.idFirma)) {
      return { rango: Rango.firma, autorizado: false, motivo: MSG.verificacionFirmaNoOtorgada(q.firma ?? "") };
    }
    if (estado.estado === "vencida") {
      return {
        rango: Rango.condiciones,
        autorizado: false,
        motivo: MSG.verificacionVencida(fechaTexto(estado.hasta ?? "")),
      };
    }
    if (estado.estado === "aunNoVigente") {
      const hasta = e.fechaHasta === null ? "" : fechaTexto(e.fechaHasta);
      return {
        rango: Rango.condiciones,
        autorizado: false,
        motivo: MSG.verificacionAntesDeVigencia(fechaTexto(estado.desde ?? ""), hasta),
      };
    }
    if (e.firmaRango && q.monto !== undefined) {
      const bajo = e.montoDesde !== null && q.monto < e.montoDesde;
      const alto = e.montoHasta !== null && q.monto > e.montoHasta;
      if (bajo || alto) {
        return {
          rango: Rango.condiciones,
          autorizado: false,
          motivo: MSG.verificacionFueraDeRango(montoTexto(e.montoDesde ?? 0), montoTexto(e.montoHasta ?? 0)),
        };
      }
    }
    return {
      rango: Rango.autorizado,
      autorizado: autorizadaSegunEstado(estado.estado),
      motivo: MSG.verificacionAutorizado,
    };
  }
  switch (estado.estado) {
    case "inactivada":
      return {
        rango: Rango.inactivado,
        autorizado: false,
        motivo: MSG.verificacionInactivado(fechaTexto(estado.hasta ?? "")),
      };
    case "aunNoVigente":
      return {
        rango: Rango.posterior,
        autorizado: false,
        motivo: MSG.verificacionPosterior(fechaTexto(estado.desde ?? "")),
      };
    case "pendiente":
      return { rango: Rango.enRevision, autorizado: false, motivo: MSG.verificacionEnRevision };
    default:
      return { rango: Rango.noAprobado, autorizado: false, motivo: MSG.verificacionNoAprobada };
  }
}

/** The answer for all of a person's entries: the closest entry's verdict, or "not registered". */
export function responder<T extends Entrada>(
  entradas: T[],
  q: Pregunta,
  conInstitucion: boolean,
): { autorizado: boolean; motivo: string; evaluadas: (T & { veredicto: Veredicto })[] } {
  const evaluadas = entradas.map((e) => ({ ...e, veredicto: evaluar(e, q) }));
  if (evaluadas.length === 0) {
    return {
      autorizado: false,
      motivo: conInstitucion ? MSG.verificacionNoRegistradoInstitucion : MSG.verificacionNoRegistrado,
      evaluadas,
    };
  }
  // Stable sort: among equals the given order (newest request first) stands.
  evaluadas.sort((a, b) => a.veredicto.rango - b.veredicto.rango);
  const mejor = evaluadas[0].veredicto;
  return { autorizado: mejor.autorizado, motivo: mejor.motivo, evaluadas };
}
