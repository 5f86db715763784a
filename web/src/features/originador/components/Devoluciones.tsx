/**
 * What a return asks the institution to fix (issue 35): the latest return's reasons and comment at
 * the top of the form where they are fixed (`UltimaDevolucion`, from GetRechazos), and every return
 * or rejection the request has had, newest first (`HistorialDevoluciones`, from Historico), which
 * stays in the request's details after it is sent again.
 */
import { ESTATUS, type HistoricoEntrada } from "@registro/contracts";
import { ProgressSpinner } from "primereact/progressspinner";
import { useHistorico } from "../../../components/solicitud/api/get-historico";
import { useRechazos } from "../../../components/solicitud/api/get-rechazos";
import { formatearFechaHora } from "../../../lib/formato";

/** The returns and rejections the institution sees, newest first. */
export function devolucionesDe(historico: readonly HistoricoEntrada[]): HistoricoEntrada[] {
  return historico
    .filter((h) => h.idEstatus === ESTATUS.RETORNADO_ANALISTA || h.idEstatus === ESTATUS.RECHAZADO_JURIDICO)
    .reverse();
}

export function UltimaDevolucion({ idSolicitud }: { idSolicitud: number }) {
  const rechazos = useRechazos(idSolicitud);
  const lista = rechazos.data ?? [];
  const comentario = lista.find((r) => r.motivoCambioEstatus)?.motivoCambioEstatus ?? "";
  return (
    <section className="rfo-devolucion" aria-labelledby="titulo-devolucion">
      <h2 id="titulo-devolucion">Motivos de la devolución</h2>
      <p>El Analista RyCC le retornó la solicitud. Corrija lo que indican los motivos y envíela de nuevo.</p>
      {rechazos.isLoading ? (
        <ProgressSpinner style={{ width: "2rem", height: "2rem" }} aria-label="Cargando los motivos" />
      ) : (
        <>
          {lista.length > 0 && (
            <ul className="rfo-devolucion-motivos">
              {lista.map((r) => (
                <li key={r.id}>
                  <strong>{r.nombre}</strong> - {r.descripcion}
                </li>
              ))}
            </ul>
          )}
          <h3>Comentario</h3>
          <p className="rf-texto-libre">{comentario || "—"}</p>
        </>
      )}
    </section>
  );
}

export function HistorialDevoluciones({ entradas }: { entradas: readonly HistoricoEntrada[] }) {
  if (entradas.length === 0) return <p>La solicitud no ha sido retornada.</p>;
  return (
    <ol className="rfo-devoluciones" aria-label="Historial de devoluciones">
      {entradas.map((h) => (
        <li key={`${h.fecha}-${h.idEstatus}`}>
          <h3>
            {h.estatus} <span className="rfo-devolucion-fecha">{formatearFechaHora(h.fecha)}</span>
          </h3>
          {(h.motivos ?? []).length > 0 && (
            <p>
              <strong>Motivos:</strong> {h.motivos?.join("; ")}.
            </p>
          )}
          <p className="rf-texto-libre">
            <strong>Comentario:</strong> {h.motivoCambioEstatus || "—"}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** The request's returns and rejections, once its history is read (null while loading). */
export function useDevoluciones(idSolicitud: number, activo: boolean): HistoricoEntrada[] | null {
  const historico = useHistorico(idSolicitud, activo);
  return historico.data ? devolucionesDe(historico.data) : null;
}
