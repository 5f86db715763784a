/**
 * The main menu (SPEC.md §2): Inicio first, then the user's main views grouped by module (only
 * views whose screens exist in this build), one active item highlighted by path (the item whose
 * address is the longest start of it: Verificar firma, under /Consultar/Verificar, lights itself and
 * not Consulta as well), and the two fixed downloads (signature card and user manual).
 */
import { APP_NOMBRE_CORTO, type VistaUsuario } from "@registro/contracts";
import { useMemo } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { rutaRegistrada } from "../../app/rutas";
import { useDescargarManual, useDescargarTarjeta } from "./descargas";

interface Grupo {
  idModulo: number;
  nombre: string;
  vistas: VistaUsuario[];
}

/** Groups the main views by module, keeping the server's order (module, then view). */
export function gruposDeMenu(vistas: readonly VistaUsuario[]): Grupo[] {
  const grupos: Grupo[] = [];
  for (const v of vistas) {
    if (!v.principal || !rutaRegistrada(v.nombre)) continue;
    let g = grupos.find((x) => x.idModulo === v.modulo.idModulo);
    if (!g) {
      g = { idModulo: v.modulo.idModulo, nombre: v.modulo.nombre, vistas: [] };
      grupos.push(g);
    }
    g.vistas.push(v);
  }
  return grupos;
}

/** The menu address a path belongs to: the longest one that is the path or a start of it (null: none). */
export function enlaceActivo(urls: readonly string[], ruta: string): string | null {
  const r = ruta.toLowerCase();
  let activo: string | null = null;
  for (const u of urls) {
    const x = u.toLowerCase();
    if ((r === x || r.startsWith(`${x}/`)) && (activo === null || u.length > activo.length)) activo = u;
  }
  return activo;
}

interface Props {
  id: string;
  vistas: readonly VistaUsuario[];
  abierto: boolean;
  onNavegar: () => void;
}

export function Sidebar({ id, vistas, abierto, onNavegar }: Props) {
  const grupos = useMemo(() => gruposDeMenu(vistas), [vistas]);
  const tarjeta = useDescargarTarjeta();
  const manual = useDescargarManual();
  const claseEnlace = ({ isActive }: { isActive: boolean }) => `rf-menu-link${isActive ? " rf-menu-link-active" : ""}`;
  const { pathname } = useLocation();
  const activo = enlaceActivo(
    grupos.flatMap((g) => g.vistas.map((v) => v.url)),
    pathname,
  );

  return (
    <aside id={id} className={`rf-sidebar${abierto ? "" : " rf-sidebar-cerrado"}`} aria-label="Barra lateral">
      <div className="rf-sidebar-fijo">
        <div className="rf-brand">
          <img src="./favicon.svg" alt="" width={32} height={32} />
          <span>{APP_NOMBRE_CORTO}</span>
        </div>
        <nav aria-label="Menú principal" className="rf-menu">
          <ul>
            <li>
              <NavLink to="/" end className={claseEnlace} onClick={onNavegar}>
                <i className="pi pi-home" aria-hidden="true" />
                <span>Inicio</span>
              </NavLink>
            </li>
          </ul>
          {grupos.map((g) => (
            <div key={g.idModulo} className="rf-menu-group">
              <span className="rf-menu-group-title" id={`${id}-modulo-${g.idModulo}`}>
                {g.nombre}
              </span>
              <ul aria-labelledby={`${id}-modulo-${g.idModulo}`}>
                {g.vistas.map((v) => (
                  <li key={v.idVista}>
                    <Link
                      to={v.url}
                      className={claseEnlace({ isActive: v.url === activo })}
                      aria-current={v.url === activo ? "page" : undefined}
                      onClick={onNavegar}
                    >
                      <i className={v.iconClass} aria-hidden="true" />
                      <span>{v.nombre}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <div className="rf-menu-group">
            <span className="rf-menu-group-title" id={`${id}-documentos`}>
              Documentos
            </span>
            <ul aria-labelledby={`${id}-documentos`}>
              <li>
                <button
                  type="button"
                  className="rf-menu-link"
                  onClick={() => tarjeta.mutate()}
                  disabled={tarjeta.isPending}
                >
                  <i className="pi pi-file-word" aria-hidden="true" />
                  <span>Tarjeta de Firmas</span>
                </button>
              </li>
              <li>
                <button
                  type="button"
                  className="rf-menu-link"
                  onClick={() => manual.mutate()}
                  disabled={manual.isPending}
                >
                  <i className="pi pi-file-pdf" aria-hidden="true" />
                  <span>Manual de Usuario</span>
                </button>
              </li>
            </ul>
          </div>
        </nav>
      </div>
    </aside>
  );
}
