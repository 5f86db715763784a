/**
 * An amount in US dollars: digits and a decimal point while the field has the focus, "$1,234.50"
 * once it leaves. A controlled text input instead of PrimeReact's InputNumber, which builds half a
 * dozen `Intl` formatters when it mounts: 150 ms of a slow phone's main thread on "Verificar firma",
 * whose only amount is this field. What is typed is kept as typed (no caret moved behind the user),
 * except characters an amount cannot hold and a third decimal, which are dropped.
 */
import { InputText } from "primereact/inputtext";
import { type ComponentProps, type Ref, useState } from "react";
import { formatearMonto } from "../../lib/formato";

/**
 * What an amount field holds once `bruto` is typed or pasted: digits and the first decimal point
 * (with at most two decimals), and the amount they make (null when there is none). "$" and the
 * thousands commas of a pasted "$1,234.50" are dropped with every other character.
 */
export function leerMonto(bruto: string): { texto: string; valor: number | null } {
  const limpio = bruto.replace(/[^\d.]/g, "");
  const punto = limpio.indexOf(".");
  const texto =
    punto < 0
      ? limpio
      : `${limpio.slice(0, punto)}.${limpio
          .slice(punto + 1)
          .replace(/\./g, "")
          .slice(0, 2)}`;
  return { texto, valor: /\d/.test(texto) ? Number(texto) : null };
}

type InputProps = Omit<ComponentProps<typeof InputText>, "value" | "onChange" | "ref">;

export interface EntradaMontoProps extends InputProps {
  value: number | null;
  onChange: (valor: number | null) => void;
  ref?: Ref<HTMLInputElement>;
}

export function EntradaMonto({ value, onChange, onFocus, onBlur, ...resto }: EntradaMontoProps) {
  // The text being typed, while the field has the focus; otherwise the amount is shown formatted.
  const [texto, setTexto] = useState<string | null>(null);
  return (
    <InputText
      {...resto}
      value={texto ?? formatearMonto(value)}
      inputMode="decimal"
      autoComplete="off"
      onFocus={(e) => {
        setTexto(value === null ? "" : String(value));
        onFocus?.(e);
      }}
      onBlur={(e) => {
        setTexto(null);
        onBlur?.(e);
      }}
      onChange={(e) => {
        const leido = leerMonto(e.target.value);
        setTexto(leido.texto);
        onChange(leido.valor);
      }}
    />
  );
}
