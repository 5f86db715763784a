/**
 * The footer of the maintenance dialogs: Cancelar and Guardar while editing, only Cerrar when the
 * dialog just shows a record.
 */
import { Button } from "primereact/button";

export function PieDialogo({
  soloLectura = false,
  guardando,
  onGuardar,
  onHide,
}: {
  soloLectura?: boolean;
  guardando: boolean;
  onGuardar: () => void;
  onHide: () => void;
}) {
  if (soloLectura) return <Button type="button" label="Cerrar" icon="pi pi-times" onClick={onHide} />;
  return (
    <>
      <Button type="button" label="Cancelar" icon="pi pi-times" severity="secondary" outlined onClick={onHide} />
      <Button type="button" label="Guardar" icon="pi pi-save" loading={guardando} onClick={onGuardar} />
    </>
  );
}
