/**
 * Every domain's routes, registered in one place. Each domain folder exports one plugin taking
 * `AppDeps` (deps.ts); add a line here when a domain gains one.
 */
import type { FastifyPluginAsync } from "fastify";
import { adjuntosRoutes } from "./adjuntos/adjuntos.routes.js";
import { auditoriaRoutes } from "./auditoria/auditoria.routes.js";
import { restablecimientoRoutes } from "./auth/restablecimiento.routes.js";
import { segundoFactorRoutes } from "./auth/segundo-factor/segundo-factor.routes.js";
import { sesionesRoutes } from "./auth/sesiones.routes.js";
import { avisosRoutes } from "./avisos/avisos.routes.js";
import { catalogosRoutes } from "./catalogos/catalogos.routes.js";
import { clavesRoutes } from "./claves/claves.routes.js";
import { configuracionRoutes } from "./configuracion/configuracion.routes.js";
import type { AppDeps } from "./deps.js";
import { documentosRoutes } from "./documentos/documentos.routes.js";
import { autoridadesRoutes } from "./documentos-firmados/autoridades.routes.js";
import { documentosFirmadosRoutes } from "./documentos-firmados/documentos-firmados.routes.js";
import { exportarRoutes } from "./exportar/exportar.routes.js";
import { funcionariosRoutes } from "./funcionarios/funcionarios.routes.js";
import { funcionariosOriginadorRoutes } from "./funcionarios/originador.routes.js";
import { importacionRoutes } from "./importacion/importacion.routes.js";
import { notificacionesRoutes } from "./notificaciones/notificaciones.routes.js";
import { operacionRoutes } from "./operacion/operacion.routes.js";
import { bandejasRoutes } from "./solicitudes/bandejas.routes.js";
import { lecturaRoutes } from "./solicitudes/lectura.routes.js";
import { originadorRoutes } from "./solicitudes/originador.routes.js";
import { reasignacionRoutes } from "./solicitudes/reasignacion.routes.js";
import { renovacionRoutes } from "./solicitudes/renovacion.routes.js";
import { revisionRoutes } from "./solicitudes/revision.routes.js";
import { tableroRoutes } from "./tablero/tablero.routes.js";
import { loteRoutes } from "./verificacion/lote.routes.js";
import { verificacionRoutes } from "./verificacion/verificacion.routes.js";

export const domainRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  await app.register(catalogosRoutes, deps);
  await app.register(documentosRoutes, deps);
  await app.register(configuracionRoutes, deps);
  await app.register(auditoriaRoutes, deps);
  await app.register(bandejasRoutes, deps);
  await app.register(revisionRoutes, deps);
  await app.register(originadorRoutes, deps);
  await app.register(funcionariosOriginadorRoutes, deps);
  await app.register(renovacionRoutes, deps);
  await app.register(lecturaRoutes, deps);
  await app.register(funcionariosRoutes, deps);
  await app.register(adjuntosRoutes, deps);
  // Notices
  await app.register(avisosRoutes, deps);
  await app.register(verificacionRoutes, deps);
  await app.register(reasignacionRoutes, deps);
  await app.register(exportarRoutes, deps);
  await app.register(tableroRoutes, deps);
  // "Mis sesiones"
  await app.register(sesionesRoutes, deps);
  await app.register(operacionRoutes, deps);
  await app.register(segundoFactorRoutes, deps);
  // Password reset by e-mail
  await app.register(restablecimientoRoutes, deps);
  // System keys for the verification API
  await app.register(clavesRoutes, deps);
  // Signed documents (issue 38): trust anchors, CRLs, joint signatures
  await app.register(autoridadesRoutes, deps);
  await app.register(documentosFirmadosRoutes, deps);
  // Bringing in the registry kept before the product
  await app.register(importacionRoutes, deps);
  // Batch verification
  await app.register(loteRoutes, deps);
  // Change notifications (webhooks) for systems, and their delivery log
  await app.register(notificacionesRoutes, deps);
};
