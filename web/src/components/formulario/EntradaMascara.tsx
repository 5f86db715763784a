/**
 * A masked text input for digits ("999-9999999-9", "(999) 999-9999"): a controlled input that
 * formats whatever digits it holds after every change. Unlike a mask that rewrites the field when it
 * gains focus, it never moves the caret behind the user's back, so typing right after Tab, at any
 * speed, or pasting gives exactly the digits typed.
 */
import { InputText } from "primereact/inputtext";
import { type ComponentProps, type Ref, useImperativeHandle, useLayoutEffect, useRef } from "react";

/** The digits formatted as far as they go: literals are written only when a digit follows them. */
export function formatearMascara(mascara: string, digitos: string): string {
  let out = "";
  let i = 0;
  for (const c of mascara) {
    if (i >= digitos.length) break;
    if (c === "9") out += digitos[i++];
    else out += c;
  }
  return out;
}

const soloDigitos = (s: string) => s.replace(/\D/g, "");

type InputProps = Omit<ComponentProps<typeof InputText>, "value" | "onChange" | "ref">;

export interface EntradaMascaraProps extends InputProps {
  mascara: string;
  value: string;
  onChange: (valor: string) => void;
  /** The input, for a form that puts focus on its first error. */
  ref?: Ref<HTMLInputElement>;
}

export function EntradaMascara({ mascara, value, onChange, ref: externa, ...resto }: EntradaMascaraProps) {
  const ref = useRef<HTMLInputElement>(null);
  useImperativeHandle(externa, () => ref.current as HTMLInputElement, []);
  // Where the caret goes after the next render: after this many digits.
  const digitosAntesDelCursor = useRef<number | null>(null);
  const maximo = mascara.split("").filter((c) => c === "9").length;

  useLayoutEffect(() => {
    const n = digitosAntesDelCursor.current;
    const input = ref.current;
    if (n === null || !input || document.activeElement !== input) return;
    digitosAntesDelCursor.current = null;
    let pos = 0;
    for (let vistos = 0; pos < value.length && vistos < n; pos++) if (/\d/.test(value[pos])) vistos++;
    input.setSelectionRange(pos, pos);
  });

  return (
    <InputText
      {...resto}
      ref={ref}
      value={value}
      inputMode="numeric"
      autoComplete="off"
      onChange={(e) => {
        const bruto = e.target.value;
        const cursor = e.target.selectionStart ?? bruto.length;
        digitosAntesDelCursor.current = Math.min(soloDigitos(bruto.slice(0, cursor)).length, maximo);
        onChange(formatearMascara(mascara, soloDigitos(bruto).slice(0, maximo)));
      }}
    />
  );
}

/**
 * The cédula as 999-9999999-9: every cédula field of the app is this one input, so digits typed
 * right after focusing it land in order (InputMask moved the caret under them).
 */
export function EntradaCedula(props: Omit<EntradaMascaraProps, "mascara">) {
  return <EntradaMascara mascara="999-9999999-9" placeholder="000-0000000-0" {...props} />;
}

/** The phone as (999) 999-9999, the same way. */
export function EntradaTelefono(props: Omit<EntradaMascaraProps, "mascara">) {
  return <EntradaMascara mascara="(999) 999-9999" placeholder="(000) 000-0000" {...props} />;
}
