/**
 * The router: where features meet. Login stands alone; every other screen sits in the layout
 * behind the route guard, lazily loaded so the Login route stays small. A 401 from any call ends
 * the session here and returns to Login with the "session expired" notice.
 */
import { createBrowserRouter, matchPath, Navigate } from "react-router";
import { consultaAvisos } from "../features/avisos/api/consulta-avisos";
import {
  cargarVerificarConstancia,
  consultaVerificarConstancia,
  RUTA_VERIFICAR_CONSTANCIA,
} from "../features/verificacion/routes";
import { onUnauthorized } from "../lib/api-client";
import { datosUsuarioIniciales } from "../lib/arranque";
import { BASE_PATH } from "../lib/base-path";
import { queryClient } from "../lib/query-client";
import { sessionStore } from "../lib/session-store";
import { consultaUserData } from "../lib/user-data-consulta";
import { ErrorDePantalla, ErrorDeRuta, pantallaOFallo } from "./ErrorDeRuta";
import type { RutaApp } from "./route-types";
import { RUTA_INICIO, RUTAS_PROTEGIDAS, rutaPermitida } from "./rutas";

export { RUTAS_PROTEGIDAS } from "./rutas";

/**
 * Never drawn: the first render starts once the router is initialised (`listoParaDibujar`), and
 * until then the page the server sent stays on screen (lib/arranque.ts).
 */
const SinRespaldo = () => null;

/** A screen's first data, asked for in a task of its own once the user's data allows the screen. */
function precargarSiPermitida(r: RutaApp) {
  const { precargar } = r;
  if (!precargar || !sessionStore.activa()) return;
  queryClient.ensureQueryData(consultaUserData).then(
    (datos) => {
      const { cambioClave, segundoFactorPendiente } = datos.usuario;
      const vistas = new Set(datos.vistas.map((v) => v.nombre));
      if (!cambioClave && !segundoFactorPendiente && rutaPermitida(r.nombre, vistas)) setTimeout(precargar, 0);
    },
    // The screen's own query reports any failure.
    () => {},
  );
}

export const router = createBrowserRouter(
  [
    {
      path: "/Login",
      HydrateFallback: SinRespaldo,
      ErrorBoundary: ErrorDeRuta,
      lazy: async () => ({ Component: (await import("../features/auth/LoginPage")).default }),
    },
    // Password reset by e-mail: asking for the link, and the link's page (public).
    {
      path: "/OlvidoClave",
      HydrateFallback: SinRespaldo,
      ErrorBoundary: ErrorDeRuta,
      lazy: async () => ({ Component: (await import("../features/auth/OlvidoClavePage")).default }),
    },
    {
      path: "/RestablecerClave",
      HydrateFallback: SinRespaldo,
      ErrorBoundary: ErrorDeRuta,
      lazy: async () => ({ Component: (await import("../features/auth/RestablecerClavePage")).default }),
    },
    // Verificación: a constancia's public page, signed in or not.
    {
      path: RUTA_VERIFICAR_CONSTANCIA,
      HydrateFallback: SinRespaldo,
      ErrorBoundary: ErrorDeRuta,
      lazy: async () => ({ Component: (await cargarVerificarConstancia()).default }),
    },
    {
      path: "/",
      HydrateFallback: SinRespaldo,
      ErrorBoundary: ErrorDeRuta,
      lazy: async () => ({ Component: (await import("./ProtectedLayout")).default }),
      children: [
        {
          index: true,
          handle: { nombre: RUTA_INICIO },
          ErrorBoundary: ErrorDePantalla,
          lazy: async () => ({ Component: await pantallaOFallo(() => import("../features/inicio/InicioPage")) }),
        },
        ...RUTAS_PROTEGIDAS.map((r) => ({
          path: r.path,
          handle: { nombre: r.nombre },
          ErrorBoundary: ErrorDePantalla,
          lazy: async () => {
            precargarSiPermitida(r);
            return { Component: await pantallaOFallo(r.cargar) };
          },
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
const conSesion = sessionStore.activa() && router.state.matches.some((m) => m.route.path === "/");
if (conSesion) {
  void datosUsuarioIniciales();
  // The bell's notices too, in a task of their own once the user's data is here (the bell is shown
  // unless a second factor must be enrolled first): their request no longer starts inside the first
  // screen's commit.
  queryClient.ensureQueryData(consultaUserData).then(
    (datos) => {
      if (!datos.usuario.segundoFactorPendiente) setTimeout(() => void queryClient.prefetchQuery(consultaAvisos()), 0);
    },
    () => {},
  );
}
// Likewise a constancia's public page (opened from its QR): the registry's answer is its largest
// paint, so it is asked for at once rather than after the page's code.
const codigoConstancia = matchPath(RUTA_VERIFICAR_CONSTANCIA, router.state.location.pathname)?.params.codigo;
if (codigoConstancia) void queryClient.prefetchQuery(consultaVerificarConstancia(codigoConstancia));

/**
 * When the first screen can be drawn whole: the router initialised (the route's code loaded) and,
 * signed in, the user's data here (main.tsx waits for it before the first render).
 */
export const listoParaDibujar: Promise<unknown> = Promise.all([
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const dejar = router.subscribe((estado) => {
      if (!estado.initialized) return;
      dejar();
      resolve();
    });
  }),
  conSesion ? datosUsuarioIniciales() : null,
]);
