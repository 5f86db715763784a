/**
 * The file viewer: fetches a stored file with the session token (DownloadAdjunto) and shows it in a
 * Dialog, a PDF embedded, anything else as an image (SPEC.md §9: PDF when the name says so). The
 * dialog's title, the frame's title and the PDF viewer's toolbar all read the file's name.
 */
import type { Adjunto } from "@registro/contracts";
import { MSG } from "@registro/contracts";
import { Button } from "primereact/button";
import { ProgressSpinner } from "primereact/progressspinner";
import { useEffect, useState } from "react";
import { api, apiUrl, descargarArchivo, obtenerBlob, type RespuestaAccion } from "../../lib/api-client";
import { notify } from "../../lib/toast";
import "./solicitud.css";
import { Dialogo } from "../Dialogo";

export const rutaDescarga = (idAdjunto: number) => `api/SolicitudFirma/DownloadAdjunto/${idAdjunto}`;
const rutaEnlace = (idAdjunto: number) => `api/SolicitudFirma/EnlaceAdjunto/${idAdjunto}`;

export function esPdf(adjunto: Pick<Adjunto, "nombre" | "mime">): boolean {
  return adjunto.mime === "application/pdf" || adjunto.nombre.toLowerCase().includes("pdf");
}

export function VisorAdjunto({ adjunto, onHide }: { adjunto: Adjunto | null; onHide: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const idAdjunto = adjunto?.idAdjunto ?? null;
  const pdf = adjunto !== null && esPdf(adjunto);

  useEffect(() => {
    if (idAdjunto === null) return;
    let vigente = true;
    let creada: string | null = null;
    setUrl(null);
    const fallo = () => {
      if (vigente) notify.error(MSG.errorCargarAdjuntos);
    };
    if (pdf) {
      // A PDF opens from a signed link that ends with the file's name (served under that name), so
      // the browser's PDF viewer titles it with the name, not with a blob's random id.
      api
        .post<RespuestaAccion<{ url: string }>>(rutaEnlace(idAdjunto))
        .then((r) => {
          if (!vigente) return;
          if (r.success && r.data) setUrl(apiUrl(r.data.url));
          else fallo();
        })
        .catch(fallo);
    } else {
      obtenerBlob(rutaDescarga(idAdjunto))
        .then(({ blob }) => {
          if (!vigente) return;
          creada = URL.createObjectURL(blob);
          setUrl(creada);
        })
        .catch(fallo);
    }
    return () => {
      vigente = false;
      if (creada) URL.revokeObjectURL(creada);
    };
  }, [idAdjunto, pdf]);

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
    <Dialogo
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
        (pdf ? (
          <iframe className="rf-visor" src={url} title={adjunto.nombre} />
        ) : (
          <img className="rf-visor-imagen" src={url} alt={adjunto.nombre} />
        ))}
    </Dialogo>
  );
}
