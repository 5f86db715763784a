/**
 * A bar chart drawn by Chart.js with only what bar charts use registered (not `chart.js/auto`, which
 * PrimeReact's Chart loads: every chart type, 204 KB). The chart is created once per change of its
 * figures, in an idle moment after the screen is painted (each chart in a task of its own on a slow
 * phone), instead of on every render of the screen as PrimeReact's wrapper does.
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
import { cuandoLibre } from "../../../lib/cuando-libre";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export function GraficoBarras({ datos, opciones, alto }: { datos: object; opciones: object; alto: number }) {
  const lienzo = useRef<HTMLCanvasElement>(null);
  // Figures and options are plain data (no functions): their text says when the chart must change.
  const clave = JSON.stringify([datos, opciones]);
  const actual = useRef({ datos, opciones });
  actual.current = { datos, opciones };
  // biome-ignore lint/correctness/useExhaustiveDependencies: `clave` stands for the figures and options read through `actual`
  useEffect(() => {
    let grafico: Chart<"bar"> | null = null;
    const cancelar = cuandoLibre(() => {
      if (!lienzo.current) return;
      grafico = new Chart<"bar">(lienzo.current, {
        type: "bar",
        data: actual.current.datos as ChartData<"bar">,
        options: actual.current.opciones as ChartOptions<"bar">,
      });
    });
    return () => {
      cancelar();
      grafico?.destroy();
    };
  }, [clave]);
  return (
    <div className="rft-lienzo" style={{ height: `${alto}rem` }}>
      <canvas ref={lienzo} role="img" />
    </div>
  );
}
