/**
 * False until the first render in which `listo` holds is painted (a frame, then a task), then true,
 * set in a transition: a screen's heading and help (or the public page's answer) reach the screen
 * without waiting for, nor competing with, the code of what follows them, which is then drawn in
 * slices the browser can interrupt. Without an argument: from the screen's first render.
 */
import { startTransition, useEffect, useState } from "react";

export function useTrasPrimerCuadro(listo = true): boolean {
  const [pintado, setPintado] = useState(false);
  useEffect(() => {
    if (!listo || pintado) return;
    let espera = 0;
    const cuadro = requestAnimationFrame(() => {
      espera = window.setTimeout(() => startTransition(() => setPintado(true)), 0);
    });
    return () => {
      cancelAnimationFrame(cuadro);
      clearTimeout(espera);
    };
  }, [listo, pintado]);
  return pintado;
}
