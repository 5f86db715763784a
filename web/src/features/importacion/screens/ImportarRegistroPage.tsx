/**
 * "Importar registro" (configuration administrator): upload the registry kept before the product
 * to a test run or an apply that goes on in the background, follow its progress, the last runs,
 * and a run's report as a table filtered to errors (downloadable as CSV or Excel).
 */
import {
  type FilaInforme,
  type Importacion,
  MSG,
  NOMBRE_ESTADO_IMPORTACION,
  NOMBRE_RESULTADO,
} from "@registro/contracts";
import { Button } from "primereact/button";
import { Checkbox } from "primereact/checkbox";
import { Column } from "primereact/column";
import { DataTable } from "primereact/datatable";
import { ProgressBar } from "primereact/progressbar";
import { Tag } from "primereact/tag";
import { useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import {
  descargarInforme,
  descargarPlantilla,
  enCurso,
  useImportaciones,
  useInforme,
  useIniciarImportacion,
} from "../api/importacion";
import "../importacion.css";

const fechaHora = new Intl.DateTimeFormat("es-DO", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "America/Santo_Domingo",
});
const miles = (n: number) => n.toLocaleString("es-DO");

function Estado({ r }: { r: Importacion }) {
  if (enCurso(r)) return <Tag severity="info" value={NOMBRE_ESTADO_IMPORTACION[r.estado]} />;
  if (r.estado === "fallida") return <Tag severity="danger" value="Fallida" />;
  if (r.error !== null) return <Tag severity="warning" value="Con errores" />;
  if (r.aplicada) return <Tag severity="success" value="Aplicada" />;
  return <Tag severity="success" value={r.conteos.rechazada > 0 ? "Prueba con errores" : "Prueba correcta"} />;
}

function Progreso({ r }: { r: Importacion }) {
  const porcentaje = r.total ? Math.min(100, Math.round((r.progreso / r.total) * 100)) : null;
  const texto =
    r.estado === "aplicando"
      ? `Aplicando: ${miles(r.progreso)}${r.total ? ` de ${miles(r.total)}` : ""} filas`
      : `${NOMBRE_ESTADO_IMPORTACION[r.estado]}: ${miles(r.progreso)} filas leídas`;
  return (
    <div className="rf-importacion-progreso">
      <p id="importacion-progreso">{texto}</p>
      <ProgressBar
        aria-labelledby="importacion-progreso"
        mode={porcentaje === null || r.estado !== "aplicando" ? "indeterminate" : "determinate"}
        value={porcentaje ?? undefined}
        className="rf-importacion-barra"
      />
    </div>
  );
}

function Resumen({ r }: { r: Importacion }) {
  const c = r.conteos;
  return (
    <div className="rf-importacion-resumen" role="status">
      {enCurso(r) ? (
        <Progreso r={r} />
      ) : (
        <>
          <p>
            <strong>{r.archivo}</strong> ({r.aplicar ? "aplicación" : "prueba"}): {miles(c.filas)} filas; se crean{" "}
            {miles(c.crear)}, se actualizan {miles(c.actualizar)}, sin cambios {miles(c.sinCambios)}, rechazadas{" "}
            {miles(c.rechazada)}.
          </p>
          {r.error && <p className="rf-importacion-error">{r.error}</p>}
          {!r.error && r.aplicada && <p>El registro quedó actualizado.</p>}
          {!r.error && !r.aplicar && c.rechazada === 0 && <p>Prueba correcta: puede aplicar el archivo.</p>}
        </>
      )}
    </div>
  );
}

function Informe({ r }: { r: Importacion }) {
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
        <Column header="Cédula" field="cedula" />
        <Column header="Tipo" field="tipo" />
        <Column header="Columna" field="columna" />
        <Column header="Mensaje" field="mensaje" />
      </DataTable>
    </section>
  );
}

