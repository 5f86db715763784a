/**
 * The 'Inactiva' tab of a deactivated request (203, 201): what the deactivation concerns (the whole
 * request or the officials the institution chose), the justification and the evidence.
 */
import { ESTATUS, type Solicitud } from "@registro/contracts";
import { useFuncionariosSolicitud } from "./api/get-funcionario-solicitud";
import { useSolicitudAdjuntos } from "./api/get-solicitud-adjuntos";
import { TablaAdjuntos } from "./TablaAdjuntos";
import "./solicitud.css";

export function InactivaTab({ solicitud }: { solicitud: Solicitud }) {
  const adjuntos = useSolicitudAdjuntos(solicitud.idSolicitud);
  const evidencia = (adjuntos.data ?? []).filter((a) => a.tipoAdjunto === "Evidencia");
  const funcionarios = useFuncionariosSolicitud(solicitud.idSolicitud);
  const elegidos = (funcionarios.data ?? []).filter((f) => f.inactivacionSolicitada);
  return (
    <div className="rf-observaciones">
      {solicitud.estatusSolitud === ESTATUS.SOLICITUD_INACTIVAR && funcionarios.data && (
        <>
          <h3>Funcionarios a inactivar</h3>
          {elegidos.length === 0 ? (
            <p>Toda la solicitud: todos sus funcionarios.</p>
          ) : (
            <ul aria-label="Funcionarios a inactivar">
              {elegidos.map((f) => (
                <li key={f.idFuncionario}>
                  {f.nombres} {f.apellidos} ({f.cedula}), {f.cargoNombre}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <h3>Justificación</h3>
      <p className="rf-texto-libre">{solicitud.justificacion || "—"}</p>
      <h3>Evidencia</h3>
      <TablaAdjuntos adjuntos={evidencia} cargando={adjuntos.isLoading} etiqueta="Evidencia de la inactivación" />
    </div>
  );
}
