/**
 * What Verificar firma draws while its form's code arrives: empty boxes of the form's and the
 * batch controls' exact size (verificacion.css), so that nothing moves when they replace them, and
 * the moment to ask for that code — after the page's first paint.
 */
import { startTransition, useEffect, useState } from "react";

/** The question's card with its five fields and the button's cell, empty; then the answer's place. */
export function ReservaFormulario() {
  return (
    <>
      <div className="rfv-formulario" aria-hidden="true">
        <div className="rfv-reserva-campo" />
        <div className="rfv-reserva-campo" />
        <div className="rfv-reserva-campo" />
        <div className="rfv-reserva-campo" />
        <div className="rfv-reserva-campo" />
        <div className="rfv-enviar" />
      </div>
      {/* The answer's place, empty until a question is answered: one more gap of the page's column. */}
      <div />
    </>
  );
}

/** The batch's file field, format and button, with its status line, empty. */
export function ReservaLote() {
  return <div className="rfv-reserva-lote" aria-hidden="true" />;
}

/**
 * False on the first render, true once that render is painted (a frame, then a task): the heading
 * and help reach the screen without waiting for, nor competing with, the form's code. The switch is
 * a transition, so the form is drawn in slices the browser can interrupt (typing stays responsive).
 */
export function useTrasPrimerCuadro(): boolean {
  const [listo, setListo] = useState(false);
  useEffect(() => {
    let espera = 0;
    const cuadro = requestAnimationFrame(() => {
      espera = window.setTimeout(() => startTransition(() => setListo(true)), 0);
    });
    return () => {
      cancelAnimationFrame(cuadro);
      clearTimeout(espera);
    };
  }, []);
  return listo;
}
