/**
 * Exports of the lists: every inbox, the legal history, the tracking list and the
 * consultant's registry of active officials, as CSV or Excel, with exactly the rows the list's
 * search, filters and sort select (all pages). The inboxes' rows come from the inbox's own query
 * (`prepararBandeja`, and `consultaLoteBandeja` in keyset batches in the list's order, read as rows of
 * texts); scope as for the list.
 *
 * Longer than 300 lines: one short export per list over the same writer, kept side by side so that
 * their columns read alike.
 */

import type { Readable } from "node:stream";
import {
  type BandejaItem,
  type ConsultaBandeja,
  estadoFirma,
  type FilasConfiguracion,
  filaCargo,
  filaUsuario,
  LISTAS_CONFIGURACION,
  type ListaConfiguracion,
  type PeriodoFirma,
  type SeleccionLista,
  seleccionarFilas,
  textoDeFechaIso,
  textoEstatus,
} from "@registro/contracts";
import { listarCargos } from "../configuracion/cargos.service.js";
import { listarInstituciones } from "../configuracion/instituciones.service.js";
import { listarPerfiles } from "../configuracion/perfiles.service.js";
import { listarUsuarios } from "../configuracion/usuarios.service.js";
import type { Db } from "../db/client.js";
import { porLotes, porLotesTexto } from "../db/lotes.js";
import { institucionDeAlcance } from "../llamante/alcance.js";
import type { SesionUsuario } from "../llamante/sesion.js";
import { diaEnUtc, diasHasta, fechaLocal } from "../shared/tiempo.js";
import type { FilaBandeja } from "../solicitudes/bandeja/bandeja.repository.js";
import { consultaLoteBandeja, LOTE_EXPORTACION, tramosBandeja } from "../solicitudes/bandeja/lotes.js";
import { type Bandeja, prepararBandeja, type Vigencia } from "../solicitudes/bandejas.service.js";
import { consultaRegistro } from "./exportar.repository.js";
import { type Columna, exportar, type Formato } from "./formatos.js";

export interface Archivo {
  nombre: string;
  formato: Formato;
  contenido: Readable;
}

/** An exportable inbox: which server inbox it reads, and how its screen shows it. */
export interface ListaBandeja {
  bandeja: Bandeja;
  archivo: string;
  /** The screen numbers its rows ('#', their position in the list). */
  numerar?: boolean;
  /** The screen's first column is the request's number ('No.'). */
  numeroSolicitud?: boolean;
  /** The screen shows the institution column (not the originator's own inbox). */
  institucion?: boolean;
  /** The screen shows the server's status text, not the inbox's own (the tracking list). */
  estatusServidor?: boolean;
  /** The screen's last column is the days waiting in the current stage (the reviewers' inboxes). */
  espera?: boolean;
}

