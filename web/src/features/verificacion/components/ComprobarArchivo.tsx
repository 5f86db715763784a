/**
 * The public page's upload check: anyone may upload a constancia's PDF to learn whether its
 * electronic seal is valid and whether it is the very file the registry issued — one verdict, and
 * for an issued file whether it is its request's latest constancia and which of its officials are
 * no longer authorised today. On a code's page, that code goes with the file. One field (the file,
 * required, under the API's field name); the server's refusal of the file lands on the same field,
 * and a refusal takes the focus to the file button. Plain React state rather than the form library
 * and zod, like the Login form: for one required file they would add 37 KB of script (and a 50 ms
 * evaluation on a slow phone) to the page strangers open from a constancia's QR code. Its own
 * chunk, loaded once the page's answer is shown, so a phone paints the answer first.
 */
import { CAMPO_CONSTANCIA, MSG } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { formatearFechaHora } from "../../../lib/formato";
import { comprobarConstancia, type RespuestaComprobacion } from "../api/comprobar-constancia";

/** The upload check: the seal of the file and whether it is the one the registry issued. */
export function ComprobarArchivo({ codigoPagina }: { codigoPagina?: string } = {}) {
  const id = useId();
  const entrada = useRef<HTMLInputElement>(null);
  const boton = useRef<HTMLButtonElement>(null);
  const [archivo, setArchivo] = useState<File | null>(null);
  // The field's own refusal (no file) or the server's refusal of the file.
  const [error, setError] = useState<string | null>(null);
  // Counts refusals: each one takes the focus to the file button once its message is on screen.
  const [fallos, setFallos] = useState(0);
  const comprobar = useMutation({ mutationFn: comprobarConstancia });

  useEffect(() => {
    if (fallos === 0) return;
    boton.current?.scrollIntoView({ block: "center" });
    boton.current?.focus({ preventScroll: true });
  }, [fallos]);

  const rechazar = (mensaje: string) => {
    setError(mensaje);
    setFallos((n) => n + 1);
  };

  const enviar = (e: FormEvent) => {
    e.preventDefault();
    if (!archivo) {
      rechazar(MSG.constanciaArchivoRequerido);
      return;
    }
    setError(null);
    comprobar.mutate(
      { archivo, codigoPagina },
      {
        onSuccess: (r) => {
          if ("errors" in r) rechazar(r.errors[CAMPO_CONSTANCIA]?.[0] ?? r.message);
        },
      },
    );
  };

  const r = comprobar.data;
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
      <form onSubmit={enviar} noValidate>
        <label htmlFor={`${id}-archivo`}>Archivo PDF de la constancia</label>
        {/* The browser's own file button speaks the browser's language: a Spanish button opens it. */}
        <input
          ref={entrada}
          id={`${id}-archivo`}
          className="rf-sr-only"
          tabIndex={-1}
          type="file"
          name={CAMPO_CONSTANCIA}
          accept="application/pdf,.pdf"
          onChange={(e) => {
            setArchivo(e.target.files?.[0] ?? null);
            setError(null);
          }}
        />
        <button
          ref={boton}
          type="button"
          className="rfv-boton rfv-boton-secundario"
          aria-invalid={mensajeError !== null}
          aria-describedby={[`${id}-nombre`, mensajeError ? `${id}-error` : ""].join(" ").trim()}
          onClick={() => entrada.current?.click()}
        >
          <i className="pi pi-file-pdf" aria-hidden="true" /> Seleccionar archivo
        </button>
        <span id={`${id}-nombre`} className="rfv-nombre-archivo">
          {archivo?.name ?? "Ningún archivo seleccionado"}
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
      {r && !("errors" in r) && !error && <ResultadoComprobacion r={r} codigoPagina={codigoPagina} />}
    </section>
  );
}

type Comprobacion = Exclude<RespuestaComprobacion, { errors: unknown }>;

/** The one verdict's look: the issued file in force, the issued file outdated, anything else. */
const CLASE_VEREDICTO: Record<Comprobacion["veredicto"], { clase: string; icono: string }> = {
  emitida: { clase: "rfv-si", icono: "pi-verified" },
  comprobante: { clase: "rfv-si", icono: "pi-verified" },
  informe: { clase: "rfv-si", icono: "pi-verified" },
  desactualizada: { clase: "rfv-aviso", icono: "pi-exclamation-triangle" },
  anterior: { clase: "rfv-aviso", icono: "pi-info-circle" },
  distinta: { clase: "rfv-no", icono: "pi-times-circle" },
  alterada: { clase: "rfv-no", icono: "pi-times-circle" },
  ajena: { clase: "rfv-no", icono: "pi-times-circle" },
  sinSello: { clase: "rfv-no", icono: "pi-times-circle" },
  desconocida: { clase: "rfv-no", icono: "pi-times-circle" },
};

function ResultadoComprobacion({ r, codigoPagina }: { r: Comprobacion; codigoPagina?: string }) {
  const { clase, icono } = CLASE_VEREDICTO[r.veredicto];
  return (
    <div role="status" aria-label="Resultado de la comprobación">
      {/* One verdict: the digest of the issued file decides it, then the seal. */}
      <p className={`rfv-respuesta ${clase}`}>
        <i className={`pi ${icono}`} aria-hidden="true" /> {r.veredictoTexto}
      </p>
      {r.deLaPagina === false && codigoPagina && <p>{MSG.deOtraPagina(codigoPagina)}</p>}
      {r.ultimaTexto && <p>{r.ultimaTexto}</p>}
      {r.noAutorizados.length > 0 && (
        <>
          <p>Funcionarios de esta constancia que hoy no están autorizados:</p>
          <ul className="rfv-no-autorizados" aria-label="Funcionarios que hoy no están autorizados">
            {r.noAutorizados.map((f) => (
              <li key={`${f.cedula}-${f.nombres}-${f.apellidos}`}>
                {f.nombres} {f.apellidos} ({f.cedula}) <span className="rfv-estado rfv-estado-no">{f.estadoTexto}</span>
              </li>
            ))}
          </ul>
        </>
      )}
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
            <dd>{formatearFechaHora(r.selloTiempo)}</dd>
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
