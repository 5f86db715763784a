/**
 * The public page of a constancia (/Verificar/{codigo}, no sign-in): whether the code belongs to a
 * constancia the registry issued, and what the registry says of each of its officials now —
 * "Vigente", "Por vencer", "Inactivada el dd/mm/aaaa" or "Vencida" — with only what a checker
 * needs. Below, anyone may upload the constancia's PDF to learn whether its electronic seal is valid
 * and whether it is the very file the registry issued (/Verificar without a code shows only that).
 * Kept free of PrimeReact component code, like Login, so a phone opening the QR code loads little;
 * the upload check (components/ComprobarArchivo) loads once the answer is shown.
 */
import "../verificacion.css";
import {
  APP_NOMBRE_CORTO,
  type ComprobantePublico,
  type ConstanciaPublica,
  type FuncionarioConstancia,
  MSG,
} from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import iconoNo from "primeicons/raw-svg/times-circle.svg?raw";
import iconoVerificado from "primeicons/raw-svg/verified.svg?raw";
import { lazy, Suspense, useEffect } from "react";
import { Link, useParams } from "react-router";
import { IconoSvg } from "../../../components/IconoSvg";
import { useTrasPrimerCuadro } from "../../../components/use-tras-primer-cuadro";
import { ApiError } from "../../../lib/api-client";
import { formatearFecha, formatearFechaHora, formatearMonto } from "../../../lib/formato";
import {
  consultaComprobantePublico,
  consultaConstanciaPublica,
  consultaInformePublico,
} from "../api/get-constancia-publica";
import { InformePublico } from "../components/InformePublico";

// Performance: the upload check (zod and the form library with it) loads once the answer is shown,
// so it is not on the way of the page's largest paint; its room is kept meanwhile (nothing moves).
const ComprobarArchivo = lazy(async () => ({
  default: (await import("../components/ComprobarArchivo")).ComprobarArchivo,
}));

export default function VerificarConstanciaPage() {
  const { codigo = "" } = useParams();
  const consulta = useQuery({ ...consultaConstanciaPublica(codigo), enabled: codigo !== "" });
  // A code that is no constancia's may be a Comprobante de verificación's (of "Verificar firma").
  const noEsConstancia = consulta.error instanceof ApiError && consulta.error.status === 404;
  const comprobante = useQuery({ ...consultaComprobantePublico(codigo), enabled: noEsConstancia });
  // Nor a receipt's: perhaps a validation report's of "Verificar documento".
  const noEsComprobante = comprobante.error instanceof ApiError && comprobante.error.status === 404;
  const informe = useQuery({ ...consultaInformePublico(codigo), enabled: noEsComprobante });
  const buscando = consulta.isLoading || comprobante.isLoading || informe.isLoading;

  // A comprobante's page is named as the comprobante names itself, not as a constancia's.
  const esComprobante = !!comprobante.data;
  useEffect(() => {
    document.title = `${esComprobante ? "Verificar comprobante" : "Verificar constancia"} | ${APP_NOMBRE_CORTO}`;
  }, [esComprobante]);
  // The upload check's code is asked for once the answer is painted: its download does not share
  // the phone's connection with the answer.
  const comprobarVisible = useTrasPrimerCuadro(codigo === "" || !consulta.isLoading);

  return (
    <div className="rfv-fondo">
      <main className="rfv-publica">
        <header className="rfv-cabecera-publica">
          <img src="./favicon.svg" alt="" width={56} height={56} />
          <p className="rfv-org">Contraloría General de la República</p>
          <p className="rfv-app">{APP_NOMBRE_CORTO}</p>
        </header>
        <h1>{esComprobante ? "Comprobante de verificación de firma" : "Verificación de constancia"}</h1>
        {codigo !== "" && (
          <>
            <p className="rfv-codigo">
              Código: <strong>{codigo}</strong>
            </p>
            {/* Room for the answer while it is asked for: what follows does not jump down (CLS). */}
            {/* A comprobante's short answer keeps no room: no blank band under it. */}
            <div
              className={esComprobante ? "rfv-resultado-publico rfv-resultado-comprobante" : "rfv-resultado-publico"}
            >
              {buscando && <p role="status">Consultando el registro…</p>}
              {comprobante.data && <Comprobante c={comprobante.data} />}
              {informe.data && <InformePublico i={informe.data} />}
              {consulta.isError && !buscando && !comprobante.data && !informe.data && (
                <p className="rfv-respuesta rfv-no" role="alert">
                  <IconoSvg svg={iconoNo} />{" "}
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
        {comprobarVisible ? (
          <Suspense fallback={<ReservaComprobar />}>
            <ComprobarArchivo codigoPagina={codigo || undefined} />
          </Suspense>
        ) : (
          <ReservaComprobar />
        )}
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
        <IconoSvg svg={iconoVerificado} /> Constancia auténtica, emitida el {formatearFecha(c.emitida)} para la
        solicitud n.º {c.idSolicitud}.
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

/** A Comprobante de verificación: the question and the answer as recorded when it was asked. */
function Comprobante({ c }: { c: ComprobantePublico }) {
  return (
    <>
      <p className="rfv-respuesta rfv-si" role="status">
        {/* The time ends in "a. m."/"p. m.": its period closes the sentence (no "m.."). */}
        <IconoSvg svg={iconoVerificado} /> Comprobante de verificación auténtico, emitido el{" "}
        {formatearFechaHora(c.emitido)}
      </p>
      <dl className="rfv-detalle">
        <dt>Pregunta</dt>
        <dd>{c.pregunta}</dd>
        <dt>Respuesta</dt>
        <dd>
          <strong>{c.autorizado ? "Autorizado" : "No autorizado"}</strong>: {c.motivo}
        </dd>
        <dt>Fecha consultada</dt>
        <dd>{formatearFecha(c.fecha)}</dd>
      </dl>
      <p className="rfv-nota">Respuesta del registro en el momento de la consulta.</p>
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

/** The upload check's room while its code arrives. */
function ReservaComprobar() {
  return <div className="rfv-comprobar rfv-comprobar-reserva" aria-hidden="true" />;
}
