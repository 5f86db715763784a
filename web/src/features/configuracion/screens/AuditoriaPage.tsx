/**
 * The audit log: who changed which user, profile, institution or position, when, and what changed
 * (before → after); and requests' status and holder, documents, sign-ins and password
 * changes; newest first, paged and filtered on the server by entity, action, user and calendar
 * days (Desde/Hasta, both included). "Verificar integridad" re-walks the hash chain on the server.
 */
import "../../../components/bandeja/bandeja.css";
import "../configuracion.css";
import {
  ACCIONES_AUDITORIA,
  type AccionAuditoriaNombre,
  type AuditoriaEntrada,
  ENTIDADES_AUDITORIA,
  type EntidadAuditoria,
  MSG,
  TITULO_VISTA,
  V,
  VISTAS,
} from "@registro/contracts";
import { Button } from "primereact/button";
import { Column } from "primereact/column";
import { DataTable } from "primereact/datatable";
import { Dropdown } from "primereact/dropdown";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { partesFechaHora } from "../../../lib/formato";
import { notify } from "../../../lib/toast";
import { useUserData } from "../../../lib/user-data";
import { useAuditoria } from "../api/get-auditoria";
import { useAuditoriaUsuarios } from "../api/get-auditoria-usuarios";
import { useVerificarAuditoria } from "../api/verificar-auditoria";
import { ACCION, Cambios, ENTIDAD, realizadoPor, registro } from "../components/auditoria-entrada";
import { FiltroFecha } from "../components/FiltroFecha";
import { ptDropdown, ptTabla } from "../components/pt";
import { RUTA } from "../paths";

const OPCIONES_ACCION = Object.entries(ACCIONES_AUDITORIA)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, "es"));

