/** The dashboard's chart of requests by institution (the first ten, then the rest as one bar). */
import { type InstitucionTablero, MSG } from "@registro/contracts";
import { COLORES, GraficoConTabla, numero, opcionesBarras, TablaSimple } from "../GraficoConTabla";

const MAX_BARRAS_INSTITUCION = 10;

export function PorInstitucion({ instituciones }: { instituciones: InstitucionTablero[] }) {
  const principales = instituciones.slice(0, MAX_BARRAS_INSTITUCION);
  const otras = instituciones.slice(MAX_BARRAS_INSTITUCION);
  // Past the first ten, the rest are one bar.
  const barras = otras.length
    ? [
        ...principales,
        {
          idInstitucion: 0,
          institucion: MSG.tableroOtras,
          solicitudes: otras.reduce((s, i) => s + i.solicitudes, 0),
          enProceso: otras.reduce((s, i) => s + i.enProceso, 0),
        },
      ]
    : principales;
  return (
    <GraficoConTabla
      titulo={MSG.tableroPorInstitucion}
      tipo="bar"
      alto={Math.max(14, barras.length * 2.2)}
      datos={{
        labels: barras.map((i) => i.institucion),
        datasets: [
          {
            label: MSG.tableroSolicitudes,
            data: barras.map((i) => i.solicitudes),
            backgroundColor: COLORES[0],
          },
          {
            label: MSG.tableroEnProceso,
            data: barras.map((i) => i.enProceso),
            backgroundColor: COLORES[1],
          },
        ],
      }}
      opciones={opcionesBarras(true)}
      tabla={
        <TablaSimple
          columnas={[MSG.tableroInstitucion, MSG.tableroSolicitudes, MSG.tableroEnProceso]}
          filas={instituciones.map((i) => [i.institucion, numero(i.solicitudes), numero(i.enProceso)])}
        />
      }
    />
  );
}
