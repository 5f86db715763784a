/**
 * "Verificar un lote": a CSV with one question per row (columns Cédula, and optionally Institución,
 * Firma, Monto, Fecha) answered as a CSV or Excel file with one row per question, in the same order,
 * with the same answers and reasons as the form above.
 */
import { MAX_PREGUNTAS_LOTE } from "@registro/contracts";
import { Button } from "primereact/button";
import { RadioButton } from "primereact/radiobutton";
import { useId, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { type FormatoLote, useVerificarArchivo } from "../api/post-verificacion-lote";

export function VerificarLote() {
  const id = useId();
  const archivo = useRef<HTMLInputElement>(null);
  const [formato, setFormato] = useState<FormatoLote>("csv");
  const [error, setError] = useState<string | null>(null);
  const [hecho, setHecho] = useState<string | null>(null);
  const verificar = useVerificarArchivo();

  const enviar = async () => {
    setHecho(null);
    const f = archivo.current?.files?.[0];
    if (!f) {
      setError("Elija un archivo CSV con las preguntas.");
      archivo.current?.focus();
      return;
    }
    setError(null);
    verificar.mutate(
      { csv: await f.text(), formato },
      {
        onSuccess: (nombre) => setHecho(`Respuestas descargadas en «${nombre}».`),
        onError: (e) => {
          const mensaje = e instanceof ApiError ? e.message : "No se pudo verificar el lote.";
          if (e instanceof ApiError && e.status === 400) setError(mensaje);
          else notify.error(mensaje);
        },
      },
    );
  };

  return (
    <section className="rfv-lote" aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`}>Verificar un lote</h2>
      <p className="rfv-ayuda">
        Un archivo CSV con una pregunta por fila (hasta {MAX_PREGUNTAS_LOTE.toLocaleString("es-DO")}) y la fila de
        títulos <strong>Cédula</strong> y, si las necesita, <strong>Institución</strong>, <strong>Firma</strong> (por
        nombre o número), <strong>Monto</strong> y <strong>Fecha</strong> (día/mes/año; vacía: hoy). La respuesta es un
        archivo con una fila por pregunta, en el mismo orden, con el resultado y su motivo.
      </p>
      <div className="rfv-lote-campos">
        <div className="rfo-campo">
          <label htmlFor={`${id}-archivo`}>Archivo CSV</label>
          <input
            id={`${id}-archivo`}
            ref={archivo}
            type="file"
            accept=".csv,text/csv"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={() => {
              setError(null);
              setHecho(null);
            }}
          />
          {error && (
            <small id={`${id}-error`} className="p-error">
              {error}
            </small>
          )}
        </div>
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
                checked={formato === valor}
                onChange={() => setFormato(valor)}
              />
              <label htmlFor={`${id}-${valor}`}>{etiqueta}</label>
            </span>
          ))}
        </fieldset>
        <Button
          type="button"
          label="Procesar lote"
          icon="pi pi-file-import"
          loading={verificar.isPending}
          onClick={enviar}
        />
      </div>
      <p role="status" className="rfv-lote-estado">
        {hecho}
      </p>
    </section>
  );
}
