/**
 * "Constancia": downloads a new Constancia de Registro de Firmas (PDF with its
 * verification code and QR) of an active request, or of an inactivated one for the record. Shown
 * on every detail screen; the server decides who may have it.
 */
import { ESTATUS, MSG } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { obtenerBlob } from "../../lib/api-client";
import { notify } from "../../lib/toast";

async function descargarConstancia(idSolicitud: number): Promise<void> {
  const { blob, nombre } = await obtenerBlob(`api/Verificacion/GetConstancia/${idSolicitud}`);
  // A refusal (e.g. no authorised officials) comes back as the usual JSON answer.
  if (blob.type.includes("application/json")) {
    const r = JSON.parse(await blob.text()) as { message?: string };
    notify.warn(r.message ?? MSG.errorDescargarConstancia);
    return;
  }
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = nombre ?? `Constancia de Registro de Firmas ${idSolicitud}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

export function BotonConstancia({ idSolicitud, estatus }: { idSolicitud: number; estatus: number }) {
  const descarga = useMutation({
    mutationFn: () => descargarConstancia(idSolicitud),
    meta: { errorAccion: MSG.errorDescargarConstancia },
  });
  if (estatus !== ESTATUS.ACTIVA && estatus !== ESTATUS.INACTIVADO) return null;
  return (
    <Button
      type="button"
      label="Constancia"
      icon="pi pi-file-pdf"
      outlined
      loading={descarga.isPending}
      onClick={() => descarga.mutate()}
    />
  );
}
