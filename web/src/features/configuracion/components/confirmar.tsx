/**
 * The configuration screens' confirmations (SPEC.md §8): Sí/No, or Eliminar/No for deleting a
 * position, titled with what is confirmed ("Eliminar perfil"), as the decision dialogs are
 * ("Aprobar solicitud"). Their own ConfirmDialog group keeps them apart from other hosts in the layout.
 */
import { ConfirmDialog, confirmDialog } from "primereact/confirmdialog";

const GRUPO = "configuracion";

interface Opciones {
  si?: string;
  no?: string;
  /** Destructive actions focus "No", so Enter never deletes or resets by accident. */
  destructiva?: boolean;
}

export function confirmar(titulo: string, mensaje: string, accept: () => void, o: Opciones = {}) {
  confirmDialog({
    group: GRUPO,
    header: titulo,
    message: mensaje,
    icon: "pi pi-exclamation-triangle",
    acceptLabel: o.si ?? "Sí",
    rejectLabel: o.no ?? "No",
    defaultFocus: o.destructiva ? "reject" : "accept",
    acceptClassName: o.destructiva ? "p-button-danger" : undefined,
    accept,
  });
}

export function ConfirmacionHost() {
  return <ConfirmDialog group={GRUPO} />;
}
