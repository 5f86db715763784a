/** The dashboard's chart of requests by stage. */
import { MSG, type Tablero } from "@registro/contracts";
import { COLORES, GraficoConTabla, numero, opcionesBarras, TablaSimple } from "../GraficoConTabla";

export function PorEtapa({ etapas }: { etapas: Tablero["etapas"] }) {
  return (
    <GraficoConTabla
      titulo={MSG.tableroPorEtapa}
      tipo="bar"
      datos={{
        labels: etapas.map((e) => e.etapa),
        datasets: [
          {
            label: MSG.tableroSolicitudes,
            data: etapas.map((e) => e.solicitudes),
            backgroundColor: COLORES[0],
          },
        ],
      }}
      opciones={opcionesBarras()}
      tabla={
        <TablaSimple
          columnas={[MSG.tableroEtapa, MSG.tableroSolicitudes]}
          filas={etapas.map((e) => [e.etapa, numero(e.solicitudes)])}
        />
      }
    />
  );
}
