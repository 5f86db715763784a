/**
 * Rows → the response shapes of SPEC.md §3 (contracts/src/schemas/solicitudes.ts): Solicitud,
 * Funcionario, signature groups, Adjunto, history entry and Rechazo. No route returns a row.
 */

import {
  type Adjunto,
  ESTATUS,
  ESTATUS_FUNCIONARIO,
  ESTATUS_INTERNOS,
  type Funcionario,
  type GrupoFirmasFuncionario,
  type HistoricoEntrada,
  infoEstatus,
  infoEstatusExterno,
  NOMBRE_ESTATUS_FUNCIONARIO,
  type Rechazo,
  type Solicitud,
} from "@registro/contracts";
import type { funcionarios } from "../db/schema.js";
import { sumarDias } from "../shared/tiempo.js";
import type { HistorialFila, RechazoFila, SolicitudDetalleFila } from "./lectura.repository.js";

/**
 * `externo`: the reader is the institution, which sees its own steps only (DESIGN.md §4): internal
 * returns read as the review they went back to, and reviewers stay unnamed.
 */
export function mapSolicitud(r: SolicitudDetalleFila, externo = false): Solicitud {
  const s = r.solicitud;
  const e = externo ? infoEstatusExterno(s.estatus) : infoEstatus(s.estatus);
  return {
    idSolicitud: s.idSolicitud,
    estatusSolitud: s.estatus,
    estatus: e.estatus,
    colorEstatus: e.color,
    fechaSolicitud: s.fechaSolicitud.toISOString(),
    comentario: s.comentario,
    cantFuncionarios: Number(r.cantFuncionarios),
    asignadoA: externo ? null : r.asignadoNombre,
    idAsignadoA: externo ? null : s.asignadoA,
    infoInstitucion: {
      idInstitucionFirma: s.idInstitucion,
      nombre: r.institucion.nombre,
      estructura: r.institucion.estructura,
      direccion: s.instDireccion,
      telefono: s.instTelefono,
      ext: s.instExt,
      telefono2: s.instTelefono2,
      ext2: s.instExt2,
    },
    infoIncumbente: {
      idIncumbente: r.incumbente.idIncumbente,
      cedula: r.incumbente.cedula,
      nombres: r.incumbente.nombres,
      apellidos: r.incumbente.apellidos,
      codCargo: r.incumbente.codCargo,
      cargoNombreI: r.cargoNombre,
      telefono: r.incumbente.telefono,
      idInstitucion: r.incumbente.idInstitucion,
      ifirmaDigital: r.incumbente.firmaDigital,
    },
    justificacion: s.justificacionInactivacion,
    idEvidencia: r.idEvidencia === null ? null : Number(r.idEvidencia),
  };
}

export interface FirmaFila {
  idFuncionario: number;
  idAutFirma: number;
  idFirma: number;
  firma: string;
  idTipoFirma: number;
  tipoNombre: string;
}

type FuncionarioFila = typeof funcionarios.$inferSelect & { cargoNombre: string };

/**
 * In force (DESIGN.md §4): Activo, the request not deactivated (201), and permanent or `hoy` within
 * its dates. Computed at read time: nothing runs on a timer.
 */
export function vigencia(
  f: Pick<FuncionarioFila, "idEstatus" | "firmaVigencia" | "fechaDesde" | "fechaHasta">,
  estatusSolicitud: number,
  hoy: string,
  // Avisos: "Por vencer" from this many days before the end date (EXPIRY_NOTICE_DAYS).
  diasAviso = 30,
): { enVigor: boolean; vencida: boolean; porVencer: boolean } {
  const vencida = f.firmaVigencia && f.fechaHasta !== null && f.fechaHasta < hoy;
  const dentro =
    !f.firmaVigencia ||
    ((f.fechaDesde === null || f.fechaDesde <= hoy) && (f.fechaHasta === null || hoy <= f.fechaHasta));
  const enVigor = f.idEstatus === ESTATUS_FUNCIONARIO.ACTIVO && estatusSolicitud !== ESTATUS.INACTIVADO && dentro;
  const porVencer = enVigor && f.firmaVigencia && f.fechaHasta !== null && f.fechaHasta <= sumarDias(hoy, diasAviso);
  return { enVigor, vencida, porVencer };
}

