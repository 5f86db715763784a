/**
 * The header every request detail shows (SPEC.md screens 6, 8–12): request number and status,
 * the institution's contact data and the incumbent's data.
 */
import { type Solicitud, textoClaseFirma, textoEstatusUsuario } from "@registro/contracts";
import type { ReactNode } from "react";
import { formatearFecha } from "../../lib/formato";
import { StatusTag } from "./StatusTag";
import "./solicitud.css";

function Dato({ etiqueta, children }: { etiqueta: string; children: ReactNode }) {
  return (
    <div>
      <dt>{etiqueta}</dt>
      <dd>{children || "—"}</dd>
    </div>
  );
}

function telefonoConExt(telefono: string, ext: string): string {
  if (!telefono) return "";
  return ext ? `${telefono} Ext. ${ext}` : telefono;
}

export interface SolicitudEncabezadoProps {
  solicitud: Solicitud;
  /** Display text of the status when the screen shows another than the server's (e.g. 'Activa'). */
  textoEstatus?: string;
}

export function SolicitudEncabezado({ solicitud, textoEstatus }: SolicitudEncabezadoProps) {
  const { infoInstitucion: inst, infoIncumbente: inc } = solicitud;
  return (
    <div className="rf-encabezado">
      <div className="rf-encabezado-titulo">
        <span className="rf-encabezado-numero">
          Solicitud n.º <strong>{solicitud.idSolicitud}</strong>
        </span>
        <span className="rf-encabezado-estatus">
          Estatus:
          <StatusTag
            texto={textoEstatus ?? textoEstatusUsuario(solicitud.estatusSolitud, solicitud.estatus)}
            color={solicitud.colorEstatus}
          />
        </span>
        {solicitud.asignadoA && (
          <span className="rf-encabezado-asignado">
            <i className="pi pi-user" aria-hidden="true" /> Asignada a {solicitud.asignadoA}
          </span>
        )}
      </div>
      <section aria-labelledby={`inst-${solicitud.idSolicitud}`}>
        <h2 id={`inst-${solicitud.idSolicitud}`}>Institución</h2>
        <dl className="rf-detalle-datos">
          <Dato etiqueta="Nombre">{inst.nombre}</Dato>
          <Dato etiqueta="Dirección">{inst.direccion}</Dato>
          <Dato etiqueta="Teléfono">{telefonoConExt(inst.telefono, inst.ext)}</Dato>
          <Dato etiqueta="Teléfono 2">{telefonoConExt(inst.telefono2, inst.ext2)}</Dato>
        </dl>
      </section>
      <section aria-labelledby={`inc-${solicitud.idSolicitud}`}>
        <h2 id={`inc-${solicitud.idSolicitud}`}>Incumbente</h2>
        <dl className="rf-detalle-datos">
          <Dato etiqueta="Nombre">{`${inc.nombres} ${inc.apellidos}`.trim()}</Dato>
          <Dato etiqueta="Cédula">{inc.cedula}</Dato>
          <Dato etiqueta="Cargo">{inc.cargoNombreI}</Dato>
          <Dato etiqueta="Clasificación">{textoClaseFirma(inc.ifirmaDigital)}</Dato>
          <Dato etiqueta="Teléfono">{inc.telefono}</Dato>
          <Dato etiqueta="Fecha de solicitud">{formatearFecha(solicitud.fechaSolicitud)}</Dato>
        </dl>
      </section>
    </div>
  );
}
