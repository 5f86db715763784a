/**
 * When a screen, or the app itself, cannot be drawn: its code did not arrive (the app was updated
 * and its files renamed, or the connection failed), or it failed while drawing. The entry and the
 * router read these few lines, not all of MSG (mensajes.ts), which includes them.
 */
export const MSG_CARGA = {
  falloPantallaTitulo: "No se pudo mostrar esta pantalla",
  falloPantallaCodigo:
    "No se pudo cargar esta pantalla: la aplicación pudo haberse actualizado o la conexión falló. Recargue la página para continuar.",
  falloPantallaInesperado:
    "Ha ocurrido un error inesperado al mostrar esta pantalla. Recargue la página; si el problema continúa, comuníquese con el administrador del sistema.",
  falloAplicacionTitulo: "No se pudo cargar la aplicación",
  falloAplicacionCodigo:
    "La aplicación no terminó de cargarse: pudo haberse actualizado o la conexión falló. Recargue la página para continuar.",
  recargarPagina: "Recargar la página",
} as const;
