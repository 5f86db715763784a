/**
 * The dashboard's chart card: a bar chart with its table (always there for screen readers, shown
 * instead of the chart on "Ver como tabla"), and what the charts share (colours, number format).
 */
import { MSG } from "@registro/contracts";
import { Button } from "primereact/button";
import { type ReactNode, useId, useState } from "react";
import { formatearCifra, formatearFecha } from "../../../lib/formato";
import { GraficoBarras } from "./GraficoBarras";

/** Colours with at least 3:1 contrast on white (WCAG non-text contrast). */
export const COLORES = ["#1d4ed8", "#b45309", "#047857", "#7c3aed", "#475569"];

export const numero = formatearCifra;
export const diaMes = (iso: string) => formatearFecha(iso).slice(0, 5);

export const opcionesBarras = (horizontal = false) => ({
  indexAxis: horizontal ? ("y" as const) : ("x" as const),
  maintainAspectRatio: false,
  animation: false as const,
  // The tooltips' figures as the tables print them (not in the browser's language).
  locale: "es-DO",
  plugins: { legend: { position: "bottom" as const } },
  scales: {
    // The axis's figures written as the tables' are: Chart.js's own formatter builds an Intl
    // formatter whose locale data cost a slow phone 40 ms before the first chart was drawn.
    [horizontal ? "x" : "y"]: {
      beginAtZero: true,
      ticks: { precision: 0, callback: (valor: number | string) => formatearCifra(Number(valor)) },
    },
    // Every category named (institutions, stages, weeks), however narrow the screen.
    [horizontal ? "y" : "x"]: { ticks: { autoSkip: false } },
  },
});

/**
 * A chart and its table. The table is always in the page for screen readers (visually hidden while
 * the chart shows, the canvas hidden from them); "Ver como tabla" shows it instead of the chart.
 * `tablaVisible`: the table is shown under the chart as well (it carries links).
 */
export function GraficoConTabla({
  titulo,
  ayuda,
  controles,
  datos,
  opciones,
  tabla,
  tablaVisible = false,
  alto = 14,
}: {
  titulo: string;
  ayuda?: string;
  controles?: ReactNode;
  /** The only kind the dashboard draws (GraficoBarras). */
  tipo: "bar";
  datos: object;
  opciones: object;
  tabla: ReactNode;
  tablaVisible?: boolean;
  alto?: number;
}) {
  const [comoTabla, setComoTabla] = useState(false);
  const id = useId();
  return (
    <section className="rft-tarjeta" aria-labelledby={`${id}-titulo`}>
      <div className="rft-cabecera">
        <h2 id={`${id}-titulo`}>{titulo}</h2>
        {!tablaVisible && (
          <Button
            type="button"
            size="small"
            text
            icon={comoTabla ? "pi pi-chart-bar" : "pi pi-table"}
            label={comoTabla ? MSG.tableroVerGrafico : MSG.tableroVerTabla}
            aria-pressed={comoTabla}
            onClick={() => setComoTabla(!comoTabla)}
          />
        )}
      </div>
      {ayuda && <p className="rft-nota">{ayuda}</p>}
      {controles}
      {!comoTabla && (
        <div className="rft-grafico" aria-hidden="true">
          <GraficoBarras datos={datos} opciones={opciones} alto={alto} />
        </div>
      )}
      <div className={comoTabla || tablaVisible ? "rft-desplazable" : "rf-sr-only"}>{tabla}</div>
    </section>
  );
}

export function TablaSimple({ columnas, filas, leyenda }: { columnas: string[]; filas: string[][]; leyenda?: string }) {
  return (
    <table className="rft-tabla">
      {leyenda && <caption className="rf-sr-only">{leyenda}</caption>}
      <thead>
        <tr>
          {columnas.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {filas.map((f) => (
          <tr key={f[0]}>
            <th scope="row">{f[0]}</th>
            {f.slice(1).map((v, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns of a row
              <td key={i}>{v}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
