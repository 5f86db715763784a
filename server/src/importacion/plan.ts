/**
 * The plan of a run: for every valid row, what applying it would do to the registry as it is —
 * create, update, leave as it is, or refuse — decided by the natural key institution + cédula +
 * kind. Pure: the registry's entries come in as `Existentes`.
 *
 * - An official (Funcionario) is matched first in the institution's imported request (updated there
 *   when it differs), then in the institution's other requests (equal: left as it is; different:
 *   refused, since those belong to the request workflow).
 * - An incumbent is matched the same way; a new one becomes the incumbent of the institution's
 *   imported request (created, or updated when that request had another). One new incumbent per
 *   institution and file.
 */
import { MSG_IMPORTACION, type ResultadoFila } from "@registro/contracts";
import type { RegistroImportado } from "./validacion.js";

export interface FuncionarioExistente {
  idFuncionario: number;
  idSolicitud: number;
  idInstitucion: number;
  cedula: string;
  nombres: string;
  apellidos: string;
  codCargo: number;
  telefono: string;
  firmas: number[];
  firmaRango: boolean;
  montoDesde: string | null;
  montoHasta: string | null;
  firmaVigencia: boolean;
  fechaDesde: string | null;
  fechaHasta: string | null;
  activo: boolean;
  comentario: string;
  /** First period's start and the last period's end, as the country's dates. */
  fechaRegistro: string | null;
  fechaBaja: string | null;
  /** Its periods as "desde|hasta|causa;…" (calendar days), to compare with a row's (`clavePeriodos`). */
  periodos?: string;
}

/** A row's periods in the form `FuncionarioExistente.periodos` has them. */
export const clavePeriodos = (r: RegistroImportado) =>
  (r.periodos ?? []).map((p) => `${p.desde}|${p.hasta ?? ""}|${p.causaFin ?? ""}`).join(";");

export interface IncumbenteExistente {
  idIncumbente: number;
  idSolicitud: number;
  idInstitucion: number;
  cedula: string;
  nombres: string;
  apellidos: string;
  codCargo: number;
  telefono: string;
}

export interface Existentes {
  /** The institution's imported request, if an earlier run created it. */
  importadas: Map<number, number>;
  funcionarios: FuncionarioExistente[];
  incumbentes: IncumbenteExistente[];
}

export interface Decision {
  registro: RegistroImportado;
  resultado: Exclude<ResultadoFila, "rechazada">;
  /** What changes (update), in Spanish column names. */
  cambios: string[];
  /**
   * The matched entry of the imported request (update, unchanged) and that request; an official
   * left as it is in another request has that request's id and no idFuncionario.
   */
  idFuncionario?: number;
  idSolicitud?: number;
  idIncumbente?: number;
}

export interface RechazoPlan {
  registro: RegistroImportado;
  mensaje: string;
}

export interface Plan {
  decisiones: Decision[];
  rechazos: RechazoPlan[];
  /** Per institution (by name when it does not exist yet): the incumbent of a new imported request. */
  incumbenteNuevo: Map<string, RegistroImportado>;
}

/** The existing institutions a set of rows names. */
export const idsInstitucion = (rs: RegistroImportado[]) => [
  ...new Set(rs.map((r) => r.idInstitucion).filter((i): i is number => i !== null)),
];

/** The institution's key in a plan: its id, or its name when the run creates it. */
export const claveInstitucion = (r: { idInstitucion: number | null; institucion: string }) =>
  r.idInstitucion !== null ? `#${r.idInstitucion}` : `+${r.institucion.toLowerCase()}`;

