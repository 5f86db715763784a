/**
 * The control sidebar (SPEC.md §2): a right-hand panel with the signed-in user's account data and
 * a sign-out button.
 */
import { APP_VERSION, type UserData } from "@registro/contracts";
import { Button } from "primereact/button";
import { Sidebar } from "primereact/sidebar";
import type { ReactNode } from "react";
import { useFocoDeRegreso } from "../foco";

const INSTITUCION_INTERNA = "Contraloría General de la República";

interface Props {
  id: string;
  visible: boolean;
  onHide: () => void;
  usuario: UserData["usuario"];
  onCerrarSesion: () => void;
  cerrando: boolean;
  /** Avisos: account settings placed by the layout (the e-mail preference). */
  children?: ReactNode;
}

export function ControlSidebar({ id, visible, onHide, usuario, onCerrarSesion, cerrando, children }: Props) {
  // Opened from the user menu, whose item is gone once it closes: focus returns to the menu's button.
  useFocoDeRegreso(visible, () => document.querySelector<HTMLElement>(".rf-user-button"));
  return (
    <Sidebar
      id={id}
      visible={visible}
      onHide={onHide}
      position="right"
      header={<h2 className="rf-panel-title">Mi cuenta</h2>}
      ariaCloseLabel="Cerrar panel"
      className="rf-control-sidebar"
    >
      <dl className="rf-panel-datos">
        <dt>Nombre</dt>
        <dd>
          {usuario.nombre} {usuario.apellido}
        </dd>
        <dt>Usuario</dt>
        <dd>{usuario.usuario}</dd>
        <dt>Perfil</dt>
        <dd>{usuario.perfil}</dd>
        <dt>Institución</dt>
        <dd>{usuario.uExterno ? (usuario.institucion ?? "—") : INSTITUCION_INTERNA}</dd>
      </dl>
      {children}
      <p className="rf-panel-nota">
        Por seguridad, la sesión se cierra sola tras un período sin actividad. Cierre la sesión al terminar si comparte
        el equipo.
      </p>
      <Button
        type="button"
        label="Cerrar sesión"
        icon="pi pi-sign-out"
        severity="danger"
        outlined
        className="rf-panel-salir"
        onClick={onCerrarSesion}
        loading={cerrando}
      />
      <p className="rf-panel-version">Versión {APP_VERSION}</p>
    </Sidebar>
  );
}
