/**
 * "Mis sesiones" (user menu): every open session of the user — browser and system, the address it
 * was opened from, start and last use — with "Esta sesión" marked. Another session can be ended
 * one by one or all at once; the current one ends with «Cerrar sesión». A plain list of cards, so
 * it reads the same on a phone and with a screen reader.
 */
import type { SesionActiva } from "@registro/contracts";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { Tag } from "primereact/tag";
import { formatearFechaHora } from "../../lib/formato";
import { notify } from "../../lib/toast";
import { useCerrarOtras } from "./api/cerrar-otras";
import { useCerrarSesion } from "./api/cerrar-sesion";
import { useSesiones } from "./api/get-sesiones";
import "./sesiones.css";
import { avisarFallo } from "../../lib/query-client";

function avisar(r: { success: boolean; message: string }) {
  if (r.success) notify.success(r.message);
  else notify.warn(r.message);
}

function avisarFalloSesion(e: unknown) {
  avisarFallo(e, undefined, "warn");
}

export function MisSesionesDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const sesiones = useSesiones(visible);
  const cerrar = useCerrarSesion();
  const cerrarOtras = useCerrarOtras();
  const otras = sesiones.data?.filter((s) => !s.actual).length ?? 0;
  const ocupado = cerrar.isPending || cerrarOtras.isPending;

  return (
    <Dialog
      header="Mis sesiones"
      visible={visible}
      onHide={onHide}
      className="rf-sesiones-dialogo"
      footer={
        <div className="rf-sesiones-pie">
          <Button
            type="button"
            label="Cerrar las demás sesiones"
            icon="pi pi-sign-out"
            severity="danger"
            outlined
            disabled={otras === 0 || ocupado}
            onClick={() => cerrarOtras.mutateAsync().then(avisar, avisarFalloSesion)}
          />
          <Button type="button" label="Cerrar" icon="pi pi-times" onClick={onHide} />
        </div>
      }
    >
      <p className="rf-sesiones-nota">
        Estas son las sesiones abiertas con su usuario. Si no reconoce alguna, ciérrela y cambie su contraseña.
      </p>
      {sesiones.isError && <p role="alert">No se pudieron cargar las sesiones.</p>}
      {sesiones.data && (
        <ul className="rf-sesiones-lista" aria-label="Sesiones abiertas">
          {sesiones.data.map((s) => (
            <TarjetaSesion
              key={s.idSesion}
              sesion={s}
              ocupado={ocupado}
              onCerrar={() => cerrar.mutateAsync(s.idSesion).then(avisar, avisarFalloSesion)}
            />
          ))}
        </ul>
      )}
    </Dialog>
  );
}

function TarjetaSesion(p: { sesion: SesionActiva; ocupado: boolean; onCerrar: () => void }) {
  const s = p.sesion;
  const titulo = `${s.navegador} en ${s.sistema}`;
  return (
    <li className="rf-sesion">
      <div className="rf-sesion-cabecera">
        <p className="rf-sesion-titulo">
          <i className="pi pi-desktop" aria-hidden="true" /> {titulo}
        </p>
        {s.actual && <Tag value="Esta sesión" severity="success" />}
      </div>
      <dl className="rf-sesion-datos">
        <div>
          <dt>Dirección</dt>
          <dd>{s.direccion ?? "Desconocida"}</dd>
        </div>
        <div>
          <dt>Inicio</dt>
          <dd>{formatearFechaHora(s.inicio)}</dd>
        </div>
        <div>
          <dt>Último uso</dt>
          <dd>{formatearFechaHora(s.ultimoUso)}</dd>
        </div>
      </dl>
      {!s.actual && (
        <Button
          type="button"
          label="Cerrar la sesión"
          // The visible words begin the accessible name (WCAG 2.5.3), which names the session.
          aria-label={`Cerrar la sesión de ${titulo} (${s.direccion ?? "dirección desconocida"})`}
          icon="pi pi-sign-out"
          size="small"
          severity="danger"
          text
          disabled={p.ocupado}
          onClick={p.onCerrar}
        />
      )}
    </li>
  );
}
