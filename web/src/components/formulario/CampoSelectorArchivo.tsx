/**
 * A file of a form that is not a request's document (a CSV of questions, a signed PDF, a CA
 * certificate, the registry's workbook), bound to react-hook-form: the kit's picker, its value the
 * chosen File or null, the help line and the field's first error tied to it as the other fields' are.
 */
import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import { Campo } from "./campos";
import { SelectorArchivo } from "./SelectorArchivo";

interface CampoSelectorArchivoProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  id: string;
  etiqueta: string;
  /** The file input's `accept` list (types and extensions). */
  accept: string;
  requerido?: boolean;
  /** A line under the picker saying what the file must hold. */
  ayuda?: string;
  className?: string;
  /** Called with each pick before the form holds it (e.g. to clear an earlier answer). */
  alElegir?: (archivo: File | null) => void;
}

/** The picker in its labelled field; a pick goes through `alElegir` first, then into the form. */
export function CampoSelectorArchivo<T extends FieldValues>(p: CampoSelectorArchivoProps<T>) {
  return (
    <Controller
      control={p.control}
      name={p.name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        const descrita = [p.ayuda ? `${p.id}-ayuda` : "", error ? `${p.id}-error` : ""].filter(Boolean).join(" ");
        return (
          <Campo id={p.id} etiqueta={p.etiqueta} requerido={p.requerido} error={error} className={p.className}>
            <SelectorArchivo
              id={p.id}
              inputRef={field.ref}
              accept={p.accept}
              archivo={field.value as File | null}
              required={p.requerido}
              invalido={!!error}
              describedBy={descrita || undefined}
              onChange={(archivo) => {
                p.alElegir?.(archivo);
                field.onChange(archivo);
              }}
            />
            {p.ayuda && (
              <small id={`${p.id}-ayuda`} className="rfo-ayuda">
                {p.ayuda}
              </small>
            )}
          </Campo>
        );
      }}
    />
  );
}
