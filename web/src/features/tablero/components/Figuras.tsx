/**
 * The dashboard's figures, one component per chart: requests by stage, waiting time, weekly flow of
 * a stage, requests by institution, and the officials whose signature is "Por vencer".
 */
import {
  ETAPAS,
  type EtapaTablero,
  type FuncionarioPorVencer,
  type InstitucionTablero,
  MSG,
  type Tablero,
} from "@registro/contracts";
import { Dropdown } from "primereact/dropdown";
import { useState } from "react";
import { Link } from "react-router";
import { PT_DROPDOWN } from "../../../components/pt-listas";
import { formatearFecha, formatearFechaHora } from "../../../components/solicitud/formato";
import { COLORES, diaMes, GraficoConTabla, numero, opcionesBarras, TablaSimple } from "./GraficoConTabla";

const MAX_BARRAS_INSTITUCION = 10;

type RutaDetalle = ((id: number) => string) | null;

/** A request's number, linked to its detail when the user has a detail screen. */
function EnlaceSolicitud({ id, rutaDetalle }: { id: number; rutaDetalle: RutaDetalle }) {
  return rutaDetalle ? <Link to={rutaDetalle(id)}>{MSG.tableroVerSolicitud(id)}</Link> : `N.º ${id}`;
}

export function Figuras({ datos, rutaDetalle }: { datos: Tablero; rutaDetalle: RutaDetalle }) {
  return (
    <div className="rft-figuras">
      <PorEtapa etapas={datos.etapas} />
      <Espera etapas={datos.etapas} rutaDetalle={rutaDetalle} />
      <Flujo datos={datos} />
      <PorInstitucion instituciones={datos.instituciones} />
      <PorVencer porVencer={datos.porVencer} rutaDetalle={rutaDetalle} />
    </div>
  );
}

function PorEtapa({ etapas }: { etapas: Tablero["etapas"] }) {
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

function Espera({ etapas, rutaDetalle }: { etapas: Tablero["etapas"]; rutaDetalle: RutaDetalle }) {
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

function Flujo({ datos }: { datos: Tablero }) {
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

function PorInstitucion({ instituciones }: { instituciones: InstitucionTablero[] }) {
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

function PorVencer({ porVencer, rutaDetalle }: { porVencer: Tablero["porVencer"]; rutaDetalle: RutaDetalle }) {
  return (
    <section className="rft-tarjeta rft-ancha" aria-labelledby="rft-por-vencer">
      <h2 id="rft-por-vencer">{MSG.tableroPorVencer(porVencer.dias)}</h2>
      {porVencer.total === 0 ? (
        <p>{MSG.tableroSinPorVencer}</p>
      ) : (
        <>
          <p>
            {MSG.tableroPorVencerTotal(porVencer.total)}{" "}
            {porVencer.total > porVencer.funcionarios.length && MSG.tableroPorVencerMas(porVencer.funcionarios.length)}
          </p>
          <div className="rft-desplazable">
            <table className="rft-tabla">
              <caption className="rf-sr-only">{MSG.tableroPorVencer(porVencer.dias)}</caption>
              <thead>
                <tr>
                  <th scope="col">{MSG.tableroFuncionario}</th>
                  <th scope="col">{MSG.tableroCargo}</th>
                  <th scope="col">{MSG.tableroInstitucion}</th>
                  <th scope="col">{MSG.tableroVence}</th>
                  <th scope="col">{MSG.tableroSolicitud}</th>
                </tr>
              </thead>
              <tbody>
                {porVencer.funcionarios.map((f: FuncionarioPorVencer) => (
                  <tr key={f.idFuncionario}>
                    <td>
                      {f.nombres} {f.apellidos}
                    </td>
                    <td>{f.cargo}</td>
                    <td>{f.institucion}</td>
                    <td>{formatearFecha(f.fechaHasta)}</td>
                    <td>
                      <EnlaceSolicitud id={f.idSolicitud} rutaDetalle={rutaDetalle} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
