/**
 * One document upload, checked when the file is picked: its size, and its type read from the file's
 * first bytes (a renamed file is refused at once, not when the form is saved).
 */
import { ACEPTA_ARCHIVOS, MIME_PERMITIDOS, MSG } from "@registro/contracts";
import { useEffect, useRef } from "react";
import { ErrorCampo, Etiqueta } from "./campos";
import { SelectorArchivo } from "./SelectorArchivo";
import { esTipoPermitido, prepararLectura } from "./tipo-archivo";

const TIPOS_ARCHIVO: readonly string[] = MIME_PERMITIDOS;

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
 * only, within the size limit (SPEC.md §5). The picked file is taken at once and its first bytes
 * read: a file that is not really a PDF or an image is then dropped with its reason (the server
 * judges the bytes again on saving).
 */
export function CampoArchivo(p: ArchivoProps) {
  // Only the latest pick's reading counts.
  const eleccion = useRef(0);
  // The reading answers later: it acts on the field as it is then, not as it was at the pick.
  const actual = useRef(p);
  actual.current = p;
  useEffect(() => prepararLectura(), []);
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
      <SelectorArchivo
        id={p.id}
        accept={ACEPTA_ARCHIVOS}
        required={p.requerido && !p.nombreGuardado}
        invalido={!!p.error}
        describedBy={p.error ? `${p.id}-error` : undefined}
        textoBoton={p.nombreGuardado ? "Reemplazar archivo" : "Seleccionar archivo"}
        estado={estado}
        onChange={(f, input) => {
          if (f && f.size > p.maxBytes) {
            input.value = "";
            p.onChange(null);
            p.onError(MSG.archivoTamano(p.maxBytes));
            return;
          }
          if (f?.type && !TIPOS_ARCHIVO.includes(f.type)) {
            input.value = "";
            p.onChange(null);
            p.onError(MSG.archivoTipo);
            return;
          }
          p.onError(null);
          p.onChange(f);
          const turno = ++eleccion.current;
          if (!f) return;
          // Unreadable here (the reader failed to load): the server's check on saving decides.
          esTipoPermitido(f)
            .then((permitido) => {
              if (permitido || turno !== eleccion.current) return;
              input.value = "";
              actual.current.onChange(null);
              actual.current.onError(MSG.archivoTipo);
            })
            .catch(() => undefined);
        }}
      />
      <ErrorCampo id={p.id} mensaje={p.error} />
    </div>
  );
}
