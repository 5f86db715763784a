/**
 * Aplicar asks first (issue 35, item 6): what applying the file will create, change and leave as it
 * is, read from the latest test run of the same file (same content: its SHA-256, the one the server
 * records) with the same "create institutions and positions" choice. A file never tested says so:
 * nobody knows yet what it would change. Who applied is the run's user and its audit entry (server).
 */
import type { Importacion } from "@registro/contracts";
import { Button } from "primereact/button";
import { Dialogo } from "../../../components/Dialogo";
import "../../../components/solicitud/solicitud.css";
import { formatearFechaHora, formatearNumero } from "../../../lib/formato";

/** The file's SHA-256 in hex, as the server computes it; null where the browser cannot (no secure context). */
export async function sha256Archivo(archivo: File): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest("SHA-256", await archivo.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The latest finished test run of this content and choice (runs come newest first). */
export function pruebaDe(corridas: Importacion[], sha256: string | null, crearCatalogos: boolean) {
  if (!sha256) return null;
  return (
    corridas.find(
      (r) => !r.aplicar && r.estado === "terminada" && r.sha256 === sha256 && r.crearCatalogos === crearCatalogos,
    ) ?? null
  );
}

export function ConfirmarAplicacion({
  visible,
  archivo,
  prueba,
  onSi,
  onNo,
}: {
  visible: boolean;
  archivo: string;
  prueba: Importacion | null;
  onSi: () => void;
  onNo: () => void;
}) {
  const c = prueba?.conteos;
  const pie = (
    <div className="rf-dialogo-pie">
      <Button type="button" label="No" icon="pi pi-times" outlined onClick={onNo} />
      <Button type="button" label="Sí" icon="pi pi-check" severity="warning" onClick={onSi} />
    </div>
  );
  return (
    <Dialogo
      header="Aplicar importación"
      visible={visible}
      onHide={onNo}
      footer={pie}
      modal
      style={{ width: "min(95vw, 520px)" }}
    >
      {c && prueba ? (
        <>
          <p>
            Según la prueba de {archivo} del {formatearFechaHora(prueba.inicio)}, al aplicarlo:
          </p>
          <ul className="rf-importacion-cambios">
            <li>Registros que se crean: {formatearNumero(c.crear)}</li>
            <li>
              Registros que se actualizan: {formatearNumero(c.actualizar)} (incluidas las bajas, por estatus inactivo o
              fecha de baja, que traiga el archivo)
            </li>
            <li>Registros sin cambios: {formatearNumero(c.sinCambios)}</li>
            {c.documentos > 0 && <li>Tarjetas de firmas que se adjuntan: {formatearNumero(c.documentos)}</li>}
            <li>Filas rechazadas: {formatearNumero(c.rechazada)}</li>
          </ul>
          {c.rechazada > 0 && <p>Con filas rechazadas no se aplica ningún cambio: corríjalas antes.</p>}
        </>
      ) : (
        <p>
          {archivo} no se ha probado con estas opciones: no se sabe aún qué creará, cambiará o dará de baja. Pulse No y
          use Probar para verlo antes.
        </p>
      )}
      <p className="rf-confirmacion">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" />
        <span>¿Está seguro de que desea aplicar este archivo al registro? Quedará registrado quién lo aplicó.</span>
      </p>
    </Dialogo>
  );
}
