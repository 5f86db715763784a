/**
 * View names and each view's address: all that the web app's route table reads of the view
 * catalogue (vistas.ts), kept apart from it, so the entry script every page loads (Login's first)
 * carries neither the catalogue's icons, modules and profiles nor the screens' titles.
 */

/** View names, used by the API guard and the router. */
export const V = {
  ORIGINADOR: "Originador",
  SOLICITUD: "Solicitud",
  EDITAR_SOLICITUD: "Editar solicitud",
  NUEVO_FUNCIONARIO: "Nuevo Funcionario",
  DETALLES_ORIGINADOR: "Detalles Originador",
  ANALISTA: "Analista de Revisión",
  DETALLES_ANALISTA: "Detalles Analista RCC",
  ADMINISTRADOR: "Administrador RyCC",
  DETALLES_ADMINISTRADOR: "Detalles",
  SEGUIMIENTO: "Seguimiento Solicitud",
  DETALLES_SEGUIMIENTO: "Detalles Seguimiento",
  JURIDICO: "Analista Legal",
  DETALLES_JURIDICO: "Detalles Analista Legal",
  HISTORICO: "Histórico",
  HISTORICO_DETALLES: "Historico Detalles",
  CONSULTA: "Consulta",
  DETALLES_CONSULTA: "Detalles de la firma",
  CONFIGURACION: "Configuración",
  USUARIOS: "Mantenimiento Usuario",
  PERFILES: "Mantenimiento Perfiles",
  INSTITUCIONES: "Mantenimiento Instituciones",
  CARGOS: "Mantenimiento Cargos",
  AUDITORIA: "Auditoría de Configuración",
  // Notices
  CORREOS_NO_ENVIADOS: "Correos no enviados",
  RESPALDOS: "Respaldos",
  // Bringing in the registry kept before the product
  IMPORTAR_REGISTRO: "Importar registro",
  // Keys for the systems that call the verification API.
  CLAVES_SISTEMA: "Claves de sistema",
  // Trust anchors and CRLs of "Verificar documento" (issue 38).
  AUTORIDADES_CONFIANZA: "Autoridades de confianza",
  // Verification
  VERIFICAR_FIRMA: "Verificar firma",
  // The workload dashboard
  TABLERO: "Tablero",
} as const;
export type NombreVista = (typeof V)[keyof typeof V];

/** Each view's route pattern, as in SPEC.md §2 (`:idSolicitud` for parameters). */
export const URL_VISTA: Record<NombreVista, string> = {
  [V.ORIGINADOR]: "/Originador",
  [V.SOLICITUD]: "/Originador/Formulario",
  [V.EDITAR_SOLICITUD]: "/Originador/Formulario/:idSolicitud",
  [V.NUEVO_FUNCIONARIO]: "/Originador/Formulario/NuevoFuncionario/:idSolicitud",
  [V.DETALLES_ORIGINADOR]: "/Originador/Detalles/:idSolicitud",
  [V.ANALISTA]: "/AnalistaRyCC/Analista",
  [V.DETALLES_ANALISTA]: "/AnalistaRyCC/Analista/Detalles/:idSolicitud",
  [V.ADMINISTRADOR]: "/AnalistaRyCC/Administrador",
  [V.DETALLES_ADMINISTRADOR]: "/AnalistaRyCC/Administrador/Detalles/:idSolicitud",
  [V.SEGUIMIENTO]: "/AnalistaRyCC/Seguimiento",
  [V.DETALLES_SEGUIMIENTO]: "/AnalistaRyCC/Seguimiento/Detalles/:idSolicitud",
  [V.TABLERO]: "/Tablero",
  [V.JURIDICO]: "/Juridico/AnalistaLegal",
  [V.DETALLES_JURIDICO]: "/Juridico/AnalistaLegal/Detalles/:idSolicitud",
  [V.HISTORICO]: "/Juridico/Historico",
  [V.HISTORICO_DETALLES]: "/Juridico/Historico/Detalles/:idSolicitud",
  [V.CONSULTA]: "/Consultar",
  [V.DETALLES_CONSULTA]: "/Consultar/Detalles/:idSolicitud",
  [V.CONFIGURACION]: "/Configuracion",
  [V.USUARIOS]: "/Configuracion/Usuarios",
  [V.PERFILES]: "/Configuracion/Perfiles",
  [V.INSTITUCIONES]: "/Configuracion/Instituciones",
  [V.CARGOS]: "/Configuracion/Cargos",
  [V.AUDITORIA]: "/Configuracion/Auditoria",
  [V.CORREOS_NO_ENVIADOS]: "/Configuracion/CorreosNoEnviados",
  [V.RESPALDOS]: "/Configuracion/Respaldos",
  [V.IMPORTAR_REGISTRO]: "/Configuracion/ImportarRegistro",
  [V.CLAVES_SISTEMA]: "/Configuracion/ClavesSistema",
  [V.AUTORIDADES_CONFIANZA]: "/Configuracion/AutoridadesConfianza",
  [V.VERIFICAR_FIRMA]: "/Consultar/Verificar",
};
