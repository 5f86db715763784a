/**
 * The controls of "Verificar un lote" (see VerificarLote): the questions' CSV file and the answers'
 * format (CSV or Excel), answered as a file with one row per question. A react-hook-form form (the
 * file required); the server's refusal of the file lands on the file's field, and a refusal takes
 * the focus there. Loaded after the page's first paint, in the room VerificarLote keeps for it.
 */
import { Button } from "primereact/button";
import { RadioButton } from "primereact/radiobutton";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { CampoSelectorArchivo } from "../../../components/formulario/CampoSelectorArchivo";
import { resolverDiferido } from "../../../components/formulario/servidor";
import { useFormulario } from "../../../components/formulario/use-formulario";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { type FormatoLote, useVerificarArchivo } from "../api/post-verificacion-lote";

/** The batch's fields: the questions' file and the answers' format. */
interface Formulario {
  Archivo: File | null;
  formato: FormatoLote;
}
// Its schema (and zod) arrive when the batch's controls are first focused or used.
const { resolver, precargar } = resolverDiferido<Formulario>(async () => (await import("../esquemas")).esquemaLote);

/** `id` prefixes the controls' ids (the section's own). */
export default function CamposLote({ id }: { id: string }) {
  const [hecho, setHecho] = useState<string | null>(null);
  const verificar = useVerificarArchivo();
  // Not a <form>: Enter on the format's options chooses, it does not send.
  const { control, handleSubmit, setError, contenedor, fallo } = useFormulario<Formulario, HTMLDivElement>({
    defaultValues: { Archivo: null, formato: "csv" },
    resolver,
  });

  const enviar = handleSubmit(
    async ({ Archivo, formato }) => {
      setHecho(null);
      if (!Archivo) return;
      verificar.mutate(
        { csv: await Archivo.text(), formato },
        {
          onSuccess: (nombre) => setHecho(`Respuestas descargadas en «${nombre}».`),
          onError: (e) => {
            const mensaje = e instanceof ApiError ? e.message : "No se pudo verificar el lote.";
            if (e instanceof ApiError && e.status === 400) {
              setError("Archivo", { type: "servidor", message: mensaje });
              fallo();
            } else notify.error(mensaje);
          },
        },
      );
    },
    () => {
      setHecho(null);
      fallo();
    },
  );

  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: it only notices focus entering its own controls. */}
      <div ref={contenedor} className="rfv-lote-campos" onFocus={precargar}>
        <CampoSelectorArchivo
          control={control}
          name="Archivo"
          id={`${id}-archivo`}
          etiqueta="Archivo CSV"
          accept=".csv,text/csv"
          alElegir={() => setHecho(null)}
        />
        <Controller
          control={control}
          name="formato"
          render={({ field }) => (
            <fieldset className="rfv-lote-formato">
              <legend>Respuestas en</legend>
              {(
                [
                  ["csv", "CSV"],
                  ["xlsx", "Excel"],
                ] as const
              ).map(([valor, etiqueta]) => (
                <span key={valor} className="rfv-lote-opcion">
                  <RadioButton
                    inputId={`${id}-${valor}`}
                    name={`${id}-formato`}
                    value={valor}
                    checked={field.value === valor}
                    onChange={() => field.onChange(valor)}
                  />
                  <label htmlFor={`${id}-${valor}`}>{etiqueta}</label>
                </span>
              ))}
            </fieldset>
          )}
        />
        <Button
          type="button"
          label="Procesar lote"
          icon="pi pi-file-import"
          loading={verificar.isPending}
          onClick={() => void enviar()}
        />
      </div>
      <p role="status" className="rfv-lote-estado">
        {hecho}
      </p>
    </>
  );
}
