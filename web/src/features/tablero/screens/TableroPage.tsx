/**
 * Tablero: where the requests are now, how long they have waited there, how they entered
 * and left each stage week by week, requests per institution and officials whose signature is
 * "Por vencer". The figures are the API's (GET api/Tablero); each chart can be read as a table
 * ("Ver como tabla"), and screen readers always get the table (the canvas is hidden from them).
 * The filters (components/FiltrosTablero) are checked with the API's query schema; the server's
 * field errors, which come with its answer, land on the same fields.
 */
import "../tablero.css";
import { ENCABEZADOS_PANTALLA, MSG, V } from "@registro/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useDeferredValue, useEffect, useState } from "react";
import { consultaInstituciones } from "../../../components/bandeja/use-instituciones";
import { Encabezado } from "../../../components/layout/Encabezado";
import { useTrasPrimerCuadro } from "../../../components/use-tras-primer-cuadro";
import { useRutaDetalle } from "../../../lib/ruta-detalle";
import { consultaTablero, FILTROS_INICIALES, type FiltrosTablero } from "../api/get-tablero";
import { ReservaFiltros } from "../components/ReservaFiltros";

// Performance: the filters' code (PrimeReact's Dropdown and Button, the date field, the form
// library and the query schema) is its own chunk; the heading and the help paragraph draw with the
// screen's small chunk, and the filters' code is asked for once they are painted (in a room of the
// filters' own size, so nothing moves when they arrive).
const Filtros = lazy(async () => ({ default: (await import("../components/FiltrosTablero")).FiltrosTablero }));
// The charts' code (PrimeReact's Chart, the figures; Chart.js comes after it) loads beside the
// figures' data instead of with the screen, so the filters draw first.
const Figuras = lazy(async () => ({ default: (await import("../components/Figuras")).Figuras }));

/** Detail screens that may open a request, in order of preference. */
const DETALLES = [V.DETALLES_SEGUIMIENTO, V.DETALLES_ADMINISTRADOR] as const;

export default function TableroPage() {
  const [filtros, setFiltros] = useState<FiltrosTablero>(FILTROS_INICIALES);
  const filtrosListos = useTrasPrimerCuadro();
  // The institution filter's list is asked for with the filters' code, not once they are drawn.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (filtrosListos) void queryClient.prefetchQuery(consultaInstituciones);
  }, [filtrosListos, queryClient]);

  // The first one was asked for with the screen's code (routes.ts).
  // A 403 is told by the query client in the server's words ("No está autorizado") alone.
  const consulta = useQuery({
    ...consultaTablero(filtros),
    meta: { errorCarga: MSG.errorCargarTablero, salvoEstados: [403] },
  });
  // Performance: the figures' answer arrives through the query's store, which React renders at
  // once in one blocking task; the figures (five charts and their tables) are drawn from a deferred
  // copy instead, in a transition React splits into short slices.
  const actuales = consulta.data && "etapas" in consulta.data ? consulta.data : null;
  const datos = useDeferredValue(actuales);

  const rutaDetalle = useRutaDetalle(DETALLES);

  return (
    <section className="rf-pantalla" aria-labelledby="rft-titulo">
      <Encabezado encabezado={ENCABEZADOS_PANTALLA[V.TABLERO]} idTitulo="rft-titulo" />
      {filtrosListos ? (
        <Suspense fallback={<ReservaFiltros />}>
          <Filtros
            filtros={filtros}
            alAplicar={setFiltros}
            respuesta={consulta.data}
            consultando={consulta.isFetching}
          />
        </Suspense>
      ) : (
        <ReservaFiltros />
      )}
      <div aria-live="polite" aria-busy={consulta.isFetching}>
        {datos ? (
          <Suspense fallback={<ReservaFiguras />}>
            <Figuras datos={datos} rutaDetalle={rutaDetalle} />
          </Suspense>
        ) : (
          // Their room stays while the answer is on its way or not yet drawn.
          (consulta.isPending || actuales) && <ReservaFiguras />
        )}
      </div>
    </section>
  );
}

/**
 * The room the figures take while their data or code arrives (a screen's height at least, less than
 * they need), so the footer stays below the fold and nothing on screen moves when they come.
 */
function ReservaFiguras() {
  return <div className="rft-reserva" aria-hidden="true" />;
}
