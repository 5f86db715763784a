/**
 * Tablero (issue 15): where the requests are now, how long they have waited there, how they entered
 * and left each stage week by week, requests per institution and officials whose signature is
 * "Por vencer". The figures are the API's (GET api/Tablero); each chart can be read as a table
 * ("Ver como tabla"), and screen readers always get the table (the canvas is hidden from them).
 */
import "../tablero.css";
import {
  type Errores,
  ETAPAS,
  type EtapaTablero,
  type FuncionarioPorVencer,
  type InstitucionTablero,
  leerFechaEscrita,
  MSG,
  type Tablero,
  V,
  VISTAS,
} from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Chart } from "primereact/chart";
import { Dropdown } from "primereact/dropdown";
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { useInstituciones } from "../../../components/bandeja/use-instituciones";
import { PT_DROPDOWN } from "../../../components/pt-listas";
import { SelectorFecha } from "../../../components/SelectorFecha";
import { formatearFecha, formatearFechaHora } from "../../../components/solicitud/formato";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { useUserData } from "../../../lib/user-data";
import { type FiltrosTablero, obtenerTablero } from "../api/get-tablero";

/** Detail screens that may open a request, in order of preference. */
const DETALLES = [V.DETALLES_SEGUIMIENTO, V.DETALLES_ADMINISTRADOR] as const;

/** Colours with at least 3:1 contrast on white (WCAG non-text contrast). */
const COLORES = ["#1d4ed8", "#b45309", "#047857", "#7c3aed", "#475569"];
const MAX_BARRAS_INSTITUCION = 10;

const numero = (n: number) => n.toLocaleString("es-DO", { maximumFractionDigits: 1 });
const diaMes = (iso: string) => formatearFecha(iso).slice(0, 5);

const opcionesBarras = (horizontal = false) => ({
  indexAxis: horizontal ? ("y" as const) : ("x" as const),
  maintainAspectRatio: false,
  animation: false as const,
  plugins: { legend: { position: "bottom" as const } },
  scales: {
    [horizontal ? "x" : "y"]: { beginAtZero: true, ticks: { precision: 0 } },
    // Every category named (institutions, stages, weeks), however narrow the screen.
    [horizontal ? "y" : "x"]: { ticks: { autoSkip: false } },
  },
});

