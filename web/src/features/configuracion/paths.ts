/** Paths of the configuration screens (SPEC.md §2). */
export const RUTA = {
  configuracion: "/Configuracion",
  usuarios: "/Configuracion/Usuarios",
  perfiles: "/Configuracion/Perfiles",
  instituciones: "/Configuracion/Instituciones",
  cargos: "/Configuracion/Cargos",
  auditoria: "/Configuracion/Auditoria",
} as const;
