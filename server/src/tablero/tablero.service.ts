/**
 * Dashboard "Tablero": assembles the figures of tablero.repository.ts for internal users
 * holding the view. Calendar dates are the country's (UTC−4); "now" is the app's clock.
 */
import {
  CODIGOS_ESTATUS,
  type ConsultaTablero,
  ETAPAS,
  etapaTablero,
  MSG,
  type SemanaTablero,
  TABLERO_MAX_DIAS,
  type Tablero,
} from "@registro/contracts";
import type { Db } from "../db/client.js";
import type { SesionUsuario } from "../llamante/sesion.js";
import { NoAutorizado, ValidacionCampo } from "../shared/errors.js";
import { diaDeSemana, fechaLocal, sumarDias } from "../shared/tiempo.js";
import * as repo from "./tablero.repository.js";

/** Weeks the weekly chart shows when no period is given. */
export const SEMANAS_POR_DEFECTO = 12;
/** Officials "por vencer" listed (the total counts them all). */
export const LIMITE_POR_VENCER = 20;

/** Monday of a calendar date's week (YYYY-MM-DD). */
export function lunes(fecha: string): string {
  const diaSemana = diaDeSemana(fecha); // 0 Sunday
  return sumarDias(fecha, -((diaSemana + 6) % 7));
}

const dias = (segundos: number) => Math.round((segundos / 86_400) * 10) / 10;

/** The weekly chart's first and last Monday, from the query or the last 12 weeks up to today. */
export function periodo(consulta: ConsultaTablero, hoy: string): { desde: string; hasta: string } {
  const hasta = lunes(consulta.hasta ?? hoy);
  const desde = consulta.desde ? lunes(consulta.desde) : sumarDias(hasta, -7 * (SEMANAS_POR_DEFECTO - 1));
  // A future "hasta" is allowed (the week to come); a "desde" after the last day is not.
  if (consulta.desde && consulta.hasta && consulta.desde > consulta.hasta) {
    throw ValidacionCampo("hasta", MSG.tableroPeriodoInvertido);
  }
  if (consulta.desde && !consulta.hasta && consulta.desde > hoy) throw ValidacionCampo("desde", MSG.tableroDesdeFuturo);
  if (Date.parse(hasta) - Date.parse(desde) > TABLERO_MAX_DIAS * 86_400_000) {
    throw ValidacionCampo("desde", MSG.tableroPeriodoLargo);
  }
  return { desde, hasta };
}

export async function obtenerTablero(
  db: Db,
  sesion: SesionUsuario,
  consulta: ConsultaTablero,
  contexto: { ahora: Date; diasAviso: number },
): Promise<Tablero> {
  // Workload of the comptroller's teams: an institution's user never sees it, whatever its profile.
  if (sesion.externo) throw NoAutorizado();
  const hoy = fechaLocal(contexto.ahora);
  const { desde, hasta } = periodo(consulta, hoy);
  const idInstitucion = consulta.idInstitucion ?? null;
  const { totales, esperas, semanas, instituciones, porVencer } = await repo.cifras(db, {
    ahora: contexto.ahora,
    hoy,
    desde,
    hasta,
    idInstitucion,
    hastaPorVencer: sumarDias(hoy, contexto.diasAviso),
    limitePorVencer: LIMITE_POR_VENCER,
  });

  const porEtapa = ETAPAS.map(() => 0);
  for (const t of totales) {
    const etapa = CODIGOS_ESTATUS.includes(t.estatus as never) ? etapaTablero(t.estatus) : null;
    if (etapa !== null) porEtapa[etapa] += t.n;
  }
  const esperaDe = new Map(esperas.map((e) => [e.etapa, e]));

  const movimientos = new Map(semanas.map((s) => [`${s.semana}|${s.etapa}`, s]));
  const listaSemanas: SemanaTablero[] = [];
  for (let semana = desde; semana <= hasta; semana = sumarDias(semana, 7)) {
    listaSemanas.push({
      semana,
      etapas: ETAPAS.map((etapa, i) => {
        const m = movimientos.get(`${semana}|${i}`);
        return { etapa, entradas: m?.entradas ?? 0, salidas: m?.salidas ?? 0 };
      }),
    });
  }

  return {
    desde,
    hasta,
    hoy,
    idInstitucion,
    etapas: ETAPAS.map((etapa, i) => {
      const e = esperaDe.get(i);
      return {
        etapa,
        solicitudes: porEtapa[i],
        espera: e
          ? {
              solicitudes: e.n,
              medianaDias: dias(e.mediana),
              maximoDias: dias(e.maximo),
              idSolicitudMasAntigua: e.idSolicitud,
              desde: e.desde,
            }
          : null,
      };
    }),
    semanas: listaSemanas,
    instituciones,
    porVencer: { dias: contexto.diasAviso, total: porVencer.total, funcionarios: porVencer.lista },
  };
}
