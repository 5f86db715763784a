/**
 * The router: where features meet. Login stands alone; every other screen sits in the layout
 * behind the route guard, lazily loaded so the Login route stays small.
 */
import { createBrowserRouter } from "react-router";
import { rutas as configuracion } from "../features/configuracion/routes";
import { rutas as originador } from "../features/originador/routes";
import { rutas as revision } from "../features/revision/routes";
import { BASE_PATH } from "../lib/base-path";
import type { RutaApp } from "./route-types";

export const RUTAS_PROTEGIDAS: RutaApp[] = [...originador, ...revision, ...configuracion];

export const router = createBrowserRouter(
  [
    { path: "/Login", lazy: async () => ({ Component: (await import("../features/auth/LoginPage")).default }) },
    {
      path: "/",
      lazy: async () => ({ Component: (await import("./ProtectedLayout")).default }),
      children: [
        { index: true, lazy: async () => ({ Component: (await import("../features/inicio/InicioPage")).default }) },
        ...RUTAS_PROTEGIDAS.map((r) => ({
          path: r.path,
          handle: { nombre: r.nombre },
          lazy: async () => ({ Component: (await r.cargar()).default }),
        })),
      ],
    },
  ],
  { basename: BASE_PATH || "/" },
);
