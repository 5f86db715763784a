/**
 * The top bar (SPEC.md §2): menu toggle, the current route's name, the user's first name and first
 * surname with their profile, a user menu ("Mi cuenta", "Seguridad", "Mis sesiones", "Cerrar
 * sesión"), and the control sidebar's toggle.
 */
import type { UserData } from "@registro/contracts";
import iconoMenu from "primeicons/raw-svg/angle-down.svg?raw";
import iconoBarras from "primeicons/raw-svg/bars.svg?raw";
import iconoPanel from "primeicons/raw-svg/th-large.svg?raw";
import type { Menu } from "primereact/menu";
import type { MenuItem } from "primereact/menuitem";
import { lazy, type ReactNode, Suspense, type SyntheticEvent, useCallback, useRef, useState } from "react";
import { nombreCorto } from "../../lib/user-data";
import { IconoSvg } from "../IconoSvg";

// Performance: the bar's icons are inline SVG, not the icon font's glyphs: the font (35 KB) was
// fetched before every signed-in screen's first paint only for them, and on a slow connection
// they stayed invisible until it arrived (font-display: block).
// The user menu is closed when a screen opens; PrimeReact's Menu (its chunk, its render
// and its style effect) is loaded and mounted the first time the user button is pressed.
const MenuUsuario = lazy(async () => ({ default: (await import("./MenuUsuario")).MenuUsuario }));
const MENU_ID = "rf-menu-usuario";

interface Props {
  nombreRuta: string;
  usuario: UserData["usuario"];
  sidebarId: string;
  menuAbierto: boolean;
  onToggleMenu: () => void;
  panelId: string;
  panelAbierto: boolean;
  onTogglePanel: () => void;
  onCerrarSesion: () => void;
  /** Second factor: opens "Seguridad". */
  onSeguridad: () => void;
  /** Opens "Mis sesiones". */
  onMisSesiones: () => void;
  /** Avisos: the notices' bell, placed by the layout. */
  campana?: ReactNode;
}

export function Navbar(p: Props) {
  const menu = useRef<Menu | null>(null);
  const [menuCargado, setMenuCargado] = useState(false);
  // The button pressed before the menu's code had arrived: the menu opens under it once mounted.
  const pendiente = useRef<HTMLElement | null>(null);
  const alMontarMenu = useCallback(() => {
    const boton = pendiente.current;
    pendiente.current = null;
    if (boton) menu.current?.show({ currentTarget: boton } as unknown as SyntheticEvent);
  }, []);
  const items: MenuItem[] = [
    { label: "Mi cuenta", icon: "pi pi-user", command: p.onTogglePanel },
    { label: "Seguridad", icon: "pi pi-shield", command: p.onSeguridad },
    { label: "Mis sesiones", icon: "pi pi-desktop", command: p.onMisSesiones },
    { separator: true },
    { label: "Cerrar sesión", icon: "pi pi-sign-out", command: p.onCerrarSesion },
  ];
  return (
    <header className="rf-topbar">
      <button
        type="button"
        className="rf-icon-button"
        onClick={p.onToggleMenu}
        aria-label={p.menuAbierto ? "Ocultar menú" : "Mostrar menú"}
        aria-expanded={p.menuAbierto}
        aria-controls={p.sidebarId}
      >
        <IconoSvg svg={iconoBarras} caja="4.25 4.25 15.5 15.5" />
      </button>
      <p className="rf-topbar-title">{p.nombreRuta}</p>
      <div className="rf-topbar-user">
        {p.campana}
        <button
          type="button"
          className="rf-user-button"
          onClick={(e) => {
            if (menu.current) menu.current.toggle(e);
            else {
              pendiente.current = e.currentTarget;
              setMenuCargado(true);
            }
          }}
          aria-haspopup="menu"
          aria-controls={MENU_ID}
        >
          <span className="rf-avatar" aria-hidden="true">
            {iniciales(p.usuario)}
          </span>
          <span className="rf-user-text">
            <span className="rf-user-name">{nombreCorto(p.usuario)}</span>
            <span className="rf-user-profile">{p.usuario.perfil}</span>
          </span>
          <IconoSvg svg={iconoMenu} caja="6 6 12 12" />
        </button>
        {menuCargado && (
          <Suspense fallback={null}>
            <MenuUsuario id={MENU_ID} items={items} ref={menu} alMontar={alMontarMenu} />
          </Suspense>
        )}
        <button
          type="button"
          className="rf-icon-button"
          onClick={p.onTogglePanel}
          aria-label="Panel de usuario"
          aria-expanded={p.panelAbierto}
          aria-controls={p.panelId}
        >
          <IconoSvg svg={iconoPanel} caja="3.75 3.75 16.5 16.5" />
        </button>
      </div>
    </header>
  );
}

function iniciales(u: { nombre: string; apellido: string }): string {
  return `${u.nombre.trim().charAt(0)}${u.apellido.trim().charAt(0)}`.toUpperCase();
}
