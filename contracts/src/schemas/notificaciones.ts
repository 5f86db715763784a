/**
 * Change notifications (webhooks): what a system with a key holding the `notificaciones` scope
 * sends to subscribe to changes of the officials of chosen institutions, the events it then
 * receives, and the delivery log the configuration administrator reads on "Claves de sistema".
 */
import { z } from "zod";
import { MSG } from "../mensajes.js";
import { zEnteroConsulta } from "./comun.js";

/** What can happen to an official that a subscribed system is told about. */
export const TIPOS_EVENTO = ["autorizado", "inactivado", "vencido", "reactivado", "limiteCambiado"] as const;
export type TipoEvento = (typeof TIPOS_EVENTO)[number];

/** What the manual and the delivery log call each event. */
export const NOMBRE_TIPO_EVENTO: Record<TipoEvento, string> = {
  autorizado: "Funcionario autorizado",
  inactivado: "Funcionario inactivado",
  vencido: "Firma vencida",
  reactivado: "Funcionario reactivado",
  limiteCambiado: "Límite de monto cambiado",
};

/** Subscriptions a key may hold at once, and institutions one subscription may name. */
export const MAX_SUSCRIPCIONES_CLAVE = 10;
export const MAX_INSTITUCIONES_SUSCRIPCION = 500;

/** The WHATWG URL parser both runtimes carry (contracts are built without DOM or Node types). */
const Url = (
  globalThis as unknown as {
    URL: new (texto: string) => { protocol: string; username: string; password: string; hash: string };
  }
).URL;

/** Where events are sent: an https address (http only to this machine, when the operator allows it). */
export const zUrlSuscripcion = z
  .string({ error: MSG.suscripcionUrlRequerida })
  .trim()
  .min(1, MSG.suscripcionUrlRequerida)
  .max(2000, MSG.suscripcionUrlInvalida)
  .superRefine((v, ctx) => {
    if (v === "") return;
    let u: InstanceType<typeof Url>;
    try {
      u = new Url(v);
    } catch {
      ctx.addIssue({ code: "custom", message: MSG.suscripcionUrlInvalida });
      return;
    }
    if (u.protocol !== "https:" && u.protocol !== "http:") {
      ctx.addIssue({ code: "custom", message: MSG.suscripcionUrlHttps });
    } else if (u.username !== "" || u.password !== "") {
      ctx.addIssue({ code: "custom", message: MSG.suscripcionUrlCredenciales });
    } else if (u.hash !== "") {
      ctx.addIssue({ code: "custom", message: MSG.suscripcionUrlInvalida });
    }
  });

/** POST api/Notificaciones/Suscripciones. */
export const zNuevaSuscripcion = z.object({
  url: zUrlSuscripcion,
  instituciones: z
    .array(
      z.coerce
        .number({ error: MSG.suscripcionInstitucionInvalida })
        .int(MSG.suscripcionInstitucionInvalida)
        .positive(MSG.suscripcionInstitucionInvalida)
        .max(2_147_483_647, MSG.suscripcionInstitucionInvalida),
      { error: MSG.suscripcionInstitucionesRequeridas },
    )
    .min(1, MSG.suscripcionInstitucionesRequeridas)
    .max(MAX_INSTITUCIONES_SUSCRIPCION, MSG.suscripcionInstitucionesMuchas),
});
export type NuevaSuscripcion = z.output<typeof zNuevaSuscripcion>;

export const zSuscripcion = z.object({
  idSuscripcion: z.number(),
  url: z.string(),
  /** The institutions (idInstitucionFirma) whose officials' changes are sent. */
  instituciones: z.array(z.number()),
  creada: z.string(),
});
export type Suscripcion = z.infer<typeof zSuscripcion>;

/** The new subscription and its signing secret, shown this once. */
export const zSuscripcionCreada = z.object({
  success: z.boolean(),
  message: z.string(),
  /** `whsec_` + base64 of 32 random bytes (Standard Webhooks). */
  secreto: z.string(),
  data: zSuscripcion,
});
export type SuscripcionCreada = z.infer<typeof zSuscripcionCreada>;

/** The JSON body of every event sent (the signed bytes). */
export const zEventoNotificacion = z.object({
  /** Unique per event and subscription; the same on every retry and replay (the webhook-id header). */
  idEvento: z.string(),
  tipoEvento: z.enum(TIPOS_EVENTO),
  /** When the change happened (ISO 8601). */
  fecha: z.string(),
  /** 1, 2, 3… per official and subscription: events of one official are sent in this order. */
  secuencia: z.number(),
  idSuscripcion: z.number(),
  idFuncionario: z.number(),
  idSolicitud: z.number(),
  cedula: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  cargo: z.string(),
  idInstitucion: z.number(),
  institucion: z.string(),
  firmaRango: z.boolean(),
  montoDesde: z.number().nullable(),
  montoHasta: z.number().nullable(),
  firmaVigencia: z.boolean(),
  fechaDesde: z.string().nullable(),
  fechaHasta: z.string().nullable(),
  /** Whether the official may sign after this change (today, by the registry's rules). */
  autorizado: z.boolean(),
  /** The change in words. */
  motivo: z.string(),
});
export type EventoNotificacion = z.infer<typeof zEventoNotificacion>;

export const ESTADOS_ENTREGA = ["pendiente", "entregada", "fallida"] as const;
export type EstadoEntrega = (typeof ESTADOS_ENTREGA)[number];

/** GET api/Notificaciones/Entregas: newest first; `estado` filters. */
export const zConsultaEntregas = z.object({
  page: zEnteroConsulta(0, 10_000_000).default(0),
  rows: zEnteroConsulta(1, 100).default(15),
  estado: z.enum(ESTADOS_ENTREGA, { error: MSG.datosInvalidos }).optional(),
});
export type ConsultaEntregas = z.infer<typeof zConsultaEntregas>;

export const zIntentoEntrega = z.object({
  fecha: z.string(),
  duracionMs: z.number(),
  /** The receiver's HTTP status; null when no answer came (refused, timeout, address not allowed). */
  estadoHttp: z.number().nullable(),
  error: z.string().nullable(),
});
export type IntentoEntrega = z.infer<typeof zIntentoEntrega>;

/** One event for one subscription, as the delivery log shows it. */
export const zEntrega = z.object({
  idEntrega: z.number(),
  idEvento: z.string(),
  tipoEvento: z.enum(TIPOS_EVENTO),
  sistema: z.string(),
  url: z.string(),
  cedula: z.string(),
  institucion: z.string(),
  creada: z.string(),
  estado: z.enum(ESTADOS_ENTREGA),
  intentos: z.number(),
  ultimoEstadoHttp: z.number().nullable(),
  ultimoError: z.string().nullable(),
  entregada: z.string().nullable(),
  proximoIntento: z.string().nullable(),
  /** The latest attempts, newest first (at most 20). */
  registro: z.array(zIntentoEntrega),
});
export type Entrega = z.infer<typeof zEntrega>;

export const zPaginaEntregas = z.object({ rows: z.array(zEntrega), totalRecords: z.number() });
export type PaginaEntregas = z.infer<typeof zPaginaEntregas>;
