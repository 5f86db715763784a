/**
 * The public page's upload check: anyone may upload a constancia's PDF to learn whether its
 * electronic seal is valid and whether it is the very file the registry issued. A react-hook-form
 * form (the file required, the API's field name); the server's refusal of the file lands on the same
 * field, and a refusal takes the focus to the file button. Its own chunk (with zod and the form
 * library), loaded once the page's answer is shown, so a phone opening a QR code paints the answer
 * first.
 */
import { CAMPO_CONSTANCIA, MSG } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link } from "react-router";
import { z } from "zod";
import { resolverDelEsquema } from "../../../components/formulario/servidor";
import { useFocoPrimerError } from "../../../components/formulario/use-foco-error";
import { ApiError } from "../../../lib/api-client";
import { comprobarConstancia, type RespuestaComprobacion } from "../api/comprobar-constancia";

/** The upload's one field, named as the API names it. */
interface Formulario {
  Archivo: File | null;
}
const esquemaArchivo = z.object({
  [CAMPO_CONSTANCIA]: z.custom<File>().refine((v) => v instanceof File, MSG.constanciaArchivoRequerido),
});

/** The upload check: the seal of the file and whether it is the one the registry issued. */
export function ComprobarArchivo() {
  const id = useId();
  const entrada = useRef<HTMLInputElement>(null);
  const [nombre, setNombre] = useState<string | null>(null);
  const comprobar = useMutation({ mutationFn: comprobarConstancia });
  const { control, handleSubmit, setError, formState } = useForm<Formulario>({
    defaultValues: { Archivo: null },
    resolver: resolverDelEsquema(esquemaArchivo),
    // useFocoPrimerError takes the focus to the file button.
    shouldFocusError: false,
  });
  const { contenedor, fallo } = useFocoPrimerError();

  const enviar = handleSubmit(({ Archivo }) => {
    if (!Archivo) return;
    comprobar.mutate(Archivo, {
      onSuccess: (r) => {
        if (!("errors" in r)) return;
        setError("Archivo", { type: "servidor", message: r.errors[CAMPO_CONSTANCIA]?.[0] ?? r.message });
        fallo();
      },
    });
  }, fallo);

  const r = comprobar.data;
  const error = formState.errors.Archivo?.message ?? null;
  const mensajeError =
    error ??
    (comprobar.isError
      ? comprobar.error instanceof ApiError && comprobar.error.status === 429
        ? comprobar.error.message
        : MSG.errorDesconocido
      : null);
  return (
    <section className="rfv-comprobar" aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`}>Comprobar el archivo de una constancia</h2>
      <p className="rfv-nota">
        Adjunte el PDF de la constancia que recibió: se comprueba su sello electrónico y si es el mismo archivo que
        emitió el registro. El archivo no se guarda.
      </p>
      <form ref={contenedor} onSubmit={enviar} noValidate>
        <label htmlFor={`${id}-archivo`}>Archivo PDF de la constancia</label>
        {/* The browser's own file button speaks the browser's language: a Spanish button opens it. */}
        <Controller
          control={control}
          name="Archivo"
          render={({ field }) => (
            <input
              ref={entrada}
              id={`${id}-archivo`}
              className="rf-sr-only"
              tabIndex={-1}
              type="file"
              accept="application/pdf,.pdf"
              onChange={(e) => {
                const archivo = e.target.files?.[0] ?? null;
                field.onChange(archivo);
                setNombre(archivo?.name ?? null);
              }}
            />
          )}
        />
        <button
          type="button"
          className="rfv-boton rfv-boton-secundario"
          aria-invalid={mensajeError !== null}
          aria-describedby={[`${id}-nombre`, mensajeError ? `${id}-error` : ""].join(" ").trim()}
          onClick={() => entrada.current?.click()}
        >
          <i className="pi pi-file-pdf" aria-hidden="true" /> Seleccionar archivo
        </button>
        <span id={`${id}-nombre`} className="rfv-nombre-archivo">
          {nombre ?? "Ningún archivo seleccionado"}
        </span>
        <button type="submit" className="rfv-boton" disabled={comprobar.isPending}>
          {comprobar.isPending ? "Comprobando…" : "Comprobar archivo"}
        </button>
      </form>
      {mensajeError && (
        <p id={`${id}-error`} className="rfv-respuesta rfv-no" role="alert">
          <i className="pi pi-times-circle" aria-hidden="true" /> {mensajeError}
        </p>
      )}
      {r && !("errors" in r) && !error && <ResultadoComprobacion r={r} />}
    </section>
  );
}

function ResultadoComprobacion({ r }: { r: Exclude<RespuestaComprobacion, { errors: unknown }> }) {
  return (
    <div role="status" aria-label="Resultado de la comprobación">
      <p className={`rfv-respuesta ${r.selloValido ? "rfv-si" : "rfv-no"}`}>
        <i className={`pi ${r.selloValido ? "pi-verified" : "pi-times-circle"}`} aria-hidden="true" /> {r.selloTexto}
      </p>
      <p className={`rfv-respuesta ${r.emitidaPorRegistro ? "rfv-si" : "rfv-no"}`}>
        <i className={`pi ${r.emitidaPorRegistro ? "pi-check-circle" : "pi-times-circle"}`} aria-hidden="true" />{" "}
        {r.emisionTexto}
      </p>
      <dl className="rfv-detalle">
        {r.certificado && (
          <>
            <dt>Certificado del sello</dt>
            <dd>{r.certificado}</dd>
          </>
        )}
        {r.pruebas && (
          <>
            <dt>Advertencia</dt>
            <dd>Sello de pruebas: esta instalación no tiene el certificado oficial de la Contraloría.</dd>
          </>
        )}
        {r.selloTiempo && (
          <>
            <dt>Sello de tiempo</dt>
            <dd>{new Date(r.selloTiempo).toLocaleString("es-DO", { timeZone: "America/Santo_Domingo" })}</dd>
          </>
        )}
        {r.codigo && (
          <>
            <dt>Código</dt>
            <dd>
              <Link to={`/Verificar/${r.codigo}`}>{r.codigo}</Link>
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}
