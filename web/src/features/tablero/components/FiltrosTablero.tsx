/**
 * Tablero's filters: a react-hook-form form whose dates are read as typed (dd/mm/aaaa) as the API's
 * query reads them; the server's field errors, which come with its answer, land on the same fields, and a
 * refusal takes the focus to the first one. Its own chunk (PrimeReact's Dropdown, Button, the date
 * field, the form library): the screen's heading and help draw before it arrives.
 */
import { toNestErrors } from "@hookform/resolvers";
import { type Errores, leerFechaEscrita, MSG } from "@registro/contracts";
import { Button } from "primereact/button";
import { Dropdown } from "primereact/dropdown";
import { type ReactNode, useCallback, useEffect } from "react";
import { Controller, type FieldError, type Resolver } from "react-hook-form";
import { useInstituciones } from "../../../components/bandeja/use-instituciones";
import { useFormulario } from "../../../components/formulario/use-formulario";
import { PT_DROPDOWN } from "../../../components/pt-listas";
import { SelectorFecha } from "../../../components/SelectorFecha";
import type { RespuestaAccion } from "../../../lib/api-client";
import type { FiltrosTablero as Filtros } from "../api/get-tablero";

/** The filters, named as the API's query names them; the dates are the text typed. */
interface Formulario {
  desde: string;
  hasta: string;
  idInstitucion: number | null;
}
const CAMPOS = ["desde", "hasta", "idInstitucion"] as const;
const VACIO: Formulario = { desde: "", hasta: "", idInstitucion: null };
export const SIN_FILTROS: Filtros = { desde: null, hasta: null, idInstitucion: null };

/**
 * The filters read as the API's query reads them: each date by contracts' leerFechaEscrita (what
 * zFechaEscrita runs; its reason on the field), then the period in order (the reason on Hasta). The
 * server checks the rest with the query's zod schema (a period too long) and its refusal lands on
 * the fields. Performance: no zod here — evaluating zod and the contracts' schema modules was one
 * long task on a slow phone, on a screen whose only client-side checks are these two.
 */
const resolver: Resolver<Formulario> = async (valores, _contexto, opciones) => {
  const desde = leerFechaEscrita(valores.desde);
  const hasta = leerFechaEscrita(valores.hasta);
  const errores: Record<string, FieldError> = {};
  if (desde.error !== undefined) errores.desde = { type: "custom", message: desde.error };
  if (hasta.error !== undefined) errores.hasta = { type: "custom", message: hasta.error };
  else if (desde.fecha && hasta.fecha && desde.fecha > hasta.fecha)
    errores.hasta = { type: "custom", message: MSG.tableroPeriodoInvertido };
  if (Object.keys(errores).length > 0) return { values: {}, errors: toNestErrors(errores, opciones) };
  const consulta = {
    desde: desde.fecha ?? null,
    hasta: hasta.fecha ?? null,
    idInstitucion: valores.idInstitucion ?? undefined,
  };
  return { values: consulta as unknown as Formulario, errors: {} };
};

interface Props {
  /** The filters of the figures shown. */
  filtros: Filtros;
  alAplicar: (f: Filtros) => void;
  /** The API's answer to them: its refusal's field errors land on the form. */
  respuesta: object | undefined;
  consultando: boolean;
}

export function FiltrosTablero({ filtros, alAplicar, respuesta: r, consultando }: Props) {
  const { control, handleSubmit, reset, getFieldState, contenedor, fallo, erroresServidor } = useFormulario<Formulario>(
    {
      defaultValues: VACIO,
      resolver,
      campos: CAMPOS,
    },
  );
  const instituciones = useInstituciones();
  // The server's refusal comes with its answer: on the fields the screen has not refused since.
  const errorServidor = useCallback(
    (respuesta: object | undefined) => {
      if (
        !respuesta ||
        !("success" in respuesta) ||
        (respuesta as RespuestaAccion).success ||
        !(respuesta as RespuestaAccion).errors
      )
        return;
      const libres: Errores = Object.fromEntries(
        Object.entries((respuesta as RespuestaAccion).errors ?? {}).filter(
          ([campo]) => !CAMPOS.some((c) => c === campo && getFieldState(c).error),
        ),
      );
      erroresServidor(libres);
      fallo();
    },
    [erroresServidor, getFieldState, fallo],
  );
  useEffect(() => errorServidor(r), [r, errorServidor]);

  const aplicar = handleSubmit((q) => {
    // The schema's output: the dates as YYYY-MM-DD (null when empty), the institution's id.
    const v = q as unknown as { desde: string | null; hasta: string | null; idInstitucion?: number };
    const nuevos = { desde: v.desde ?? null, hasta: v.hasta ?? null, idInstitucion: v.idInstitucion ?? null };
    // The same filters again ask nothing new: the answer's refusal is said again.
    if (JSON.stringify(nuevos) === JSON.stringify(filtros)) errorServidor(r);
    else alAplicar(nuevos);
  }, fallo);

  function limpiar() {
    reset(VACIO);
    alAplicar(SIN_FILTROS);
  }

  return (
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
        <Button type="submit" label={MSG.tableroAplicar} icon="pi pi-filter" loading={consultando} />
        <Button type="button" label={MSG.tableroLimpiar} icon="pi pi-filter-slash" outlined onClick={limpiar} />
      </div>
      <p id="rft-filtros-ayuda" className="rft-nota">
        {MSG.tableroFiltrosAyuda}
      </p>
    </form>
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
