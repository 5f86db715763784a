/** The system key just issued: the one-time secret dialog with its texts. */
import { MSG } from "@registro/contracts";
import { SecretoUnaVezDialogo } from "../../../components/SecretoUnaVezDialogo";

export function ClaveEmitidaDialogo({
  emitida,
  onHide,
}: {
  emitida: { clave: string; nombre: string } | null;
  onHide: () => void;
}) {
  return (
    <SecretoUnaVezDialogo
      titulo="Clave emitida"
      secreto={emitida?.clave ?? null}
      etiqueta="Clave de sistema"
      texto={
        <>
          Entregue esta clave al responsable de <strong>{emitida?.nombre}</strong> por un medio seguro.
        </>
      }
      aviso={MSG.claveEmitida}
      ancho="40rem"
      onHide={onHide}
    />
  );
}
