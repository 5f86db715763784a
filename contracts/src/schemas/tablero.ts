/**
 * Dashboard "Tablero": GET api/Tablero?desde&hasta&idInstitucion — where requests are
 * now, how long they have waited there, how they entered and left each stage week by week, requests
 * per institution and officials whose signature is "Por vencer".
 */
import { z } from "zod";
import { ETAPAS, type Etapa, infoEstatus } from "../estatus.js";
import { zId } from "../validacion.js";
import { zFechaConsulta } from "./verificacion.js";

const vacio = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** Longest period the weekly chart covers. */
export const TABLERO_MAX_DIAS = 371;

export const zConsultaTablero = z.object({
  /** Calendar dates (YYYY-MM-DD or dd/mm/aaaa) of the weekly chart's first and last week; default the last 12 weeks. */
  desde: zFechaConsulta,
  hasta: zFechaConsulta,
  idInstitucion: z.preprocess((v) => (vacio(v) ? undefined : v), zId.optional()),
});
export type ConsultaTablero = z.infer<typeof zConsultaTablero>;

/**
 * The stage a status counts in on the dashboard: its timeline stage, except a draft (202: not yet
 * the comptroller's) and an annulled request (109), which are in none. The database's rf_etapa()
 * (migration 0011) is the same table; a test compares them.
 */
export function etapaTablero(codigo: number): number | null {
  if (codigo === 202) return null;
  const etapa = infoEstatus(codigo).etapa;
  return etapa === null ? null : ETAPAS.indexOf(etapa);
}

/** Stages in which a request waits for someone (all but Finalizado). */
export const ETAPAS_ESPERA: readonly Etapa[] = ETAPAS.slice(0, 4);

export const zEsperaEtapa = z.object({
  /** Requests waiting in the stage (those whose history brought them there). */
  solicitudes: z.number(),
  /** Days waited, median and longest (one decimal). */
  medianaDias: z.number(),
  maximoDias: z.number(),
  /** The request that has waited longest and since when (ISO instant). */
  idSolicitudMasAntigua: z.number(),
  desde: z.string(),
});
export type EsperaEtapa = z.infer<typeof zEsperaEtapa>;

export const zEtapaTablero = z.object({
  etapa: z.string(),
  /** Requests whose current status is in this stage. */
  solicitudes: z.number(),
  /** null for Finalizado, and for a stage where nothing waits. */
  espera: zEsperaEtapa.nullable(),
});
export type EtapaTablero = z.infer<typeof zEtapaTablero>;

export const zSemanaTablero = z.object({
  /** Monday of the week (YYYY-MM-DD, in the country's time zone). */
  semana: z.string(),
  etapas: z.array(z.object({ etapa: z.string(), entradas: z.number(), salidas: z.number() })),
});
export type SemanaTablero = z.infer<typeof zSemanaTablero>;

export const zInstitucionTablero = z.object({
  idInstitucion: z.number(),
  institucion: z.string(),
  /** Sent requests (drafts and annulled ones left out). */
  solicitudes: z.number(),
  /** Of them, not yet finished. */
  enProceso: z.number(),
});
export type InstitucionTablero = z.infer<typeof zInstitucionTablero>;

export const zFuncionarioPorVencer = z.object({
  idFuncionario: z.number(),
  idSolicitud: z.number(),
  nombres: z.string(),
  apellidos: z.string(),
  cargo: z.string(),
  institucion: z.string(),
  /** YYYY-MM-DD */
  fechaHasta: z.string(),
});
export type FuncionarioPorVencer = z.infer<typeof zFuncionarioPorVencer>;

export const zTablero = z.object({
  /** The weekly chart's period (Mondays of the first and last week) and today, in the country's zone. */
  desde: z.string(),
  hasta: z.string(),
  hoy: z.string(),
  idInstitucion: z.number().nullable(),
  etapas: z.array(zEtapaTablero),
  semanas: z.array(zSemanaTablero),
  instituciones: z.array(zInstitucionTablero),
  porVencer: z.object({
    /** EXPIRY_NOTICE_DAYS: "Por vencer" means an end date from today to today + dias. */
    dias: z.number(),
    total: z.number(),
    /** The first ones by end date (at most 20). */
    funcionarios: z.array(zFuncionarioPorVencer),
  }),
});
export type Tablero = z.infer<typeof zTablero>;
