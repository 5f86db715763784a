/**
 * The file viewer: fetches a stored file with the session token (DownloadAdjunto) and shows it in a
 * Dialog, a PDF embedded, anything else as an image (SPEC.md §9: PDF when the name says so).
 */
import type { Adjunto } from "@registro/contracts";
import { MSG } from "@registro/contracts";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { ProgressSpinner } from "primereact/progressspinner";
import { useEffect, useState } from "react";
import { descargarArchivo, obtenerBlob } from "../../lib/api-client";
import { notify } from "../../lib/toast";
import "./solicitud.css";

export const rutaDescarga = (idAdjunto: number) => `api/SolicitudFirma/DownloadAdjunto/${idAdjunto}`;

export function esPdf(adjunto: Pick<Adjunto, "nombre" | "mime">): boolean {
  return adjunto.mime === "application/pdf" || adjunto.nombre.toLowerCase().includes("pdf");
}

export function VisorAdjunto({ adjunto, onHide }: { adjunto: Adjunto | null; onHide: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const idAdjunto = adjunto?.idAdjunto ?? null;

  useEffect(() => {
    if (idAdjunto === null) return;
    let vigente = true;
    let creada: string | null = null;
    setUrl(null);
    obtenerBlob(rutaDescarga(idAdjunto))
      .then(({ blob }) => {
        if (!vigente) return;
        creada = URL.createObjectURL(blob);
        setUrl(creada);
      })
      .catch(() => {
        if (vigente) notify.error(MSG.errorCargarAdjuntos);
      });
    return () => {
      vigente = false;
      if (creada) URL.revokeObjectURL(creada);
    };
  }, [idAdjunto]);

  const pie = adjunto && (
    <div className="rf-dialogo-pie">
      <Button
        type="button"
        label="Descargar"
        icon="pi pi-download"
        outlined
        onClick={() =>
          descargarArchivo(rutaDescarga(adjunto.idAdjunto), adjunto.nombre).catch(() =>
            notify.error(MSG.errorCargarAdjuntos),
          )
        }
      />
      <Button type="button" label="Cerrar" icon="pi pi-times" onClick={onHide} />
    </div>
  );

  return (
    <Dialog
      header={adjunto?.nombre ?? ""}
      visible={adjunto !== null}
      onHide={onHide}
      footer={pie}
      style={{ width: "min(90vw, 960px)" }}
      maximizable
      // PrimeReact leaves the maximize button without a name.
      pt={{ maximizableButton: { "aria-label": "Maximizar" } }}
      modal
      dismissableMask
    >
      {adjunto && !url && (
        <div className="rf-visor-cargando">
          <ProgressSpinner style={{ width: "3rem", height: "3rem" }} aria-label="Cargando archivo" />
        </div>
      )}
      {adjunto &&
        url &&
        (esPdf(adjunto) ? (
          <iframe className="rf-visor" src={url} title={adjunto.nombre} />
        ) : (
          <img className="rf-visor-imagen" src={url} alt={adjunto.nombre} />
        ))}
    </Dialog>
  );
}
