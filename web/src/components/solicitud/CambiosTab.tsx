/**
 * The 'Cambios' tab of the reviewers' details: what the institution changed since it got the
 * request back (the server compares the request with what it looked like at the return): fields,
 * officials added, removed or modified, and documents replaced.
 */
import type { CambioCampo, CambiosSolicitud } from "@registro/contracts";
import { formatearFechaHora } from "../../lib/formato";
import "./solicitud.css";

const TEXTO_CAMBIO = { agregado: "Agregado", eliminado: "Eliminado", modificado: "Modificado" } as const;

function ListaCampos({ campos, etiqueta }: { campos: CambioCampo[]; etiqueta: string }) {
  return (
    <ul className="rf-cambios" aria-label={etiqueta}>
      {campos.map((c) => (
        <li key={c.campo}>
          <strong>{c.campo}</strong>: {c.antes || "(vacío)"} → {c.despues || "(vacío)"}
        </li>
      ))}
    </ul>
  );
}

export function CambiosTab({ cambios }: { cambios: CambiosSolicitud }) {
  const sinCambios = cambios.campos.length + cambios.funcionarios.length + cambios.documentos.length === 0;
  return (
    <div className="rf-observaciones">
      <p>
        Cambios de la institución desde que la solicitud le fue retornada el{" "}
        {cambios.fechaRetorno ? formatearFechaHora(cambios.fechaRetorno) : ""}.
      </p>
      {sinCambios && <p>La institución no ha cambiado nada desde el retorno.</p>}
      {cambios.campos.length > 0 && (
        <>
          <h3>Datos de la solicitud</h3>
          <ListaCampos campos={cambios.campos} etiqueta="Datos de la solicitud cambiados" />
        </>
      )}
      {cambios.funcionarios.length > 0 && (
        <>
          <h3>Funcionarios</h3>
          <ul className="rf-cambios" aria-label="Funcionarios cambiados">
            {cambios.funcionarios.map((f) => (
              <li key={f.cedula}>
                <strong>
                  {TEXTO_CAMBIO[f.cambio]}: {f.nombre} ({f.cedula})
                </strong>
                {f.campos.length > 0 && <ListaCampos campos={f.campos} etiqueta={`Cambios de ${f.nombre}`} />}
              </li>
            ))}
          </ul>
        </>
      )}
      {cambios.documentos.length > 0 && (
        <>
          <h3>Documentos</h3>
          <ul className="rf-cambios" aria-label="Documentos cambiados">
            {cambios.documentos.map((d) => (
              <li key={`${d.funcionario ?? ""}-${d.documento}`}>
                <strong>
                  {d.documento}
                  {d.funcionario ? ` de ${d.funcionario}` : ""}
                </strong>
                : {d.antes ? (d.despues ? "reemplazado" : "quitado") : "agregado"} ({d.antes ?? "—"} →{" "}
                {d.despues ?? "—"})
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
