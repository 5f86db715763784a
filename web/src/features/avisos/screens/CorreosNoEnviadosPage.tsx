/**
 * "Correos no enviados" (configuration administrator): e-mails of notices that failed every try,
 * with the last error, and a button that puts one back in the queue.
 */
import { type CorreoNoEnviado, MSG } from "@registro/contracts";
import { Button } from "primereact/button";
import { Column } from "primereact/column";
import { DataTable } from "primereact/datatable";
import { useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { useCorreosNoEnviados, useReintentarCorreo } from "../api/correos-no-enviados";
import "../avisos.css";
import { PaginaConfiguracion } from "../../../components/layout/PaginaConfiguracion";
import { formatearFechaHora } from "../../../lib/formato";

export default function CorreosNoEnviadosPage() {
  const [pagina, setPagina] = useState({ page: 0, rows: 15 });
  const lista = useCorreosNoEnviados(pagina);
  const reintentar = useReintentarCorreo();

  const accion = (c: CorreoNoEnviado) => (
    <Button
      type="button"
      label="Reintentar"
      icon="pi pi-refresh"
      size="small"
      outlined
      aria-label={`Reintentar el correo a ${c.para}`}
      disabled={reintentar.isPending}
      onClick={() =>
        reintentar.mutate(c.idCorreo, {
          onSuccess: (r) => (r.success ? notify.success(r.message) : notify.warn(r.message)),
          onError: (e) => notify.warn(e instanceof ApiError ? e.message : MSG.errorDesconocido),
        })
      }
    />
  );

  return (
    <PaginaConfiguracion idTitulo="correos-titulo" titulo="Correos no enviados" clase="rf-correos">
      <p className="rf-preferencias-nota">
        Correos de avisos que el servidor de correo no aceptó tras varios intentos. Los avisos siguen visibles en la
        aplicación para sus destinatarios.
      </p>
      <DataTable
        value={lista.data?.rows ?? []}
        dataKey="idCorreo"
        lazy
        paginator={(lista.data?.totalRecords ?? 0) > 0}
        first={pagina.page * pagina.rows}
        rows={pagina.rows}
        totalRecords={lista.data?.totalRecords ?? 0}
        onPage={(e) => setPagina({ page: e.page ?? Math.floor(e.first / e.rows), rows: e.rows })}
        rowsPerPageOptions={[15, 25, 50]}
        loading={lista.isFetching}
        emptyMessage={MSG.sinCorreosNoEnviados}
        currentPageReportTemplate="Mostrando {first} a {last} de {totalRecords} correos"
        paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport"
        stripedRows
        size="small"
        aria-labelledby="correos-titulo"
      >
        <Column header="Fecha" body={(c: CorreoNoEnviado) => formatearFechaHora(c.fecha)} />
        <Column header="Usuario" body={(c: CorreoNoEnviado) => c.usuario ?? "—"} />
        <Column header="Para" field="para" />
        <Column header="Asunto" field="asunto" />
        <Column header="Intentos" field="intentos" />
        <Column header="Último error" field="error" />
        <Column header="Acciones" body={accion} />
      </DataTable>
    </PaginaConfiguracion>
  );
}
