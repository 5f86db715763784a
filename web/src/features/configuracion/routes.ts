/** Routes of the configuracion feature (SPEC.md screens 19–22 and the Configuración menu). */
import { URL_VISTA, V } from "@registro/contracts";
import type { RutaApp } from "../../app/route-types";
import { RUTA } from "./paths";

export const rutas: RutaApp[] = [
  { nombre: V.CONFIGURACION, path: RUTA.configuracion, cargar: () => import("./screens/ConfiguracionPage") },
  { nombre: V.USUARIOS, path: RUTA.usuarios, cargar: () => import("./screens/UsuariosPage") },
  { nombre: V.PERFILES, path: RUTA.perfiles, cargar: () => import("./screens/PerfilesPage") },
  { nombre: V.INSTITUCIONES, path: RUTA.instituciones, cargar: () => import("./screens/InstitucionesPage") },
  { nombre: V.CARGOS, path: RUTA.cargos, cargar: () => import("./screens/CargosPage") },
  { nombre: V.AUDITORIA, path: RUTA.auditoria, cargar: () => import("./screens/AuditoriaPage") },
  {
    nombre: V.AUTORIDADES_CONFIANZA,
    path: URL_VISTA[V.AUTORIDADES_CONFIANZA],
    cargar: () => import("./screens/AutoridadesConfianzaPage"),
  },
];