export default function TableroPage() {
  const [desde, setDesde] = useState("");
  const [hasta, setHasta] = useState("");
  const desdeRef = useRef<HTMLInputElement>(null);
  const hastaRef = useRef<HTMLInputElement>(null);
  const [institucion, setInstitucion] = useState<number | null>(null);
  const [filtros, setFiltros] = useState<FiltrosTablero>({ desde: null, hasta: null, idInstitucion: null });
  const [errores, setErrores] = useState<Errores>({});
  const instituciones = useInstituciones();
  const usuario = useUserData();

  const consulta = useQuery({ queryKey: ["tablero", filtros], queryFn: () => obtenerTablero(filtros) });
  useEffect(() => {
    const r = consulta.data;
    if (r && "success" in r && !r.success) setErrores(r.errors ?? {});
    else if (r) setErrores({});
  }, [consulta.data]);
  useEffect(() => {
    const e = consulta.error;
    if (e && !(e instanceof ApiError && e.status === 401)) notify.error(MSG.errorCargarTablero);
  }, [consulta.error]);
  const datos = consulta.data && "etapas" in consulta.data ? consulta.data : null;

  const rutaDetalle = useMemo(() => {
    const vistas = new Set(usuario.data?.vistas.map((v) => v.nombre) ?? []);
    const nombre = DETALLES.find((n) => vistas.has(n));
    const url = VISTAS.find((v) => v.nombre === nombre)?.url;
    return url ? (id: number) => url.replace(":idSolicitud", String(id)) : null;
  }, [usuario.data]);

  function aplicar(e: FormEvent) {
    e.preventDefault();
    const d = leerFechaEscrita(desde);
    const h = leerFechaEscrita(hasta);
    const locales: Errores = {};
    if (d.error !== undefined) locales.desde = [d.error];
    if (h.error !== undefined) locales.hasta = [h.error];
    else if (d.fecha && h.fecha && d.fecha > h.fecha) locales.hasta = [MSG.tableroPeriodoInvertido];
    if (Object.keys(locales).length > 0) {
      setErrores(locales);
      (locales.desde ? desdeRef : hastaRef).current?.focus();
      return;
    }
    setErrores({});
    setFiltros({ desde: d.fecha ?? null, hasta: h.fecha ?? null, idInstitucion: institucion });
  }

  function limpiar() {
    setDesde("");
    setHasta("");
    setInstitucion(null);
    setErrores({});
    setFiltros({ desde: null, hasta: null, idInstitucion: null });
  }

  const err = (campo: string) => errores[campo]?.[0];

  return (
    <section className="rft-pagina" aria-labelledby="rft-titulo">
      <h1 id="rft-titulo">{MSG.tableroTitulo}</h1>
      <p className="rft-ayuda">{MSG.tableroDescripcion}</p>
      <form className="rft-filtros" onSubmit={aplicar} noValidate aria-label="Filtros del tablero">
        <CampoFiltro id="rft-desde" etiqueta={MSG.tableroDesde} error={err("desde")}>
          <SelectorFecha
            inputId="rft-desde"
            ref={desdeRef}
            value={desde}
            onChange={setDesde}
            error={err("desde")}
            describedBy="rft-filtros-ayuda"
          />
        </CampoFiltro>
        <CampoFiltro id="rft-hasta" etiqueta={MSG.tableroHasta} error={err("hasta")}>
          <SelectorFecha
            inputId="rft-hasta"
            ref={hastaRef}
            value={hasta}
            onChange={setHasta}
            error={err("hasta")}
            describedBy="rft-filtros-ayuda"
          />
        </CampoFiltro>
        <CampoFiltro id="rft-institucion" etiqueta={MSG.tableroInstitucion} error={err("idInstitucion")}>
          <Dropdown
            inputId="rft-institucion"
            value={institucion}
            options={instituciones.data ?? []}
            optionLabel="nombre"
            optionValue="idInstitucionFirma"
            onChange={(e) => setInstitucion(e.value ?? null)}
            placeholder={MSG.tableroTodas}
            filter
            showClear
            pt={PT_DROPDOWN}
          />
        </CampoFiltro>
        <div className="rft-acciones">
          <Button type="submit" label={MSG.tableroAplicar} icon="pi pi-filter" loading={consulta.isFetching} />
          <Button type="button" label={MSG.tableroLimpiar} icon="pi pi-filter-slash" outlined onClick={limpiar} />
        </div>
        <p id="rft-filtros-ayuda" className="rft-nota">
          {MSG.tableroFiltrosAyuda}
        </p>
      </form>
      <div aria-live="polite" aria-busy={consulta.isFetching}>
        {datos && <Figuras datos={datos} rutaDetalle={rutaDetalle} />}
      </div>
    </section>
  );
}

function CampoFiltro({
  id,
  etiqueta,
  error,
  children,
}: {
  id: string;
  etiqueta: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="rft-campo">
      <label htmlFor={id}>{etiqueta}</label>
      {children}
      {error && (
        <small id={`${id}-error`} className="p-error">
          {error}
        </small>
      )}
    </div>
  );
}

