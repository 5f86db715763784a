/**
 * "Importar registro" (configuration administrator): upload the registry kept before the product
 * to a test run or an apply that goes on in the background, follow its progress, the last runs,
 * and a run's report as a table filtered to errors (downloadable as CSV or Excel). The upload is a
 * react-hook-form form checked with the API's schema (the file required); the server's field errors
 * land on the file fields, and a refusal takes the focus to the first one.
 */
import { type Importacion, MSG, zFormImportacion } from "@registro/contracts";
import { Button } from "primereact/button";
import { Checkbox } from "primereact/checkbox";
import { Column } from "primereact/column";
import { DataTable } from "primereact/datatable";
import { useId, useState } from "react";
import { type Control, Controller } from "react-hook-form";
import { z } from "zod";
import { CampoSelectorArchivo } from "../../../components/formulario/CampoSelectorArchivo";
import { useFormulario } from "../../../components/formulario/use-formulario";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { enCurso } from "../api/comun";
import { descargarPlantilla } from "../api/descargar-plantilla";
import { useImportaciones } from "../api/get-importaciones";
import { useIniciarImportacion } from "../api/iniciar-importacion";
import { ConfirmarAplicacion, pruebaDe, sha256Archivo } from "../components/ConfirmarAplicacion";
import { Estado, Resumen } from "../components/EstadoImportacion";
import { InformeImportacion } from "../components/InformeImportacion";
import "../importacion.css";
import { PaginaConfiguracion } from "../../../components/layout/PaginaConfiguracion";
import { formatearFechaHora, formatearNumero } from "../../../lib/formato";

/** The upload's fields, named as the API's multipart fields. */
interface Formulario {
  Archivo: File | null;
  Documentos: File | null;
  CrearCatalogos: boolean;
}
const CAMPOS = ["Archivo", "Documentos"] as const;
const esquema = zFormImportacion.omit({ Aplicar: true }).extend({
  Archivo: z.custom<File>().refine((v) => v instanceof File, MSG.requerido),
  Documentos: z.custom<File | null>(),
});

/** The upload form and its sending: a test run or an apply; the run started is shown. */
function useFormularioImportacion(onIniciada: (id: number | null) => void) {
  const iniciar = useIniciarImportacion();
  const form = useFormulario<Formulario, HTMLDivElement>({
    defaultValues: { Archivo: null, Documentos: null, CrearCatalogos: false },
    esquema,
    campos: CAMPOS,
  });
  const { handleSubmit, setError, fallo, erroresServidor } = form;
  const empezar = (aplicar: boolean) =>
    handleSubmit(({ Archivo, Documentos, CrearCatalogos }) => {
      if (!Archivo) return;
      iniciar.mutate(
        { archivo: Archivo, documentos: Documentos, aplicar, crearCatalogos: CrearCatalogos },
        {
          onSuccess: (r) => {
            if (r.errors) {
              // What names neither file is said on the registry's file.
              const otros = Object.values(erroresServidor(r.errors)).flat();
              if (otros.length > 0) setError("Archivo", { type: "servidor", message: otros[0] ?? r.message });
              fallo();
            } else if (!r.success) notify.warn(r.message);
            else {
              notify.success(r.message);
              onIniciada(r.data?.idImportacion ?? null);
            }
          },
          onError: (e) => notify.warn(e instanceof ApiError ? e.message : MSG.errorDesconocido),
        },
      );
    }, fallo)();
  return { ...form, iniciar, empezar };
}

