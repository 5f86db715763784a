/**
 * Form field pieces shared by the request form and the official dialog: a labelled field with its
 * error, the cédula input that looks the person up, and the document upload that refuses a file
 * too big or of the wrong type before anything is sent.
 */
import "./campos.css";
import { ACEPTA_ARCHIVOS, CEDULA_REGEX, cedulaValida, type Errores, MIME_PERMITIDOS, MSG } from "@registro/contracts";
import { type ReactNode, useRef, useState } from "react";
import { EntradaCedula } from "./EntradaMascara";
import { obtenerPersona } from "./persona";

const TIPOS_ARCHIVO: readonly string[] = MIME_PERMITIDOS;

// The lists' pass-through fixes live without zod or the look-up, for the inbox's bundle.
export { PT_DROPDOWN, PT_PAGINADOR, PT_RPP } from "../pt-listas";

/**
 * A MultiSelect's options are role="option" with aria-selected; the checkbox drawn inside each was
 * a second, unnamed control nested in it (axe: label, nested-interactive). It is drawing only.
 */
export const PT_MULTISELECT = {
  // Disabled: not focusable at all (campos.css lets clicks through it to the option).
  checkbox: { root: { "aria-hidden": true }, input: { "aria-hidden": true, tabIndex: -1, disabled: true } },
  headerCheckbox: { root: { "aria-label": "Seleccionar todos" }, input: { "aria-hidden": true, tabIndex: -1 } },
} as const;

/**
 * A MultiSelect with groups (the signatures by type): each group's header is a heading inside the
 * list box, not an item of a list (axe: listitem, aria-required-children), and the long list can be
 * scrolled from the keyboard (axe: scrollable-region-focusable).
 */
export const PT_MULTISELECT_AGRUPADO = {
  ...PT_MULTISELECT,
  itemGroup: { role: "presentation" },
  wrapper: { tabIndex: 0 },
} as const;

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

export interface Nombres {
  nombres: string;
  apellidos: string;
}

interface CedulaProps {
  id: string;
  value: string;
  onChange: (cedula: string) => void;
  /** The names now in the form, so a look-up never overwrites what the user typed. */
  nombres: Nombres;
  /** Names to put in the form after a look-up (only the fields the user did not edit change). */
  onNombres: (nombres: Nombres) => void;
  /** Field errors of the cédula (invalid check digit, or the server's 400), or null to clear. */
  onErrorCedula: (mensaje: string | null) => void;
  onFallo: () => void;
  error?: string;
  readOnly?: boolean;
}

/**
 * Cédula with the 999-9999999-9 mask. The padrón is asked for the names (SPEC.md §5) only when the
 * cédula changes to a complete, valid value; only the answer to the latest value is applied. Names
 * the look-up filled follow the cédula (replaced, or cleared when it becomes unknown or incomplete);
 * names the user typed or corrected are never overwritten. An unknown cédula says so and leaves
 * the names to be typed.
 */
export function CampoCedula(p: CedulaProps) {
  const { id, value, nombres, readOnly, error } = p;
  const ultima = useRef(0);
  const buscada = useRef(value);
  const tocada = useRef(false);
  // The names the last look-up (or, until the cédula is edited, the loaded record) put in the form.
  const auto = useRef<Nombres | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);
  if (!tocada.current && value) auto.current = nombres;
  // A look-up answers later: it must compare with the names as they are then.
  const actuales = useRef(nombres);
  actuales.current = nombres;

  const aplicar = (nuevos: Nombres | null) => {
    const previos = auto.current;
    const ahora = actuales.current;
    const campo = (k: keyof Nombres) => {
      const actual = ahora[k];
      const delUsuario = actual !== "" && actual !== (previos?.[k] ?? "");
      return delUsuario ? actual : (nuevos?.[k] ?? "");
    };
    auto.current = nuevos;
    const resultado = { nombres: campo("nombres"), apellidos: campo("apellidos") };
    if (resultado.nombres !== ahora.nombres || resultado.apellidos !== ahora.apellidos) p.onNombres(resultado);
  };

  const cambiar = async (valor: string) => {
    if (valor === value) return;
    tocada.current = true;
    p.onChange(valor);
    const turno = ++ultima.current;
    setAviso(null);
    if (!CEDULA_REGEX.test(valor)) {
      buscada.current = "";
      p.onErrorCedula(null);
      aplicar(null);
      return;
    }
    if (!cedulaValida(valor)) {
      buscada.current = "";
      p.onErrorCedula(MSG.cedulaInvalida);
      aplicar(null);
      return;
    }
    if (valor === buscada.current) return;
    buscada.current = valor;
    try {
      const r = await obtenerPersona(valor);
      if (turno !== ultima.current) return;
      if (r.tipo === "encontrada") {
        p.onErrorCedula(null);
        aplicar({ nombres: r.persona.nombre, apellidos: r.persona.apellidos });
      } else if (r.tipo === "invalida") {
        p.onErrorCedula(r.mensaje);
        aplicar(null);
      } else {
        p.onErrorCedula(null);
        setAviso(MSG.cedulaNoEnPadron);
        aplicar(null);
      }
    } catch {
      if (turno === ultima.current) {
        buscada.current = "";
        p.onFallo();
      }
    }
  };
  return (
    <>
      <EntradaCedula
        id={id}
        value={value}
        onChange={(v) => void cambiar(v)}
        readOnly={readOnly}
        aria-required={!readOnly}
        invalid={!!error}
        {...(error ? ariaError(id, error) : aviso ? { "aria-describedby": `${id}-aviso` } : {})}
      />
      {aviso && !error && (
        <small id={`${id}-aviso`} className="rfo-aviso-campo" role="status">
          {aviso}
        </small>
      )}
    </>
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
