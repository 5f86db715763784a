/**
 * Tablero: where the requests are now, how long they have waited there, how they entered
 * and left each stage week by week, requests per institution and officials whose signature is
 * "Por vencer". The figures are the API's (GET api/Tablero); each chart can be read as a table
 * ("Ver como tabla"), and screen readers always get the table (the canvas is hidden from them).
 */
import "../tablero.css";
import { type Errores, leerFechaEscrita, MSG, V, VISTAS } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Dropdown } from "primereact/dropdown";
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useInstituciones } from "../../../components/bandeja/use-instituciones";
import { PT_DROPDOWN } from "../../../components/pt-listas";
import { SelectorFecha } from "../../../components/SelectorFecha";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { useUserData } from "../../../lib/user-data";
import { type FiltrosTablero, obtenerTablero } from "../api/get-tablero";
import { Figuras } from "../components/Figuras";

/** Detail screens that may open a request, in order of preference. */
const DETALLES = [V.DETALLES_SEGUIMIENTO, V.DETALLES_ADMINISTRADOR] as const;

export default function TableroPage() {
  const [desde, setDesde] = useState("");
  const [hasta, setHasta] = useState("");
  const desdeRef = useRef<HTMLInputElement>(null);
  const hastaRef = useRef<HTMLInputElement>(null);
  const [institucion, setInstitucion] = useState<number | null>(null);
  const [filtros, setFiltros] = useState<FiltrosTablero>({ desde: null, hasta: null, idInstitucion: null });
  // The screen's own refusals (a date it cannot read, a reversed period); the server's come with its answer.
  const [errores, setErrores] = useState<Errores>({});
  const instituciones = useInstituciones();
  const usuario = useUserData();

  const consulta = useQuery({ queryKey: ["tablero", filtros], queryFn: () => obtenerTablero(filtros) });
  const r = consulta.data;
  // Read from the answer itself: an answer arriving late never wipes what the screen refused since.
  const erroresServidor: Errores = r && "success" in r && !r.success ? (r.errors ?? {}) : {};
  useEffect(() => {
    const e = consulta.error;
    // 401 goes to Login; a 403 is told by the query client in the server's words ("No está autorizado").
    if (e && !(e instanceof ApiError && (e.status === 401 || e.status === 403))) notify.error(MSG.errorCargarTablero);
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

  const err = (campo: string) => errores[campo]?.[0] ?? erroresServidor[campo]?.[0];

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
