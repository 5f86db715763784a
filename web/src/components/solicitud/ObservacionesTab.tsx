/**
 * The Observaciones tab: the reasons of the latest return or rejection ('nombre - descripcion') and
 * the comment written with them, labelled 'Justificación' (legal, on 103) or 'Comentario'.
 */
import { ProgressSpinner } from "primereact/progressspinner";
import { useRechazos } from "./api/get-rechazos";
import "./solicitud.css";

export interface ObservacionesTabProps {
  idSolicitud: number;
  etiquetaComentario?: "Justificación" | "Comentario";
}

export function ObservacionesTab({ idSolicitud, etiquetaComentario = "Comentario" }: ObservacionesTabProps) {
  const rechazos = useRechazos(idSolicitud);
  if (rechazos.isLoading) {
    return <ProgressSpinner style={{ width: "2.5rem", height: "2.5rem" }} aria-label="Cargando observaciones" />;
  }
  const lista = rechazos.data ?? [];
  const comentario = lista.find((r) => r.motivoCambioEstatus)?.motivoCambioEstatus ?? "";
  return (
    <div className="rf-observaciones">
      <h3>Observaciones</h3>
      {lista.length === 0 ? (
        <p>No existen observaciones</p>
      ) : (
        <ul className="rf-observaciones-lista">
          {lista.map((r) => (
            <li key={r.id}>
              <strong>{r.nombre}</strong> - {r.descripcion}
            </li>
          ))}
        </ul>
      )}
      <h3>{etiquetaComentario}</h3>
      <p className="rf-texto-libre">{comentario || "—"}</p>
    </div>
  );
}
