/**
 * Notices: the in-app notices of the bell, the user's e-mail preference ("Mi cuenta")
 * and the configuration administrator's list of e-mails that could not be sent.
 */
import { z } from "zod";
import { MSG } from "../mensajes.js";
import { PREFERENCIAS_CORREO } from "../preferencias-correo.js";
import { zEnteroConsulta } from "./comun.js";

/** One notice as the bell's panel shows it; `enlace` is an app path (under the base path). */
export const zAviso = z.object({
  idAviso: z.number().int(),
  tipo: z.string(),
  titulo: z.string(),
  texto: z.string(),
  detalle: z.string(),
  enlace: z.string(),
  idSolicitud: z.number().int().nullable(),
  fecha: z.string(),
  leido: z.boolean(),
});
export type Aviso = z.infer<typeof zAviso>;

export const zAvisos = z.object({ rows: z.array(zAviso), noLeidos: z.number().int() });
export type Avisos = z.infer<typeof zAvisos>;

/** Which notices the panel lists: all, the unread ones or the read ones. */
export const ESTADOS_AVISO = ["todos", "noLeidos", "leidos"] as const;
export type EstadoAviso = (typeof ESTADOS_AVISO)[number];

export const zConsultaAvisos = z.object({
  rows: zEnteroConsulta(1, 50).default(20),
  estado: z.enum(ESTADOS_AVISO, { error: MSG.estadoAvisoInvalido }).default("todos"),
});

export const zPreferencias = z.object({
  correo: z.enum(PREFERENCIAS_CORREO),
  /** True while the user has not chosen (the profile's default applies). */
  porDefecto: z.boolean(),
  email: z.string(),
});
export type Preferencias = z.infer<typeof zPreferencias>;

export const zGuardarPreferencias = z.object({
  Correo: z.enum(PREFERENCIAS_CORREO, { error: MSG.preferenciaInvalida }),
});
export type GuardarPreferencias = z.infer<typeof zGuardarPreferencias>;

/** A mail that exhausted its tries ("Correos no enviados"). */
export const zCorreoNoEnviado = z.object({
  idCorreo: z.number().int(),
  fecha: z.string(),
  usuario: z.string().nullable(),
  para: z.string(),
  asunto: z.string(),
  intentos: z.number().int(),
  error: z.string(),
});
export type CorreoNoEnviado = z.infer<typeof zCorreoNoEnviado>;

export const zConsultaCorreos = z.object({
  page: zEnteroConsulta(0, 100_000).default(0),
  rows: zEnteroConsulta(1, 100).default(15),
});
