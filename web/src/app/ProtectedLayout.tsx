/**
 * Everything behind sign-in: checks the session (not signed in or no user id → Login), loads the user's
 * data, applies the route guard, and frames the screen with the top bar, the menu, the footer, the
 * control sidebar and the loading overlay.
 */

import { tituloVista } from "@registro/contracts";
import es from "primelocale/es.json";
import { addLocale, locale, PrimeReactProvider } from "primereact/api";
import { lazy, Suspense, useDeferredValue, useEffect, useState } from "react";
import { Navigate, Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from "react-router";
import { Footer } from "../components/layout/Footer";
import { LoadingOverlay, PantallaCarga } from "../components/layout/LoadingOverlay";
import { Navbar } from "../components/layout/Navbar";
import { usePageTitle } from "../components/layout/PageTitle";
import { Sidebar } from "../components/layout/Sidebar";
import { useCerrarSesion } from "../components/layout/use-cerrar-sesion";
import { CampanaAvisos } from "../features/avisos/CampanaAvisos";
import { PATH_SEGURIDAD } from "../features/seguridad/routes";
import { sesionTerminada } from "../lib/query-client";
import { sessionStore } from "../lib/session-store";
import { useUserData } from "../lib/user-data";
// PrimeReact's layout rules for the first screens, loaded with the frame (build/vite-plugins.ts).
import "virtual:primereact-estructura.css";
import { nombreDeRuta, RUTA_INICIO, tituloPropioDeRuta } from "./rutas";
import { useAjustesAccesibilidad } from "./use-ajustes-accesibilidad";
import { useRouteGuard } from "./use-route-guard";

// Performance: the account panel and the sessions dialog are closed when a screen opens; their code
// (PrimeReact's Sidebar, Dialog, radio buttons) loads the first time they are opened.
const ControlSidebar = lazy(async () => ({
  default: (await import("../components/layout/ControlSidebar")).ControlSidebar,
}));
const PreferenciasCorreo = lazy(async () => ({
  default: (await import("../features/avisos/PreferenciasCorreo")).PreferenciasCorreo,
}));
// Rare: the user's data could not be loaded. PrimeReact's Button stays off the frame's first chunk.
const ErrorSesion = lazy(async () => ({
  default: (await import("../components/layout/ErrorSesion")).ErrorSesion,
}));
const MisSesionesDialog = lazy(async () => ({
  default: (await import("../features/sesiones/MisSesionesDialog")).MisSesionesDialog,
}));

/** True from the first time `abierto` is, so a panel loaded on demand stays mounted (it animates and hands focus back on closing). */
function useAbiertoAlgunaVez(abierto: boolean): boolean {
  const [visto, setVisto] = useState(abierto);
  if (abierto && !visto) setVisto(true);
  return visto || abierto;
}

const SIDEBAR_ID = "rf-sidebar";
const PANEL_ID = "rf-panel-usuario";
const PANTALLA_ANCHA = "(min-width: 992px)";

// The app speaks "usted": the few "tú" texts of the shipped Spanish locale, in usted form.
addLocale("es", {
  ...es.es,
  chooseDate: "Elija una fecha",
  chooseMonth: "Elija el mes",
  chooseYear: "Elija el año",
  // Missing from the shipped locale (and from its type): the name of a chosen item's remove icon.
  ...{ removeTokenIcon: "Quitar" },
});
// Components read their ARIA labels (paginator, pick list…) from the global locale, not the provider.
locale("es");

/**
 * Pass-through for every component of the signed-in app: a focused Dropdown writes
 * `aria-activedescendant` on its role-less root (axe "aria-allowed-attr", critical) pointing at an
 * id no option carries; its combobox is the focus input (use-ajustes-accesibilidad.ts).
 */
const PT_GLOBAL = { dropdown: { root: { "aria-activedescendant": undefined } } };

export default function ProtectedLayout() {
  const location = useLocation();
  const navigation = useNavigation();
  if (!sessionStore.activa()) {
    // A sign-out or an expired session is already on its way to Login (with its own notice).
    if (navigation.state !== "idle") return null;
    return <Navigate to="/Login" replace state={{ from: location }} />;
  }
  return (
    <PrimeReactProvider value={{ locale: "es", ripple: false, pt: PT_GLOBAL }}>
      <SesionActiva />
    </PrimeReactProvider>
  );
}

function SesionActiva() {
  const location = useLocation();
  const navigate = useNavigate();
  const { data: datosUsuario, error, refetch, isFetching } = useUserData();
  // Performance: the frame and the first screen are drawn in a transition once the user's
  // data arrives, which React splits into short slices instead of one long task on a slow phone.
  const data = useDeferredValue(datosUsuario);
  const { permitida } = useRouteGuard(data);
  const { cerrarSesion, cerrando } = useCerrarSesion();
  const [menuAbierto, setMenuAbierto] = useState(() => window.matchMedia(PANTALLA_ANCHA).matches);
  // Crossing the breakpoint (a window narrowed, a tablet turned) opens the menu beside the page on
  // wide screens and closes the drawer that would otherwise cover the page on narrow ones.
  useEffect(() => {
    const ancha = window.matchMedia(PANTALLA_ANCHA);
    const alCambiar = (e: MediaQueryListEvent) => setMenuAbierto(e.matches);
    ancha.addEventListener("change", alCambiar);
    return () => ancha.removeEventListener("change", alCambiar);
  }, []);
  const [panelAbierto, setPanelAbierto] = useState(false);
  const [sesionesAbiertas, setSesionesAbiertas] = useState(false);
  const panelCargado = useAbiertoAlgunaVez(panelAbierto);
  const sesionesCargadas = useAbiertoAlgunaVez(sesionesAbiertas);
  const nombreRuta = nombreDeRuta(location.pathname) ?? RUTA_INICIO;
  // Users read the screen's heading, not the route's (view's) internal name.
  const tituloRuta = tituloPropioDeRuta(location.pathname) ?? tituloVista(nombreRuta);
  usePageTitle(tituloRuta);
  useAjustesAccesibilidad();

  const sinUsuario = data !== undefined && !data.usuario?.idUsuario;
  useEffect(() => {
    if (sinUsuario) sessionStore.clear();
  }, [sinUsuario]);

  if (sinUsuario) return <Navigate to="/Login" replace />;
  if (!data) {
    // A 401 is handled by the router (back to Login); anything else gets a way out.
    if (error && !sesionTerminada(error)) {
      return (
        <Suspense fallback={<PantallaCarga />}>
          <ErrorSesion reintentar={() => refetch()} reintentando={isFetching} salir={cerrarSesion} />
        </Suspense>
      );
    }
    return <PantallaCarga />;
  }

  const alNavegar = () => {
    if (!window.matchMedia(PANTALLA_ANCHA).matches) setMenuAbierto(false);
  };

  return (
    <div className={`rf-shell${menuAbierto ? " rf-shell-menu-abierto" : ""}`}>
      {/* A screen opens at its top; going back returns to where its address was left (by path,
          so a change of filters in the address does not move the page). */}
      <ScrollRestoration getKey={(l) => l.pathname} />
      <button type="button" className="rf-skip-link" onClick={() => document.getElementById("rf-contenido")?.focus()}>
        Saltar al contenido
      </button>
      <Sidebar id={SIDEBAR_ID} vistas={data.vistas} abierto={menuAbierto} onNavegar={alNavegar} />
      {menuAbierto && (
        // On narrow screens the menu covers the page; a tap outside closes it.
        <div className="rf-sidebar-veil" aria-hidden="true" onClick={() => setMenuAbierto(false)} />
      )}
      <div className="rf-main">
        <Navbar
          nombreRuta={tituloRuta}
          usuario={data.usuario}
          sidebarId={SIDEBAR_ID}
          menuAbierto={menuAbierto}
          onToggleMenu={() => setMenuAbierto((v) => !v)}
          panelId={PANEL_ID}
          panelAbierto={panelAbierto}
          onTogglePanel={() => setPanelAbierto((v) => !v)}
          onCerrarSesion={cerrarSesion}
          onSeguridad={() => navigate(PATH_SEGURIDAD)}
          onMisSesiones={() => setSesionesAbiertas(true)}
          // Until a required second factor is enrolled the server answers nothing else.
          campana={data.usuario.segundoFactorPendiente ? null : <CampanaAvisos />}
        />
        <main id="rf-contenido" className="rf-content" tabIndex={-1}>
          {permitida ? <Outlet /> : null}
        </main>
        <Footer />
      </div>
      {panelCargado && (
        <Suspense fallback={null}>
          <ControlSidebar
            id={PANEL_ID}
            visible={panelAbierto}
            onHide={() => setPanelAbierto(false)}
            usuario={data.usuario}
            onCerrarSesion={cerrarSesion}
            cerrando={cerrando}
          >
            <PreferenciasCorreo visible={panelAbierto} />
          </ControlSidebar>
        </Suspense>
      )}
      {sesionesCargadas && (
        <Suspense fallback={null}>
          <MisSesionesDialog
            visible={sesionesAbiertas}
            onHide={() => {
              setSesionesAbiertas(false);
              // Back to the user menu's button the dialog was opened from (the menu itself has closed).
              document.querySelector<HTMLElement>(".rf-user-button")?.focus();
            }}
          />
        </Suspense>
      )}
      <LoadingOverlay />
    </div>
  );
}