export default function ImportarRegistroPage() {
  const navigate = useNavigate();
  const lista = useImportaciones();
  const iniciar = useIniciarImportacion();
  const entrada = useRef<HTMLInputElement>(null);
  const [archivo, setArchivo] = useState<File | null>(null);
  const [crearCatalogos, setCrearCatalogos] = useState(false);
  const [errorArchivo, setErrorArchivo] = useState<string | null>(null);
  const [elegida, setElegida] = useState<number | null>(null);
  const idArchivo = useId();
  const idCrear = useId();
  const corridas = lista.data ?? [];
  const ocupada = corridas.some(enCurso);
  const actual = corridas.find((r) => r.idImportacion === elegida) ?? corridas[0] ?? null;

  const empezar = (aplicar: boolean) => {
    if (!archivo) {
      setErrorArchivo(MSG.requerido);
      entrada.current?.focus();
      return;
    }
    setErrorArchivo(null);
    iniciar.mutate(
      { archivo, aplicar, crearCatalogos },
      {
        onSuccess: (r) => {
          if (r.errors) {
            const e = Object.values(r.errors).flat()[0];
            setErrorArchivo(e ?? r.message);
            entrada.current?.focus();
          } else if (!r.success) notify.warn(r.message);
          else {
            notify.success(r.message);
            setElegida(r.data?.idImportacion ?? null);
          }
        },
        onError: (e) => notify.warn(e instanceof ApiError ? e.message : MSG.errorDesconocido),
      },
    );
  };

  return (
    <section className="rf-importacion" aria-labelledby="importacion-titulo">
      <div className="rf-importacion-cabecera">
        <h1 id="importacion-titulo">Importar registro</h1>
        <div className="rf-importacion-acciones">
          <Button
            type="button"
            label="Plantilla CSV"
            icon="pi pi-download"
            outlined
            onClick={() => descargarPlantilla("csv").catch(() => notify.warn(MSG.errorDesconocido))}
          />
          <Button
            type="button"
            label="Plantilla Excel"
            icon="pi pi-file-excel"
            outlined
            onClick={() => descargarPlantilla("xlsx").catch(() => notify.warn(MSG.errorDesconocido))}
          />
          <Button
            type="button"
            label="Volver"
            icon="pi pi-arrow-left"
            severity="secondary"
            outlined
            onClick={() => navigate("/Configuracion")}
          />
        </div>
      </div>
      <p>
        Suba el registro que se llevaba antes (CSV o Excel, una fila por incumbente o funcionario). Primero pruebe el
        archivo: la prueba no cambia nada y muestra qué filas se crearían, se actualizarían o se rechazarían. Al
        aplicar, se importa el archivo completo o nada.
      </p>
      <div className="rf-importacion-formulario">
        <div className="rf-importacion-campo">
          <label htmlFor={idArchivo}>Archivo del registro</label>
          <input
            ref={entrada}
            id={idArchivo}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-invalid={errorArchivo !== null}
            aria-describedby={errorArchivo ? `${idArchivo}-error` : undefined}
            onChange={(e) => {
              setArchivo(e.target.files?.[0] ?? null);
              setErrorArchivo(null);
            }}
          />
          {errorArchivo && (
            <small id={`${idArchivo}-error`} className="rf-importacion-error">
              {errorArchivo}
            </small>
          )}
        </div>
        <div className="rf-importacion-filtro">
          <Checkbox
            inputId={idCrear}
            checked={crearCatalogos}
            onChange={(e) => setCrearCatalogos(e.checked === true)}
          />
          <label htmlFor={idCrear}>Crear instituciones y cargos que no existan</label>
        </div>
        <div className="rf-importacion-acciones">
          <Button
            type="button"
            label="Probar"
            icon="pi pi-search"
            disabled={iniciar.isPending || ocupada}
            onClick={() => empezar(false)}
          />
          <Button
            type="button"
            label="Aplicar"
            icon="pi pi-upload"
            severity="warning"
            disabled={iniciar.isPending || ocupada}
            onClick={() => empezar(true)}
          />
        </div>
      </div>
      {actual && <Resumen r={actual} />}
      <h2 id="corridas-titulo">Últimas importaciones</h2>
      <DataTable
        value={corridas}
        dataKey="idImportacion"
        loading={lista.isFetching && !lista.data}
        emptyMessage="Todavía no se ha importado ningún archivo."
        stripedRows
        size="small"
        aria-labelledby="corridas-titulo"
      >
        <Column header="Inicio" body={(r: Importacion) => fechaHora.format(new Date(r.inicio))} />
        <Column header="Archivo" field="archivo" />
        <Column header="Tipo" body={(r: Importacion) => (r.aplicar ? "Aplicación" : "Prueba")} />
        <Column header="Usuario" field="usuario" />
        <Column header="Estado" body={(r: Importacion) => <Estado r={r} />} />
        <Column header="Filas" body={(r: Importacion) => miles(r.conteos.filas)} />
        <Column header="Rechazadas" body={(r: Importacion) => miles(r.conteos.rechazada)} />
        <Column
          header="Informe"
          body={(r: Importacion) => (
            <Button
              type="button"
              label="Ver informe"
              text
              size="small"
              aria-label={`Ver informe de ${r.archivo} (${fechaHora.format(new Date(r.inicio))})`}
              onClick={() => setElegida(r.idImportacion)}
            />
          )}
        />
      </DataTable>
      {actual && !enCurso(actual) && actual.conteos.filas > 0 && <Informe key={actual.idImportacion} r={actual} />}
    </section>
  );
}
