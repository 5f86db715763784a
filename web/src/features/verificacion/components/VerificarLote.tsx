/**
 * "Verificar un lote": a CSV with one question per row (columns Cédula, and optionally Institución,
 * Firma, Monto, Fecha) answered as a CSV or Excel file with one row per question, in the same order,
 * with the same answers and reasons as the form above. The heading and the help are drawn with the
 * page; the controls (CamposLote: the form library, zod, PrimeReact) arrive with the page's form,
 * in the room kept for them.
 */
import { MAX_PREGUNTAS_LOTE } from "@registro/contracts";
import { lazy, Suspense, useId } from "react";
import { ReservaLote } from "./reserva";

// "1,000", as es-DO groups it, written by hand: building an Intl number formatter on the first render
// costs a slow phone about 24 ms before the page's largest paint.
const MAX_PREGUNTAS_LOTE_TEXTO = String(MAX_PREGUNTAS_LOTE).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

const CamposLote = lazy(() => import("./CamposLote"));

/** `listo`: the page's first paint is done, the controls may be fetched. */
export function VerificarLote({ listo }: { listo: boolean }) {
  const id = useId();
  const reserva = <ReservaLote />;
  return (
    <section className="rfv-lote" aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`}>Verificar un lote</h2>
      <p className="rfv-ayuda">
        Un archivo CSV con una pregunta por fila (hasta {MAX_PREGUNTAS_LOTE_TEXTO}) y la fila de títulos{" "}
        <strong>Cédula</strong> y, si las necesita, <strong>Institución</strong>, <strong>Firma</strong> (por nombre o
        número), <strong>Monto</strong> y <strong>Fecha</strong> (día/mes/año; vacía: hoy). La respuesta es un archivo
        con una fila por pregunta, en el mismo orden, con el resultado y su motivo.
      </p>
      {listo ? (
        <Suspense fallback={reserva}>
          <CamposLote id={id} />
        </Suspense>
      ) : (
        reserva
      )}
    </section>
  );
}
