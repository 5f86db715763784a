/** The dashboard's chart of how long requests wait in each stage, with the oldest one linked. */
import { ETAPAS, type EtapaTablero, MSG, type Tablero } from "@registro/contracts";
import { formatearFechaHora } from "../../../../lib/formato";
import { COLORES, GraficoConTabla, numero, opcionesBarras } from "../GraficoConTabla";
import { EnlaceSolicitud, type RutaDetalle } from "./EnlaceSolicitud";

export function Espera({ etapas, rutaDetalle }: { etapas: Tablero["etapas"]; rutaDetalle: RutaDetalle }) {
  const espera = etapas.filter((e): e is EtapaTablero => ETAPAS.indexOf(e.etapa as never) < 4);
  return (
    <GraficoConTabla
      titulo={MSG.tableroEspera}
      ayuda={MSG.tableroEsperaAyuda}
      tipo="bar"
      datos={{
        labels: espera.map((e) => e.etapa),
        datasets: [
          {
            label: MSG.tableroMediana,
            data: espera.map((e) => e.espera?.medianaDias ?? 0),
            backgroundColor: COLORES[0],
          },
          {
            label: MSG.tableroMaximo,
            data: espera.map((e) => e.espera?.maximoDias ?? 0),
            backgroundColor: COLORES[1],
          },
        ],
      }}
      opciones={opcionesBarras()}
      tablaVisible
      tabla={
        <table className="rft-tabla">
          <caption className="rf-sr-only">{MSG.tableroEspera}</caption>
          <thead>
            <tr>
              <th scope="col">{MSG.tableroEtapa}</th>
              <th scope="col">{MSG.tableroSolicitudes}</th>
              <th scope="col">{MSG.tableroMediana}</th>
              <th scope="col">{MSG.tableroMaximo}</th>
              <th scope="col">{MSG.tableroMasAntigua}</th>
            </tr>
          </thead>
          <tbody>
            {espera.map((e) => (
              <tr key={e.etapa}>
                <th scope="row">{e.etapa}</th>
                {e.espera ? (
                  <>
                    <td>{numero(e.espera.solicitudes)}</td>
                    <td>{numero(e.espera.medianaDias)}</td>
                    <td>{numero(e.espera.maximoDias)}</td>
                    <td>
                      <EnlaceSolicitud id={e.espera.idSolicitudMasAntigua} rutaDetalle={rutaDetalle} />{" "}
                      <span className="rft-nota">({formatearFechaHora(e.espera.desde)})</span>
                    </td>
                  </>
                ) : (
                  <td colSpan={4}>{MSG.tableroSinEspera}</td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
