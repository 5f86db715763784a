/**
 * Rows → the response shapes of SPEC.md §3 (contracts/src/schemas/solicitudes.ts): Solicitud,
 * Funcionario, signature groups, Adjunto, history entry and Rechazo. No route returns a row.
 */

import {
  type Adjunto,
  autorizadaSegunEstado,
  ESTATUS_INTERNOS,
  estadoFirma,
  type Funcionario,
  type GrupoFirmasFuncionario,
  type HistoricoEntrada,
  infoEstatus,
  infoEstatusExterno,
  NOMBRE_ESTATUS_FUNCIONARIO,
  type PeriodoFirma,
  type Rechazo,
  type Solicitud,
} from "@registro/contracts";
import type { funcionarios } from "../db/schema.js";
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

export function mapFuncionario(
  f: FuncionarioFila,
  idRow: number,
  firmas: FirmaFila[],
  contexto: {
    idIncumbente: number;
    idInstitucion: number;
    estatusSolicitud: number;
    hoy: string;
    diasAviso?: number;
    /** Authorisation periods by official, as calendar days (verificacion/periodos.ts). */
    periodos: ReadonlyMap<number, readonly PeriodoFirma[]>;
  },
): Funcionario {
  // Its standing today, from the one function every place uses (DESIGN.md §4: computed when read).
  const estado = estadoFirma(
    { ...f, estatusSolicitud: contexto.estatusSolicitud, periodos: contexto.periodos.get(f.idFuncionario) ?? [] },
    contexto.hoy,
    contexto.diasAviso ?? 30,
  );
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
    enVigor: autorizadaSegunEstado(estado.estado),
    vencida: estado.estado === "vencida",
    porVencer: estado.estado === "porVencer",
    estadoFirma: estado.estado,
    estadoTexto: estado.texto,
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
