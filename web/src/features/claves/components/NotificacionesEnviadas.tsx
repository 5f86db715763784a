/**
 * "Notificaciones enviadas" on the Claves de sistema screen: every change notification sent to a
 * subscribed system, newest first, with its state, attempts and the receiver's last answer; the
 * attempts of one in a dialog, and a replay (the same event, with the same id) after confirmation.
 */
import { type Entrega, ESTADOS_ENTREGA, type EstadoEntrega, MSG, NOMBRE_TIPO_EVENTO } from "@registro/contracts";
import { Button } from "primereact/button";
import { Column } from "primereact/column";
import { confirmDialog } from "primereact/confirmdialog";
import { DataTable } from "primereact/datatable";
import { Dropdown } from "primereact/dropdown";
import { Tag } from "primereact/tag";
import { useState } from "react";
import { Dialogo } from "../../../components/Dialogo";
import { PT_RPP } from "../../../components/pt-listas";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { useEntregas, useReenviarEntrega } from "../api/entregas";
import "../../../components/bandeja/bandeja.css";
import { formatearFechaHora } from "../../../lib/formato";

// Deliveries in the app's one date format, to the minute (the log comes newest first from the server).
const cuando = (iso: string) => formatearFechaHora(iso);

const NOMBRE_ESTADO: Record<EstadoEntrega, string> = {
  pendiente: "Pendiente",
  entregada: "Entregada",
  fallida: "Fallida",
};
const COLOR_ESTADO = { pendiente: "warning", entregada: "success", fallida: "danger" } as const;

const etiqueta = (nombre: string) => ({ bodyCell: { "data-etiqueta": nombre } as Record<string, string> });

