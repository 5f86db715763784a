/**
 * "Descargar comprobante": the sealed Comprobante de verificación of the answer on screen (the
 * question, the answer, the time and a code the public page checks), to file with the paid
 * document. The server asks the same question again and seals what it answers.
 */
import { MSG } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { obtenerBlob } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import type { PreguntaVerificacion } from "../api/get-verificacion-firma";

async function descargar(p: PreguntaVerificacion): Promise<void> {
  const q = new URLSearchParams({ cedula: p.cedula });
  if (p.institucion != null) q.set("institucion", String(p.institucion));
  if (p.idFirma != null) q.set("idFirma", String(p.idFirma));
  if (p.monto != null) q.set("monto", String(p.monto));
  if (p.fecha) q.set("fecha", p.fecha);
  const { blob, nombre } = await obtenerBlob(`api/Verificacion/Comprobante?${q.toString()}`);
  if (blob.type.includes("application/json")) {
    const r = JSON.parse(await blob.text()) as { message?: string };
    notify.warn(r.message ?? MSG.errorDescargarComprobante);
    return;
  }
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = nombre ?? "Comprobante de verificacion.pdf";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

export function BotonComprobante({ pregunta }: { pregunta: PreguntaVerificacion }) {
  const descarga = useMutation({
    mutationFn: () => descargar(pregunta),
    meta: { errorAccion: MSG.errorDescargarComprobante },
  });
  return (
    <Button
      type="button"
      label="Descargar comprobante"
      icon="pi pi-file-pdf"
      outlined
      loading={descarga.isPending}
      onClick={() => descarga.mutate()}
    />
  );
}
