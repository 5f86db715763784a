/** The tabs the comptroller detail screens combine, each built on a shared request component. */
import { type CambiosSolicitud, ESTATUS, type Funcionario, type Solicitud } from "@registro/contracts";
import type { ReactNode } from "react";
import { CambiosTab } from "../../../components/solicitud/CambiosTab";
import { DocumentosTab } from "../../../components/solicitud/DocumentosTab";
import { FuncionariosTab } from "../../../components/solicitud/FuncionariosTab";
import { HistoricoTab } from "../../../components/solicitud/HistoricoTab";
import { InactivaTab } from "../../../components/solicitud/InactivaTab";
import { ObservacionesTab } from "../../../components/solicitud/ObservacionesTab";
import type { Pestana } from "./DetalleSolicitud";

export const pestanaComentario = (s: Solicitud): Pestana => ({
  titulo: "Comentario",
  contenido: <p className="rf-texto-libre">{s.comentario || "Sin comentario."}</p>,
});

export const pestanaDocumentos = (s: Solicitud): Pestana => ({
  titulo: "Documentos",
  contenido: <DocumentosTab idSolicitud={s.idSolicitud} />,
});

export const pestanaFuncionarios = (
  s: Solicitud,
  opciones: { mostrarEstatus?: boolean; mostrarVigencia?: boolean; accionExtra?: (f: Funcionario) => ReactNode } = {},
): Pestana => ({
  titulo: "Funcionarios",
  contenido: <FuncionariosTab idSolicitud={s.idSolicitud} {...opciones} />,
});

export const pestanaHistorico = (s: Solicitud): Pestana => ({
  titulo: "Historial de estatus",
  contenido: <HistoricoTab idSolicitud={s.idSolicitud} />,
});

/** What the institution changed since the latest return: only for a request that was returned. */
export const pestanaCambios = (cambios: CambiosSolicitud | undefined): Pestana | false =>
  !!cambios?.fechaRetorno && { titulo: "Cambios", contenido: <CambiosTab cambios={cambios} /> };

export const pestanaObservaciones = (
  s: Solicitud,
  etiquetaComentario: "Justificación" | "Comentario" = "Comentario",
): Pestana => ({
  titulo: "Observaciones",
  contenido: <ObservacionesTab idSolicitud={s.idSolicitud} etiquetaComentario={etiquetaComentario} />,
});

export const pestanaInactiva = (s: Solicitud): Pestana => ({
  titulo: "Inactiva",
  contenido: <InactivaTab solicitud={s} />,
});

/** Returned or rejected to the institution: the Observaciones tab with the comment (SPEC.md §4). */
export const esDevueltaAlOriginador = (s: Solicitud) =>
  s.estatusSolitud === ESTATUS.RECHAZADO_JURIDICO || s.estatusSolitud === ESTATUS.RETORNADO_ANALISTA;

/** Deactivation requested or done: the Inactiva tab. */
export const esInactiva = (s: Solicitud) =>
  s.estatusSolitud === ESTATUS.SOLICITUD_INACTIVAR || s.estatusSolitud === ESTATUS.INACTIVADO;

/** Drops the tabs a status does not show. */
export function pestanasSi(...lista: (Pestana | false)[]): Pestana[] {
  return lista.filter((p): p is Pestana => p !== false);
}
