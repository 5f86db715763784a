/**
 * The frame of every comptroller detail screen (SPEC.md screens 8–12): loads the request named in
 * the route, shows the title, the actions and 'Volver', the stage timeline, the header and the
 * screen's tabs. Screens differ only in their actions and tabs.
 */
import { MSG, type Solicitud } from "@registro/contracts";
import { Button } from "primereact/button";
import { ProgressSpinner } from "primereact/progressspinner";
import type { ReactNode } from "react";
import { useNavigate, useParams } from "react-router";
import { type Pestana, Pestanas } from "../../../components/Pestanas";
import { mensajeSolicitud } from "../../../components/solicitud/api/aviso-error";
import { useSolicitud } from "../../../components/solicitud/api/get-solicitud";
import { useAvisosLeidosAlAbrir } from "../../../components/solicitud/api/marcar-avisos-solicitud";
import { BotonConstancia } from "../../../components/solicitud/BotonConstancia";
import { SolicitudEncabezado } from "../../../components/solicitud/SolicitudEncabezado";
import { TimelineEtapas } from "../../../components/solicitud/TimelineEtapas";
import "./revision.css";

export type { Pestana };

export interface DetalleSolicitudProps {
  titulo?: string;
  /** The inbox this screen belongs to. */
  volverA: string;
  textoEstatus?: (s: Solicitud) => string | undefined;
  acciones?: (s: Solicitud) => ReactNode;
  /** A note above the tabs (e.g. why the decisions are disabled). */
  aviso?: (s: Solicitud) => ReactNode;
  pestanas: (s: Solicitud) => Pestana[];
}

/** The request id of the current route, or NaN. */
export function useIdSolicitud(): number {
  const { idSolicitud } = useParams();
  return /^\d+$/.test(idSolicitud ?? "") ? Number(idSolicitud) : Number.NaN;
}

export function DetalleSolicitud({
  titulo = "Detalles de la solicitud",
  volverA,
  textoEstatus,
  acciones,
  aviso,
  pestanas,
}: DetalleSolicitudProps) {
  const navigate = useNavigate();
  const idSolicitud = useIdSolicitud();
  const solicitud = useSolicitud(idSolicitud);
  const s = solicitud.data;
  useAvisosLeidosAlAbrir(idSolicitud, s !== undefined);

  const volver = (
    <Button type="button" label="Volver" icon="pi pi-arrow-left" outlined onClick={() => navigate(volverA)} />
  );

  return (
    <section className="rf-detalle" aria-labelledby="rf-detalle-titulo">
      <div className="rf-detalle-cabecera">
        <h1 id="rf-detalle-titulo">{titulo}</h1>
        <div className="rf-detalle-acciones">
          {s && acciones?.(s)}
          {s && <BotonConstancia idSolicitud={s.idSolicitud} estatus={s.estatusSolitud} />}
          {volver}
        </div>
      </div>
      {solicitud.isLoading && (
        <div className="rf-tarjeta rf-centrado">
          <ProgressSpinner style={{ width: "3rem", height: "3rem" }} aria-label="Cargando la solicitud" />
        </div>
      )}
      {(solicitud.isError || Number.isNaN(idSolicitud)) && (
        <div className="rf-tarjeta" role="alert">
          {Number.isNaN(idSolicitud) ? MSG.solicitudNoEncontrada : mensajeSolicitud(solicitud.error)}
        </div>
      )}
      {s && (
        <>
          <div className="rf-tarjeta">
            <TimelineEtapas estatus={s.estatusSolitud} />
          </div>
          <div className="rf-tarjeta">
            <SolicitudEncabezado solicitud={s} textoEstatus={textoEstatus?.(s)} />
          </div>
          {aviso?.(s)}
          <div className="rf-tarjeta">
            <Pestanas className="rf-tabs" lista={pestanas(s)} />
          </div>
        </>
      )}
    </section>
  );
}
