/** A new user's (or a reset) one-time temporary password: the one-time secret dialog with its texts. */
import { SecretoUnaVezDialogo } from "../../../components/SecretoUnaVezDialogo";

export interface ClaveTemporal {
  usuario: string;
  password: string;
}

interface Props {
  clave: ClaveTemporal | null;
  onHide: () => void;
  /** Where focus goes after "Entendido": what started the flow (the dialog or confirmation that opened this one is gone). */
  focoAlCerrar?: () => HTMLElement | null;
}

export function ClaveTemporalDialog({ clave, onHide, focoAlCerrar }: Props) {
  return (
    <SecretoUnaVezDialogo
      titulo="Clave temporal"
      secreto={clave?.password ?? null}
      etiqueta="Clave temporal"
      texto={
        <>
          Entregue esta clave temporal al usuario <strong>{clave?.usuario}</strong>. Deberá cambiarla al iniciar sesión.
        </>
      }
      aviso="Esta clave no se volverá a mostrar. Cópiela ahora antes de cerrar este cuadro."
      ancho="32rem"
      onHide={onHide}
      enfocarEntendido
      focoAlCerrar={focoAlCerrar}
    />
  );
}
