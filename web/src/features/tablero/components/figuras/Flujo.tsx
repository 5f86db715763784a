/** The dashboard's chart of a chosen stage's weekly flow (requests in and out). */
import { ETAPAS, MSG, type Tablero } from "@registro/contracts";
import { Dropdown } from "primereact/dropdown";
import { useState } from "react";
import { PT_DROPDOWN } from "../../../../components/pt-listas";
import { formatearFecha } from "../../../../lib/formato";
import { COLORES, diaMes, GraficoConTabla, numero, opcionesBarras, TablaSimple } from "../GraficoConTabla";

export function Flujo({ datos }: { datos: Tablero }) {
  const [etapaFlujo, setEtapaFlujo] = useState(1);
  const flujo = datos.semanas.map((s) => ({ semana: s.semana, ...s.etapas[etapaFlujo] }));
  return (
    <GraficoConTabla
      titulo={MSG.tableroFlujo}
      ayuda={`${formatearFecha(datos.desde)} – ${formatearFecha(datos.hasta)}`}
      controles={
        <div className="rft-campo rft-campo-linea">
          <label htmlFor="rft-etapa-flujo">{MSG.tableroEtapaFlujo}</label>
          <Dropdown
            inputId="rft-etapa-flujo"
            value={etapaFlujo}
            options={ETAPAS.map((e, i) => ({ label: e, value: i }))}
            onChange={(e) => setEtapaFlujo(e.value)}
            placeholder={MSG.tableroEtapaFlujo}
            pt={PT_DROPDOWN}
          />
        </div>
      }
      tipo="bar"
      datos={{
        labels: flujo.map((s) => diaMes(s.semana)),
        datasets: [
          { label: MSG.tableroEntradas, data: flujo.map((s) => s.entradas), backgroundColor: COLORES[2] },
          { label: MSG.tableroSalidas, data: flujo.map((s) => s.salidas), backgroundColor: COLORES[3] },
        ],
      }}
      opciones={opcionesBarras()}
      tabla={
        <TablaSimple
          leyenda={`${MSG.tableroFlujo}: ${ETAPAS[etapaFlujo]}`}
          columnas={[MSG.tableroSemana, MSG.tableroEntradas, MSG.tableroSalidas]}
          filas={flujo.map((s) => [formatearFecha(s.semana), numero(s.entradas), numero(s.salidas)])}
        />
      }
    />
  );
}
