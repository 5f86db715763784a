/**
 * A refused form takes the person to the first field it names, once that field's error is on
 * screen: the first control marked aria-invalid inside the form, in reading order.
 */
import { useCallback, useEffect, useRef, useState } from "react";

export function useFocoPrimerError<T extends HTMLElement = HTMLFormElement>() {
  const contenedor = useRef<T>(null);
  const [fallos, setFallos] = useState(0);
  useEffect(() => {
    if (fallos === 0) return;
    // A form library's fields may draw their error a frame later than the form: look a few times.
    let intentos = 0;
    let cuadro = 0;
    const buscar = () => {
      const invalido = contenedor.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (!invalido) {
        if (++intentos < 10) cuadro = requestAnimationFrame(buscar);
        return;
      }
      const destino = invalido.matches("input, textarea, select, button, [tabindex]")
        ? invalido
        : (invalido.querySelector<HTMLElement>("input, textarea, [tabindex]") ?? invalido);
      destino.scrollIntoView({ block: "center" });
      destino.focus({ preventScroll: true });
    };
    // After react-hook-form's own focus (it moves to the first refused field it holds a ref of, once
    // more on a timer after the refusal): the reading order decides last.
    const espera = setTimeout(buscar, 0);
    return () => {
      clearTimeout(espera);
      cancelAnimationFrame(cuadro);
    };
  }, [fallos]);
  /** Call when the form was refused (by its own checks or the server's). */
  const fallo = useCallback(() => setFallos((n) => n + 1), []);
  return { contenedor, fallo };
}