export async function exportarBandeja(
  db: Db,
  sesion: SesionUsuario,
  lista: ListaBandeja,
  consulta: ConsultaBandeja,
  formato: Formato,
  vigencia: Vigencia,
): Promise<Archivo> {
  const { filtro, orden, aBandejaItem, textoMostrado } = await prepararBandeja(
    db,
    sesion,
    lista.bandeja,
    consulta,
    vigencia,
  );
  // The status as the screen reads it: the inbox's own texts (Pendiente, En revisión, Activa…),
  // otherwise the status in correct Spanish (DESIGN.md §8; the API keeps its original texts).
  const estatus = (item: BandejaItem) => {
    const propio = lista.estatusServidor ? undefined : textoMostrado(item);
    return propio !== undefined && propio !== item.estatus
      ? propio
      : textoEstatus(item.estatusSolitud, { externo: sesion.externo });
  };
  // Rows are read as arrays of texts (`porLotesTexto`): no object, Date or number per row but the
  // cells written. The status text depends on the code and whether someone is assigned: it is
  // worked out once per pair through the inbox's own item (`aBandejaItem`), as the screen does.
  const textos = new Map<number, string>();
  const estatusDe = (codigo: number, asignado: boolean) => {
    const clave = codigo * 2 + (asignado ? 1 : 0);
    let texto = textos.get(clave);
    if (texto === undefined) {
      texto = estatus(aBandejaItem({ ...FILA_VACIA, estatus: codigo, idAsignadoA: asignado ? 1 : null }));
      textos.set(clave, texto);
    }
    return texto;
  };
  const dias = diasHasta(vigencia.hoy);
  // Each value's position in the row, by the batch query's column names (consultaLoteBandeja).
  const i: Record<keyof FilaBandeja, number> = {
    idSolicitud: -1,
    estatus: -1,
    fechaSolicitud: -1,
    idAsignadoA: -1,
    asignadoNombre: -1,
    idInstitucion: -1,
    institucion: -1,
    cedula: -1,
    nombres: -1,
    apellidos: -1,
    cantFuncionarios: -1,
    entradaEtapa: -1,
  };
  type Fila = (string | null)[];
  const texto = (f: Fila, campo: keyof FilaBandeja) => f[i[campo]] ?? "";
  const columnas: Columna<Fila>[] = [
    ...(lista.numerar ? [{ titulo: "#", valor: (_: Fila, n: number) => n }] : []),
    ...(lista.numeroSolicitud ? [{ titulo: "N.º", valor: (f: Fila) => Number(f[i.idSolicitud]) }] : []),
    ...(lista.institucion === false ? [] : [{ titulo: "Institución", valor: (f: Fila) => texto(f, "institucion") }]),
    { titulo: "Cédula Incumbente", valor: (f) => texto(f, "cedula") },
    { titulo: "Nombre Incumbente", valor: (f) => `${texto(f, "nombres")} ${texto(f, "apellidos")}`.trim() },
    { titulo: "Cant. Funcionarios", valor: (f) => Number(f[i.cantFuncionarios]) },
    { titulo: "Estatus", valor: (f) => estatusDe(Number(f[i.estatus]), f[i.idAsignadoA] !== null) },
    { titulo: "Fecha", valor: (f) => new Date(texto(f, "fechaSolicitud")), formato: "fechaHora" },
    ...(lista.espera
      ? [
          {
            titulo: "Días en espera",
            valor: (f: Fila) => {
              const entrada = f[i.entradaEtapa];
              return sesion.externo || entrada === null ? "" : dias(new Date(entrada));
            },
          },
        ]
      : []),
  ];
  // 2,000 rows a statement (LOTE_EXPORTACION): 5,000 took as long and held 30–50 MB more (docs/benchmarks).
  const tramos = await tramosBandeja(db, filtro, orden);
  async function* filas() {
    for await (const lote of porLotesTexto(
      db,
      tramos,
      (t, d, l) => consultaLoteBandeja(filtro, t, d, l),
      LOTE_EXPORTACION,
    )) {
      for (const c of Object.keys(i) as (keyof FilaBandeja)[]) i[c] = lote.campos.indexOf(c);
      yield lote.filas;
    }
  }
  return {
    nombre: `${lista.archivo}-${vigencia.hoy}.${formato}`,
    formato,
    contenido: exportar(formato, "Solicitudes", columnas, filas()),
  };
}

/** An inbox row with nothing but what decides its status text (`estatusDe`). */
const FILA_VACIA: FilaBandeja = {
  idSolicitud: 0,
  estatus: 0,
  fechaSolicitud: new Date(0),
  idAsignadoA: null,
  asignadoNombre: null,
  idInstitucion: 0,
  institucion: "",
  cedula: "",
  nombres: "",
  apellidos: "",
  cantFuncionarios: 0,
  entradaEtapa: null,
};

interface FilaRegistro {
  institucion: string;
  /** 0: the incumbent of a request with active officials; 1: an active official. */
  orden: number;
  cedula: string;
  nombres: string;
  apellidos: string;
  cargo: string;
  telefono: string;
  firmas: string | null;
  firmaRango: boolean;
  montoDesde: string | null;
  montoHasta: string | null;
  firmaVigencia: boolean;
  fechaDesde: string | null;
  fechaHasta: string | null;
  titular: string;
  idEstatus: number;
  estatusSolicitud: number;
  /** The first day it was authorised (the request's date for an incumbent), in the country. */
  registro: Date | string;
  /** The official's authorisation periods, oldest first, as instants in ms (null for an incumbent). */
  periodos: { desde: number | string; hasta: number | string | null; causa: string | null }[] | null;
  /** The official's comment, and whether its request is an imported one (the comment is then the end reason). */
  comentario: string;
  importada: boolean;
}

/** Texts of the registry's cells where the screens show them instead of a blank. */
export const SIN_LIMITE = "Sin límite";
export const PERMANENTE = "Permanente";

/** An official's periods as calendar days in the country. */
function periodosFila(f: FilaRegistro): PeriodoFirma[] {
  return (f.periodos ?? []).map((p) => ({
    desde: fechaLocal(new Date(Number(p.desde))),
    hasta: p.hasta === null ? null : fechaLocal(new Date(Number(p.hasta))),
    causaFin: p.causa === "solicitud" ? "solicitud" : p.causa === "funcionario" ? "funcionario" : null,
  }));
}

