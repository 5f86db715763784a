/**
 * Detalles Originador (SPEC.md screens 6 and 12): where the clerk follows a request — the stage
 * timeline, institution and incumbent, and tabs for the comment, documents, officials, return
 * reasons (104, 108) and deactivation (203, 201) — the institution's own steps only: the
 * comptroller's internal history stays with the reviewers (the server masks it too). Offers what
 * the status allows: edit (202, 108), add officials, 'Renovar' and 'Inactivar Firma' (106).
 */
import "../originador.css";
import { ESTATUS, ESTATUS_FUNCIONARIO, type HistoricoEntrada, MSG, type Solicitud } from "@registro/contracts";
import { Button } from "primereact/button";
import { Checkbox } from "primereact/checkbox";
import { ProgressSpinner } from "primereact/progressspinner";
import { type ReactNode, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { Dialogo } from "../../../components/Dialogo";
import { Pestanas } from "../../../components/Pestanas";
import { mensajeSolicitud } from "../../../components/solicitud/api/aviso-error";
import { useFuncionariosSolicitud } from "../../../components/solicitud/api/get-funcionario-solicitud";
import { useSolicitud } from "../../../components/solicitud/api/get-solicitud";
import { useAvisosLeidosAlAbrir } from "../../../components/solicitud/api/marcar-avisos-solicitud";
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
import { HistorialDevoluciones, useDevoluciones } from "../components/Devoluciones";
import { InactivarFirmaDialog } from "../components/InactivarFirmaDialog";
import { useVolver } from "../components/use-volver";
import { esActiva, esInactiva, estatusOriginador, puedeEditar, RUTA, tieneObservaciones } from "../reglas";

export default function DetallesOriginadorPage() {
  const { idSolicitud } = useParams();
  const id = /^\d+$/.test(idSolicitud ?? "") ? Number(idSolicitud) : Number.NaN;
  const solicitud = useSolicitud(id);
  const volver = useVolver();
  const [inactivar, setInactivar] = useState(false);
  const [pestana, setPestana] = useState(0);
  const s = solicitud.data;
  useAvisosLeidosAlAbrir(id, s !== undefined);
  // Every return and rejection, kept visible after the request is sent again (issue 35).
  const devoluciones = useDevoluciones(id, s !== undefined);
  const lista = s ? pestanas(s, devoluciones ?? []) : [];
  const indiceObservaciones = lista.findIndex((p) => p.titulo === "Observaciones");

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
          {indiceObservaciones >= 0 && (
            <div className="rfo-aviso rfo-aviso-retorno" role="note">
              <p>
                {s.estatusSolitud === ESTATUS.RETORNADO_ANALISTA
                  ? "La solicitud le fue retornada con observaciones. Corríjala y envíela de nuevo."
                  : "La solicitud fue rechazada. Las observaciones explican por qué."}
              </p>
              <Button
                type="button"
                label="Ver las observaciones"
                icon="pi pi-arrow-down"
                size="small"
                onClick={() => {
                  setPestana(indiceObservaciones);
                  // The tab list is where a keyboard user continues: focus the chosen tab.
                  requestAnimationFrame(() =>
                    document.querySelector<HTMLElement>(".rfo-pestanas [role='tab'][aria-selected='true']")?.focus(),
                  );
                }}
              />
            </div>
          )}
          <section className="rfo-seccion" aria-label="Información de la solicitud">
            <Pestanas className="rf-tabs rfo-pestanas" lista={lista} activa={pestana} onCambio={setPestana} />
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

/**
 * Renovar: a new request prefilled from this active one, with every active official or only the
 * ones chosen, confirmed by name and opened in the form.
 */
function BotonRenovar({ idSolicitud }: { idSolicitud: number }) {
  const [abierto, setAbierto] = useState(false);
  return (
    <>
      <Button type="button" label="Renovar" icon="pi pi-refresh" severity="info" onClick={() => setAbierto(true)} />
      <Dialogo
        header="Renovar firmas"
        visible={abierto}
        onHide={() => setAbierto(false)}
        style={{ width: "min(560px, 96vw)" }}
        modal
        draggable={false}
      >
        {abierto && <FormularioRenovacion idSolicitud={idSolicitud} onHide={() => setAbierto(false)} />}
      </Dialogo>
      <ConfirmacionHost />
    </>
  );
}

function FormularioRenovacion({ idSolicitud, onHide }: { idSolicitud: number; onHide: () => void }) {
  const navigate = useNavigate();
  const renovar = useRenovarSolicitud();
  const funcionarios = useFuncionariosSolicitud(idSolicitud);
  const activos = (funcionarios.data ?? []).filter((f) => f.idEstatus === ESTATUS_FUNCIONARIO.ACTIVO);
  const [quitados, setQuitados] = useState<number[]>([]);
  const elegidos = activos.filter((f) => !quitados.includes(f.idFuncionario));
  const todos = elegidos.length === activos.length;
  const iniciar = () => {
    if (elegidos.length === 0) return notify.warn(MSG.funcionariosInactivarRequeridos);
    const mensaje = todos
      ? MSG.confirmarRenovacion
      : MSG.confirmarRenovacionFuncionarios(elegidos.map((f) => `${f.nombres} ${f.apellidos}`));
    confirmar("Renovar solicitud", mensaje, () =>
      renovar.mutate(
        { id: idSolicitud, funcionarios: todos ? [] : elegidos.map((f) => f.idFuncionario) },
        {
          onSuccess: (r) => {
            if (!r.success || !r.data) return notify.warn(r.message);
            notify.success(r.message);
            onHide();
            navigate(RUTA.editar(r.data.idSolicitud));
          },
          onError: (e) => notify.warn(e.message),
        },
      ),
    );
  };
  return (
    <div>
      <p className="rfo-nota">
        Elija los funcionarios cuya firma renueva. Las firmas temporales se proponen desde hoy, con la misma duración
        que tenían; podrá ajustarlas antes de enviar la solicitud.
      </p>
      <fieldset className="rfo-alcance">
        <legend>Funcionarios activos</legend>
        {activos.map((f) => (
          <div className="rfo-opcion" key={f.idFuncionario}>
            <Checkbox
              inputId={`renovar-funcionario-${f.idFuncionario}`}
              checked={!quitados.includes(f.idFuncionario)}
              onChange={(ev) =>
                setQuitados((l) => (ev.checked ? l.filter((x) => x !== f.idFuncionario) : [...l, f.idFuncionario]))
              }
            />
            <label htmlFor={`renovar-funcionario-${f.idFuncionario}`}>
              {f.nombres} {f.apellidos} ({f.cedula}), {f.cargoNombre}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="rfo-acciones">
        <Button type="button" label="Cancelar" icon="pi pi-times" severity="secondary" outlined onClick={onHide} />
        <Button
          type="button"
          label="Renovar"
          icon="pi pi-refresh"
          loading={renovar.isPending}
          disabled={elegidos.length === 0}
          onClick={iniciar}
        />
      </div>
    </div>
  );
}

function pestanas(s: Solicitud, devoluciones: HistoricoEntrada[]): { titulo: string; contenido: ReactNode }[] {
  const lista: { titulo: string; contenido: ReactNode }[] = [
    { titulo: "Comentario", contenido: <p className="rfo-texto">{s.comentario || "Sin comentario."}</p> },
    { titulo: "Documentos", contenido: <DocumentosTab idSolicitud={s.idSolicitud} /> },
    { titulo: "Funcionarios", contenido: <FuncionariosTab idSolicitud={s.idSolicitud} /> },
  ];
  if (tieneObservaciones(s.estatusSolitud))
    lista.push({ titulo: "Observaciones", contenido: <ObservacionesTab idSolicitud={s.idSolicitud} /> });
  if (esInactiva(s.estatusSolitud)) lista.push({ titulo: "Inactiva", contenido: <InactivaTab solicitud={s} /> });
  if (devoluciones.length > 0)
    lista.push({
      titulo: "Historial de devoluciones",
      contenido: <HistorialDevoluciones entradas={devoluciones} />,
    });
  return lista;
}
