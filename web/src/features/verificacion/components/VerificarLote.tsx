/**
 * "Verificar un lote": a CSV with one question per row (columns Cédula, and optionally Institución,
 * Firma, Monto, Fecha) answered as a CSV or Excel file with one row per question, in the same order,
 * with the same answers and reasons as the form above. A react-hook-form form (the file required);
 * the server's refusal of the file lands on the file's field, and a refusal takes the focus there.
 */
import { MAX_PREGUNTAS_LOTE } from "@registro/contracts";
import { Button } from "primereact/button";
import { RadioButton } from "primereact/radiobutton";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { resolverDelEsquema } from "../../../components/formulario/servidor";
import { useFocoPrimerError } from "../../../components/formulario/use-foco-error";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { type FormatoLote, useVerificarArchivo } from "../api/post-verificacion-lote";

/** The batch's fields: the questions' file and the answers' format. */
interface Formulario {
  Archivo: File | null;
  formato: FormatoLote;
}
const esquema = z.object({
  Archivo: z.custom<File>().refine((v) => v instanceof File, "Elija un archivo CSV con las preguntas."),
  formato: z.enum(["csv", "xlsx"]),
});

export function VerificarLote() {
  const id = useId();
  const [hecho, setHecho] = useState<string | null>(null);
  const verificar = useVerificarArchivo();
  const { control, handleSubmit, setError } = useForm<Formulario>({
    defaultValues: { Archivo: null, formato: "csv" },
    resolver: resolverDelEsquema(esquema),
    // useFocoPrimerError takes the focus to the file's field.
    shouldFocusError: false,
  });
  // Not a <form>: Enter on the format's options chooses, it does not send.
  const { contenedor, fallo } = useFocoPrimerError<HTMLDivElement>();

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
    <section className="rfv-lote" aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`}>Verificar un lote</h2>
      <p className="rfv-ayuda">
        Un archivo CSV con una pregunta por fila (hasta {MAX_PREGUNTAS_LOTE.toLocaleString("es-DO")}) y la fila de
        títulos <strong>Cédula</strong> y, si las necesita, <strong>Institución</strong>, <strong>Firma</strong> (por
        nombre o número), <strong>Monto</strong> y <strong>Fecha</strong> (día/mes/año; vacía: hoy). La respuesta es un
        archivo con una fila por pregunta, en el mismo orden, con el resultado y su motivo.
      </p>
      <div ref={contenedor} className="rfv-lote-campos">
        <Controller
          control={control}
          name="Archivo"
          render={({ field, fieldState }) => {
            const error = fieldState.error?.message;
            return (
              <div className="rfo-campo">
                <label htmlFor={`${id}-archivo`}>Archivo CSV</label>
                <input
                  id={`${id}-archivo`}
                  ref={field.ref}
                  type="file"
                  accept=".csv,text/csv"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(e) => {
                    setHecho(null);
                    field.onChange(e.target.files?.[0] ?? null);
                  }}
                />
                {error && (
                  <small id={`${id}-error`} className="p-error">
                    {error}
                  </small>
                )}
              </div>
            );
          }}
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
    </section>
  );
}