export function mapFuncionario(
  f: FuncionarioFila,
  idRow: number,
  firmas: FirmaFila[],
  contexto: { idIncumbente: number; idInstitucion: number; estatusSolicitud: number; hoy: string; diasAviso?: number },
): Funcionario {
  const nombreEstatus = NOMBRE_ESTATUS_FUNCIONARIO[f.idEstatus as keyof typeof NOMBRE_ESTATUS_FUNCIONARIO] ?? "";
  return {
    idFuncionario: f.idFuncionario,
    idSolicitud: f.idSolicitud,
    idIncumbente: contexto.idIncumbente,
    idRow,
    idEstatus: f.idEstatus,
    estatusNombre: nombreEstatus,
    cedula: f.cedula,
    nombres: f.nombres,
    apellidos: f.apellidos,
    codCargo: f.codCargo,
    cargoNombre: f.cargoNombre,
    telefono: f.telefono,
    idInstitucionFirma: contexto.idInstitucion,
    comentario: f.comentario,
    ffirmaDigital: f.firmaDigital,
    firmaVigencia: f.firmaVigencia,
    firmaRango: f.firmaRango,
    montoDesde: f.montoDesde === null ? null : Number(f.montoDesde),
    montoHasta: f.montoHasta === null ? null : Number(f.montoHasta),
    fechaDesde: f.fechaDesde,
    fechaHasta: f.fechaHasta,
    enviado: f.enviado,
    ...vigencia(f, contexto.estatusSolicitud, contexto.hoy, contexto.diasAviso),
    inactivacionSolicitada: f.inactivacionSolicitada,
    firmas: firmas.map((x) => ({
      idAutFirma: x.idAutFirma,
      idFirma: x.idFirma,
      firma: x.firma,
      idTipoFirma: x.idTipoFirma,
      nombre: x.tipoNombre,
    })),
  };
}

/** An official's signatures grouped by signature type, in catalogue order. */
export function mapGruposFirmas(firmas: FirmaFila[]): GrupoFirmasFuncionario[] {
  const grupos = new Map<number, GrupoFirmasFuncionario>();
  for (const x of [...firmas].sort((a, b) => a.idTipoFirma - b.idTipoFirma || a.idFirma - b.idFirma)) {
    const g = grupos.get(x.idTipoFirma) ?? { idTipoFirma: x.idTipoFirma, nombre: x.tipoNombre, firmas: [] };
    g.firmas.push({ idAutFirma: x.idAutFirma, idFirma: x.idFirma, firma: x.firma });
    grupos.set(x.idTipoFirma, g);
  }
  return [...grupos.values()];
}

export function mapAdjunto(a: {
  idAdjunto: number;
  nombre: string;
  tipoAdjunto: string;
  tamano: number;
  mime: string;
}): Adjunto {
  return {
    id: a.idAdjunto,
    idAdjunto: a.idAdjunto,
    nombre: a.nombre,
    tipoAdjunto: a.tipoAdjunto,
    tamaño: a.tamano,
    icono: a.mime === "application/pdf" ? "pi pi-file-pdf" : "pi pi-image",
    mime: a.mime,
  };
}

/** History as the reader may see it: the institution gets neither internal returns nor reviewers' names. */
export function mapHistorico(filas: HistorialFila[], externo = false): HistoricoEntrada[] {
  return filas
    .filter((h) => !externo || !ESTATUS_INTERNOS.includes(h.estatus))
    .map((h) => ({
      idEstatus: h.estatus,
      estatus: (externo ? infoEstatusExterno(h.estatus) : infoEstatus(h.estatus)).estatus,
      fecha: h.fecha.toISOString(),
      motivoCambioEstatus: h.motivoCambioEstatus,
      usuario: externo && !h.usuarioExterno ? null : h.usuario,
      motivos: h.motivos,
    }));
}

export function mapRechazo(r: RechazoFila): Rechazo {
  return { id: r.idMotivo, nombre: r.nombre, descripcion: r.descripcion, motivoCambioEstatus: r.comentario };
}
