/**
 * What the sign-in screens need beside the messages, without zod: the Login route loads no schema
 * module (a schema module's zod calls stay in the bundle even when only a constant is imported), so
 * its first page stays within the JavaScript budget of docs/benchmarks.
 */

/**
 * Sent by the web app on sign-in (value `cookie`): the session is then set only as the HttpOnly
 * cookie and the answer carries no token. API clients that do not send it get the token.
 */
export const CABECERA_SESION_COOKIE = "X-Registro-Sesion";

export const MSG_SEGUNDO_FACTOR = {
  loginSegundoFactor: "Confirme su identidad con su segundo factor.",
  desafioVencido: "La verificación venció o ya no es válida. Inicie sesión de nuevo.",
  codigoIncorrecto: "El código no es válido.",
  llaveIncorrecta: "No se pudo verificar la llave de acceso.",
  intentosAgotados: "Demasiados intentos fallidos. Inicie sesión de nuevo.",
  unMetodo: "Indique un código, un código de recuperación o una llave de acceso.",
  sinLlaves: "No tiene llaves de acceso registradas.",
  enrolamientoRequerido: "Su perfil requiere un segundo factor: regístrelo para continuar.",
  codigoFormato: "El código tiene 6 dígitos.",
  nombreRequerido: "Indique un nombre.",
  factorNoEncontrado: "El segundo factor no existe.",
  appYaRegistrada: "Ya tiene una aplicación de autenticación; elimínela antes de agregar otra.",
  appSinIniciar: "Primero pida un nuevo código QR.",
  registroVencido: "El registro de la llave venció. Inténtelo de nuevo.",
  llaveNoRegistrada: "No se pudo registrar la llave de acceso.",
  llaveRepetida: "Esa llave de acceso ya está registrada.",
  /** A passkey answered for another address than PUBLIC_URL's (issue 35, item 8): it never will work there. */
  llaveOtraDireccion: (direccion: string) =>
    `Las llaves de acceso solo funcionan en la dirección de la aplicación. Ábrala en ${direccion} e inténtelo allí.`,
  ultimoFactorRequerido: "Su perfil requiere un segundo factor: registre otro antes de eliminar este.",
  sinFactorParaCodigos: "Registre primero una llave de acceso o una aplicación de autenticación.",
  factorAgregado: "Segundo factor registrado.",
  factorEliminado: "Segundo factor eliminado.",
  factorRenombrado: "Nombre actualizado.",
  codigosGenerados: "Nuevos códigos de recuperación generados. Los anteriores ya no sirven.",
  sinFactores: "El usuario no tiene segundos factores registrados.",
  factoresReiniciados: "Se eliminaron los segundos factores del usuario y se cerraron sus sesiones.",
  confirmarReiniciar: (nombre: string) =>
    `¿Desea eliminar las llaves de acceso, la aplicación de autenticación y los códigos de recuperación de ${nombre}? Se cerrarán sus sesiones y deberá registrar un segundo factor nuevo.`,
  confirmarEliminar: (nombre: string) => `¿Desea eliminar «${nombre}»? Ya no podrá usarlo para iniciar sesión.`,
  confirmarCodigos: "Los códigos de recuperación actuales dejarán de servir. ¿Desea generar otros?",
} as const;
