/** Responses of verification: a registry entry with its verdict, and an official on the public page. */
import {
  type FuncionarioConstancia,
  infoEstatus,
  MSG,
  NOMBRE_ESTATUS_FUNCIONARIO,
  type RegistroVerificacion,
} from "@registro/contracts";
import { fechaTexto, sumarDias } from "../shared/tiempo.js";
import type { Entrada, Periodo, Veredicto } from "./decision.js";
import type { RegistroFila } from "./verificacion.repository.js";

export type EntradaCompleta = Omit<Entrada, "firmas"> &
  Omit<RegistroFila, "montoDesde" | "montoHasta"> & {
    firmas: { idFirma: number; firma: string; tipo: string }[];
  };

export const numeroONulo = (v: string | null) => (v === null ? null : Number(v));

/**
 * Avisos, the same rule as the officials' tables: an entry still in force (an open
 * period) with an end date is "Vencida" after that date and "Por vencer" from `diasAviso` days
 * before it (EXPIRY_NOTICE_DAYS).
 */
export function vencimiento(
  f: { firmaVigencia: boolean; fechaHasta: string | null; periodos: Periodo[] },
  hoy: string,
  diasAviso: number,
): "porVencer" | "vencida" | null {
  if (!f.firmaVigencia || f.fechaHasta === null || !f.periodos.some((p) => p.hasta === null)) return null;
  if (f.fechaHasta < hoy) return "vencida";
  return f.fechaHasta <= sumarDias(hoy, diasAviso) ? "porVencer" : null;
}

export function mapRegistro(
  e: EntradaCompleta & { veredicto: Veredicto },
  hoy: string,
  diasAviso: number,
): RegistroVerificacion {
  const ultimo = e.periodos.at(-1);
  return {
    idSolicitud: e.idSolicitud,
    idFuncionario: e.idFuncionario,
    idInstitucion: e.idInstitucion,
    institucion: e.institucion,
    cedula: e.cedula,
    nombres: e.nombres,
    apellidos: e.apellidos,
    cargo: e.cargo,
    firmas: e.firmas.map((f) => ({ idFirma: f.idFirma, firma: f.firma, tipo: f.tipo })),
    firmaRango: e.firmaRango,
    montoDesde: e.firmaRango ? e.montoDesde : null,
    montoHasta: e.firmaRango ? e.montoHasta : null,
    firmaVigencia: e.firmaVigencia,
    fechaDesde: e.firmaVigencia ? e.fechaDesde : null,
    fechaHasta: e.firmaVigencia ? e.fechaHasta : null,
    firmaDigital: e.firmaDigital,
    estatusFuncionario:
      NOMBRE_ESTATUS_FUNCIONARIO[e.idEstatus as keyof typeof NOMBRE_ESTATUS_FUNCIONARIO] ?? String(e.idEstatus),
    estatusSolicitud: infoEstatus(e.estatusSolicitud).estatus,
    codigoEstatusSolicitud: e.estatusSolicitud,
    activoDesde: e.periodos[0]?.desde ?? null,
    inactivoDesde: ultimo && ultimo.hasta !== null ? ultimo.hasta : null,
    periodos: e.periodos.map((p) => ({ desde: p.desde, hasta: p.hasta, causaFin: p.causaFin })),
    autorizado: e.veredicto.autorizado,
    motivo: e.veredicto.motivo,
    vencimiento: vencimiento(e, hoy, diasAviso),
  };
}

/** A cédula with every digit but the last four hidden: 001-0012345-6 → ***-****345-6. */
export function enmascararCedula(cedula: string): string {
  let visibles = 4;
  const chars = [...cedula];
  for (let i = chars.length - 1; i >= 0; i--) {
    if (!/\d/.test(chars[i])) continue;
    if (visibles > 0) visibles--;
    else chars[i] = "*";
  }
  return chars.join("");
}

export interface FuncionarioPublico {
  cedula: string;
  nombres: string;
  apellidos: string;
  cargo: string;
  firmas: string[];
  firmaRango: boolean;
  montoDesde: number | null;
  montoHasta: number | null;
  firmaVigencia: boolean;
  fechaDesde: string | null;
  fechaHasta: string | null;
  periodos: Periodo[];
}

/** What the registry says now about one official of a constancia. */
export function estadoActual(
  f: Pick<FuncionarioPublico, "firmaVigencia" | "fechaHasta" | "periodos">,
  hoy: string,
  diasAviso: number,
): Pick<FuncionarioConstancia, "estado" | "estadoTexto"> {
  const abierto = f.periodos.some((p) => p.hasta === null);
  if (!abierto) {
    const fin = f.periodos
      .map((p) => p.hasta)
      .filter((h): h is string => h !== null)
      .sort()
      .at(-1);
    return { estado: "inactivada", estadoTexto: MSG.constanciaInactivada(fin ? fechaTexto(fin) : "") };
  }
  const v = vencimiento(f, hoy, diasAviso);
  if (v === "vencida") return { estado: "vencida", estadoTexto: MSG.constanciaVencida };
  if (v === "porVencer") return { estado: "porVencer", estadoTexto: MSG.constanciaPorVencer };
  return { estado: "vigente", estadoTexto: MSG.constanciaVigente };
}

export function mapFuncionarioConstancia(f: FuncionarioPublico, hoy: string, diasAviso: number): FuncionarioConstancia {
  return {
    nombres: f.nombres,
    apellidos: f.apellidos,
    cedula: enmascararCedula(f.cedula),
    cargo: f.cargo,
    firmas: f.firmas,
    firmaRango: f.firmaRango,
    montoDesde: f.firmaRango ? f.montoDesde : null,
    montoHasta: f.firmaRango ? f.montoHasta : null,
    firmaVigencia: f.firmaVigencia,
    fechaDesde: f.firmaVigencia ? f.fechaDesde : null,
    fechaHasta: f.firmaVigencia ? f.fechaHasta : null,
    ...estadoActual(f, hoy, diasAviso),
  };
}
