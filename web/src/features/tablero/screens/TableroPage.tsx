/**
 * Tablero: where the requests are now, how long they have waited there, how they entered
 * and left each stage week by week, requests per institution and officials whose signature is
 * "Por vencer". The figures are the API's (GET api/Tablero); each chart can be read as a table
 * ("Ver como tabla"), and screen readers always get the table (the canvas is hidden from them).
 * The filters are a react-hook-form form checked with the API's query schema (the dates as typed,
 * dd/mm/aaaa); the server's field errors, which come with its answer, land on the same fields, and a
 * refusal takes the focus to the first one.
 */
import "../tablero.css";
import { type Errores, MSG, V, VISTAS, zConsultaTablero, zFechaEscrita } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Dropdown } from "primereact/dropdown";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useInstituciones } from "../../../components/bandeja/use-instituciones";
import { aplicarErroresServidor, resolverDelEsquema } from "../../../components/formulario/servidor";
import { useFocoPrimerError } from "../../../components/formulario/use-foco-error";
import { PT_DROPDOWN } from "../../../components/pt-listas";
import { SelectorFecha } from "../../../components/SelectorFecha";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { useUserData } from "../../../lib/user-data";
import { type FiltrosTablero, obtenerTablero } from "../api/get-tablero";

// The charts' code (PrimeReact's Chart, the figures; Chart.js comes after it) loads beside the
// figures' data instead of with the screen, so the filters draw first.
const Figuras = lazy(async () => ({ default: (await import("../components/Figuras")).Figuras }));

/** Detail screens that may open a request, in order of preference. */
const DETALLES = [V.DETALLES_SEGUIMIENTO, V.DETALLES_ADMINISTRADOR] as const;

/** The filters, named as the API's query names them; the dates are the text typed. */
interface Formulario {
  desde: string;
  hasta: string;
  idInstitucion: number | null;
}
const CAMPOS = ["desde", "hasta", "idInstitucion"] as const;
const VACIO: Formulario = { desde: "", hasta: "", idInstitucion: null };

// The API's query with the dates read as typed (the reason on the field), and the period in order.
const esquema = zConsultaTablero
  .extend({ desde: zFechaEscrita, hasta: zFechaEscrita })
  .refine((q) => !q.desde || !q.hasta || q.desde <= q.hasta, {
    path: ["hasta"],
    message: MSG.tableroPeriodoInvertido,
  });

export default function TableroPage() {
  const { control, handleSubmit, setError, reset, getFieldState } = useForm<Formulario>({
    defaultValues: VACIO,
    resolver: resolverDelEsquema(esquema),
    // useFocoPrimerError takes the focus to the first error, in reading order.
    shouldFocusError: false,
  });
  const { contenedor, fallo } = useFocoPrimerError();
  const [filtros, setFiltros] = useState<FiltrosTablero>({ desde: null, hasta: null, idInstitucion: null });
  const instituciones = useInstituciones();
  const usuario = useUserData();

  const consulta = useQuery({ queryKey: ["tablero", filtros], queryFn: () => obtenerTablero(filtros) });
  const r = consulta.data;
  // The server's refusal comes with its answer: on the fields the screen has not refused since.
  const errorServidor = useCallback(
    (respuesta: typeof r) => {
      if (!respuesta || !("success" in respuesta) || respuesta.success || !respuesta.errors) return;
      const libres: Errores = Object.fromEntries(
        Object.entries(respuesta.errors).filter(
          ([campo]) => !CAMPOS.some((c) => c === campo && getFieldState(c).error),
        ),
      );
      aplicarErroresServidor(libres, setError, CAMPOS);
      fallo();
    },
    [setError, getFieldState, fallo],
  );
  useEffect(() => errorServidor(r), [r, errorServidor]);
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

  const aplicar = handleSubmit((q) => {
    // The schema's output: the dates as YYYY-MM-DD (null when empty), the institution's id.
    const v = q as unknown as { desde: string | null; hasta: string | null; idInstitucion?: number };
    const nuevos = { desde: v.desde ?? null, hasta: v.hasta ?? null, idInstitucion: v.idInstitucion ?? null };
    // The same filters again ask nothing new: the answer's refusal is said again.
    if (JSON.stringify(nuevos) === JSON.stringify(filtros)) errorServidor(r);
    else setFiltros(nuevos);
  }, fallo);

  function limpiar() {
    reset(VACIO);
    setFiltros({ desde: null, hasta: null, idInstitucion: null });
  }

  return (
    <section className="rft-pagina" aria-labelledby="rft-titulo">
      <h1 id="rft-titulo">{MSG.tableroTitulo}</h1>
      <p className="rft-ayuda">{MSG.tableroDescripcion}</p>
      <form ref={contenedor} className="rft-filtros" onSubmit={aplicar} noValidate aria-label="Filtros del tablero">
        {(["desde", "hasta"] as const).map((campo) => (
          <Controller
            key={campo}
            control={control}
            name={campo}
            render={({ field, fieldState }) => (
              <CampoFiltro
                id={`rft-${campo}`}
                etiqueta={campo === "desde" ? MSG.tableroDesde : MSG.tableroHasta}
                error={fieldState.error?.message}
              >
                <SelectorFecha
                  inputId={`rft-${campo}`}
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                  describedBy="rft-filtros-ayuda"
                />
              </CampoFiltro>
            )}
          />
        ))}
        <Controller
          control={control}
          name="idInstitucion"
          render={({ field, fieldState }) => (
            <CampoFiltro id="rft-institucion" etiqueta={MSG.tableroInstitucion} error={fieldState.error?.message}>
              <Dropdown
                inputId="rft-institucion"
                value={field.value}
                options={instituciones.data ?? []}
                optionLabel="nombre"
                optionValue="idInstitucionFirma"
                onChange={(e) => field.onChange(e.value ?? null)}
                placeholder={MSG.tableroTodas}
                filter
                showClear
                pt={PT_DROPDOWN}
              />
            </CampoFiltro>
          )}
        />
        <div className="rft-acciones">
          <Button type="submit" label={MSG.tableroAplicar} icon="pi pi-filter" loading={consulta.isFetching} />
          <Button type="button" label={MSG.tableroLimpiar} icon="pi pi-filter-slash" outlined onClick={limpiar} />
        </div>
        <p id="rft-filtros-ayuda" className="rft-nota">
          {MSG.tableroFiltrosAyuda}
        </p>
      </form>
      <div aria-live="polite" aria-busy={consulta.isFetching}>
        {datos ? (
          <Suspense fallback={<ReservaFiguras />}>
            <Figuras datos={datos} rutaDetalle={rutaDetalle} />
          </Suspense>
        ) : (
          consulta.isPending && <ReservaFiguras />
        )}
      </div>
    </section>
  );
}

/**
 * The room the figures take while their data or code arrives (a screen's height at least, less than
 * they need), so the footer stays below the fold and nothing on screen moves when they come.
 */
function ReservaFiguras() {
  return <div className="rft-reserva" aria-hidden="true" />;
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
