/**
 * The audit trail's calls (SPEC.md screen 22, "Auditoría"): the entries of the one chained trail of
 * configuration changes, request actions, documents, sign-ins and passwords; its filters; and the
 * chain's check.
 */
import { z } from "zod";
import { MSG } from "../mensajes.js";
import { zId } from "../validacion.js";
import { zEnteroConsulta } from "./comun.js";
import { zFechaConsulta } from "./verificacion.js";

export const ENTIDADES_AUDITORIA = [
  "Usuario",
  "Perfil",
  "Institucion",
  "Cargo",
  // The one audit trail: requests' status and holder, documents, sign-ins, passwords.
  "Solicitud",
  "Documento",
  "Sesion",
  "Cuenta",
  // A look-up of the person registry (GetPersona): who asked for which cédula.
  "Persona",
  // A run of the registry import: file name, SHA-256, counts.
  "Importacion",
  // A system key: issued, revoked, and every call made with it (with the key's name).
  "ClaveSistema",
  // A change-notification subscription: created and deleted by its key, a delivery replayed.
  "Suscripcion",
  // The trail itself: an incident (a break at one entry) recorded by the configuration administrator.
  "Auditoria",
  // Signed documents (issue 38): trust anchors and CRLs; joint-signature rules and the cédula's attribute.
  "AutoridadConfianza",
  "AjusteDocumentos",
] as const;
export type EntidadAuditoria = (typeof ENTIDADES_AUDITORIA)[number];

/** Every action an audit entry records, with the name the Auditoría screen shows. */
export const ACCIONES_AUDITORIA = {
  crear: "Creación",
  editar: "Edición",
  eliminar: "Eliminación",
  desactivar: "Desactivación",
  reiniciar_clave: "Reinicio de clave",
  segundo_factor_alta: "Alta de segundo factor",
  segundo_factor_baja: "Baja de segundo factor",
  segundo_factor_nombre: "Cambio de nombre de segundo factor",
  segundo_factor_reinicio: "Reinicio del segundo factor",
  segundo_factor_fallido: "Segundo factor fallido",
  codigos_recuperacion: "Nuevos códigos de recuperación",
  codigo_recuperacion_usado: "Uso de código de recuperación",
  bloquear: "Bloqueo por intentos fallidos",
  desbloquear: "Desbloqueo",
  subir: "Carga",
  descargar: "Descarga",
  inicio: "Inicio de sesión",
  inicio_fallido: "Inicio de sesión fallido",
  cambio_clave: "Cambio de contraseña",
  cerrar_sesiones: "Cierre de sesiones desde «Mis sesiones»",
  solicitar_restablecimiento: "Pedido de enlace para restablecer la contraseña",
  restablecer_clave: "Restablecimiento de contraseña por correo",
  asignar: "Auto-asignación",
  liberar: "Liberación",
  reasignar: "Reasignación",
  enviar: "Envío",
  enviarFuncionarios: "Envío de funcionarios",
  guardar: "Guardado de la solicitud",
  agregarFuncionarios: "Adición de funcionarios",
  inactivarFuncionario: "Inactivación de funcionario",
  aprobarRcc: "Aprobación del analista RyCC",
  retornarRcc: "Retorno del analista RyCC",
  aprobarJuridico: "Aprobación jurídica",
  retornarJuridico: "Retorno jurídico",
  rechazarJuridico: "Rechazo jurídico",
  aprobarAdmin: "Aprobación del administrador RyCC",
  retornarAdmin: "Retorno del administrador RyCC",
  solicitarInactivacion: "Solicitud de inactivación",
  inactivar: "Inactivación",
  activar: "Activación",
  consultar: "Consulta del padrón",
  importar_prueba: "Prueba de importación del registro",
  importar: "Importación del registro",
  revocar: "Revocación",
  llamada_clave: "Llamada con clave de sistema",
  suscribir: "Suscripción a notificaciones de cambios",
  cancelar_suscripcion: "Baja de una suscripción a notificaciones",
  reenviar_notificacion: "Reenvío de una notificación",
  registrar_incidente: "Registro de un incidente de la auditoría",
  retirar: "Retiro",
} as const satisfies Record<string, string>;
export type AccionAuditoriaNombre = keyof typeof ACCIONES_AUDITORIA;

