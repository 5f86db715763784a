/**
 * The ten recovery codes, shown once after the first enrolment or a new set: the user copies or
 * downloads them and confirms having kept them.
 */
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { notify } from "../../../lib/toast";

export function CodigosDialog({ codigos, onHide }: { codigos: string[] | null; onHide: () => void }) {
  const texto = codigos?.join("\n") ?? "";
  const copiar = async () => {
    try {
      await navigator.clipboard.writeText(texto);
      notify.success("Códigos copiados.");
    } catch {
      notify.warn("No se pudieron copiar; selecciónelos y cópielos a mano.");
    }
  };
  const descargar = () => {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(
      new Blob([`Registro de Firmas: códigos de recuperación\n\n${texto}\n`], { type: "text/plain" }),
    );
    a.download = "codigos-recuperacion-registro-firmas.txt";
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  };
  return (
    <Dialog
      header="Códigos de recuperación"
      visible={codigos !== null}
      onHide={onHide}
      closable={false}
      closeOnEscape={false}
      style={{ width: "32rem" }}
      breakpoints={{ "640px": "95vw" }}
      modal
      footer={<Button type="button" label="Ya los guardé" icon="pi pi-check" onClick={onHide} autoFocus />}
    >
      <p className="rfs-texto">
        Guarde estos códigos en un lugar seguro. Cada uno sirve una sola vez para iniciar sesión si pierde su llave de
        acceso o su teléfono. No se volverán a mostrar.
      </p>
      <ol className="rfs-codigos" aria-label="Códigos de recuperación">
        {codigos?.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="rfs-fila">
        <Button type="button" label="Copiar" icon="pi pi-copy" outlined onClick={() => void copiar()} />
        <Button type="button" label="Descargar" icon="pi pi-download" outlined onClick={descargar} />
      </div>
    </Dialog>
  );
}
