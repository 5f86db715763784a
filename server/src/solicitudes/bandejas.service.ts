/**
 * Every inbox of DESIGN.md §3–4: which statuses each lists, whose institution it is scoped to, the
 * sortable fields, and how the global search reads the words typed (accent- and case-insensitive,
 * over the institution, the incumbent and the officials, and the status text the inbox shows).
 */

import {
  type BandejaItem,
  CATALOGO_ESTATUS,
  CODIGOS_ESTATUS,
  type ConsultaBandeja,
  ESTATUS_BANDEJA,
  ID_MAX,
  infoEstatusExterno,
  MSG,
  type PaginaBandeja,
  TEXTO_ACTIVA,
  TEXTO_PENDIENTE,
  TEXTO_REVISION,
  TOPE_TOTAL_BUSQUEDA,
  textoEstatus,
} from "@registro/contracts";
import type { Db } from "../db/client.js";
import { institucionDeAlcance } from "../llamante/alcance.js";
import type { SesionUsuario } from "../llamante/sesion.js";
import { ValidacionCampo } from "../shared/errors.js";
import { inicioDiaLocal, sumarDias } from "../shared/tiempo.js";
import * as repo from "./bandeja/bandeja.repository.js";
import type {
  CampoOrden,
  CoincidenciaEstatus,
  FiltroBandeja,
  OrdenBandeja,
  TerminoBusqueda,
} from "./bandeja/filtro.js";
import { normalizarTexto } from "./bandeja/filtro.js";
import { aTotal, type Hechos, planear } from "./bandeja/planificador.js";
import { aBandejaItem as aItem } from "./bandejas.mapper.js";

export type Bandeja = "originador" | "analista" | "juridico" | "historico" | "administrador" | "consultor";

/** A text an inbox shows instead of the server's `estatus` (SPEC.md screens 13–18). */
interface TextoMostrado {
  texto: string;
  codigos: readonly number[];
  /** Pendiente/Revisión depend on whether someone holds the request. */
  asignado?: boolean;
}

interface DefinicionBandeja {
  /** Listed statuses; undefined lists them all. */
  estatus?: readonly number[];
  decididoJuridico?: boolean;
  /** Only the signed-in user's own institution (the originator's inbox). */
  propiaInstitucion?: boolean;
  textos: readonly TextoMostrado[];
}

// SPEC.md screen 18: the institution need not see that the administrator sent it back to legal.
const TEXTO_EN_REVISION_LEGAL = "En revisión legal";

const porAsignacion = (codigos: readonly number[]): TextoMostrado[] => [
  { texto: TEXTO_PENDIENTE, codigos, asignado: false },
  { texto: TEXTO_REVISION, codigos, asignado: true },
];

const BANDEJAS: Record<Bandeja, DefinicionBandeja> = {
  originador: {
    propiaInstitucion: true,
    textos: [{ texto: TEXTO_EN_REVISION_LEGAL, codigos: [103] }],
  },
  analista: { estatus: ESTATUS_BANDEJA.analista, textos: porAsignacion(ESTATUS_BANDEJA.analista) },
  juridico: { estatus: ESTATUS_BANDEJA.juridico, textos: porAsignacion(ESTATUS_BANDEJA.juridico) },
  historico: { decididoJuridico: true, textos: [{ texto: TEXTO_ACTIVA, codigos: [106] }] },
  administrador: {
    estatus: ESTATUS_BANDEJA.administrador,
    textos: [
      { texto: TEXTO_PENDIENTE, codigos: [105] },
      { texto: TEXTO_ACTIVA, codigos: [106] },
    ],
  },
  consultor: { estatus: ESTATUS_BANDEJA.consultor, textos: [{ texto: TEXTO_ACTIVA, codigos: [106] }] },
};

/** From this share of all requests on, an inbox's statuses count as frequent (`estatusFrecuentes`). */
const PARTE_FRECUENTE = 0.25;
/** How long the share of each status is reused: a hint for the query's shape, never its result. */
const VIGENCIA_REPARTO_MS = 60_000;
const repartos = new WeakMap<Db, { hasta: number; porEstatus: Promise<Map<number, number>> }>();

/** True when these statuses hold at least PARTE_FRECUENTE of the requests (counters read once a minute). */
async function sonFrecuentes(db: Db, codigos: readonly number[] | undefined): Promise<boolean> {
  if (!codigos) return false;
  let r = repartos.get(db);
  if (!r || r.hasta < performance.now()) {
    r = { hasta: performance.now() + VIGENCIA_REPARTO_MS, porEstatus: repo.repartoPorEstatus(db) };
    repartos.set(db, r);
    r.porEstatus.catch(() => repartos.delete(db));
  }
  const porEstatus = await r.porEstatus;
  let total = 0;
  for (const n of porEstatus.values()) total += n;
  const estos = codigos.reduce((a, c) => a + (porEstatus.get(c) ?? 0), 0);
  return total > 0 && estos >= total * PARTE_FRECUENTE;
}

