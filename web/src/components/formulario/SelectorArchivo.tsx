/**
 * The app's one file picker: a native file input, visually hidden but focusable, shown as a Spanish
 * "Seleccionar archivo" button with the chosen file's name beside it (the browser's own button
 * speaks the browser's language). Request documents use it through CampoArchivo, every other
 * form's file through CampoSelectorArchivo.
 */
import type { ReactNode, Ref } from "react";
import "./campos.css";

interface SelectorArchivoProps {
  id: string;
  accept: string;
  onChange: (archivo: File | null, input: HTMLInputElement) => void;
  /** What the line beside the button says; the chosen file's name by default. */
  estado?: ReactNode;
  archivo?: File | null;
  textoBoton?: string;
  inputRef?: Ref<HTMLInputElement>;
  required?: boolean;
  invalido?: boolean;
  /** Ids of further descriptions (error, help), after the line naming the file. */
  describedBy?: string;
}

export function SelectorArchivo(p: SelectorArchivoProps) {
  const estadoId = `${p.id}-nombre`;
  return (
    <div className="rfo-archivo-control">
      <input
        ref={p.inputRef}
        id={p.id}
        type="file"
        className="rfo-archivo-input"
        accept={p.accept}
        required={p.required}
        aria-invalid={p.invalido ? true : undefined}
        aria-describedby={[estadoId, p.describedBy].filter(Boolean).join(" ")}
        onChange={(e) => p.onChange(e.target.files?.[0] ?? null, e.target)}
      />
      <label htmlFor={p.id} className="rfo-archivo-boton" aria-hidden="true">
        <i className="pi pi-upload" /> {p.textoBoton ?? "Seleccionar archivo"}
      </label>
      <span id={estadoId} className="rfo-archivo-nombre">
        {p.estado ?? (p.archivo ? p.archivo.name : "Ningún archivo seleccionado")}
      </span>
    </div>
  );
}
