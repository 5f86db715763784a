/**
 * False on a screen's first render, true once that render is painted (a frame, then a task), set in
 * a transition: a screen's heading and help reach the screen without waiting for, nor competing
 * with, the code of what follows them, which is then drawn in slices the browser can interrupt.
 */
import { startTransition, useEffect, useState } from "react";

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