function Figuras({ datos, rutaDetalle }: { datos: Tablero; rutaDetalle: ((id: number) => string) | null }) {
  const [etapaFlujo, setEtapaFlujo] = useState(1);
  const espera = datos.etapas.filter((e): e is EtapaTablero => ETAPAS.indexOf(e.etapa as never) < 4);
  const instituciones = datos.instituciones;
  const principales = instituciones.slice(0, MAX_BARRAS_INSTITUCION);
  const otras = instituciones.slice(MAX_BARRAS_INSTITUCION);
  const barrasInstitucion = otras.length
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
  const flujo = datos.semanas.map((s) => ({ semana: s.semana, ...s.etapas[etapaFlujo] }));

  return (
    <div className="rft-figuras">
      <GraficoConTabla
        titulo={MSG.tableroPorEtapa}
        tipo="bar"
        datos={{
          labels: datos.etapas.map((e) => e.etapa),
          datasets: [
            {
              label: MSG.tableroSolicitudes,
              data: datos.etapas.map((e) => e.solicitudes),
              backgroundColor: COLORES[0],
            },
          ],
        }}
        opciones={opcionesBarras()}
        tabla={
          <TablaSimple
            columnas={[MSG.tableroEtapa, MSG.tableroSolicitudes]}
            filas={datos.etapas.map((e) => [e.etapa, numero(e.solicitudes)])}
          />
        }
      />

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
                        {rutaDetalle ? (
                          <Link to={rutaDetalle(e.espera.idSolicitudMasAntigua)}>
                            {MSG.tableroVerSolicitud(e.espera.idSolicitudMasAntigua)}
                          </Link>
                        ) : (
                          `N.º ${e.espera.idSolicitudMasAntigua}`
                        )}{" "}
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

      <GraficoConTabla
        titulo={MSG.tableroPorInstitucion}
        tipo="bar"
        alto={Math.max(14, barrasInstitucion.length * 2.2)}
        datos={{
          labels: barrasInstitucion.map((i) => i.institucion),
          datasets: [
            {
              label: MSG.tableroSolicitudes,
              data: barrasInstitucion.map((i) => i.solicitudes),
              backgroundColor: COLORES[0],
            },
            {
              label: MSG.tableroEnProceso,
              data: barrasInstitucion.map((i) => i.enProceso),
              backgroundColor: COLORES[1],
            },
          ],
        }}
        opciones={opcionesBarras(true)}
        tabla={
          <TablaSimple
            columnas={[MSG.tableroInstitucion, MSG.tableroSolicitudes, MSG.tableroEnProceso]}
            filas={instituciones.map((i: InstitucionTablero) => [
              i.institucion,
              numero(i.solicitudes),
              numero(i.enProceso),
            ])}
          />
        }
      />

      <section className="rft-tarjeta rft-ancha" aria-labelledby="rft-por-vencer">
        <h2 id="rft-por-vencer">{MSG.tableroPorVencer(datos.porVencer.dias)}</h2>
        {datos.porVencer.total === 0 ? (
          <p>{MSG.tableroSinPorVencer}</p>
        ) : (
          <>
            <p>
              {MSG.tableroPorVencerTotal(datos.porVencer.total)}{" "}
              {datos.porVencer.total > datos.porVencer.funcionarios.length &&
                MSG.tableroPorVencerMas(datos.porVencer.funcionarios.length)}
            </p>
            <div className="rft-desplazable">
              <table className="rft-tabla">
                <caption className="rf-sr-only">{MSG.tableroPorVencer(datos.porVencer.dias)}</caption>
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
                  {datos.porVencer.funcionarios.map((f: FuncionarioPorVencer) => (
                    <tr key={f.idFuncionario}>
                      <td>
                        {f.nombres} {f.apellidos}
                      </td>
                      <td>{f.cargo}</td>
                      <td>{f.institucion}</td>
                      <td>{formatearFecha(f.fechaHasta)}</td>
                      <td>
                        {rutaDetalle ? (
                          <Link to={rutaDetalle(f.idSolicitud)}>{MSG.tableroVerSolicitud(f.idSolicitud)}</Link>
                        ) : (
                          `N.º ${f.idSolicitud}`
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </div>
  );
}

/**
 * A chart and its table. The table is always in the page for screen readers (visually hidden while
 * the chart shows, the canvas hidden from them); "Ver como tabla" shows it instead of the chart.
 * `tablaVisible`: the table is shown under the chart as well (it carries links).
 */
function GraficoConTabla({
  titulo,
  ayuda,
  controles,
  tipo,
  datos,
  opciones,
  tabla,
  tablaVisible = false,
  alto = 14,
}: {
  titulo: string;
  ayuda?: string;
  controles?: ReactNode;
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
          <Chart type={tipo} data={datos} options={opciones} height={`${alto}rem`} />
        </div>
      )}
      <div className={comoTabla || tablaVisible ? "rft-desplazable" : "rf-sr-only"}>{tabla}</div>
    </section>
  );
}

function TablaSimple({ columnas, filas, leyenda }: { columnas: string[]; filas: string[][]; leyenda?: string }) {
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
