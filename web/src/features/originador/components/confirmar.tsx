/**
 * The feature's Sí/No confirmations (SPEC.md §8), titled with what is confirmed ("Renovar solicitud"),
 * as the decision dialogs are. Its own ConfirmDialog group keeps them apart from any confirmation
 * host another part of the layout mounts.
 */
import { ConfirmDialog, confirmDialog } from "primereact/confirmdialog";

const GRUPO = "originador";

export function confirmar(titulo: string, mensaje: string, accept: () => void) {
  confirmDialog({
    group: GRUPO,
    header: titulo,
    message: mensaje,
    icon: "pi pi-exclamation-triangle",
    acceptLabel: "Sí",
    rejectLabel: "No",
    defaultFocus: "accept",
    accept,
  });
}

export function ConfirmacionHost() {
  return <ConfirmDialog group={GRUPO} />;
}