/** The receiver's answer as the log tells it: its HTTP status, or why none came. */
function respuesta(estadoHttp: number | null, error: string | null): string {
  if (error === null) return estadoHttp === null ? "—" : `HTTP ${estadoHttp}`;
  // The sender's error already names a refused status ("HTTP 500", "redirección no seguida (HTTP 302)").
  return estadoHttp === null || error.includes(`HTTP ${estadoHttp}`) ? error : `HTTP ${estadoHttp}: ${error}`;
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the delivery log's filter and table, whose column templates read the paging and replay state.
export function NotificacionesEnviadas() {
  const [pagina, setPagina] = useState({ page: 0, rows: 15 });
  const [estado, setEstado] = useState<EstadoEntrega | null>(null);
  const [detalle, setDetalle] = useState<Entrega | null>(null);
  const lista = useEntregas(pagina.page, pagina.rows, estado);
  const reenviar = useReenviarEntrega();

  const pedirReenvio = (e: Entrega) =>
    confirmDialog({
      group: "claves",
      header: "Reenviar notificación",
      message: `¿Enviar de nuevo a «${e.sistema}» la notificación «${NOMBRE_TIPO_EVENTO[e.tipoEvento]}» de la cédula ${e.cedula}? Llevará el mismo identificador de evento.`,
      icon: "pi pi-send",
      acceptLabel: "Reenviar",
      rejectLabel: "No",
      defaultFocus: "reject",
      accept: () =>
        reenviar.mutate(e.idEntrega, {
          onSuccess: (r) => (r.success ? notify.success(r.message) : notify.warn(r.message)),
          onError: (err) => notify.warn(err instanceof ApiError ? err.message : MSG.errorDesconocido),
        }),
    });

  const filtro = (
    <div className="rf-claves-filtro">
      <label htmlFor="entregas-estado">Estado</label>
      <Dropdown
        inputId="entregas-estado"
        value={estado}
        options={ESTADOS_ENTREGA.map((e) => ({ value: e, label: NOMBRE_ESTADO[e] }))}
        onChange={(e) => {
          setEstado(e.value ?? null);
          setPagina((p) => ({ ...p, page: 0 }));
        }}
        placeholder="Todos los estados"
        showClear
        pt={{ select: { "aria-label": "Estado" } }}
      />
    </div>
  );

  return (
    <section className="rf-claves-entregas" aria-labelledby="entregas-titulo">
      <h2 id="entregas-titulo">Notificaciones enviadas</h2>
      <p>
        Los avisos de cambios que reciben los sistemas suscritos con una clave con «Notificaciones de cambios»: cada uno
        se reintenta durante 24 horas hasta que el sistema responde; después queda como fallido y puede reenviarlo.
      </p>
      <DataTable
        value={lista.data?.rows ?? []}
        dataKey="idEntrega"
        lazy
        paginator={(lista.data?.totalRecords ?? 0) > 0}
        first={pagina.page * pagina.rows}
        rows={pagina.rows}
        totalRecords={lista.data?.totalRecords ?? 0}
        onPage={(e) => setPagina({ page: e.page ?? Math.floor(e.first / e.rows), rows: e.rows })}
        rowsPerPageOptions={[15, 25, 50]}
        loading={lista.isFetching}
        header={filtro}
        emptyMessage="No se ha enviado ninguna notificación."
        paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport"
        currentPageReportTemplate="Mostrando {first} a {last} de {totalRecords} notificaciones"
        stripedRows
        size="small"
        className="rf-tabla-apilable"
        pt={{
          table: { "aria-labelledby": "entregas-titulo" } as Record<string, string>,
          paginator: { RPPDropdown: PT_RPP },
        }}
      >
        <Column header="Fecha" pt={etiqueta("Fecha")} body={(e: Entrega) => cuando(e.creada)} />
        <Column header="Sistema" field="sistema" pt={etiqueta("Sistema")} />
        <Column header="Evento" pt={etiqueta("Evento")} body={(e: Entrega) => NOMBRE_TIPO_EVENTO[e.tipoEvento]} />
        <Column
          header="Cédula"
          pt={etiqueta("Cédula")}
          body={(e: Entrega) => <span className="rf-nowrap">{e.cedula}</span>}
        />
        <Column header="Institución" field="institucion" pt={etiqueta("Institución")} />
        <Column
          header="Estado"
          pt={etiqueta("Estado")}
          body={(e: Entrega) => <Tag severity={COLOR_ESTADO[e.estado]} value={NOMBRE_ESTADO[e.estado]} />}
        />
        <Column header="Intentos" field="intentos" pt={etiqueta("Intentos")} />
        <Column
          header="Última respuesta"
          pt={etiqueta("Última respuesta")}
          body={(e: Entrega) => (e.intentos === 0 ? "—" : respuesta(e.ultimoEstadoHttp, e.ultimoError))}
        />
        <Column
          header="Acciones"
          pt={etiqueta("Acciones")}
          body={(e: Entrega) => (
            <div className="rf-claves-acciones">
              <Button
                type="button"
                label="Intentos"
                icon="pi pi-list"
                text
                aria-label={`Intentos de la notificación ${e.idEntrega}`}
                onClick={() => setDetalle(e)}
              />
              <Button
                type="button"
                label="Reenviar"
                icon="pi pi-send"
                text
                aria-label={`Reenviar la notificación ${e.idEntrega}`}
                onClick={() => pedirReenvio(e)}
              />
            </div>
          )}
        />
      </DataTable>
      <Dialogo
        header="Intentos de entrega"
        visible={detalle !== null}
        onHide={() => setDetalle(null)}
        style={{ width: "44rem", maxWidth: "95vw" }}
      >
        {detalle && (
          <div className="rf-claves-intentos">
            <dl>
              <dt>Identificador de evento</dt>
              <dd>
                <code>{detalle.idEvento}</code>
              </dd>
              <dt>Dirección</dt>
              <dd>
                <code>{detalle.url}</code>
              </dd>
              <dt>Próximo intento</dt>
              <dd>{detalle.proximoIntento ? cuando(detalle.proximoIntento) : "Ninguno"}</dd>
            </dl>
            {detalle.registro.length === 0 ? (
              <p>Todavía no se ha intentado enviar.</p>
            ) : (
              <table className="rf-claves-tabla-intentos">
                <caption>Los últimos intentos, del más reciente al más antiguo</caption>
                <thead>
                  <tr>
                    <th scope="col">Fecha</th>
                    <th scope="col">Respuesta</th>
                    <th scope="col">Duración</th>
                  </tr>
                </thead>
                <tbody>
                  {detalle.registro.map((i) => (
                    <tr key={`${i.fecha}-${i.duracionMs}`}>
                      <td>{cuando(i.fecha)}</td>
                      <td>{respuesta(i.estadoHttp, i.error)}</td>
                      <td>{i.duracionMs} ms</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        )}
      </Dialogo>
    </section>
  );
}
