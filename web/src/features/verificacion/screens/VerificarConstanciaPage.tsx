/**
 * The public page of a constancia (/Verificar/{codigo}, no sign-in): whether the code belongs to a
 * constancia the registry issued, and what the registry says of each of its officials now —
 * "Vigente", "Por vencer", "Inactivada el dd/mm/aaaa" or "Vencida" — with only what a checker
 * needs. Below, anyone may upload the constancia's PDF to learn whether its electronic seal is valid
 * and whether it is the very file the registry issued (/Verificar without a code shows only that).
 * Kept free of PrimeReact component code, like Login, so a phone opening the QR code loads little.
 * The upload is a react-hook-form form (the file required, the API's field name); the server's
 * refusal of the file lands on the same field, and a refusal takes the focus to the file button.
 */
import "../verificacion.css";
import {
  APP_NOMBRE_CORTO,
  CAMPO_CONSTANCIA,
  type ConstanciaPublica,
  type FuncionarioConstancia,
  MSG,
} from "@registro/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link, useParams } from "react-router";
import { z } from "zod";
import { resolverDelEsquema } from "../../../components/formulario/servidor";
import { useFocoPrimerError } from "../../../components/formulario/use-foco-error";
import { formatearFecha, formatearMonto } from "../../../components/solicitud/formato";
import { ApiError } from "../../../lib/api-client";
import { comprobarConstancia, type RespuestaComprobacion } from "../api/comprobar-constancia";
import { consultaConstanciaPublica } from "../api/get-constancia-publica";

export default function VerificarConstanciaPage() {
  const { codigo = "" } = useParams();
  const consulta = useQuery({ ...consultaConstanciaPublica(codigo), enabled: codigo !== "" });

  useEffect(() => {
    document.title = `Verificar constancia | ${APP_NOMBRE_CORTO}`;
  }, []);

  return (
    <div className="rfv-fondo">
      <main className="rfv-publica">
        <header className="rfv-cabecera-publica">
          <img src="./favicon.svg" alt="" width={56} height={56} />
          <p className="rfv-org">Contraloría General de la República</p>
          <p className="rfv-app">{APP_NOMBRE_CORTO}</p>
        </header>
        <h1>Verificación de constancia</h1>
        {codigo !== "" && (
          <>
            <p className="rfv-codigo">
              Código: <strong>{codigo}</strong>
            </p>
            {/* Room for the answer while it is asked for: what follows does not jump down (CLS). */}
            <div className="rfv-resultado-publico">
              {consulta.isLoading && <p role="status">Consultando el registro…</p>}
              {consulta.isError && (
                <p className="rfv-respuesta rfv-no" role="alert">
                  <i className="pi pi-times-circle" aria-hidden="true" />{" "}
                  {consulta.error instanceof ApiError &&
                  (consulta.error.status === 404 || consulta.error.status === 429)
                    ? consulta.error.message
                    : MSG.errorDesconocido}
                </p>
              )}
              {consulta.data && <Constancia c={consulta.data} />}
            </div>
          </>
        )}
        <ComprobarArchivo />
        <p className="rfv-volver">
          <Link to="/Login">Ir a Iniciar sesión</Link>
        </p>
      </main>
    </div>
  );
}

function Constancia({ c }: { c: ConstanciaPublica }) {
  return (
    <>
      <p className="rfv-respuesta rfv-si" role="status">
        <i className="pi pi-verified" aria-hidden="true" /> Constancia auténtica, emitida el {formatearFecha(c.emitida)}{" "}
        para la solicitud No. {c.idSolicitud}.
      </p>
      <p>
        <strong>Institución:</strong> {c.institucion}
      </p>
      <ul className="rfv-funcionarios" aria-label="Funcionarios de la constancia">
        {c.funcionarios.map((f) => (
          <Funcionario key={`${f.cedula}-${f.nombres}-${f.apellidos}`} f={f} />
        ))}
      </ul>
      <p className="rfv-nota">Estado según el registro en este momento.</p>
    </>
  );
}

function Funcionario({ f }: { f: FuncionarioConstancia }) {
  const clase =
    f.estado === "vigente" ? "rfv-estado-si" : f.estado === "porVencer" ? "rfv-estado-aviso" : "rfv-estado-no";
  return (
    <li className="rfv-funcionario">
      <p className="rfv-nombre">
        {f.nombres} {f.apellidos} <span className={`rfv-estado ${clase}`}>{f.estadoTexto}</span>
      </p>
      <dl>
        <dt>Cédula</dt>
        <dd>{f.cedula}</dd>
        <dt>Cargo</dt>
        <dd>{f.cargo}</dd>
        <dt>Firmas</dt>
        <dd>{f.firmas.join(", ")}</dd>
        <dt>Rango</dt>
        <dd>{f.firmaRango ? `${formatearMonto(f.montoDesde)} – ${formatearMonto(f.montoHasta)}` : "Sin límite"}</dd>
        <dt>Vigencia</dt>
        <dd>{f.firmaVigencia ? `${formatearFecha(f.fechaDesde)} – ${formatearFecha(f.fechaHasta)}` : "Permanente"}</dd>
      </dl>
    </li>
  );
}

/** The upload's one field, named as the API names it. */
interface Formulario {
  Archivo: File | null;
}
const esquemaArchivo = z.object({
  [CAMPO_CONSTANCIA]: z.custom<File>().refine((v) => v instanceof File, MSG.constanciaArchivoRequerido),
});

/** The upload check: the seal of the file and whether it is the one the registry issued. */
function ComprobarArchivo() {
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
