/**
 * The official's terms: Temporal (with Desde/Hasta dates) or Permanente, Limitado (with USD
 * amounts) or Ilimitado, and the signatures they may sign (grouped by type).
 */
import { leerFechaEscrita, MSG } from "@registro/contracts";
import { MultiSelect } from "primereact/multiselect";
import { RadioButton } from "primereact/radiobutton";
import { type Control, Controller, type Path, useWatch } from "react-hook-form";
import { ariaError, Campo, PT_MULTISELECT_AGRUPADO } from "../formulario/campos";
import { EntradaMonto } from "../formulario/EntradaMonto";
import { fechaDeIso, SelectorFecha } from "../SelectorFecha";
import type { GrupoFirmas } from "./api";
import type { ValoresFuncionario } from "./valores";

type C = Control<ValoresFuncionario>;

/** Two radio buttons for a yes/no choice, in a fieldset with its legend. */
function Opciones({
  control,
  name,
  leyenda,
  si,
  no,
  idc,
}: {
  control: C;
  name: "firmaVigencia" | "firmaRango";
  leyenda: string;
  si: [string, string];
  no: [string, string];
  idc: (campo: string) => string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <fieldset className="rfo-opciones">
          <legend>{leyenda}</legend>
          {[
            { clave: si[0], etiqueta: si[1], valor: true },
            { clave: no[0], etiqueta: no[1], valor: false },
          ].map((o) => (
            <div className="rfo-opcion" key={o.clave}>
              <RadioButton
                inputId={idc(o.clave)}
                name={name}
                checked={field.value === o.valor}
                onChange={() => field.onChange(o.valor)}
              />
              <label htmlFor={idc(o.clave)}>{o.etiqueta}</label>
            </div>
          ))}
        </fieldset>
      )}
    />
  );
}

function Fecha({
  control,
  name,
  idc,
  minDate,
}: {
  control: C;
  name: "fechaDesde" | "fechaHasta";
  idc: (c: string) => string;
  minDate?: Date | null;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Campo
          id={idc(name)}
          etiqueta={name === "fechaDesde" ? "Desde" : "Hasta"}
          requerido
          error={fieldState.error?.message}
        >
          <SelectorFecha
            inputId={idc(name)}
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            minDate={minDate}
            error={fieldState.error?.message}
          />
        </Campo>
      )}
    />
  );
}

function Monto({ control, name, idc }: { control: C; name: "montoDesde" | "montoHasta"; idc: (c: string) => string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Campo
          id={idc(name)}
          etiqueta={name === "montoDesde" ? "Desde" : "Hasta"}
          requerido
          error={fieldState.error?.message}
        >
          <EntradaMonto
            id={idc(name)}
            ref={field.ref}
            value={field.value ?? null}
            onChange={(valor) => field.onChange(valor)}
            onBlur={field.onBlur}
            invalid={!!fieldState.error}
            aria-describedby={fieldState.error ? `${idc(name)}-error` : undefined}
          />
        </Campo>
      )}
    />
  );
}

interface Props {
  control: C;
  idc: (campo: string) => string;
  grupos: GrupoFirmas[];
}

export function SeccionVigencia({ control, idc, grupos }: Props) {
  const [temporal, limitado, desde] = useWatch({ control, name: ["firmaVigencia", "firmaRango", "fechaDesde"] });
  return (
    <>
      <div className="rfo-grid rfo-grid-2">
        <Opciones
          control={control}
          name="firmaVigencia"
          leyenda="Vigencia"
          si={["vigencia-temporal", "Temporal"]}
          no={["vigencia-permanente", "Permanente"]}
          idc={idc}
        />
        <Opciones
          control={control}
          name="firmaRango"
          leyenda="Rango"
          si={["rango-limitado", "Limitado"]}
          no={["rango-ilimitado", "Ilimitado"]}
          idc={idc}
        />
      </div>

      {(temporal || limitado) && (
        <div className="rfo-grid rfo-grid-2">
          {temporal ? (
            <fieldset className="rfo-panel">
              <legend>Firma temporal</legend>
              <div className="rfo-grid rfo-grid-2">
                <Fecha control={control} name="fechaDesde" idc={idc} />
                <Fecha
                  control={control}
                  name="fechaHasta"
                  idc={idc}
                  minDate={fechaDeIso(leerFechaEscrita(desde).fecha)}
                />
              </div>
            </fieldset>
          ) : (
            <div />
          )}
          {limitado && (
            <fieldset className="rfo-panel">
              <legend>Firma limitada (USD)</legend>
              <div className="rfo-grid rfo-grid-2">
                <Monto control={control} name="montoDesde" idc={idc} />
                <Monto control={control} name="montoHasta" idc={idc} />
              </div>
            </fieldset>
          )}
        </div>
      )}

      <CampoFirmas control={control} idc={idc} grupos={grupos} />
    </>
  );
}

/** The signatures the official may sign, grouped by type. */
function CampoFirmas({ control, idc, grupos }: Props) {
  return (
    <Controller
      control={control}
      name={"SelectedFirms" satisfies Path<ValoresFuncionario>}
      render={({ field, fieldState }) => (
        <Campo id={idc("SelectedFirms")} etiqueta="Firmas autorizadas" requerido error={fieldState.error?.message}>
          <MultiSelect
            inputId={idc("SelectedFirms")}
            value={field.value}
            options={grupos}
            optionLabel="label"
            optionValue="value"
            optionGroupLabel="label"
            optionGroupChildren="items"
            maxSelectedLabels={3}
            selectedItemsLabel="{0} firmas seleccionadas"
            placeholder="Seleccione las firmas"
            emptyMessage={MSG.sinRegistros}
            onChange={(ev) => field.onChange(ev.value as number[])}
            onBlur={field.onBlur}
            invalid={!!fieldState.error}
            display="comma"
            className="rfo-ancho"
            // "All the signatures" is no choice to offer, and its checkbox nested a control in the header.
            showSelectAll={false}
            pt={{
              ...PT_MULTISELECT_AGRUPADO,
              input: ariaError(idc("SelectedFirms"), fieldState.error?.message),
            }}
          />
        </Campo>
      )}
    />
  );
}
