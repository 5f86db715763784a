/**
 * A bar chart drawn by Chart.js with only what bar charts use registered (not `chart.js/auto`, which
 * PrimeReact's Chart loads: every chart type, 204 KB). The chart is created once per change of its
 * figures, instead of on every render of the screen as PrimeReact's wrapper does, and only when it
 * comes near the viewport, in an idle moment (each chart costs a slow phone 80–300 ms of main
 * thread: a phone showing the first card draws that one). The canvas says when it is drawn
 * (`data-dibujado`).
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartData,
  type ChartOptions,
  Legend,
  LinearScale,
  Tooltip,
} from "chart.js";
import { useEffect, useRef } from "react";
import { cuandoCerca, cuandoLibre } from "../../../lib/cuando-libre";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export function GraficoBarras({ datos, opciones, alto }: { datos: object; opciones: object; alto: number }) {
  const lienzo = useRef<HTMLCanvasElement>(null);
  // Figures and options are plain data (their one function, the axis formatter, never changes): their
  // text says when the chart must change.
  const clave = JSON.stringify([datos, opciones]);
  const actual = useRef({ datos, opciones });
  actual.current = { datos, opciones };
  // biome-ignore lint/correctness/useExhaustiveDependencies: `clave` stands for the figures and options read through `actual`
  useEffect(() => {
    const canvas = lienzo.current;
    if (!canvas) return;
    let grafico: Chart<"bar"> | null = null;
    let cancelarDibujo = () => {};
    const cancelarEspera = cuandoCerca(canvas, () => {
      cancelarDibujo = cuandoLibre(() => {
        grafico = new Chart<"bar">(canvas, {
          type: "bar",
          data: actual.current.datos as ChartData<"bar">,
          options: actual.current.opciones as ChartOptions<"bar">,
        });
        canvas.dataset.dibujado = "true";
      });
    });
    return () => {
      cancelarEspera();
      cancelarDibujo();
      grafico?.destroy();
      delete canvas.dataset.dibujado;
    };
  }, [clave]);
  return (
    <div className="rft-lienzo" style={{ height: `${alto}rem` }}>
      <canvas ref={lienzo} role="img" />
    </div>
  );
}
