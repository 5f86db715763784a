/**
 * The app's dialog: PrimeReact's Dialog with the focus of foco.ts — on its first field when it
 * opens, kept in the dialog while it is open, back where it came from (or a fallback) when it closes.
 */
import { Dialog, type DialogProps } from "primereact/dialog";
import { useRef } from "react";
import { enfocarPrimerCampo, useFocoDeRegreso, useFocoRetenido } from "./foco";

export interface DialogoProps extends DialogProps {
  /** Where focus goes on closing when what opened the dialog is no longer on the page. */
  focoAlCerrar?: () => HTMLElement | null | undefined;
}

export function Dialogo({ focoAlCerrar, onShow, ...props }: DialogoProps) {
  const ref = useRef<Dialog>(null);
  useFocoDeRegreso(!!props.visible, focoAlCerrar);
  useFocoRetenido(!!props.visible, () => ref.current?.getElement());
  return (
    <Dialog
      ref={ref}
      {...props}
      focusOnShow={false}
      onShow={() => {
        enfocarPrimerCampo(ref.current?.getElement());
        onShow?.();
      }}
    />
  );
}
