export * from "./estatus.js";
export * from "./mensajes.js";
export * from "./schemas/account.js";
export * from "./schemas/comun.js";
export * from "./validacion.js";
export * from "./vistas.js";
export * from "./workflow.js";
