/** A run's state: its tag in the list, and the summary (or the progress, while it runs) above it. */
import { type Importacion, NOMBRE_ESTADO_IMPORTACION } from "@registro/contracts";
import { ProgressBar } from "primereact/progressbar";
import { Tag } from "primereact/tag";
import { formatearNumero } from "../../../lib/formato";
import { enCurso } from "../api/comun";

export function Estado({ r }: { r: Importacion }) {
  if (enCurso(r)) return <Tag severity="info" value={NOMBRE_ESTADO_IMPORTACION[r.estado]} />;
  if (r.estado === "fallida") return <Tag severity="danger" value="Fallida" />;
  if (r.error !== null) return <Tag severity="warning" value="Con errores" />;
  if (r.aplicada) return <Tag severity="success" value="Aplicada" />;
  return <Tag severity="success" value={r.conteos.rechazada > 0 ? "Prueba con errores" : "Prueba correcta"} />;
}

function Progreso({ r }: { r: Importacion }) {
  const porcentaje = r.total ? Math.min(100, Math.round((r.progreso / r.total) * 100)) : null;
  const texto =
    r.estado === "aplicando"
      ? `Aplicando: ${formatearNumero(r.progreso)}${r.total ? ` de ${formatearNumero(r.total)}` : ""} filas`
      : `${NOMBRE_ESTADO_IMPORTACION[r.estado]}: ${formatearNumero(r.progreso)} filas leídas`;
  return (
    <div className="rf-importacion-progreso">
      <p id="importacion-progreso">{texto}</p>
      <ProgressBar
        aria-labelledby="importacion-progreso"
        mode={porcentaje === null || r.estado !== "aplicando" ? "indeterminate" : "determinate"}
        value={porcentaje ?? undefined}
        className="rf-importacion-barra"
      />
    </div>
  );
}

export function Resumen({ r }: { r: Importacion }) {
  const c = r.conteos;
  return (
    <div className="rf-importacion-resumen" role="status">
      {enCurso(r) ? (
        <Progreso r={r} />
      ) : (
        <>
          <p>
            <strong>{r.archivo}</strong> ({r.aplicar ? "aplicación" : "prueba"}): {formatearNumero(c.filas)} filas; se
            crean {formatearNumero(c.crear)}, se actualizan {formatearNumero(c.actualizar)}, sin cambios{" "}
            {formatearNumero(c.sinCambios)}, rechazadas {formatearNumero(c.rechazada)}.
            {c.documentos > 0 &&
              ` Tarjetas de firmas ${r.aplicada ? "adjuntadas" : "por adjuntar"}: ${formatearNumero(c.documentos)}.`}
          </p>
          {r.error && <p className="rf-importacion-error">{r.error}</p>}
          {!r.error && r.aplicada && <p>El registro quedó actualizado.</p>}
          {!r.error && !r.aplicar && c.rechazada === 0 && <p>Prueba correcta: puede aplicar el archivo.</p>}
        </>
      )}
    </div>
  );
}