const vacioConsulta = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/**
 * GET api/Auditoria: `page` counts from 0 (as the table's paginator does), newest first. Filters:
 * entity, action, who made the change (`idUsuario`), and calendar days `desde`–`hasta`
 * (both included, days in the country's time, UTC−4).
 */
export const zConsultaAuditoria = z
  .object({
    page: zEnteroConsulta(0, 10_000_000).default(0),
    rows: zEnteroConsulta(1, 100).default(15),
    entidad: z.enum(ENTIDADES_AUDITORIA, { error: MSG.datosInvalidos }).optional(),
    accion: z.preprocess(
      (v) => (vacioConsulta(v) ? undefined : v),
      z.enum(Object.keys(ACCIONES_AUDITORIA) as [AccionAuditoriaNombre], { error: MSG.datosInvalidos }).optional(),
    ),
    idUsuario: z.preprocess((v) => (vacioConsulta(v) ? undefined : v), zId.optional()),
    desde: zFechaConsulta,
    hasta: zFechaConsulta,
  })
  .superRefine((q, ctx) => {
    if (q.desde && q.hasta && q.desde > q.hasta) {
      ctx.addIssue({ code: "custom", path: ["hasta"], message: MSG.rangoFechasInvalido });
    }
  });
export type ConsultaAuditoria = z.infer<typeof zConsultaAuditoria>;

export const zAuditoriaEntrada = z.object({
  idAuditoria: z.number(),
  fecha: z.string(),
  /** The user name of who made the change (null if that user no longer exists). */
  usuario: z.string().nullable(),
  entidad: z.string(),
  idEntidad: z.string(),
  /** crear, editar, eliminar, desactivar, reiniciar_clave. */
  accion: z.string(),
  antes: z.unknown(),
  despues: z.unknown(),
  /** The address the change came from (null when none was recorded). */
  direccion: z.string().nullable(),
  /** SHA-256 of the entry chained to the previous one. */
  hash: z.string(),
});
export type AuditoriaEntrada = z.infer<typeof zAuditoriaEntrada>;

/** GET api/Auditoria/Usuarios: every user, for the screen's "Usuario" filter. */
export const zAuditoriaUsuario = z.object({ idUsuario: z.number(), usuario: z.string(), nombre: z.string() });
export type AuditoriaUsuario = z.infer<typeof zAuditoriaUsuario>;

/** GET api/Auditoria/Verificar: the chain re-walked; on a break, the first entry that breaks it. */
export const zVerificacionAuditoria = z.object({
  integra: z.boolean(),
  entradas: z.number(),
  idAuditoria: z.number().nullable(),
  message: z.string(),
  /** The incidents recorded (POST api/Auditoria/Incidente) that verification went past; absent when none. */
  incidentes: z
    .array(z.object({ idAuditoria: z.number(), motivo: z.string(), fecha: z.string(), usuario: z.string().nullable() }))
    .optional(),
});
export type VerificacionAuditoria = z.infer<typeof zVerificacionAuditoria>;

/**
 * POST api/Auditoria/PuntoControl: a checkpoint of the audit chain's head taken now (also written to
 * the checkpoint file, the log and AUDIT_CHECKPOINT_EMAIL), signed with the audit key.
 */
export const zPuntoControlAuditoria = z.object({
  entrada: z.number(),
  hash: z.string(),
  fecha: z.string(),
  desde: z.number(),
  firma: z.string(),
  message: z.string(),
});
export type PuntoControlAuditoria = z.infer<typeof zPuntoControlAuditoria>;

/**
 * POST api/Auditoria/Incidente: the configuration administrator records an incident at the entry
 * where verification finds the trail broken (a row forged with the app's rights, say), with its
 * reason; verification then goes on past that entry and names the incident.
 */
export const zIncidenteAuditoriaBody = z.object({
  idAuditoria: z.coerce.number({ error: MSG.datosInvalidos }).int(MSG.datosInvalidos).positive(MSG.datosInvalidos),
  motivo: z
    .string({ error: MSG.incidenteMotivoRequerido })
    .trim()
    .min(10, MSG.incidenteMotivoRequerido)
    .max(1000, MSG.textoLargo(1000)),
});
export type IncidenteAuditoriaBody = z.input<typeof zIncidenteAuditoriaBody>;
