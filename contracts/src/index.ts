// Performance: constants of the public constancia page, without zod.
export * from "./constancia-publica.js";
export * from "./documento-firmado-limite.js";
export * from "./encabezados.js";
export * from "./estado-firma.js";
export * from "./estatus.js";
export * from "./fecha-escrita.js";
export * from "./inicio-sesion.js";
// Performance: the batch's limit, which Verificar firma shows before its form code (zod) arrives.
export * from "./limites-lote.js";
export * from "./listas.js";
export * from "./mensajes.js";
// Performance: what the entry shows when the app's code did not arrive, without the rest of MSG.
export * from "./mensajes-carga.js";
// Performance: the texts the Login route reads, without the rest of MSG.
export * from "./mensajes-login.js";
// Performance: constants the signed-in frame needs, without zod.
export * from "./preferencias-correo.js";
export * from "./schemas/account.js";
export * from "./schemas/auditoria.js";
export * from "./schemas/avisos.js";
export * from "./schemas/catalogos.js";
export * from "./schemas/claves.js";
export * from "./schemas/comun.js";
export * from "./schemas/configuracion.js";
export * from "./schemas/documentos-firmados.js";
export * from "./schemas/exportar.js";
export * from "./schemas/importacion.js";
export * from "./schemas/lote.js";
export * from "./schemas/notificaciones.js";
export * from "./schemas/originador.js";
export * from "./schemas/reasignacion.js";
export * from "./schemas/respaldos.js";
export * from "./schemas/restablecimiento.js";
export * from "./schemas/segundo-factor.js";
export * from "./schemas/sesiones.js";
export * from "./schemas/solicitudes.js";
export * from "./schemas/tablero.js";
export * from "./schemas/verificacion.js";
export * from "./textos-documentos.js";
export * from "./validacion.js";
export * from "./vistas.js";
// Performance: view names and addresses for the web's route table, without the catalogue.
export * from "./vistas-rutas.js";
export * from "./workflow.js";
