/**
 * The five stages of a request (Originador, Analista RyCC, Revisión legal, Administrador RyCC,
 * Finalizado) with the current one highlighted, from the status' stage in contracts. An ordered
 * list with aria-current, so a screen reader hears where the request stands.
 */
import { ETAPAS, esCodigoEstatus, indiceEtapa } from "@registro/contracts";
import "./solicitud.css";

type EstadoEtapa = "pasada" | "actual" | "pendiente";

const ICONO: Record<EstadoEtapa, string> = {
  pasada: "pi pi-check",
  actual: "pi pi-arrow-right",
  pendiente: "pi pi-circle",
};

export function TimelineEtapas({ estatus }: { estatus: number }) {
  const actual = esCodigoEstatus(estatus) ? indiceEtapa(estatus) : -1;
  return (
    <ol className="rf-timeline" aria-label="Etapas de la solicitud">
      {ETAPAS.map((etapa, i) => {
        const estado: EstadoEtapa = actual < 0 || i > actual ? "pendiente" : i === actual ? "actual" : "pasada";
        return (
          <li key={etapa} className={`rf-etapa-${estado}`} aria-current={estado === "actual" ? "step" : undefined}>
            <span className="rf-etapa-marca" aria-hidden="true">
              <i className={ICONO[estado]} />
            </span>
            <span>{etapa}</span>
          </li>
        );
      })}
    </ol>
  );
}