/** Accepted `sortField` values: SPEC.md's field names and the DataTable's column paths. */
const CAMPOS_ORDEN = new Map<string, CampoOrden>([
  ["fechaSolicitud", "fechaSolicitud"],
  ["estatus", "estatus"],
  ["estatusSolitud", "estatus"],
  ["institucion", "institucion"],
  ["infoInstitucion.nombre", "institucion"],
  ["cedula", "cedula"],
  ["infoIncumbente.cedula", "cedula"],
  ["nombres", "nombres"],
  ["infoIncumbente.nombres", "nombres"],
  ["cantFuncionarios", "cantFuncionarios"],
  ["idSolicitud", "idSolicitud"],
  ["id", "idSolicitud"],
  ["diasEspera", "diasEspera"],
]);

/** At most this many words of a search are used; more only slow the query. */
const MAX_PALABRAS = 8;

export type RespuestaBandeja = BandejaItem[] | PaginaBandeja;

/**
 * Today in the country; EXPIRY_NOTICE_DAYS, for the "Por vencer / Vencidas" filter; and
 * WAIT_ALERT_DAYS, the days of waiting in a stage from which a request is highlighted.
 */
export interface Vigencia {
  hoy: string;
  diasAviso: number;
  diasAlertaEspera?: number;
}

/** WAIT_ALERT_DAYS unless the caller gives it. */
const DIAS_ALERTA_ESPERA = 5;

/**
 * Runs the planner's steps (`bandeja/planificador.ts`) until it gives the page: the search's guide
 * words, the total when the page depends on it, then the rows (and the total beside them, or on
 * them). Every decision is the planner's; this only reads what it asks for.
 */
export async function listarBandeja(
  db: Db,
  sesion: SesionUsuario,
  bandeja: Bandeja,
  consulta: ConsultaBandeja,
  // Today and EXPIRY_NOTICE_DAYS, for the "Por vencer / Vencidas" filter.
  vigencia: Vigencia,
  // Where a search's total stops being counted (SEARCH_COUNT_CAP).
  tope: number = TOPE_TOTAL_BUSQUEDA,
): Promise<RespuestaBandeja> {
  const { filtro, orden, aBandejaItem, vocabularios } = await prepararBandeja(db, sesion, bandeja, consulta, vigencia);
  const pagina = consulta.page === undefined ? null : { offset: consulta.page * consulta.rows, limit: consulta.rows };
  // A keyset page (issue 40): in date order, the rows after the request the paginator names.
  const despues =
    pagina && consulta.despuesDe !== undefined && orden.campo === "fechaSolicitud"
      ? ((await repo.cursorDe(db, filtro, consulta.despuesDe)) ?? undefined)
      : undefined;
  const hechos: Hechos = {};
  for (;;) {
    const paso = planear({ filtro, orden, pagina, tope, despues }, hechos);
    switch (paso.paso) {
      case "guia":
        hechos.guia = await repo.leerGuia(db, paso.eleccion, vocabularios);
        break;
      case "total":
        hechos.total = aTotal(await repo.contar(db, filtro, paso.conteo), paso.tope);
        break;
      case "vacia":
        return { rows: [], ...paso.total };
      case "leer": {
        const { lectura, total: como } = paso;
        const enOrden = (filas: repo.FilaBandeja[]) => (paso.invertida ? filas.reverse() : filas).map(aBandejaItem);
        if (como === null) return enOrden(await repo.leer(db, lectura));
        if (como.como === "enLasFilas") {
          const { filas, total } = await repo.leerConTotal(db, lectura, como.nombrada);
          return { rows: enOrden(filas), totalRecords: total };
        }
        if (como.como === "sabido") return { rows: enOrden(await repo.leer(db, lectura)), ...como.total };
        const [filas, n] = await Promise.all([repo.leer(db, lectura), repo.contar(db, filtro, como.conteo)]);
        return { rows: enOrden(filas), ...aTotal(n, como.tope) };
      }
    }
  }
}

/**
 * What a list call and its export share: the inbox's filters and order from the query,
 * the row mapper, and the status text the inbox's screen shows for a row (Pendiente/Revisión…).
 */
