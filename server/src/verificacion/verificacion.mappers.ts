/** Responses of verification: a registry entry with its verdict, and an official on the public page. */
import {
  type DatosEstadoFirma,
  type EstadoFirma,
  estadoFirma,
  type FuncionarioConstancia,
  infoEstatus,
  NOMBRE_ESTATUS_FUNCIONARIO,
  type RegistroVerificacion,
} from "@registro/contracts";
import type { Entrada, Periodo, Veredicto } from "./decision.js";
import type { RegistroFila } from "./verificacion.repository.js";

export type EntradaCompleta = Omit<Entrada, "firmas"> &
  Omit<RegistroFila, "montoDesde" | "montoHasta"> & {
    firmas: { idFirma: number; firma: string; tipo: string }[];
  };

export const numeroONulo = (v: string | null) => (v === null ? null : Number(v));

/**
 * Avisos' field, from the one standing function: "porVencer" from `diasAviso` days before a temporary
 * signature's end, "vencida" after it, while a period covers today; null otherwise.
 */
export function vencimiento(estado: EstadoFirma): "porVencer" | "vencida" | null {
  return estado === "porVencer" || estado === "vencida" ? estado : null;
}

export function mapRegistro(
  e: EntradaCompleta & { veredicto: Veredicto },
  hoy: string,
  diasAviso: number,
): RegistroVerificacion {
  const ultimo = e.periodos.at(-1);
  const hoyEstado = estadoFirma(e, hoy, diasAviso);
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
    vencimiento: vencimiento(hoyEstado.estado),
    estadoFirma: hoyEstado.estado,
    estadoTexto: hoyEstado.texto,
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

/** What the registry says now about one official of a constancia: its standing today. */
export function estadoActual(
  f: DatosEstadoFirma,
  hoy: string,
  diasAviso: number,
): Pick<FuncionarioConstancia, "estado" | "estadoTexto"> {
  const e = estadoFirma(f, hoy, diasAviso);
  return { estado: e.estado, estadoTexto: e.texto };
}

export function mapFuncionarioConstancia(
  f: FuncionarioPublico & Omit<DatosEstadoFirma, "periodos">,
  hoy: string,
  diasAviso: number,
): FuncionarioConstancia {
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
