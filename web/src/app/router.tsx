/**
 * The router: where features meet. Login stands alone; every other screen sits in the layout
 * behind the route guard, lazily loaded so the Login route stays small. A 401 from any call ends
 * the session here and returns to Login with the "session expired" notice.
 */
import { createBrowserRouter, matchPath, Navigate } from "react-router";
import {
  cargarVerificarConstancia,
  consultaVerificarConstancia,
  RUTA_VERIFICAR_CONSTANCIA,
} from "../features/verificacion/routes";
import { onUnauthorized } from "../lib/api-client";
import { BASE_PATH } from "../lib/base-path";
import { queryClient } from "../lib/query-client";
import { sessionStore } from "../lib/session-store";
import { consultaUserData } from "../lib/user-data-consulta";
import { RUTA_INICIO, RUTAS_PROTEGIDAS } from "./rutas";

export { RUTAS_PROTEGIDAS } from "./rutas";

/**
 * While the first screen's code loads: the same frame and loading sign index.html draws before any
 * script (styled there), so a slow connection never shows a blank page in between.
 */
const Arranque = () => (
  <div className="rf-arranque">
    <div className="rf-arranque-barra">Registro de Firmas</div>
    <div className="rf-arranque-cuerpo" role="status">
      <div className="rf-arranque-giro" aria-hidden="true" />
      <p>Cargando la aplicación…</p>
    </div>
  </div>
);

export const router = createBrowserRouter(
  [
    {
      path: "/Login",
      HydrateFallback: Arranque,
      lazy: async () => ({ Component: (await import("../features/auth/LoginPage")).default }),
    },
    // Password reset by e-mail: asking for the link, and the link's page (public).
    {
      path: "/OlvidoClave",
      HydrateFallback: Arranque,
      lazy: async () => ({ Component: (await import("../features/auth/OlvidoClavePage")).default }),
    },
    {
      path: "/RestablecerClave",
      HydrateFallback: Arranque,
      lazy: async () => ({ Component: (await import("../features/auth/RestablecerClavePage")).default }),
    },
    // Verificación: a constancia's public page, signed in or not.
    {
      path: RUTA_VERIFICAR_CONSTANCIA,
      HydrateFallback: Arranque,
      lazy: async () => ({ Component: (await cargarVerificarConstancia()).default }),
    },
    {
      path: "/",
      HydrateFallback: Arranque,
      lazy: async () => ({ Component: (await import("./ProtectedLayout")).default }),
      children: [
        {
          index: true,
          handle: { nombre: RUTA_INICIO },
          lazy: async () => ({ Component: (await import("../features/inicio/InicioPage")).default }),
        },
        ...RUTAS_PROTEGIDAS.map((r) => ({
          path: r.path,
          handle: { nombre: r.nombre },
          lazy: async () => ({ Component: (await r.cargar()).default }),
        })),
        // An unknown address inside the app lands on Inicio rather than on a blank page.
        { path: "*", element: <Navigate to="/" replace /> },
      ],
    },
  ],
  { basename: BASE_PATH || "/" },
);

onUnauthorized((aviso) => {
  queryClient.clear();
  if (router.state.location.pathname !== "/Login") void router.navigate("/Login", { replace: true, state: { aviso } });
});

// Performance: a page loaded signed in asks for the user's data at once, while the
// screen's code downloads, rather than once the frame has loaded (the frame's query finds it).
if (sessionStore.activa() && router.state.matches.some((m) => m.route.path === "/")) {
  void queryClient.prefetchQuery(consultaUserData);
}
// Likewise a constancia's public page (opened from its QR): the registry's answer is its largest
// paint, so it is asked for at once rather than after the page's code.
const codigoConstancia = matchPath(RUTA_VERIFICAR_CONSTANCIA, router.state.location.pathname)?.params.codigo;
if (codigoConstancia) void queryClient.prefetchQuery(consultaVerificarConstancia(codigoConstancia));
