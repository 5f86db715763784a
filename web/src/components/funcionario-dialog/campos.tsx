/**
 * Form field pieces shared by the request form and the official dialog: a labelled field with its
 * error, the cédula input that looks the person up, and the document upload that refuses a file
 * too big or of the wrong type before anything is sent.
 */
import "./campos.css";
import { ACEPTA_ARCHIVOS, CEDULA_REGEX, type Errores, MIME_PERMITIDOS, MSG } from "@registro/contracts";
import { InputMask } from "primereact/inputmask";
import { type ReactNode, useRef } from "react";
import { obtenerPersona } from "./api";

const TIPOS_ARCHIVO: readonly string[] = MIME_PERMITIDOS;

/**
 * PrimeReact's Dropdown renders an unlabelled hidden <select> beside its labelled combobox; hiding
 * it from assistive technology keeps one control per field (axe: select-name).
 */
export const PT_DROPDOWN = { select: { "aria-hidden": true } } as const;
/** The same for the rows-per-page selector of a table's paginator. */
export const PT_PAGINADOR = { paginator: { RPPDropdown: PT_DROPDOWN } } as const;

/** A zod failure as the API's field-keyed errors (`InfoIncumbente.Cedula`, `fechaDesde`…). */
export function erroresDeZod(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errores {
  const out: Errores = {};
  for (const i of issues) {
    const clave = i.path.map(String).join(".");
    if (!out[clave]) out[clave] = [i.message];
  }
  return out;
}

/** The first message for a field, looking under each of its possible keys. */
export function errorDe(errores: Errores | undefined, ...claves: string[]): string | undefined {
  if (!errores) return undefined;
  for (const c of claves) {
    const m = errores[c]?.[0];
    if (m) return m;
  }
  return undefined;
}

/** Attributes tying an input to its error text. */
export function ariaError(id: string, error: string | undefined) {
  return error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}

export function ErrorCampo({ id, mensaje }: { id: string; mensaje?: string }) {
  if (!mensaje) return null;
  return (
    <small id={`${id}-error`} className="rfo-error">
      {mensaje}
    </small>
  );
}

export function Etiqueta({
  htmlFor,
  children,
  requerido,
}: {
  htmlFor: string;
  children: ReactNode;
  requerido?: boolean;
}) {
  return (
    <label htmlFor={htmlFor}>
      {children}
      {requerido && (
        <span className="rfo-requerido" aria-hidden="true">
          {" "}
          *
        </span>
      )}
    </label>
  );
}

interface CampoProps {
  id: string;
  etiqueta: string;
  requerido?: boolean;
  error?: string;
  className?: string;
  children: ReactNode;
}

/** A label, its control and the first error under it. */
export function Campo({ id, etiqueta, requerido, error, className, children }: CampoProps) {
  return (
    <div className={`rfo-campo ${className ?? ""}`}>
      <Etiqueta htmlFor={id} requerido={requerido}>
        {etiqueta}
      </Etiqueta>
      {children}
      <ErrorCampo id={id} mensaje={error} />
    </div>
  );
}

interface CedulaProps {
  id: string;
  value: string;
  onChange: (cedula: string) => void;
  /** Names found for a complete cédula, or null to clear them (incomplete, unknown or invalid). */
  onPersona: (persona: { nombres: string; apellidos: string } | null) => void;
  /** Field errors from the look-up (a malformed cédula answers 400 on `Cedula`), or null to clear. */
  onErrorCedula: (mensaje: string | null) => void;
  onFallo: () => void;
  error?: string;
  readOnly?: boolean;
}

/**
 * Cédula with the 999-9999999-9 mask. At 13 characters the padrón is asked for the names (SPEC.md
 * §5); any other length clears them. Only the answer to the latest value is applied.
 */
export function CampoCedula({ id, value, onChange, onPersona, onErrorCedula, onFallo, error, readOnly }: CedulaProps) {
  const ultima = useRef(0);
  const cambiar = async (valor: string) => {
    onChange(valor);
    const turno = ++ultima.current;
    if (!CEDULA_REGEX.test(valor)) {
      onPersona(null);
      return;
    }
    try {
      const r = await obtenerPersona(valor);
      if (turno !== ultima.current) return;
      if (r.tipo === "encontrada") {
        onErrorCedula(null);
        onPersona({ nombres: r.persona.nombre, apellidos: r.persona.apellidos });
      } else if (r.tipo === "invalida") {
        onErrorCedula(r.mensaje);
        onPersona(null);
      } else {
        onErrorCedula(null);
        onPersona(null);
      }
    } catch {
      if (turno === ultima.current) onFallo();
    }
  };
  return (
    <InputMask
      id={id}
      mask="999-9999999-9"
      value={value}
      placeholder="000-0000000-0"
      onChange={(e) => cambiar(e.value ?? "")}
      readOnly={readOnly}
      aria-required={!readOnly}
      invalid={!!error}
      {...ariaError(id, error)}
    />
  );
}

interface ArchivoProps {
  id: string;
  etiqueta: string;
  requerido?: boolean;
  maxBytes: number;
  archivo: File | null;
  /** Name of the file already stored for this document, when editing. */
  nombreGuardado?: string;
  onChange: (archivo: File | null) => void;
  onError: (mensaje: string | null) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * One document upload: a native file input (keyboard and screen-reader friendly). Images or PDF
 * only, within the size limit (SPEC.md §5); the server judges the bytes, this spares a wasted upload.
 */
export function CampoArchivo(p: ArchivoProps) {
  const estadoId = `${p.id}-nombre`;
  // One line says what will be kept: the new choice, the stored file, or nothing yet.
  const estado = p.archivo ? (
    <>
      <i className="pi pi-file" aria-hidden="true" /> {p.archivo.name}
      {p.nombreGuardado && " (reemplazará el archivo actual)"}
    </>
  ) : p.nombreGuardado ? (
    <>
      <i className="pi pi-paperclip" aria-hidden="true" /> Archivo actual: {p.nombreGuardado}
    </>
  ) : p.disabled ? (
    "Sin archivo"
  ) : (
    "Ningún archivo seleccionado"
  );
  if (p.disabled)
    return (
      <div className="rfo-campo rfo-archivo">
        <span className="rfo-etiqueta">{p.etiqueta}</span>
        <span className="rfo-archivo-nombre">{estado}</span>
      </div>
    );
  return (
    <div className="rfo-campo rfo-archivo">
      <Etiqueta htmlFor={p.id} requerido={p.requerido}>
        {p.etiqueta}
      </Etiqueta>
      <div className="rfo-archivo-control">
        <input
          id={p.id}
          type="file"
          className="rfo-archivo-input"
          accept={ACEPTA_ARCHIVOS}
          required={p.requerido && !p.nombreGuardado}
          aria-invalid={p.error ? true : undefined}
          aria-describedby={p.error ? `${estadoId} ${p.id}-error` : estadoId}
          onChange={(e) => {
            const f = e.target.files?.[0] ?? null;
            if (f && f.size > p.maxBytes) {
              e.target.value = "";
              p.onChange(null);
              p.onError(MSG.archivoTamano(p.maxBytes));
              return;
            }
            if (f?.type && !TIPOS_ARCHIVO.includes(f.type)) {
              e.target.value = "";
              p.onChange(null);
              p.onError(MSG.archivoTipo);
              return;
            }
            p.onError(null);
            p.onChange(f);
          }}
        />
        {/* The visible button: the native one would speak the browser's language, not Spanish. */}
        <label htmlFor={p.id} className="rfo-archivo-boton" aria-hidden="true">
          <i className="pi pi-upload" /> {p.nombreGuardado ? "Reemplazar archivo" : "Seleccionar archivo"}
        </label>
        <span id={estadoId} className="rfo-archivo-nombre">
          {estado}
        </span>
      </div>
      <ErrorCampo id={p.id} mensaje={p.error} />
    </div>
  );
}
