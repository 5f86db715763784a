/**
 * The texts the Login route's code reads — the API client's transport messages and the sign-in
 * screen's — apart from MSG (mensajes.ts), which holds every text of the app and includes these:
 * the Login route then loads these few lines instead of all of MSG (docs/benchmarks, its budget).
 */
export const MSG_LOGIN = {
  // Transport and guards (SPEC.md §8, DESIGN.md §3)
  datosInvalidos: "Los datos suministrados no son válidos",
  noAutorizado: "No está autorizado",
  sesionExpirada: "Su sesión ha expirado. Inicie sesión nuevamente.",
  /** The 401 of a session the user ended from "Mis sesiones" in another session of theirs. */
  sesionCerradaDesdeMisSesiones: "Esta sesión se cerró desde «Mis sesiones». Inicie sesión nuevamente.",
  errorDesconocido: "Ha ocurrido un error desconocido.",
  // The sign-in screen: empty fields, its second step's code, its constancia code look-up.
  loginCamposVaciosPantalla: "Los datos ingresados no son válidos.",
  requerido: "Este campo es obligatorio.",
  codigoConstanciaVacio: "Escriba el código seguro de verificación que figura en la constancia.",
} as const;

export const APP_NOMBRE_CORTO = "Registro de Firmas";