function cambiosFuncionario(r: RegistroImportado, f: FuncionarioExistente, importado: boolean): string[] {
  const c: string[] = [];
  if (r.nombres !== f.nombres) c.push("Nombres");
  if (r.apellidos !== f.apellidos) c.push("Apellidos");
  if (r.idCargo !== f.codCargo) c.push("Cargo");
  if (r.telefono !== "" && r.telefono !== f.telefono) c.push("Teléfono");
  if (r.firmas.join(",") !== [...f.firmas].sort((a, b) => a - b).join(",")) c.push("Firmas");
  if (r.firmaRango !== f.firmaRango || r.montoDesde !== f.montoDesde || r.montoHasta !== f.montoHasta)
    c.push("Monto desde", "Monto hasta");
  if (r.firmaVigencia !== f.firmaVigencia || r.fechaDesde !== f.fechaDesde || r.fechaHasta !== f.fechaHasta)
    c.push("Vigencia desde", "Vigencia hasta");
  if (r.activo !== f.activo) c.push("Estatus");
  if (importado) {
    if (r.fechaRegistro !== f.fechaRegistro) c.push("Fecha de registro");
    if ((r.activo ? null : r.fechaBaja) !== (f.activo ? null : f.fechaBaja)) c.push("Fecha de baja");
    if (r.motivoBaja !== (f.activo ? "" : f.comentario)) c.push("Motivo de baja");
    if (f.periodos !== undefined && clavePeriodos(r) !== f.periodos) c.push("Períodos de autorización");
  }
  return [...new Set(c)];
}

function cambiosIncumbente(r: RegistroImportado, i: IncumbenteExistente): string[] {
  const c: string[] = [];
  if (r.nombres !== i.nombres) c.push("Nombres");
  if (r.apellidos !== i.apellidos) c.push("Apellidos");
  if (r.idCargo !== i.codCargo) c.push("Cargo");
  if (r.telefono !== "" && r.telefono !== i.telefono) c.push("Teléfono");
  return c;
}

/** Entries of the registry by institution + cédula, and each institution's imported incumbent. */
function indices(ex: Existentes) {
  const porClave = <T extends { idInstitucion: number; cedula: string }>(filas: T[]) => {
    const m = new Map<string, T[]>();
    for (const f of filas) {
      const k = `${f.idInstitucion}|${f.cedula}`;
      m.set(k, [...(m.get(k) ?? []), f]);
    }
    return m;
  };
  const incumbenteImportado = new Map<number, IncumbenteExistente>();
  for (const i of ex.incumbentes)
    if (ex.importadas.get(i.idInstitucion) === i.idSolicitud) incumbenteImportado.set(i.idInstitucion, i);
  return { funcPorClave: porClave(ex.funcionarios), incPorClave: porClave(ex.incumbentes), incumbenteImportado };
}

/** What a plan is built into while its rows are decided. */
interface Armado extends Plan {
  ex: Existentes;
  idx: ReturnType<typeof indices>;
  /** Incumbents of the institution's other requests that the file names unchanged: a new request may take one. */
  incumbenteConocido: Map<string, RegistroImportado>;
  filaIncumbenteNuevo: Map<string, number>;
}

function decidirIncumbente(r: RegistroImportado, p: Armado): void {
  const inst = claveInstitucion(r);
  const importada = r.idInstitucion === null ? undefined : p.ex.importadas.get(r.idInstitucion);
  const propio = r.idInstitucion === null ? undefined : p.idx.incumbenteImportado.get(r.idInstitucion);
  if (propio && propio.cedula === r.cedula) {
    const cambios = cambiosIncumbente(r, propio);
    p.decisiones.push({
      registro: r,
      resultado: cambios.length ? "actualizar" : "sinCambios",
      cambios,
      idIncumbente: propio.idIncumbente,
    });
    return;
  }
  const otros = r.idInstitucion === null ? [] : (p.idx.incPorClave.get(`${r.idInstitucion}|${r.cedula}`) ?? []);
  const otro = otros.find((i) => i.idSolicitud !== importada);
  if (otro) {
    if (cambiosIncumbente(r, otro).length === 0) {
      p.decisiones.push({ registro: r, resultado: "sinCambios", cambios: [] });
      if (!p.incumbenteConocido.has(inst)) p.incumbenteConocido.set(inst, r);
    } else p.rechazos.push({ registro: r, mensaje: MSG_IMPORTACION.registradoEnSolicitud(otro.idSolicitud) });
    return;
  }
  const previa = p.filaIncumbenteNuevo.get(inst);
  if (previa !== undefined) {
    p.rechazos.push({ registro: r, mensaje: MSG_IMPORTACION.dosIncumbentes(previa) });
    return;
  }
  p.filaIncumbenteNuevo.set(inst, r.fila);
  p.incumbenteNuevo.set(inst, r);
  p.decisiones.push({
    registro: r,
    resultado: propio ? "actualizar" : "crear",
    cambios: propio ? ["Cédula", ...cambiosIncumbente(r, propio)] : [],
    idIncumbente: propio?.idIncumbente,
  });
}

