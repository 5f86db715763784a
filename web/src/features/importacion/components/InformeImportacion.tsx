/** A run's report: its rows as a table (by default only the refused ones), downloadable as CSV or Excel. */
import { type FilaInforme, type Importacion, MSG, NOMBRE_RESULTADO } from "@registro/contracts";
import { Button } from "primereact/button";
import { Checkbox } from "primereact/checkbox";
import { Column } from "primereact/column";
import { DataTable } from "primereact/datatable";
import { useId, useState } from "react";
import { notify } from "../../../lib/toast";
import { descargarInforme } from "../api/descargar-informe";
import { useInforme } from "../api/get-informe";

export function InformeImportacion({ r }: { r: Importacion }) {
  const [soloErrores, setSoloErrores] = useState(true);
  const [pagina, setPagina] = useState({ first: 0, rows: 20 });
  const idFiltro = useId();
  const informe = useInforme(
    r.idImportacion,
    soloErrores,
    pagina.first / pagina.rows + 1,
    pagina.rows,
    `${r.estado}-${r.fin ?? ""}`,
  );
  const descargar = (formato: "csv" | "xlsx") =>
    descargarInforme(r.idImportacion, formato).catch(() => notify.warn(MSG.errorDesconocido));
  return (
    <section className="rf-importacion-informe" aria-labelledby="informe-titulo">
      <div className="rf-importacion-cabecera">
        <h2 id="informe-titulo">Informe de {r.archivo}</h2>
        <div className="rf-importacion-acciones">
          <Button type="button" label="Informe CSV" icon="pi pi-download" outlined onClick={() => descargar("csv")} />
          <Button
            type="button"
            label="Informe Excel"
            icon="pi pi-file-excel"
            outlined
            onClick={() => descargar("xlsx")}
          />
        </div>
      </div>
      <div className="rf-importacion-filtro">
        <Checkbox
          inputId={idFiltro}
          checked={soloErrores}
          onChange={(e) => {
            setSoloErrores(e.checked === true);
            setPagina((p) => ({ ...p, first: 0 }));
          }}
        />
        <label htmlFor={idFiltro}>Solo filas rechazadas</label>
      </div>
      <DataTable
        value={informe.data?.rows ?? []}
        lazy
        paginator
        first={pagina.first}
        rows={pagina.rows}
        totalRecords={informe.data?.totalRecords ?? 0}
        onPage={(e) => setPagina({ first: e.first, rows: e.rows })}
        loading={informe.isFetching && !informe.data}
        emptyMessage={soloErrores ? "Ninguna fila rechazada." : "El informe no tiene filas."}
        stripedRows
        size="small"
        aria-labelledby="informe-titulo"
      >
        <Column header="Fila" field="fila" />
        <Column header="Resultado" body={(f: FilaInforme) => NOMBRE_RESULTADO[f.resultado]} />
        <Column header="Institución" field="institucion" />
        <Column header="Cédula" body={(f: FilaInforme) => <span className="rf-importacion-cedula">{f.cedula}</span>} />
        <Column header="Tipo" field="tipo" />
        <Column header="Columna" field="columna" />
        <Column header="Mensaje" field="mensaje" />
      </DataTable>
    </section>
  );
}
