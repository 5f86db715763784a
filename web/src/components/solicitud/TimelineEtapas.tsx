/**
 * The five stages of a request (Originador, Analista RyCC, Revisión legal, Administrador RyCC,
 * Finalizado) with the current one highlighted, from the status' stage in contracts. An ordered
 * list with aria-current, so a screen reader hears where the request stands. A rejected request
 * (104) is final: every stage reads as passed and Finalizado is marked as rejected.
 */
import { ESTATUS, ETAPAS, esCodigoEstatus, indiceEtapa } from "@registro/contracts";
import "./solicitud.css";

type EstadoEtapa = "pasada" | "actual" | "pendiente" | "rechazada";

const ICONO: Record<EstadoEtapa, string> = {
  pasada: "pi pi-check",
  actual: "pi pi-arrow-right",
  pendiente: "pi pi-circle",
  rechazada: "pi pi-times",
};

function estadoDe(estatus: number, i: number): EstadoEtapa {
  if (estatus === ESTATUS.RECHAZADO_JURIDICO) return i === ETAPAS.length - 1 ? "rechazada" : "pasada";
  const actual = esCodigoEstatus(estatus) ? indiceEtapa(estatus) : -1;
  return actual < 0 || i > actual ? "pendiente" : i === actual ? "actual" : "pasada";
}

export function TimelineEtapas({ estatus }: { estatus: number }) {
  return (
    <ol className="rf-timeline" aria-label="Etapas de la solicitud">
      {ETAPAS.map((etapa, i) => {
        const estado = estadoDe(estatus, i);
        const actual = estado === "actual" || estado === "rechazada";
        return (
          <li key={etapa} className={`rf-etapa-${estado}`} aria-current={actual ? "step" : undefined}>
            <span className="rf-etapa-marca" aria-hidden="true">
              <i className={ICONO[estado]} />
            </span>
            <span>{etapa}</span>
            {estado === "rechazada" && <span className="rf-etapa-nota">Rechazada</span>}
          </li>
        );
      })}
    </ol>
  );
}