/** Decides an official's row against the registry; answers false when it is new (decided later). */
function decidirFuncionario(r: RegistroImportado, p: Armado): boolean {
  const importada = r.idInstitucion === null ? undefined : p.ex.importadas.get(r.idInstitucion);
  const candidatos = r.idInstitucion === null ? [] : (p.idx.funcPorClave.get(`${r.idInstitucion}|${r.cedula}`) ?? []);
  const enImportada = candidatos.find((f) => f.idSolicitud === importada);
  if (enImportada) {
    const cambios = cambiosFuncionario(r, enImportada, true);
    p.decisiones.push({
      registro: r,
      resultado: cambios.length ? "actualizar" : "sinCambios",
      cambios,
      idFuncionario: enImportada.idFuncionario,
      idSolicitud: enImportada.idSolicitud,
    });
    return true;
  }
  const otro = [...candidatos].sort((a, b) => b.idFuncionario - a.idFuncionario)[0];
  if (!otro) return false;
  if (cambiosFuncionario(r, otro, false).length === 0)
    p.decisiones.push({ registro: r, resultado: "sinCambios", cambios: [], idSolicitud: otro.idSolicitud });
  else p.rechazos.push({ registro: r, mensaje: MSG_IMPORTACION.registradoEnSolicitud(otro.idSolicitud) });
  return true;
}

/** A new official needs a request: the imported one, or a new one with an incumbent from the file. */
function decidirNuevo(r: RegistroImportado, p: Armado): void {
  const inst = claveInstitucion(r);
  const tiene = (r.idInstitucion !== null && p.ex.importadas.has(r.idInstitucion)) || p.incumbenteNuevo.has(inst);
  if (!tiene) {
    const conocido = p.incumbenteConocido.get(inst);
    if (!conocido) {
      p.rechazos.push({ registro: r, mensaje: MSG_IMPORTACION.sinIncumbente });
      return;
    }
    p.incumbenteNuevo.set(inst, conocido);
  }
  p.decisiones.push({ registro: r, resultado: "crear", cambios: [] });
}

export function planear(registros: RegistroImportado[], ex: Existentes): Plan {
  const p: Armado = {
    decisiones: [],
    rechazos: [],
    incumbenteNuevo: new Map(),
    ex,
    idx: indices(ex),
    incumbenteConocido: new Map(),
    filaIncumbenteNuevo: new Map(),
  };
  // Incumbents first: the officials' rows need to know whether their institution gets a request.
  const orden = [...registros].sort((a, b) => (a.tipo === b.tipo ? a.fila - b.fila : a.tipo === "Incumbente" ? -1 : 1));
  const nuevos: RegistroImportado[] = [];
  for (const r of orden) {
    if (r.tipo === "Incumbente") decidirIncumbente(r, p);
    else if (!decidirFuncionario(r, p)) nuevos.push(r);
  }
  for (const r of nuevos) decidirNuevo(r, p);
  p.decisiones.sort((a, b) => a.registro.fila - b.registro.fila);
  return { decisiones: p.decisiones, rechazos: p.rechazos, incumbenteNuevo: p.incumbenteNuevo };
}
