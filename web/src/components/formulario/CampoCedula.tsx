/**
 * The cédula input that looks the person up in the padrón and fills the names it finds.
 */
import { CEDULA_REGEX, cedulaValida, MSG } from "@registro/contracts";
import { useRef, useState } from "react";
import { ariaError } from "./campos";
import { EntradaCedula } from "./EntradaMascara";
import { obtenerPersona } from "./persona";

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