/** Texts of an ended period's cause ("Causa de baja"), as the import reads them back. */
export const CAUSA_BAJA = { solicitud: "Solicitud inactivada", funcionario: "Funcionario inactivado" } as const;

/** A period as the "Períodos de autorización" column writes it: "dd/mm/aaaa - dd/mm/aaaa (causa)", open: "dd/mm/aaaa -". */
export function textoPeriodo(p: PeriodoFirma): string {
  if (p.hasta === null) return `${textoDeFechaIso(p.desde)} -`;
  const causa = p.causaFin ? ` (${CAUSA_BAJA[p.causaFin]})` : "";
  return `${textoDeFechaIso(p.desde)} - ${textoDeFechaIso(p.hasta)}${causa}`;
}

/**
 * The registry itself (the consultant's export): one row per active official with institution,
 * position, signatures, amount range and validity, and one per incumbent of the requests holding
 * them (Tipo "Incumbente", first in its institution), by institution and name. The last columns
 * (Tipo, Teléfono, Fecha de registro) are what "Importar registro" needs besides, so an export
 * imports back as it was. `hoy` (today in the country) dates the file name.
 */
export function exportarRegistro(
  sesion: SesionUsuario,
  db: Db,
  formato: Formato,
  { hoy, diasAviso }: { hoy: string; diasAviso: number },
): Archivo {
  const alcance = institucionDeAlcance(sesion);
  const { tramo, consulta } = consultaRegistro(alcance);
  const incumbente = (f: FilaRegistro) => f.orden === 0;
  // A row's periods are read by several of its cells, one after the other: worked out once a row.
  let filaPeriodos: FilaRegistro | undefined;
  let periodos: PeriodoFirma[] = [];
  const periodosDe = (f: FilaRegistro) => {
    if (f !== filaPeriodos) {
      filaPeriodos = f;
      periodos = periodosFila(f);
    }
    return periodos;
  };
  const abierto = (f: FilaRegistro) => periodosDe(f).some((p) => p.hasta === null);
  /** The ended last period of an official no longer authorised. */
  const fin = (f: FilaRegistro) => (incumbente(f) || abierto(f) ? undefined : periodosDe(f).at(-1));
  const causaBaja = (f: FilaRegistro) => {
    const causa = fin(f)?.causaFin;
    return causa ? CAUSA_BAJA[causa] : "";
  };
  // An imported official keeps the end reason its file gave (its comment); others, the cause's text.
  const motivoBaja = (f: FilaRegistro) =>
    fin(f) === undefined
      ? ""
      : f.importada && f.comentario !== ""
        ? f.comentario
        : causaBaja(f) || CAUSA_BAJA.funcionario;
  const monto = (f: FilaRegistro, m: string | null) =>
    incumbente(f) ? null : !f.firmaRango ? SIN_LIMITE : m === null ? null : Number(m);
  const dia = (f: FilaRegistro, d: string | null) =>
    incumbente(f) ? null : !f.firmaVigencia ? PERMANENTE : d === null ? null : diaEnUtc(d);
  const columnas: Columna<FilaRegistro>[] = [
    { titulo: "Institución", valor: (f) => f.institucion },
    { titulo: "Incumbente", valor: (f) => f.titular },
    { titulo: "Cédula", valor: (f) => f.cedula },
    { titulo: "Nombres", valor: (f) => f.nombres },
    { titulo: "Apellidos", valor: (f) => f.apellidos },
    { titulo: "Cargo", valor: (f) => f.cargo },
    { titulo: "Firmas", valor: (f) => f.firmas ?? "" },
    { titulo: "Monto desde", valor: (f) => monto(f, f.montoDesde), formato: "monto" },
    { titulo: "Monto hasta", valor: (f) => monto(f, f.montoHasta), formato: "monto" },
    { titulo: "Vigencia desde", valor: (f) => dia(f, f.fechaDesde), formato: "fecha" },
    { titulo: "Vigencia hasta", valor: (f) => dia(f, f.fechaHasta), formato: "fecha" },
    // Activo: authorised in the registry today (an open period); Inactivo: its last period ended.
    { titulo: "Estatus", valor: (f) => (incumbente(f) || abierto(f) ? "Activo" : "Inactivo") },
    {
      titulo: "Estado de la firma",
      valor: (f) => (incumbente(f) ? "" : estadoFirma({ ...f, periodos: periodosDe(f) }, hoy, diasAviso).texto),
    },
    { titulo: "Tipo", valor: (f) => (incumbente(f) ? "Incumbente" : "Funcionario") },
    { titulo: "Teléfono", valor: (f) => f.telefono },
    { titulo: "Fecha de registro", valor: (f) => diaEnUtc(fechaLocal(f.registro)), formato: "fecha" },
    { titulo: "Fecha de baja", valor: (f) => (fin(f) ? diaEnUtc(fin(f)?.hasta ?? "") : null), formato: "fecha" },
    { titulo: "Motivo de baja", valor: (f) => motivoBaja(f) },
    { titulo: "Causa de baja", valor: (f) => causaBaja(f) },
    { titulo: "Períodos de autorización", valor: (f) => periodosDe(f).map(textoPeriodo).join("; ") },
  ];
  return {
    nombre: `registro-firmas-${hoy}.${formato}`,
    formato,
    contenido: exportar(formato, "Registro", columnas, porLotes<FilaRegistro>(db, [tramo], consulta, LOTE_EXPORTACION)),
  };
}

