/**
 * Form fields bound to react-hook-form through `Controller`: the label, the PrimeReact control and
 * the field's first error (from the zod schema or the server), tied together for assistive
 * technology as `Campo` and `ariaError` do.
 */
import { Dropdown, type DropdownProps } from "primereact/dropdown";
import { InputSwitch, type InputSwitchPassThroughOptions } from "primereact/inputswitch";
import { InputText } from "primereact/inputtext";
import { InputTextarea } from "primereact/inputtextarea";
import { useState } from "react";
import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import { CampoArchivo } from "./CampoArchivo";
import { ariaError, Campo } from "./campos";
import { EntradaTelefono } from "./EntradaMascara";

interface CampoTextoProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  id: string;
  etiqueta: string;
  requerido?: boolean;
  readOnly?: boolean;
  maxLength?: number;
  type?: string;
  autoComplete?: string;
  className?: string;
  /** Digits only (extensions). */
  soloDigitos?: boolean;
  inputMode?: "numeric" | "text";
  /** The field a dialog's only task starts in. */
  autoFocus?: boolean;
}

/** A text field: its value is the text typed. */
export function CampoTexto<T extends FieldValues>(p: CampoTextoProps<T>) {
  return (
    <Controller
      control={p.control}
      name={p.name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        return (
          <Campo id={p.id} etiqueta={p.etiqueta} requerido={p.requerido} error={error} className={p.className}>
            <InputText
              id={p.id}
              ref={field.ref}
              name={field.name}
              type={p.type}
              value={(field.value as string | null) ?? ""}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
              readOnly={p.readOnly}
              maxLength={p.maxLength}
              autoComplete={p.autoComplete}
              keyfilter={p.soloDigitos ? "int" : undefined}
              inputMode={p.soloDigitos ? "numeric" : p.inputMode}
              autoFocus={p.autoFocus}
              invalid={!!error}
              aria-required={p.requerido || undefined}
              {...ariaError(p.id, error)}
            />
          </Campo>
        );
      }}
    />
  );
}

/** A text of several lines (descriptions, comments, justifications): its value is the text typed. */
export function CampoAreaTexto<T extends FieldValues>(
  p: Pick<CampoTextoProps<T>, "control" | "name" | "id" | "etiqueta" | "requerido" | "readOnly" | "maxLength"> & {
    rows?: number;
  },
) {
  return (
    <Controller
      control={p.control}
      name={p.name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        return (
          <Campo id={p.id} etiqueta={p.etiqueta} requerido={p.requerido} error={error}>
            <InputTextarea
              id={p.id}
              ref={field.ref}
              name={field.name}
              value={(field.value as string | null) ?? ""}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
              readOnly={p.readOnly}
              rows={p.rows ?? 2}
              maxLength={p.maxLength}
              autoResize
              invalid={!!error}
              aria-required={p.requerido || undefined}
              {...ariaError(p.id, error)}
            />
          </Campo>
        );
      }}
    />
  );
}

interface CampoListaProps<T extends FieldValues>
  extends Pick<
    DropdownProps,
    | "options"
    | "optionLabel"
    | "optionValue"
    | "optionGroupLabel"
    | "optionGroupChildren"
    | "showClear"
    | "aria-required"
    | "placeholder"
    | "disabled"
    | "filter"
    | "filterPlaceholder"
    | "emptyMessage"
    | "emptyFilterMessage"
    | "pt"
  > {
  control: Control<T>;
  name: Path<T>;
  id: string;
  etiqueta: string;
  requerido?: boolean;
}

/** A drop-down list: its value is the chosen option's value, or null. */
export function CampoLista<T extends FieldValues>({
  control,
  name,
  id,
  etiqueta,
  requerido,
  ...lista
}: CampoListaProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        return (
          <Campo id={id} etiqueta={etiqueta} requerido={requerido} error={error}>
            <Dropdown
              {...lista}
              inputId={id}
              value={field.value}
              onChange={(e) => field.onChange(e.value ?? null)}
              onBlur={field.onBlur}
              emptyFilterMessage={lista.emptyFilterMessage ?? lista.emptyMessage}
              invalid={!!error}
              {...ariaError(id, error)}
            />
          </Campo>
        );
      }}
    />
  );
}

interface CampoInterruptorProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  id: string;
  etiqueta: string;
  disabled?: boolean;
  pt?: InputSwitchPassThroughOptions;
}

/** An on/off switch with its label after it, and its error under both. */
export function CampoInterruptor<T extends FieldValues>(p: CampoInterruptorProps<T>) {
  return (
    <Controller
      control={p.control}
      name={p.name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        return (
          <div className="rfo-campo rfo-check">
            <InputSwitch
              inputId={p.id}
              checked={!!field.value}
              disabled={p.disabled}
              onChange={(e) => field.onChange(e.value)}
              pt={p.pt}
              {...ariaError(p.id, error)}
            />
            <label htmlFor={p.id}>{p.etiqueta}</label>
            {error && (
              <small id={`${p.id}-error`} className="rfo-error">
                {error}
              </small>
            )}
          </div>
        );
      }}
    />
  );
}

/** A phone, typed through the (999) 999-9999 mask. */
export function CampoTelefono<T extends FieldValues>(
  p: Pick<CampoTextoProps<T>, "control" | "name" | "id" | "etiqueta" | "requerido" | "readOnly">,
) {
  return (
    <Controller
      control={p.control}
      name={p.name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        return (
          <Campo id={p.id} etiqueta={p.etiqueta} requerido={p.requerido} error={error}>
            <EntradaTelefono
              id={p.id}
              ref={field.ref}
              value={(field.value as string | null) ?? ""}
              onChange={field.onChange}
              onBlur={field.onBlur}
              readOnly={p.readOnly}
              aria-required={p.requerido || undefined}
              invalid={!!error}
              {...ariaError(p.id, error)}
            />
          </Campo>
        );
      }}
    />
  );
}

interface CampoDocumentoProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  id: string;
  etiqueta: string;
  requerido?: boolean;
  maxBytes: number;
  /** Name of the file already stored for this document, when editing. */
  nombreGuardado?: string;
  disabled?: boolean;
}

/**
 * A document upload: its value is the chosen file, or null. A file refused when picked (too big,
 * wrong type) says why until another is picked: the form's own check, which runs again on every
 * change, would otherwise replace the reason with "Debe adjuntar este documento.".
 */
export function CampoDocumento<T extends FieldValues>(p: CampoDocumentoProps<T>) {
  const [rechazo, setRechazo] = useState<string | null>(null);
  return (
    <Controller
      control={p.control}
      name={p.name}
      render={({ field, fieldState }) => (
        <CampoArchivo
          id={p.id}
          etiqueta={p.etiqueta}
          requerido={p.requerido}
          maxBytes={p.maxBytes}
          archivo={(field.value as File | null) ?? null}
          nombreGuardado={p.nombreGuardado}
          disabled={p.disabled}
          onChange={(f) => {
            if (f !== field.value) field.onChange(f);
          }}
          onError={setRechazo}
          error={rechazo ?? fieldState.error?.message}
        />
      )}
    />
  );
}
