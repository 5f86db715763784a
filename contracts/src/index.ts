export * from "./estatus.js";
export * from "./fecha-escrita.js";
export * from "./listas.js";
export * from "./mensajes.js";
// Performance (issue 12): constants the signed-in frame needs, without zod.
export * from "./preferencias-correo.js";
export * from "./schemas/account.js";
export * from "./schemas/auditoria.js";
export * from "./schemas/avisos.js";
export * from "./schemas/catalogos.js";
export * from "./schemas/comun.js";
export * from "./schemas/configuracion.js";
export * from "./schemas/exportar.js";
export * from "./schemas/originador.js";
export * from "./schemas/reasignacion.js";
export * from "./schemas/respaldos.js";
export * from "./schemas/restablecimiento.js";
export * from "./schemas/segundo-factor.js";
export * from "./schemas/sesiones.js";
export * from "./schemas/solicitudes.js";
// Office (issue 15): the dashboard
export * from "./schemas/tablero.js";
export * from "./schemas/verificacion.js";
export * from "./validacion.js";
export * from "./vistas.js";
export * from "./workflow.js";