/** The column's name on each cell, for the stacked cards on phones. */
const etiqueta = (nombre: string) => ({ bodyCell: { "data-etiqueta": nombre } as Record<string, string> });

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the trail's filters and table with its column templates, which read the screen's filters and paging state.
export default function AuditoriaPage() {
  const navigate = useNavigate();
  const { data: usuario } = useUserData();
  const [pagina, setPagina] = useState({ page: 0, rows: 15 });
  const [entidad, setEntidad] = useState<EntidadAuditoria | undefined>(undefined);
  const [accion, setAccion] = useState<AccionAuditoriaNombre | undefined>(undefined);
  const [idUsuario, setIdUsuario] = useState<number | undefined>(undefined);
  const [desde, setDesde] = useState<string | undefined>(undefined);
  const [hasta, setHasta] = useState<string | undefined>(undefined);
  const auditoria = useAuditoria({ ...pagina, entidad, accion, idUsuario, desde, hasta });
  const usuarios = useAuditoriaUsuarios();
  const nombrePorId = useMemo(() => {
    const m = new Map((usuarios.data ?? []).map((u) => [u.idUsuario, u.usuario]));
    return (id: number) => m.get(id);
  }, [usuarios.data]);
  /** A filter changed: back to the first page. */
  const filtrar =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPagina((p) => ({ ...p, page: 0 }));
    };
  const verificar = useVerificarAuditoria();
  // Volver leads where the user came from: the Configuración menu, the RyCC administrator's inbox
  // (its "Auditoría" button), otherwise Inicio.
  const tiene = (nombre: string) => usuario?.vistas.some((v) => v.nombre === nombre) ?? false;
  const volverA = tiene(V.CONFIGURACION)
    ? RUTA.configuracion
    : tiene(V.ADMINISTRADOR)
      ? (VISTAS.find((v) => v.nombre === V.ADMINISTRADOR)?.url ?? "/")
      : "/";

  const encabezado = (
    <div className="rfc-filtros">
      <div className="rfc-filtro">
        <label htmlFor="auditoria-entidad">Entidad</label>
        <Dropdown
          inputId="auditoria-entidad"
          value={entidad ?? null}
          options={ENTIDADES_AUDITORIA.map((e) => ({ value: e, label: ENTIDAD[e] }))}
          onChange={(e) => filtrar(setEntidad)(e.value ?? undefined)}
          placeholder="Todas las entidades"
          showClear
          className="rfc-filtro-dropdown"
          pt={ptDropdown("Entidad")}
        />
      </div>
      <div className="rfc-filtro">
        <label htmlFor="auditoria-accion">Acción</label>
        <Dropdown
          inputId="auditoria-accion"
          value={accion ?? null}
          options={OPCIONES_ACCION}
          onChange={(e) => filtrar(setAccion)(e.value ?? undefined)}
          placeholder="Todas las acciones"
          showClear
          filter
          className="rfc-filtro-dropdown"
          pt={ptDropdown("Acción")}
        />
      </div>
      <div className="rfc-filtro">
        <label htmlFor="auditoria-usuario">Usuario</label>
        <Dropdown
          inputId="auditoria-usuario"
          value={idUsuario ?? null}
          options={(usuarios.data ?? []).map((u) => ({ value: u.idUsuario, label: `${u.usuario} (${u.nombre})` }))}
          onChange={(e) => filtrar(setIdUsuario)(e.value ?? undefined)}
          placeholder="Todos los usuarios"
          showClear
          filter
          className="rfc-filtro-dropdown"
          pt={ptDropdown("Usuario")}
        />
      </div>
      <FiltroFecha
        id="auditoria-desde"
        etiqueta="Desde"
        aplicada={desde}
        onAplicar={filtrar(setDesde)}
        maxDate={hasta}
      />
      <FiltroFecha
        id="auditoria-hasta"
        etiqueta="Hasta"
        aplicada={hasta}
        onAplicar={filtrar(setHasta)}
        minDate={desde}
      />
    </div>
  );

  return (
    <section className="rfc-tarjeta" aria-labelledby="auditoria-titulo">
      <div className="rfc-cabecera">
        <h1 id="auditoria-titulo">{TITULO_VISTA[V.AUDITORIA]}</h1>
        <div className="rfc-barra">
          <Button
            type="button"
            label="Verificar integridad"
            icon="pi pi-shield"
            loading={verificar.isPending}
            onClick={() => verificar.mutate(undefined, { onError: () => notify.error(MSG.errorVerificarAuditoria) })}
          />
          <Button
            type="button"
            label="Volver"
            icon="pi pi-arrow-left"
            severity="secondary"
            outlined
            onClick={() => navigate(volverA)}
          />
        </div>
      </div>
      {verificar.data && (
        <p
          role="status"
          className={`rfc-verificacion ${verificar.data.integra ? "rfc-verificacion-integra" : "rfc-verificacion-rota"}`}
        >
          <i
            className={`pi ${verificar.data.integra ? "pi-check-circle" : "pi-exclamation-triangle"}`}
            aria-hidden="true"
          />
          {verificar.data.message}
        </p>
      )}
      <DataTable
        value={auditoria.data?.rows ?? []}
        dataKey="idAuditoria"
        lazy
        // With no rows the paginator would only show disabled (low-contrast) controls.
        paginator={(auditoria.data?.totalRecords ?? 0) > 0}
        first={pagina.page * pagina.rows}
        rows={pagina.rows}
        totalRecords={auditoria.data?.totalRecords ?? 0}
        onPage={(e) => setPagina({ page: e.page ?? Math.floor(e.first / e.rows), rows: e.rows })}
        rowsPerPageOptions={[15, 25, 50]}
        loading={auditoria.isFetching}
        header={encabezado}
        emptyMessage={MSG.sinAuditoria}
        paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport"
        currentPageReportTemplate="Mostrando {first} a {last} de {totalRecords} registros"
        stripedRows
        size="small"
        // Phones: one stacked card per entry, as in the inboxes.
        className="rf-tabla-apilable"
        pt={ptTabla("auditoria-titulo")}
      >
        <Column
          header="Fecha"
          pt={etiqueta("Fecha")}
          body={(e: AuditoriaEntrada) => {
            // Date and time may break onto two lines, each kept whole, so "Cambios" keeps its room at 1280 px.
            const { fecha: dia, hora } = partesFechaHora(e.fecha);
            return (
              <span className="rf-fecha">
                <span className="rf-nowrap">{dia}</span> <span className="rf-nowrap">{hora}</span>
              </span>
            );
          }}
        />
        <Column header="Realizado por" pt={etiqueta("Realizado por")} body={realizadoPor} />
        <Column
          header="Entidad"
          pt={etiqueta("Entidad")}
          body={(e: AuditoriaEntrada) => ENTIDAD[e.entidad as EntidadAuditoria] ?? e.entidad}
        />
        <Column header="Registro" pt={etiqueta("Registro")} body={registro} />
        <Column header="Acción" pt={etiqueta("Acción")} body={(e: AuditoriaEntrada) => ACCION[e.accion] ?? e.accion} />
        <Column header="Dirección" pt={etiqueta("Dirección")} body={(e: AuditoriaEntrada) => e.direccion ?? "—"} />
        <Column
          header="Cambios"
          pt={etiqueta("Cambios")}
          body={(e: AuditoriaEntrada) => <Cambios e={e} nombre={nombrePorId} />}
        />
      </DataTable>
    </section>
  );
}
