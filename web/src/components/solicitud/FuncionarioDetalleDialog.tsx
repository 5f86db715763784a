/**
 * The official's 'Detalles' dialog (SPEC.md screen 9): the official's data and signature terms
 * (Digital/Ológrafa, Temporal/Permanente with dates, Limitada/Ilimitada with the USD range, in force
 * or expired), and tabs Comentario, Documentos and Firmas grouped by signature type.
 */
import { type Funcionario, textoClaseFirma } from "@registro/contracts";
import { Button } from "primereact/button";
import { Panel } from "primereact/panel";
import { ProgressSpinner } from "primereact/progressspinner";
import type { ReactNode } from "react";
import { formatearFecha, formatearMonto } from "../../lib/formato";
import { Pestanas } from "../Pestanas";
import { useFirmasFuncionario } from "./api/get-firmas-funcionario";
import { useFuncionarioAdjuntos } from "./api/get-funcionarios-adjuntos";
import { TablaAdjuntos } from "./TablaAdjuntos";
import { VigenciaTag } from "./VigenciaTag";
import "./solicitud.css";
import { Dialogo } from "../Dialogo";

function Dato({ etiqueta, children }: { etiqueta: string; children: ReactNode }) {
  return (
    <div>
      <dt>{etiqueta}</dt>
      <dd>{children || "—"}</dd>
    </div>
  );
}

export interface FuncionarioDetalleDialogProps {
  funcionario: Funcionario | null;
  onHide: () => void;
}

export function FuncionarioDetalleDialog({ funcionario, onHide }: FuncionarioDetalleDialogProps) {
  return (
    <Dialogo
      header="Detalles"
      visible={funcionario !== null}
      onHide={onHide}
      style={{ width: "min(95vw, 860px)" }}
      modal
      dismissableMask
      footer={
        <div className="rf-dialogo-pie">
          <Button type="button" label="Cerrar" icon="pi pi-times" onClick={onHide} />
        </div>
      }
    >
      {funcionario && <Contenido f={funcionario} />}
    </Dialogo>
  );
}

function Contenido({ f }: { f: Funcionario }) {
  return (
    <div className="rf-funcionario-detalle">
      <dl className="rf-detalle-datos">
        <Dato etiqueta="Cédula">{f.cedula}</Dato>
        <Dato etiqueta="Nombre">{`${f.nombres} ${f.apellidos}`.trim()}</Dato>
        <Dato etiqueta="Cargo">{f.cargoNombre}</Dato>
        <Dato etiqueta="Teléfono">{f.telefono}</Dato>
        <Dato etiqueta="Estatus">{f.estatusNombre}</Dato>
        <Dato etiqueta="Estado de la firma">
          <VigenciaTag funcionario={f} />
        </Dato>
        <Dato etiqueta="Tipo de firma">{textoClaseFirma(f.ffirmaDigital)}</Dato>
        <Dato etiqueta="Vigencia">{f.firmaVigencia ? "Temporal" : "Permanente"}</Dato>
        {f.firmaVigencia && (
          <>
            <Dato etiqueta="Fecha desde">{formatearFecha(f.fechaDesde)}</Dato>
            <Dato etiqueta="Fecha hasta">{formatearFecha(f.fechaHasta)}</Dato>
          </>
        )}
        <Dato etiqueta="Rango">{f.firmaRango ? "Limitada" : "Ilimitada"}</Dato>
        {f.firmaRango && (
          <Dato etiqueta="Monto">
            {/* Each amount whole: "US$" never on one line and its figure on the next. */}
            <span className="rf-monto-entero">{formatearMonto(f.montoDesde)}</span> –{" "}
            <span className="rf-monto-entero">{formatearMonto(f.montoHasta)}</span>
          </Dato>
        )}
      </dl>
      <Pestanas
        className="rf-tabs"
        lista={[
          {
            titulo: "Comentario",
            contenido: <p className="rf-texto-libre">{f.comentario || "Sin comentario."}</p>,
          },
          {
            titulo: "Documentos",
            contenido: <DocumentosFuncionario idSolicitud={f.idSolicitud} idFuncionario={f.idFuncionario} />,
          },
          { titulo: "Firmas", contenido: <FirmasFuncionario idFuncionario={f.idFuncionario} /> },
        ]}
      />
    </div>
  );
}

function DocumentosFuncionario({ idSolicitud, idFuncionario }: { idSolicitud: number; idFuncionario: number }) {
  const adjuntos = useFuncionarioAdjuntos(idSolicitud, idFuncionario);
  return (
    <TablaAdjuntos adjuntos={adjuntos.data ?? []} cargando={adjuntos.isLoading} etiqueta="Documentos del funcionario" />
  );
}

function FirmasFuncionario({ idFuncionario }: { idFuncionario: number }) {
  const firmas = useFirmasFuncionario(idFuncionario);
  if (firmas.isLoading) {
    return <ProgressSpinner style={{ width: "2.5rem", height: "2.5rem" }} aria-label="Cargando firmas" />;
  }
  const grupos = firmas.data ?? [];
  if (grupos.length === 0) return <p>No hay firmas registradas para este funcionario.</p>;
  return (
    <div className="rf-firmas-grupos">
      {grupos.map((g) => (
        <Panel key={g.idTipoFirma} header={g.nombre} toggleable>
          <ul className="rf-firmas-lista">
            {g.firmas.map((x) => (
              <li key={x.idAutFirma}>
                <i className="pi pi-check-circle" aria-hidden="true" /> {x.firma}
              </li>
            ))}
          </ul>
        </Panel>
      ))}
    </div>
  );
}