export default function ImportarRegistroPage() {
  const lista = useImportaciones();
  const [elegida, setElegida] = useState<number | null>(null);
  // Not a <form>: two buttons send it, each its own way.
  const { control, handleSubmit, getValues, contenedor, fallo, iniciar, empezar } =
    useFormularioImportacion(setElegida);
  /** Aplicar's question: open with the test run it reads (null: the file was never tested). */
  const [confirmar, setConfirmar] = useState<{ prueba: Importacion | null } | null>(null);
  const corridas = lista.data ?? [];
  const ocupada = corridas.some(enCurso);
  const actual = corridas.find((r) => r.idImportacion === elegida) ?? corridas[0] ?? null;

  /** Aplicar: the form checked first (its errors say what is missing), then the question. */
  const preguntarAplicar = () =>
    handleSubmit(async ({ Archivo, CrearCatalogos }) => {
      if (!Archivo) return;
      setConfirmar({ prueba: pruebaDe(corridas, await sha256Archivo(Archivo), CrearCatalogos) });
    }, fallo)();

  return (
    <PaginaConfiguracion
      idTitulo="importacion-titulo"
      titulo="Importar registro"
      clase="rf-importacion"
      acciones={<AccionesPlantilla />}
    >
      <p>
        Suba el registro que se llevaba antes (CSV o Excel, una fila por incumbente o funcionario). Primero pruebe el
        archivo: la prueba no cambia nada y muestra qué filas se crearían, se actualizarían o se rechazarían. Al
        aplicar, se importa el archivo completo o nada.
      </p>
      <div ref={contenedor} className="rf-importacion-formulario">
        <ArchivosImportacion control={control} />
        <OpcionesYBotones
          control={control}
          deshabilitado={iniciar.isPending || ocupada}
          onProbar={() => empezar(false)}
          onAplicar={preguntarAplicar}
        />
      </div>
      <ConfirmarAplicacion
        visible={confirmar !== null}
        archivo={getValues().Archivo?.name ?? ""}
        prueba={confirmar?.prueba ?? null}
        onNo={() => setConfirmar(null)}
        onSi={() => {
          setConfirmar(null);
          empezar(true);
        }}
      />
      {actual && <Resumen r={actual} />}
      <h2 id="corridas-titulo">Últimas importaciones</h2>
      <TablaCorridas corridas={corridas} cargando={lista.isFetching && !lista.data} onElegir={setElegida} />
      {actual && !enCurso(actual) && actual.conteos.filas > 0 && (
        <InformeImportacion key={actual.idImportacion} r={actual} />
      )}
    </PaginaConfiguracion>
  );
}

function AccionesPlantilla() {
  return (
    <>
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
    </>
  );
}

/** The last runs, each with a button to its report. */
function TablaCorridas(props: { corridas: Importacion[]; cargando: boolean; onElegir: (id: number) => void }) {
  const { corridas, cargando, onElegir } = props;
  return (
    <DataTable
      value={corridas}
      dataKey="idImportacion"
      loading={cargando}
      emptyMessage="Todavía no se ha importado ningún archivo."
      stripedRows
      size="small"
      aria-labelledby="corridas-titulo"
    >
      <Column header="Inicio" body={(r: Importacion) => formatearFechaHora(r.inicio)} />
      <Column header="Archivo" field="archivo" />
      <Column header="Tipo" body={(r: Importacion) => (r.aplicar ? "Aplicación" : "Prueba")} />
      <Column header="Usuario" field="usuario" />
      <Column header="Estado" body={(r: Importacion) => <Estado r={r} />} />
      <Column header="Filas" body={(r: Importacion) => formatearNumero(r.conteos.filas)} />
      <Column header="Rechazadas" body={(r: Importacion) => formatearNumero(r.conteos.rechazada)} />
      <Column
        header="Informe"
        body={(r: Importacion) => (
          <Button
            type="button"
            label="Ver informe"
            text
            size="small"
            aria-label={`Ver informe de ${r.archivo} (${formatearFechaHora(r.inicio)})`}
            onClick={() => onElegir(r.idImportacion)}
          />
        )}
      />
    </DataTable>
  );
}

/** "Crear instituciones y cargos", then Probar (a test run) and Aplicar (asked first). */
function OpcionesYBotones(props: {
  control: Control<Formulario>;
  deshabilitado: boolean;
  onProbar: () => void;
  onAplicar: () => void;
}) {
  const { control, deshabilitado, onProbar, onAplicar } = props;
  const idCrear = useId();
  return (
    <>
      <Controller
        control={control}
        name="CrearCatalogos"
        render={({ field }) => (
          <div className="rf-importacion-filtro">
            <Checkbox inputId={idCrear} checked={field.value} onChange={(e) => field.onChange(e.checked === true)} />
            <label htmlFor={idCrear}>Crear instituciones y cargos que no existan</label>
          </div>
        )}
      />
      <div className="rf-importacion-acciones">
        <Button type="button" label="Probar" icon="pi pi-search" disabled={deshabilitado} onClick={onProbar} />
        <Button
          type="button"
          label="Aplicar"
          icon="pi pi-upload"
          severity="warning"
          disabled={deshabilitado}
          onClick={onAplicar}
        />
      </div>
    </>
  );
}

/** The registry's file and the optional ZIP of signature cards. */
function ArchivosImportacion({ control }: { control: Control<Formulario> }) {
  const idArchivo = useId();
  const idZip = useId();
  return (
    <>
      <CampoSelectorArchivo
        control={control}
        name="Archivo"
        id={idArchivo}
        etiqueta="Archivo del registro"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      />
      <CampoSelectorArchivo
        control={control}
        name="Documentos"
        id={idZip}
        etiqueta="Documentos (ZIP, opcional)"
        accept=".zip,application/zip"
        ayuda="Un archivo PDF o imagen por funcionario, con su cédula por nombre (por ejemplo, 001-1234567-8.pdf): se adjunta como su Tarjeta de Firmas."
      />
    </>
  );
}