const activo = (a: boolean) => (a ? "Activo" : "Inactivo");

/** Per configuration list: its rows as the screen shows them, and the screen's columns. */
const CONFIGURACION: {
  [L in ListaConfiguracion]: {
    archivo: string;
    filas: (db: Db) => Promise<FilasConfiguracion[L][]>;
    columnas: Columna<FilasConfiguracion[L]>[];
  };
} = {
  Usuarios: {
    archivo: "usuarios",
    filas: async (db) => (await listarUsuarios(db)).map(filaUsuario),
    columnas: [
      { titulo: "Usuario", valor: (u) => u.usuario },
      { titulo: "Nombre", valor: (u) => u.nombreCompleto },
      { titulo: "Institución", valor: (u) => u.institucion },
      { titulo: "Perfil", valor: (u) => u.perfil },
      { titulo: "Cédula", valor: (u) => u.cedula },
      { titulo: "Estatus", valor: (u) => `${activo(u.activo)}${u.bloqueado ? " (Bloqueado)" : ""}` },
    ],
  },
  Perfiles: {
    archivo: "perfiles",
    filas: listarPerfiles,
    columnas: [
      { titulo: "#", valor: (p) => p.idPerfil },
      { titulo: "Nombre", valor: (p) => p.nombre },
      { titulo: "Descripción", valor: (p) => p.descripcion },
      { titulo: "Cant. Permisos", valor: (p) => p.cantPermisos },
      { titulo: "Por defecto", valor: (p) => (p.porDefecto ? "Sí" : "No") },
    ],
  },
  Instituciones: {
    archivo: "instituciones",
    filas: listarInstituciones,
    columnas: [
      { titulo: "Institución", valor: (i) => i.nombre },
      { titulo: "Dirección", valor: (i) => i.direccion },
      { titulo: "Cargos asociados", valor: (i) => i.cantCargos },
      { titulo: "Estatus", valor: (i) => activo(i.estatus) },
      { titulo: "Teléfono", valor: (i) => i.telefono },
      { titulo: "Extensión", valor: (i) => i.ext },
    ],
  },
  Cargos: {
    archivo: "cargos",
    filas: async (db) => (await listarCargos(db)).map(filaCargo),
    columnas: [
      { titulo: "Cargo", valor: (c) => c.nombre },
      { titulo: "Descripción", valor: (c) => c.descripcion },
      { titulo: "Estatus", valor: (c) => c.estatusNombre },
      { titulo: "Tipo", valor: (c) => c.tipoNombre },
    ],
  },
};

/**
 * A configuration list's export (users, profiles, institutions, positions): the list's rows as the
 * screen shows them, selected and ordered by the screen's own rule (`seleccionarFilas`). These
 * lists are small and unpaged (the screen holds them whole), so they are read in one batch.
 */
export async function exportarConfiguracion<L extends ListaConfiguracion>(
  db: Db,
  lista: L,
  seleccion: SeleccionLista,
  formato: Formato,
  /** Today in the country: the file name's date. */
  hoy: string,
): Promise<Archivo> {
  const l = CONFIGURACION[lista] as unknown as (typeof CONFIGURACION)["Usuarios"];
  const filas = seleccionarFilas(await l.filas(db), LISTAS_CONFIGURACION[lista].busqueda, seleccion);
  async function* unLote() {
    yield filas;
  }
  return {
    nombre: `${l.archivo}-${hoy}.${formato}`,
    formato,
    contenido: exportar(formato, lista, l.columnas, unLote()),
  };
}
