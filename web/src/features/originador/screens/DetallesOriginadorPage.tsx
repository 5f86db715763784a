/**
 * Detalles Originador (SPEC.md screens 6 and 12): where the clerk follows a request — the stage
 * timeline, institution and incumbent, and tabs for the comment, documents, officials, return
 * reasons (104, 108) and deactivation (203, 201) — the institution's own steps only: the
 * comptroller's internal history stays with the reviewers (the server masks it too). Offers what
 * the status allows: edit (202, 108), add officials, 'Renovar' and 'Inactivar Firma' (106).
 */
import "../originador.css";
import { MSG, type Solicitud } from "@registro/contracts";
import { Button } from "primereact/button";
import { ProgressSpinner } from "primereact/progressspinner";
import { TabPanel, TabView } from "primereact/tabview";
import { type ReactNode, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { mensajeSolicitud } from "../../../components/solicitud/api/aviso-error";
import { useSolicitud } from "../../../components/solicitud/api/get-solicitud";
import { BotonConstancia } from "../../../components/solicitud/BotonConstancia";
import { DocumentosTab } from "../../../components/solicitud/DocumentosTab";
import { FuncionariosTab } from "../../../components/solicitud/FuncionariosTab";
import { InactivaTab } from "../../../components/solicitud/InactivaTab";
import { ObservacionesTab } from "../../../components/solicitud/ObservacionesTab";
import { SolicitudEncabezado } from "../../../components/solicitud/SolicitudEncabezado";
import { TimelineEtapas } from "../../../components/solicitud/TimelineEtapas";
import { notify } from "../../../lib/toast";
import { useRenovarSolicitud } from "../api/renovar-solicitud";
import { ConfirmacionHost, confirmar } from "../components/confirmar";
import { InactivarFirmaDialog } from "../components/InactivarFirmaDialog";
import { useVolver } from "../components/use-volver";
import { esActiva, esInactiva, estatusOriginador, puedeEditar, RUTA, tieneObservaciones } from "../reglas";

export default function DetallesOriginadorPage() {
  const { idSolicitud } = useParams();
  const id = /^\d+$/.test(idSolicitud ?? "") ? Number(idSolicitud) : Number.NaN;
  const solicitud = useSolicitud(id);
  const volver = useVolver();
  const [inactivar, setInactivar] = useState(false);
  const s = solicitud.data;

  return (
    <div className="rfo-pagina">
      <div className="rfo-cabecera">
        <h1>Detalles de la solicitud</h1>
        <div className="rfo-acciones">
          {s && <Acciones s={s} onInactivar={() => setInactivar(true)} />}
          {s && <BotonConstancia idSolicitud={s.idSolicitud} estatus={s.estatusSolitud} />}
          <Button type="button" label="Volver" icon="pi pi-arrow-left" severity="secondary" outlined onClick={volver} />
        </div>
      </div>
      {solicitud.isLoading && (
        <div className="rfo-cargando">
          <ProgressSpinner style={{ width: "3rem", height: "3rem" }} aria-label="Cargando la solicitud" />
        </div>
      )}
      {(solicitud.isError || Number.isNaN(id)) && (
        <p className="rfo-aviso" role="alert">
          {Number.isNaN(id) ? MSG.solicitudNoEncontrada : mensajeSolicitud(solicitud.error)}
        </p>
      )}
      {s && (
        <>
          <section className="rfo-seccion" aria-label="Etapas">
            <TimelineEtapas estatus={s.estatusSolitud} />
          </section>
          <section className="rfo-seccion" aria-label="Datos de la solicitud">
            <SolicitudEncabezado
              solicitud={s}
              textoEstatus={estatusOriginador(s.estatusSolitud, s.estatus, s.colorEstatus).texto}
            />
          </section>
          <section className="rfo-seccion" aria-label="Información de la solicitud">
            <TabView className="rf-tabs" scrollable>
              {pestanas(s).map((p) => (
                <TabPanel key={p.titulo} header={p.titulo}>
                  {p.contenido}
                </TabPanel>
              ))}
            </TabView>
          </section>
          <InactivarFirmaDialog idSolicitud={inactivar ? s.idSolicitud : null} onHide={() => setInactivar(false)} />
        </>
      )}
    </div>
  );
}

function Acciones({ s, onInactivar }: { s: Solicitud; onInactivar: () => void }) {
  const navigate = useNavigate();
  return (
    <>
      {puedeEditar(s.estatusSolitud) && (
        <Button
          type="button"
          label="Editar solicitud"
          icon="pi pi-pencil"
          onClick={() => navigate(RUTA.editar(s.idSolicitud))}
        />
      )}
      {esActiva(s.estatusSolitud) && (
        <Button
          type="button"
          label="Agregar funcionarios"
          icon="pi pi-user-plus"
          severity="success"
          onClick={() => navigate(RUTA.nuevoFuncionario(s.idSolicitud))}
        />
      )}
      {esActiva(s.estatusSolitud) && <BotonRenovar idSolicitud={s.idSolicitud} />}
      {esActiva(s.estatusSolitud) && (
        <Button type="button" label="Inactivar Firma" icon="pi pi-ban" severity="danger" onClick={onInactivar} />
      )}
    </>
  );
}

/** Avisos: a new request prefilled from this active one, opened in the form. */
function BotonRenovar({ idSolicitud }: { idSolicitud: number }) {
  const navigate = useNavigate();
  const renovar = useRenovarSolicitud();
  const iniciar = () =>
    confirmar(MSG.confirmarRenovacion, () =>
      renovar.mutate(idSolicitud, {
        onSuccess: (r) => {
          if (!r.success || !r.data) return notify.warn(r.message);
          notify.success(r.message);
          navigate(RUTA.editar(r.data.idSolicitud));
        },
        onError: (e) => notify.warn(e.message),
      }),
    );
  return (
    <>
      <Button
        type="button"
        label="Renovar"
        icon="pi pi-refresh"
        severity="info"
        loading={renovar.isPending}
        onClick={iniciar}
      />
      <ConfirmacionHost />
    </>
  );
}

function pestanas(s: Solicitud): { titulo: string; contenido: ReactNode }[] {
  const lista: { titulo: string; contenido: ReactNode }[] = [
    { titulo: "Comentario", contenido: <p className="rfo-texto">{s.comentario || "Sin comentario."}</p> },
    { titulo: "Documentos", contenido: <DocumentosTab idSolicitud={s.idSolicitud} /> },
    { titulo: "Funcionarios", contenido: <FuncionariosTab idSolicitud={s.idSolicitud} /> },
  ];
  if (tieneObservaciones(s.estatusSolitud))
    lista.push({ titulo: "Observaciones", contenido: <ObservacionesTab idSolicitud={s.idSolicitud} /> });
  if (esInactiva(s.estatusSolitud)) lista.push({ titulo: "Inactiva", contenido: <InactivaTab solicitud={s} /> });
  return lista;
}
