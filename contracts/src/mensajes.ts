/**
 * User-visible Spanish texts shared by server and web: the exact texts of SPEC.md §8 and the
 * server's own messages. Keep every literal a user reads here or in the screen that shows it.
 *
 * Longer than 300 lines: one catalogue of texts, read as a list; splitting it by screen would scatter
 * SPEC.md §8's texts and the vocabulary test's single source (the Login route's few are mensajes-login.ts).
 */

import { MSG_CARGA } from "./mensajes-carga.js";
import { MSG_DOCUMENTOS } from "./mensajes-documentos.js";
import { MSG_LOGIN } from "./mensajes-login.js";

/** Counts and limits with the app's one grouping (5,000,000, as SPEC.md writes them and the screens show numbers). */
const cifra = (n: number) => n.toLocaleString("en-US");
/** A sentence ending in a date-time ("… 06:10 a. m.") takes no second period. */
const conPunto = (t: string) => (t.endsWith(".") ? t : `${t}.`);

export const MSG = {
  // The Login route's texts, kept apart (transport and guards, the sign-in screen's).
  ...MSG_LOGIN,
  // "Verificar documento" and "Autoridades de confianza" (issue 38).
  ...MSG_DOCUMENTOS,
  // A screen or the app that could not be drawn (kept apart for the entry).
  ...MSG_CARGA,
  // Transport and guards (SPEC.md §8, DESIGN.md §3)
  noAutenticado: "Debe iniciar sesión para continuar.",
  errorInterno: "Ha ocurrido un error inesperado. Intente nuevamente.",
  demasiadasSolicitudes: "Demasiadas solicitudes. Espere un momento e intente nuevamente.",
  noEncontrado: "El recurso solicitado no existe.",
  solicitudNoEncontrada: "No se encontró la solicitud.",
  funcionarioNoEncontrado: "El funcionario no existe.",
  adjuntoNoEncontrado: "El archivo no existe.",
  personaNoEncontrada: "No se encontró una persona con esa cédula.",
  // Screens
  cedulaNoEnPadron: "Cédula no encontrada en el padrón; complete los nombres",
  descartarDecision: "Las observaciones y el comentario escritos se perderán. ¿Desea descartarlos?",
  descartarCambios: "Hay cambios sin guardar que se perderán. ¿Desea salir sin guardarlos?",
  usuarioSinInstitucion: "Su usuario no está asociado a ninguna institución.",

  // Login and account
  // The API's answer to a sign-in without user or password keeps the original text (SPEC.md §5);
  // the sign-in screen, which checks first, reads correct Spanish.
  loginCamposVacios: "Los datos ingresados son invalidos",
  loginFallido: "Usuario o contraseña incorrectos.",
  cuentaBloqueada: (minutos: number) =>
    `La cuenta está bloqueada temporalmente por varios intentos fallidos de inicio de sesión. Intente de nuevo en ${
      minutos === 1 ? "1 minuto" : `${minutos} minutos`
    } o pida al administrador que la desbloquee.`,
  loginExitoso: "Inicio de sesión exitoso",
  cierreSesion: "Ha cerrado sesión satisfactoriamente",
  cambioClaveRequerido: "Se requiere actualizar su contraseña para continuar.",
  claveActualizada: "Contraseña actualizada correctamente.",
  claveNoCoincide: "La confirmación no coincide con la nueva contraseña.",
  claveLongitud: "La contraseña debe tener entre 12 y 128 caracteres.",
  claveIgualUsuario: "La contraseña no puede ser igual al nombre de usuario.",
  claveComun: "La contraseña es demasiado común. Elija otra.",
  claveIgualAnterior: "La nueva contraseña debe ser distinta de la actual.",

  // Route guard and toasts (SPEC.md §8)
  errorCargarDetalles: "Error al cargar los detalles de la solicitud",
  errorCargarCargos: "Error al cargar los cargos",
  errorCargarPersona: "Error al cargar los datos de la persona",
  errorCargarFuncionarios: "Error al cargar los funcionarios de la solicitud",
  errorCargarAdjuntos: "Error al cargar los adjuntos de la solicitud",
  errorCargarAdjuntosFuncionario: "Error al cargar los adjuntos del funcionario",
  errorCargarFirmas: "Error al cargar las firmas del funcionario",
  errorCargarInstituciones: "Error al cargar las instituciones",
  errorCargarPerfiles: "Error al cargar los perfiles",
  errorCargarUsuarios: "Error al cargar los usuarios",
  errorCargarVistas: "Error al cargar las vistas",
  errorDescargarTarjeta: "Error al descargar la imagen",
  errorDescargarManual: "Error al descargar el documento",
  errorAsignar: "Error al intentar asignar",
  errorCargarCriterios: "Error al cargar los criterios",
  error500: "Error 500. Error al realizar la operación.",

  // Confirmations (SPEC.md §8)
  confirmarEnviar: "¿Está seguro de que desea enviar esta solicitud?",
  confirmarGuardar: "¿Está seguro de que desea guardar?",
  confirmarEliminarFuncionario: "¿Está seguro de que desea eliminar este funcionario?",
  confirmarEnviarFuncionarios: "¿Está seguro de que desea enviar estos funcionarios?",
  confirmarAprobar: "¿Está seguro de que desea aprobar esta solicitud?",
  confirmarInactivar: "¿Está seguro de que desea inactivar esta firma?",
  confirmarActivar: "¿Está seguro de que desea activar esta firma?",
  confirmarAsignar: "¿Está seguro de que desea asignarse esta solicitud?",
  confirmarEliminarPerfil: "¿Está seguro de que desea eliminar este perfil?",
  confirmarEliminarCargo: "¿Está seguro de que desea eliminar este cargo?",
  confirmarGuardarUsuario: "¿Está seguro de que desea guardar?",
  confirmarReiniciarClave: (nombre: string) =>
    `¿Está seguro de que desea reiniciar la clave de este usuario (${nombre})?`,

  // Empty lists (SPEC.md §8)
  sinArchivos: "No se han encontrado archivos.",
  sinFuncionarios: "No se han encontrado funcionarios para la solicitud.",
  sinRegistros: "No se han encontrado registros.",
  sinUsuarios: "No se han encontrado usuarios.",
  sinPerfiles: "No se han encontrado perfiles.",
  sinInstituciones: "No se han encontrado instituciones.",
  sinCargos: "No se han encontrado cargos",
  sinObservaciones: "No existen observaciones",

  // Field validation
  cedulaFormato: "La cédula debe tener el formato 999-9999999-9.",
  cedulaInvalida: "La cédula no es válida (dígito verificador incorrecto).",
  telefonoFormato: "El teléfono debe tener el formato (999) 999-9999.",
  extFormato: "La extensión solo admite hasta 6 dígitos.",
  emailFormato: "El correo electrónico no es válido.",
  textoLargo: (max: number) => `El texto no puede exceder ${max} caracteres.`,
  numeroInvalido: "Debe ser un número válido.",
  fechaInvalida: "La fecha no es válida.",
  fechaFormato: "Escriba la fecha como dd/mm/aaaa (por ejemplo, 15/06/2025).",
  fechaAnioCorto: "Escriba el año con cuatro dígitos (dd/mm/aaaa).",
  fechaInexistente: (texto: string) => `La fecha ${texto} no existe.`,
  rangoFechasInvalido: "La fecha final no puede ser anterior a la inicial.",
  montosOrden: "El monto desde debe ser menor o igual al monto hasta.",
  montoNegativo: "El monto no puede ser negativo.",
  fechasOrden: "La fecha desde debe ser anterior o igual a la fecha hasta.",
  archivoRequerido: "Debe adjuntar este documento.",
  archivoTipo: "Solo se admiten archivos PDF, PNG, JPEG, GIF o WebP.",
  archivoTamano: (max: number) => `El archivo excede el tamaño máximo de ${cifra(max)} bytes.`,
  archivoUnico: "Solo se admite un archivo.",
  motivosRequeridos: "Debe seleccionar al menos una observación.",
  motivoInvalido: "Una de las observaciones seleccionadas no es válida.",
  comentarioRequerido: "Debe escribir un comentario.",
  comentarioTexto: "El comentario debe ser un texto.",
  justificacionRequerida: "Debe escribir la justificación.",
  evidenciaRequerida: "Debe adjuntar la evidencia.",
  funcionariosInactivarInvalidos: "Elija solo funcionarios activos de esta solicitud.",
  funcionariosInactivarRequeridos: "Elija al menos un funcionario.",

  // Workflow refusals
  transicionInvalida: "La solicitud no está en un estatus que permita esta acción.",
  requiereAsignacion: "Debe asignarse la solicitud antes de decidir.",
  asignadaA: (nombre: string) => `La solicitud está asignada a ${nombre}.`,
  sinFuncionariosEnviar: "La solicitud debe tener al menos un funcionario antes de enviarse.",
  sinFuncionariosNuevos: "No hay funcionarios nuevos para enviar.",
  documentosFaltantes: "Faltan documentos obligatorios de la solicitud o de sus funcionarios.",
  guardarAntesDeEnviar: "Guarde los cambios de la solicitud antes de enviarla.",

  // Review decisions and inboxes
  puedeAsignar: "Puede asignarse esta solicitud.",
  funcionarioYaInactivo: "El funcionario ya está inactivo.",
  // A deactivation of chosen officials: who it concerns, in the request's history.
  historialInactivacionFuncionarios: (justificacion: string, nombres: string[]) =>
    `${justificacion}\nFuncionarios: ${nombres.join("; ")}.`,
  historialFuncionariosInactivados: (nombres: string[]) =>
    `Inactivación aprobada de los funcionarios: ${nombres.join("; ")}.`,
  confirmarInactivarFuncionarios: (nombres: string[]) =>
    `¿Está seguro de que desea inactivar la firma de ${nombres.join(", ")}? Los demás funcionarios siguen activos.`,
  confirmarSolicitarInactivacion: "¿Está seguro de que desea solicitar la inactivación de toda la solicitud?",
  confirmarSolicitarInactivacionFuncionarios: (nombres: string[]) =>
    `¿Está seguro de que desea solicitar la inactivación de la firma de ${nombres.join(", ")}?`,
  historialFuncionarioInactivado: (nombre: string, cedula: string) =>
    `Funcionario ${nombre} (${cedula}) inactivado por el Administrador RyCC.`,
  ordenInvalido: "El campo de ordenamiento no es válido.",
  sentidoOrdenInvalido: "El sentido del orden debe ser 1 (ascendente) o -1 (descendente).",

  // Originator's forms (requests, officials, deactivation)
  cargoInvalido: "El cargo seleccionado no es válido o está inactivo.",
  firmaRequerida: "Debe seleccionar al menos una firma.",
  firmaInvalida: "Una de las firmas seleccionadas no es válida.",
  cedulaFuncionarioDuplicada: "Ya existe un funcionario con esta cédula en la solicitud.",
  montoMaximo: "El monto excede el máximo permitido.",
  funcionarioNoEditable: "El funcionario no puede modificarse en su estatus actual.",
  funcionarioNoEliminable: "Solo puede eliminarse un funcionario pendiente que aún no se ha enviado.",
  originadorSinInstitucion: "Solo un usuario de una institución puede registrar solicitudes.",

  // Success
  guardadoExitoso: "Solicitud guardada correctamente.",
  enviadoExitoso: "Solicitud enviada correctamente.",
  funcionarioGuardado: "Funcionario guardado correctamente.",
  funcionarioEliminado: "Funcionario eliminado correctamente.",
  funcionariosEnviados: "Funcionarios enviados correctamente.",
  inactivacionSolicitada: "Solicitud de inactivación enviada correctamente.",
  funcionariosInactivados: "Funcionarios inactivados correctamente.",
  aprobadoExitoso: "Solicitud aprobada correctamente.",
  retornadoExitoso: "Solicitud retornada correctamente.",
  rechazadoExitoso: "Solicitud rechazada correctamente.",
  inactivadoExitoso: "Firma inactivada correctamente.",
  activadoExitoso: "Firma activada correctamente.",
  asignadoExitoso: "Solicitud asignada correctamente.",
  funcionarioInactivado: "Funcionario inactivado correctamente.",
  operacionExitosa: "Operación realizada correctamente.",

  // Configuration: users, profiles, institutions, positions (SPEC.md screens 19–22)
  contraloria: "Contraloría General de la República",
  usuarioNoEncontrado: "El usuario no existe.",
  usuarioFormato: "El usuario debe tener de 3 a 50 caracteres: letras, números, punto, guion, guion bajo o @.",
  usuarioDuplicado: "Ya existe un usuario con este nombre de usuario.",
  cedulaDuplicada: "Ya existe un usuario con esta cédula.",
  emailDuplicado: "Ya existe un usuario con este correo electrónico.",
  perfilNoExiste: "El perfil seleccionado no existe.",
  institucionUsuarioRequerida: "Debe seleccionar la institución del usuario externo.",
  institucionNoDisponible: "La institución seleccionada no existe o está inactiva.",
  noDesactivarseASiMismo: "No puede desactivar su propio usuario.",
  ultimoAdministrador: "Debe quedar al menos un usuario activo con acceso a la configuración de usuarios y perfiles.",
  soloExternosReinicio: "Solo se puede reiniciar la clave de usuarios externos.",
  usuarioCreado: "Usuario creado correctamente.",
  usuarioActualizado: "Usuario actualizado correctamente.",
  claveReiniciada: "Clave reiniciada correctamente.",
  usuarioDesbloqueado: "Usuario desbloqueado: ya puede iniciar sesión con su contraseña.",
  usuarioNoBloqueado: "El usuario no está bloqueado.",
  restablecimientoSolicitado:
    "Si la dirección corresponde a un usuario activo, le enviamos un correo con un enlace para elegir una nueva contraseña. El enlace vale 30 minutos y sirve una sola vez.",
  restablecimientoNoDisponible:
    "El restablecimiento por correo no está disponible. Pida al Administrador de Configuración que reinicie su contraseña.",
  enlaceRestablecimientoInvalido:
    "El enlace no es válido, ya se usó o venció. Pida uno nuevo desde «¿Olvidó su contraseña?».",
  claveRestablecida: "Contraseña actualizada. Inicie sesión con su nueva contraseña.",
  demasiadosRestablecimientos: "Se pidieron demasiados enlaces. Espere unos minutos e intente de nuevo.",
  sesionNoEncontrada: "No se encontró la sesión: ya terminó o no es suya.",
  sesionActualNoSeCierraAqui: "Esta es la sesión que está usando: para terminarla, use «Cerrar sesión».",
  sesionCerrada: "Sesión cerrada.",
  otrasSesionesCerradas: (n: number) =>
    n === 0 ? "No había otras sesiones abiertas." : n === 1 ? "Se cerró 1 sesión." : `Se cerraron ${n} sesiones.`,
  confirmarDesbloquear: (nombre: string) =>
    `¿Está seguro de que desea desbloquear al usuario ${nombre}? Podrá volver a intentar iniciar sesión de inmediato.`,
  perfilNoEncontrado: "El perfil no existe.",
  perfilDuplicado: "Ya existe un perfil con este nombre.",
  perfilSinVistas: "Debe seleccionar al menos una vista.",
  vistaNoExiste: "Una de las vistas seleccionadas no existe.",
  /** Profile editor: "Requiere segundo factor" switched on (issue 35, item 9). */
  perfilSegundoFactorAviso: (usuarios: number) =>
    usuarios === 0
      ? "Los usuarios de este perfil deberán registrar un segundo factor (llave de acceso o aplicación de autenticación) la próxima vez que inicien sesión."
      : usuarios === 1
        ? "El usuario de este perfil deberá registrar un segundo factor (llave de acceso o aplicación de autenticación) la próxima vez que inicie sesión, si aún no lo tiene."
        : `Los ${usuarios} usuarios de este perfil deberán registrar un segundo factor (llave de acceso o aplicación de autenticación) la próxima vez que inicien sesión, si aún no lo tienen.`,
  perfilDeExternos:
    "Este perfil lo usan usuarios externos: solo se ofrecen las vistas que ellos pueden abrir (no las de la Contraloría).",
  vistasInternasPerfilExterno: (vistas: string[]) =>
    `Este perfil lo usan usuarios externos, que no pueden abrir estas vistas de la Contraloría: ${vistas.join(", ")}. Quítelas o asigne a esos usuarios otro perfil.`,
  perfilAsignado: (n: number) =>
    `El perfil está asignado a ${n} ${n === 1 ? "usuario" : "usuarios"} y no puede eliminarse.`,
  ultimoPerfilAdministrador: "Debe quedar al menos un perfil con acceso a la configuración de usuarios y perfiles.",
  perfilCreado: "Perfil creado correctamente.",
  perfilActualizado: "Perfil actualizado correctamente.",
  perfilEliminado: "Perfil eliminado correctamente.",
  institucionNoEncontrada: "La institución no existe.",
  institucionDuplicada: "Ya existe una institución con este nombre.",
  cargoNoExiste: "Uno de los cargos seleccionados no existe.",
  institucionCreada: "Institución creada correctamente.",
  institucionActualizada: "Institución actualizada correctamente.",
  cargoNoEncontrado: "El cargo no existe.",
  cargoDuplicado: "Ya existe un cargo con este nombre.",
  cargoTipo: "El tipo debe ser Incumbente o Funcionario.",
  cargoTipoEnUso: "No puede cambiar el tipo de un cargo que está en uso.",
  cargoCreado: "Cargo creado correctamente.",
  cargoActualizado: "Cargo actualizado correctamente.",
  cargoEliminado: "Cargo eliminado correctamente.",
  cargoDesactivado:
    "El cargo está en uso por incumbentes, funcionarios o instituciones; se desactivó en lugar de eliminarse.",
  errorCargarAuditoria: "Error al cargar la auditoría",
  sinAuditoria: "No se han encontrado registros de auditoría.",

  // Security
  urlInvalida: "La dirección solicitada no es válida.",
  tiempoAgotado: "La solicitud tardó demasiado en llegar. Intente nuevamente.",
  caracteresInvalidos: "Contiene caracteres no permitidos.",
  claveDatosPersonales:
    "La contraseña no puede contener su nombre, su usuario, su cédula ni el nombre de la aplicación.",
  claveActualIncorrecta: "La contraseña actual no es correcta.",
  anidamientoExcesivo: "Los datos enviados tienen demasiados niveles de anidamiento.",
  jsonInvalido: "El contenido enviado no es un JSON válido.",
  formularioInvalido: "El formulario enviado no es válido o está incompleto.",
  tipoContenido: "El tipo de contenido enviado no es admitido.",
  cuerpoGrande: "Los datos enviados superan el tamaño permitido.",

  // Avisos y correos
  preferenciaInvalida: "Elija una de las opciones de correo.",
  preferenciasGuardadas: "Preferencias guardadas correctamente.",
  avisosLeidos: "Avisos marcados como leídos.",
  estadoAvisoInvalido: "Elija todos, no leídos o leídos.",
  avisoNoEncontrado: "El aviso no existe.",
  correoNoEncontrado: "El correo no existe o ya no está pendiente de reintento.",
  correoReintentado: "El correo se enviará de nuevo en unos instantes.",
  errorCargarAvisos: "Error al cargar los avisos",
  errorCargarCorreos: "Error al cargar los correos no enviados",
  sinAvisos: "No tiene avisos.",
  sinCorreosNoEnviados: "No hay correos sin enviar.",
  vencimientoInvalido: "Elija Por vencer o Vencidas.",
  asignadasInvalido: "Elija Mis asignadas o todas.",
  esperaInvalida: "Elija En espera prolongada o todas.",
  renovacionSoloActiva: "Solo puede renovar una solicitud activa.",
  funcionariosRenovarInvalidos: "Elija solo funcionarios activos de la solicitud que renueva.",
  confirmarRenovacion:
    "¿Desea renovar esta solicitud? Se creará una solicitud nueva con el mismo incumbente, los mismos documentos y los funcionarios activos, con vigencia desde hoy, que podrá ajustar antes de enviarla.",
  renovacionFechaPasada: (nombre: string) =>
    `La fecha hasta de ${nombre} ya pasó: indique hasta cuándo se renueva su firma.`,
  renovacionFechasSinCambio: (nombre: string) =>
    `Las fechas de ${nombre} son las de la firma que renueva: indique la nueva vigencia.`,
  confirmarRenovacionFuncionarios: (nombres: string[]) =>
    `¿Desea renovar la firma de ${nombres.join(", ")}? Se creará una solicitud nueva con el mismo incumbente, los mismos documentos y esos funcionarios, con vigencia desde hoy, que podrá ajustar antes de enviarla.`,
  renovacionCreada: (id: number) =>
    `Se creó la solicitud de renovación n.º ${id}. Revise los datos, ajuste lo que cambia y envíela.`,
  renovacionDe: (id: number) => `Renovación de la solicitud n.º ${id}.`,

  // Reliability
  servicioNoDisponible: "El servicio no está disponible en este momento; intente de nuevo.",
  // Batch verification
  loteVacio: "Envíe al menos una pregunta en «preguntas».",
  loteGrande: (max: number) => `Envíe como máximo ${cifra(max)} preguntas por llamada.`,
  loteArchivoVacio: "Elija un archivo CSV con las preguntas.",
  loteArchivoGrande: "El archivo es demasiado grande: divídalo en archivos de hasta 1000 preguntas.",
  loteArchivoIlegible:
    "No se pudo leer el archivo como CSV: revise que tenga una fila de títulos y columnas separadas por comas o punto y coma.",
  loteSinCedula: "El archivo no tiene la columna «Cédula».",
  loteInstitucionDesconocida: "No hay ninguna institución con ese nombre o número.",
  loteFirmaDesconocida: "No hay ninguna firma con ese nombre o número.",
  // System keys
  claveAlcanceRequerido: "Elija al menos una operación para la clave.",
  claveAlcanceInvalido:
    "Operación desconocida: elija entre verificación, verificación por lotes y notificaciones de cambios.",
  claveDireccionInvalida: "Escriba una dirección IP o un rango CIDR válido (por ejemplo, 200.88.10.0/24).",
  claveDirecciones: "Indique como máximo 20 direcciones.",
  claveExpiraPasada: "La fecha de vencimiento no puede ser anterior a hoy.",
  claveEmitida: "Clave emitida. Cópiela ahora: no se volverá a mostrar.",
  claveRevocadaOk: "Clave revocada: deja de funcionar desde ahora.",
  claveYaRevocada: "La clave ya estaba revocada.",
  claveNoEncontrada: "La clave no existe.",
  claveInvalida: "La clave de sistema no es válida, fue revocada o venció.",
  claveEnDireccion:
    "La clave de sistema no se acepta en la dirección de la llamada: envíela en la cabecera Authorization: ApiKey o X-Api-Key.",
  claveDireccionNoPermitida: "La clave de sistema no puede usarse desde esta dirección.",
  claveFueraDeAlcance: "La clave de sistema no permite esta operación.",
  errorCargarClaves: "No se pudo cargar la lista de claves de sistema.",
  // Change notifications (webhooks)
  suscripcionUrlRequerida: "Indique la dirección a la que se enviarán las notificaciones.",
  suscripcionUrlInvalida: "Escriba una dirección web completa, por ejemplo https://banco.example/notificaciones.",
  suscripcionUrlHttps: "La dirección debe empezar por https://.",
  suscripcionUrlCredenciales: "La dirección no puede llevar usuario ni contraseña.",
  suscripcionUrlPrivada:
    "La dirección lleva a una red privada o a este mismo servidor: indique una dirección pública con https://.",
  suscripcionUrlNoResuelve: "No se encontró el servidor de esa dirección.",
  suscripcionInstitucionesRequeridas: "Elija al menos una institución.",
  suscripcionInstitucionesMuchas: "Elija como máximo 500 instituciones.",
  suscripcionInstitucionInvalida: "Indique cada institución por su número.",
  suscripcionInstitucionDesconocida: (ids: number[]) =>
    `No existe ninguna institución con el número ${ids.join(", ")}.`,
  suscripcionMaximo: "La clave ya tiene 10 suscripciones: elimine una antes de crear otra.",
  suscripcionCreada: "Suscripción creada. Copie el secreto ahora: no se volverá a mostrar.",
  suscripcionEliminada: "Suscripción eliminada: no se enviarán más notificaciones a esa dirección.",
  suscripcionNoEncontrada: "La suscripción no existe.",
  entregaNoEncontrada: "La notificación no existe.",
  entregaReenviada: "La notificación se enviará de nuevo, con el mismo identificador de evento.",
  errorCargarEntregas: "No se pudo cargar el registro de notificaciones.",
  suscripcionEliminadaError: "La suscripción fue eliminada antes de la entrega.",
  claveRevocadaNotificaciones: "La clave del sistema fue revocada antes de la entrega.",
  eventoAutorizado: (idSolicitud: number) => `Solicitud n.º ${idSolicitud} aprobada por el Administrador RyCC.`,
  eventoReactivado: (idSolicitud: number) => `Firma de la solicitud n.º ${idSolicitud} reactivada.`,
  eventoInactivadoFuncionario: (idSolicitud: number) => `Funcionario inactivado en la solicitud n.º ${idSolicitud}.`,
  eventoInactivadoSolicitud: (idSolicitud: number) => `Firma de la solicitud n.º ${idSolicitud} inactivada.`,
  eventoVencido: (fecha: string) => `La firma temporal venció el ${fecha}.`,
  eventoImportado: "Cambio traído por una importación del registro.",
  eventoLimiteCambiado: (cambios: string) => `Cambió el límite de la firma: ${cambios}.`,
  respaldoIniciado: "Respaldo iniciado: aparecerá en la lista al terminar.",
  respaldosNoConfigurados:
    "Los respaldos no están configurados: indique la carpeta en la variable BACKUP_DIR del servidor.",
  respaldoEnCurso: "Ya hay un respaldo en curso; espere a que termine.",
  errorCargarRespaldos: "No se pudo cargar la lista de respaldos.",
  idempotenciaEnCurso: "Esta operación ya se está procesando; espere un momento e intente de nuevo.",
  idempotenciaDistinta: "La clave de idempotencia ya se usó con otra operación.",
  idempotenciaInvalida: "La clave de idempotencia debe tener de 8 a 100 letras, números, guiones o guiones bajos.",

  // Signed documents (issue 38): the engine's answers (server/src/documentos-firmados/firma/)
  documentoFirmadoNoPdf: "El archivo no es un PDF.",
  documentoFirmadoCifrado: "El PDF está cifrado: no se pueden comprobar sus firmas. Súbalo sin cifrado ni contraseña.",
  documentoFirmadoSinFirmas: "El PDF no tiene firmas digitales.",
  documentoFirmadoFirmaIlegible: (n: number) => `La firma n.º ${n} del PDF no es una firma CMS legible.`,
  documentoFirmadoCmsIlegible: "La firma separada no es una firma CMS (PKCS #7) legible.",
  documentoFirmadoMuyGrande: (mb: number) => `El archivo supera el límite de ${mb} MB.`,
  integridadAlterada: "Los datos firmados cambiaron después de firmar: la firma no corresponde al contenido.",
  integridadRangoInvalido: "La firma no indica correctamente qué parte del archivo firma.",
  cambiosFirmas: (n: number) => `Después de la firma n.º ${n} solo se añadieron otras firmas o datos para validarlas.`,
  cambiosAnotaciones: (n: number) =>
    `Después de la firma n.º ${n} se añadieron anotaciones o valores de formulario: se muestran, pero no forman parte de lo firmado.`,
  cambiosContenido: (n: number) =>
    `Después de la firma n.º ${n} se modificó el contenido del documento: lo que se muestra no es lo que se firmó.`,
  certificadoVencido: (hasta: string) => `El certificado había vencido (válido hasta el ${hasta}).`,
  certificadoAunNoValido: (desde: string) => `El certificado aún no era válido (válido desde el ${desde}).`,
  certificadoNoConfiable: "El certificado no proviene de una autoridad de confianza configurada.",
  certificadoCadenaNoValida: (sujeto: string) => `El certificado «${sujeto}» de la cadena no era válido en esa fecha.`,
  certificadoRevocado: (fecha: string) => `El ${fecha} se revocó el certificado.`,
  certificadoCadenaRevocada: (sujeto: string, fecha: string) =>
    `El ${fecha} se revocó el certificado «${sujeto}» de la cadena.`,
  revocacionDesconocida:
    "No se pudo comprobar si el certificado estaba revocado: ninguna lista de revocación ni servicio OCSP respondió.",
  selloTiempoNoValido: "El sello de tiempo de la firma no es válido: se usa la hora declarada.",

  // Verificación: the screen's help, the answer of "Verificar firma" and the constancia
  verificarFirmaAyuda:
    "Indique la cédula del firmante y, si lo desea, la institución, la firma, el monto y la fecha del documento. " +
    "El registro responde según lo que estaba vigente en esa fecha.",
  verificacionAutorizado: "El funcionario está autorizado para firmar en la fecha consultada.",
  verificacionNoRegistrado: "La cédula no figura en el registro de firmas.",
  verificacionNoRegistradoInstitucion: "La cédula no figura en el registro de firmas de esa institución.",
  verificacionFirmaNoOtorgada: (firma: string) => `Está registrado, pero no está autorizado para la firma «${firma}».`,
  verificacionFueraDeRango: (desde: string, hasta: string) =>
    `El monto está fuera del rango autorizado (de ${desde} a ${hasta}).`,
  verificacionAntesDeVigencia: (desde: string, hasta: string) =>
    `La fecha está fuera de la vigencia autorizada (del ${desde} al ${hasta}).`,
  verificacionVencida: (hasta: string) => `La autorización venció el ${hasta}.`,
  verificacionEnRevision: "La solicitud aún está en revisión: la firma no ha sido aprobada.",
  verificacionNoAprobada: "La firma registrada no fue aprobada.",
  verificacionInactivado: (fecha: string) => `Inactivado el ${fecha}.`,
  verificacionPosterior: (fecha: string) => `En esa fecha aún no estaba autorizado (autorizado desde el ${fecha}).`,
  firmaNoExiste: "La firma seleccionada no existe.",
  constanciaNoEncontrada: "El código de verificación no corresponde a ninguna constancia.",
  constanciaNoDisponible:
    "La constancia solo se emite para solicitudes activas o inactivadas con funcionarios autorizados.",
  constanciaVigente: "Vigente",
  constanciaInactivada: (fecha: string) => `Inactivada el ${fecha}`,
  constanciaVencida: "Vencida",
  constanciaPorVencer: "Por vencer",
  // An official's standing on a day (estado-firma.ts): every place that states it shows these.
  estadoFirmaVigente: "Vigente",
  estadoFirmaPorVencer: "Por vencer",
  estadoFirmaVencida: "Vencida",
  estadoFirmaInactivada: (fecha: string) => `Inactivada el ${fecha}`,
  estadoFirmaAunNoVigente: (desde: string) => `Aún no vigente (desde ${desde})`,
  estadoFirmaPendiente: "Pendiente de aprobación",
  estadoFirmaNoAprobada: "No aprobada",
  errorDescargarConstancia: "No se pudo descargar la constancia.",
  errorDescargarComprobante: "No se pudo descargar el comprobante.",
  constanciaArchivoRequerido: "Adjunte el archivo PDF de la constancia.",
  constanciaNoPdf: "El archivo no es un PDF.",
  selloValido: "El sello electrónico de la Contraloría es válido: el archivo no ha cambiado desde que se selló.",
  selloAlterado: "El sello electrónico no es válido: el archivo fue modificado después de sellarse.",
  selloAjeno: "El archivo está firmado, pero no con el sello electrónico de la Contraloría.",
  selloAusente: "El archivo no tiene sello electrónico.",
  emisionEmitida: (id: number, fecha: string) =>
    `Es la constancia que emitió el registro el ${fecha} para la solicitud n.º ${id}, idéntica al archivo emitido.`,
  emisionDistinta:
    "El código de verificación es del registro, pero este archivo no es el que se emitió con ese código.",
  emisionAnterior: (fecha: string) =>
    `El código corresponde a una constancia emitida el ${fecha}, antes del sellado electrónico: compare su contenido con la página del código.`,
  emisionDesconocida: "El archivo no contiene un código de verificación emitido por el registro.",
  // The upload check's one verdict (decided from the digest of the issued file first).
  veredictoEmitida: (codigo: string, fecha: string, id: number) =>
    `Constancia válida: es el archivo que emitió el registro el ${fecha} con el código ${codigo} para la solicitud n.º ${id}, con el sello electrónico de la Contraloría intacto.`,
  veredictoDesactualizada: (codigo: string, fecha: string, id: number) =>
    `Constancia desactualizada: es el archivo que emitió el registro el ${fecha} con el código ${codigo} para la solicitud n.º ${id}, pero ya no refleja el registro de hoy.`,
  veredictoDistinta: (codigo: string) =>
    `No es la constancia emitida: el archivo no coincide byte a byte con el que emitió el registro con el código ${codigo}. No lo acepte como constancia.`,
  veredictoAlterada:
    "No es una constancia válida: el sello electrónico no corresponde al contenido, el archivo fue modificado después de sellarse.",
  veredictoAjena:
    "No es una constancia válida: el archivo está firmado, pero no con el sello electrónico de la Contraloría.",
  veredictoSinSello: "No es una constancia válida: el archivo no tiene sello electrónico.",
  veredictoDesconocida:
    "El archivo tiene el sello electrónico de la Contraloría, pero no contiene un código de verificación emitido por este registro.",
  veredictoComprobante: (codigo: string, fecha: string) =>
    `Comprobante válido: es el comprobante de verificación que emitió el registro el ${fecha} con el código ${codigo}, con el sello electrónico de la Contraloría intacto.`,
  comprobanteNoEncontrado: "El código de verificación no corresponde a ningún comprobante.",
  ultimaSi: "Es la constancia más reciente de su solicitud.",
  ultimaNo: (fecha: string, codigo: string | null) =>
    `No es la constancia más reciente de su solicitud: el registro emitió otra el ${fecha}${codigo ? ` con el código ${codigo}` : ""}.`,
  deOtraPagina: (codigo: string) => `El archivo no es la constancia del código ${codigo} de esta página.`,
  selloTiempoNoDisponible:
    "No se pudo obtener el sello de tiempo para sellar la constancia. Intente de nuevo en unos minutos.",

  // Reassignment, audit chain, exports, dashboard
  liberadoExitoso: "Solicitud liberada correctamente.",
  reasignadoExitoso: "Solicitud reasignada correctamente.",
  solicitudNoAsignada: "La solicitud no está asignada a ningún usuario.",
  usuarioDestinoInvalido: "El usuario seleccionado no puede recibir solicitudes de esta etapa.",
  usuarioDestinoRequerido: "Debe seleccionar el usuario.",
  // The entry that ends a holding says since when the holder had it (dd/mm/aaaa hh:mm), when known.
  historialLiberada: (nombre: string, desde?: string | null) =>
    desde ? `Liberada por ${nombre}, que la tenía desde el ${conPunto(desde)}` : `Liberada por ${nombre}.`,
  historialReasignada: (de: string, a: string, comentario: string, desde?: string | null) =>
    `Reasignada de ${de}${desde ? ` (la tenía desde el ${desde})` : ""} a ${a}: ${comentario}`,
  auditoriaIntegra: (n: number) => `Íntegra: ${n} ${n === 1 ? "entrada" : "entradas"}`,
  auditoriaRota: (id: number) => `La cadena de auditoría está rota en la entrada ${id}.`,
  auditoriaTruncada: (ultima: number, hasta: number) =>
    `La cadena de auditoría está rota en la entrada ${ultima}: faltan las entradas posteriores, hasta la ${hasta}.`,
  auditoriaSinSello: (id: number) =>
    `La cadena de auditoría está rota en la entrada ${id}: le falta el sello de la clave de auditoría.`,
  auditoriaDistintaDelPunto: (id: number, fecha: string) =>
    `La cadena de auditoría está rota en la entrada ${id}: no es la que registró el punto de control del ${conPunto(fecha)}`,
  auditoriaPuntoRegistrado: (id: number) => `Punto de control registrado en la entrada ${id}.`,
  auditoriaPuntoFalso: (id: number, fecha: string) =>
    `El punto de control del ${fecha} (entrada ${id}) no está firmado con la clave de auditoría.`,
  auditoriaIntegraConIncidentes: (n: number, incidentes: string) =>
    `Íntegra: ${n} ${n === 1 ? "entrada" : "entradas"}, salvo los incidentes registrados: ${incidentes}.`,
  auditoriaIncidente: (id: number, motivo: string) => `entrada ${id} (${motivo})`,
  auditoriaIncidenteFalso: (id: number) =>
    `El incidente registrado en la entrada ${id} no está firmado con la clave de auditoría.`,
  incidenteRegistrado: (id: number) =>
    `Incidente registrado en la entrada ${id}: la verificación continúa después de ella y lo menciona.`,
  incidenteNoEsLaRotura: (id: number) => `La entrada ${id} no es donde la verificación encuentra rota la cadena.`,
  incidenteMotivoRequerido: "Indique el motivo del incidente (al menos 10 caracteres).",
  errorVerificarAuditoria: "Error al verificar la integridad de la auditoría",
  confirmarLiberar:
    "¿Está seguro de que desea liberar esta solicitud? Volverá a la bandeja para que otro usuario la tome.",
  errorLiberar: "Error al intentar liberar la solicitud",
  errorReasignar: "Error al intentar reasignar la solicitud",
  errorCargarUsuariosEtapa: "Error al cargar los usuarios de la etapa",
  formatoExportarInvalido: "El formato debe ser csv o xlsx.",
  errorExportar: "Error al exportar la lista",
  exportacionesPropias: "Ya tiene dos exportaciones en curso. Espere a que termine una e intente de nuevo.",
  exportacionesEnCurso: "Hay demasiadas exportaciones en curso. Intente de nuevo en unos segundos.",

  // Dashboard "Tablero"
  tableroPeriodoInvertido: "La fecha final no puede ser anterior a la inicial.",
  tableroPeriodoLargo: "El período no puede superar un año.",
  tableroDesdeFuturo: "La fecha inicial no puede ser posterior a hoy.",
  tableroTitulo: "Tablero",
  // The inboxes' help under their heading (drawn by the server too: contracts' encabezados.ts).
  bandejaOriginadorAyuda:
    "Las peticiones de su entidad, de la más reciente a la más antigua. Abra una para saber en qué etapa está " +
    "y qué le señalaron; antes de remitirla, o si se la devuelven, puede corregirla, y con la firma ya aprobada " +
    "puede añadir funcionarios o pedir su baja.",
  bandejaAnalistaAyuda:
    "Las peticiones que aguardan el análisis de sus documentos y de los datos de cada funcionario. Abra una para " +
    "tomarla a su cargo y, vista la documentación, pasarla a la etapa legal o devolverla a la entidad con sus " +
    "observaciones y un comentario.",
  bandejaJuridicoAyuda:
    "Las peticiones que el análisis de documentos ya dio por buenas y aguardan el examen legal. Abra una para " +
    "tomarla a su cargo y aprobarla, devolverla al analista con sus observaciones o rechazarla, con el comentario " +
    "que lo justifique.",
  bandejaConsultaAyuda:
    "El registro de las firmas aprobadas: las vigentes, las que tienen la baja pedida y las ya dadas de baja. " +
    "Abra una para ver qué funcionarios autoriza, con qué límites de monto y de fechas, y para descargar su constancia.",
  bandejaAdministradorAyuda:
    "Todas las peticiones que las entidades han enviado, en cualquier etapa. Abra una «Pendiente», ya aprobada " +
    "en la etapa legal, para activar su firma o devolverla; una activa, para darla de baja; una dada de baja, " +
    "para reactivarla.",
  bandejaSeguimientoAyuda:
    "Todas las peticiones que las entidades han enviado, para seguir en qué etapa está cada una. Abra una para " +
    "ver su historial de estados y las observaciones que recibió.",
  bandejaHistoricoAyuda:
    "Las peticiones sobre las que la etapa legal ya decidió (aprobadas, rechazadas o devueltas), numeradas y con " +
    "su estado actual. Abra una para ver su historial de estados y las observaciones que se le hicieron.",
  tableroDescripcion: "Dónde están las solicitudes ahora, cuánto llevan esperando y cómo entran y salen de cada etapa.",
  tableroDesde: "Desde",
  tableroHasta: "Hasta",
  tableroInstitucion: "Institución",
  tableroTodas: "Todas las instituciones",
  tableroAplicar: "Aplicar",
  tableroLimpiar: "Limpiar",
  tableroFiltrosAyuda:
    "El período elige las semanas del gráfico de entradas y salidas; las demás cifras son la situación de hoy.",
  tableroPorEtapa: "Solicitudes por etapa",
  tableroEspera: "Tiempo de espera por etapa",
  tableroEsperaAyuda: "Días desde que cada solicitud llegó a la etapa en que está.",
  tableroFlujo: "Entradas y salidas por semana",
  tableroEtapaFlujo: "Etapa",
  tableroPorInstitucion: "Solicitudes por institución",
  tableroPorVencer: (dias: number) => `Funcionarios con firma por vencer en los próximos ${dias} días`,
  tableroPorVencerTotal: (n: number) =>
    n === 1 ? "1 funcionario con firma por vencer." : `${n} funcionarios con firma por vencer.`,
  tableroPorVencerMas: (n: number) => `Se muestran los ${n} primeros por fecha de vencimiento.`,
  tableroSinPorVencer: "Ningún funcionario tiene la firma por vencer en ese plazo.",
  tableroVerTabla: "Ver como tabla",
  tableroVerGrafico: "Ver como gráfico",
  tableroEtapa: "Etapa",
  tableroSolicitudes: "Solicitudes",
  tableroEnProceso: "En proceso",
  tableroMediana: "Mediana (días)",
  tableroMaximo: "Más antigua (días)",
  tableroMasAntigua: "Solicitud más antigua",
  tableroVerSolicitud: (id: number) => `Ver solicitud n.º ${id}`,
  tableroSinEspera: "Ninguna solicitud espera en esta etapa.",
  tableroSemana: "Semana del",
  tableroEntradas: "Entradas",
  tableroSalidas: "Salidas",
  tableroFuncionario: "Funcionario",
  tableroCargo: "Cargo",
  tableroVence: "Vence",
  tableroSolicitud: "Solicitud",
  tableroOtras: "Otras",
  errorCargarTablero: "Error al cargar el tablero",

  // Inbox searches with a capped total
  totalMasDe: (n: number) => `Más de ${cifra(n)}`,
  reportePaginaLimitada: (n: number) => `Mostrando {first} a {last} de más de ${cifra(n)} solicitudes`,
} as const;

/** Home page cards (SPEC.md §1): the four mandatory documents. */
export const DOCUMENTOS_OBLIGATORIOS = [
  "Oficio de la máxima autoridad de la institución",
  "Tarjeta de Firmas con los especímenes de firma",
  "Copia de la Cédula de identidad (ambos lados)",
  "Acción de personal o Decreto de designación (Designación o Decreto)",
] as const;

/** The handwritten signature has one name everywhere users read it (DESIGN.md §8). */
export const CLASE_FIRMA = { digital: "Digital", olografa: "Ológrafa" } as const;
export const textoClaseFirma = (digital: boolean) => (digital ? CLASE_FIRMA.digital : CLASE_FIRMA.olografa);

export const APP_VERSION = "2.1.0";