export async function prepararBandeja(
  db: Db,
  sesion: SesionUsuario,
  bandeja: Bandeja,
  consulta: ConsultaBandeja,
  // Avisos: today and EXPIRY_NOTICE_DAYS, for the "Por vencer / Vencidas" filter.
  vigencia: Vigencia,
) {
  const def = BANDEJAS[bandeja];
  const diasAlertaEspera = vigencia.diasAlertaEspera ?? DIAS_ALERTA_ESPERA;
  const campo = CAMPOS_ORDEN.get(consulta.sortField ?? "fechaSolicitud");
  if (!campo) throw ValidacionCampo("sortField", MSG.ordenInvalido);
  const { terminos, vocabularios } = await terminosBusqueda(db, consulta.q, def, sesion.externo);
  const filtro: FiltroBandeja = {
    estatus: def.estatus,
    decididoJuridico: def.decididoJuridico,
    // An internal user has no institution, so an originator view alone shows it nothing.
    idInstitucionAlcance: def.propiaInstitucion ? (sesion.idInstitucion ?? -1) : institucionDeAlcance(sesion),
    institucion: consulta.institucion,
    estatusFiltro: consulta.estatus,
    busqueda: terminos,
    // Every inbox finds a request by one of its officials too (issue 35).
    buscarFuncionarios: true,
    vencimiento:
      consulta.vencimiento === "porVencer"
        ? { desde: vigencia.hoy, hasta: sumarDias(vigencia.hoy, vigencia.diasAviso) }
        : consulta.vencimiento === "vencidas"
          ? { desde: null, hasta: sumarDias(vigencia.hoy, -1) }
          : undefined,
    asignadoA: consulta.asignadas === "mias" ? sesion.idUsuario : undefined,
    // More days than the setting: entered the stage before that many days ago began in the country.
    enEsperaDesdeAntes:
      consulta.espera === "larga"
        ? inicioDiaLocal(sumarDias(vigencia.hoy, -diasAlertaEspera)).toISOString()
        : undefined,
  };
  filtro.busquedaSinPalabras = Boolean(consulta.q) && filtro.busqueda.length === 0;
  filtro.estatusFrecuentes = await sonFrecuentes(db, def.estatus);
  const orden: OrdenBandeja = { campo, sentido: consulta.sortOrder === 1 ? 1 : -1 };
  const espera = { hoy: vigencia.hoy, diasAlerta: diasAlertaEspera };
  const aBandejaItem = (f: repo.FilaBandeja) => aItem(f, sesion.externo, espera);
  const textoMostrado = (item: BandejaItem) =>
    def.textos.find(
      (t) =>
        t.codigos.includes(item.estatusSolitud) &&
        (t.asignado === undefined || t.asignado === (item.idAsignadoA !== null)),
    )?.texto ?? item.estatus;
  return { filtro, orden, aBandejaItem, textoMostrado, vocabularios };
}

/** True when `palabra` starts one of the words of `texto` ("activa" names "Activa", not "Inactivado"). */
function empiezaPalabra(texto: string, palabra: string): boolean {
  return normalizarTexto(texto)
    .split(/[^a-z0-9]+/)
    .some((w) => w.startsWith(palabra));
}

/**
 * Each word must start a word of the incumbent's names or cédula (with or without dashes) — or of
 * one of the request's officials (`buscarFuncionarios`) —, or appear
 * in the institution's name, or start a word of the status text this inbox shows (the masked one
 * for the institution); a number typed alone may also be the request's number. Words that can only name the incumbent are looked up together, as one
 * text-search query. Each word's institutions and vocabulary (the guide's) come in one statement.
 */
async function terminosBusqueda(
  db: Db,
  q: string | undefined,
  def: DefinicionBandeja,
  externo: boolean,
): Promise<{ terminos: TerminoBusqueda[]; vocabularios: repo.Vocabularios }> {
  if (!q) return { terminos: [], vocabularios: new Map() };
  // Only letters and digits reach the text-search query; anything else separates words.
  const palabras = normalizarTexto(q)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, MAX_PALABRAS);
  const { instituciones: porPalabra, vocabularios } = await repo.leerPalabrasBuscadas(db, [...new Set(palabras)]);
  const terminos = palabras.map((palabra): TerminoBusqueda => {
    const estatus: CoincidenciaEstatus[] = [];
    // The status as the API writes it, or as the screen shows it in correct Spanish.
    const porTextoServidor = CODIGOS_ESTATUS.filter(
      (c) =>
        empiezaPalabra(externo ? infoEstatusExterno(c).estatus : CATALOGO_ESTATUS[c].estatus, palabra) ||
        empiezaPalabra(textoEstatus(c, { externo }), palabra),
    );
    if (porTextoServidor.length > 0) estatus.push({ codigos: porTextoServidor });
    for (const t of def.textos) {
      if (empiezaPalabra(t.texto, palabra)) estatus.push({ codigos: t.codigos, asignado: t.asignado });
    }
    const instituciones = porPalabra.get(palabra) ?? [];
    // A number typed alone is also the request's number ("Solicitud n.º 46"): 46 finds request 46
    // as well as the cédulas with a part starting 46.
    const solicitud = palabras.length === 1 && /^[0-9]{1,10}$/.test(palabra) && Number(palabra) <= ID_MAX;
    return { palabras: [palabra], instituciones, estatus, ...(solicitud ? { solicitud: Number(palabra) } : {}) };
  });
  // Words that can only name a person must all be in the same one (the incumbent, or one official):
  // one index lookup for all.
  const soloPersona = terminos.filter(
    (t) => t.instituciones.length === 0 && t.estatus.length === 0 && t.solicitud === undefined,
  );
  const otros = terminos.filter((t) => !soloPersona.includes(t));
  if (soloPersona.length < 2) return { terminos, vocabularios };
  const persona = { palabras: soloPersona.flatMap((t) => t.palabras), instituciones: [], estatus: [] };
  return { terminos: [persona, ...otros], vocabularios };
}
