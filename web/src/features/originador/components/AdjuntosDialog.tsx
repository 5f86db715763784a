/** 'Adjuntos' on the request form: the request's stored documents, each opening the file viewer. */
import type { Adjunto } from "@registro/contracts";
import { Button } from "primereact/button";
import { Dialogo } from "../../../components/Dialogo";
import { TablaAdjuntos } from "../../../components/solicitud/TablaAdjuntos";

export function AdjuntosDialog(p: { visible: boolean; onHide: () => void; adjuntos: Adjunto[] }) {
  return (
    <Dialogo
      header="Adjuntos de la solicitud"
      visible={p.visible}
      onHide={p.onHide}
      style={{ width: "min(760px, 96vw)" }}
      modal
      draggable={false}
      footer={<Button type="button" label="Cerrar" icon="pi pi-times" onClick={p.onHide} />}
    >
      <TablaAdjuntos adjuntos={p.adjuntos} etiqueta="Adjuntos de la solicitud" />
    </Dialogo>
  );
}
