/**
 * System keys: what the configuration administrator's "Claves de sistema" screen sends and reads.
 * A key lets a bank's or ministry's system call the verification operations its scopes name, with
 * no user, no second factor and no cookie.
 */
import { z } from "zod";
import { MSG } from "../mensajes.js";
import { zRequerido } from "../validacion.js";

/** The operations a key may be given, each granting the API routes that declare it. */
export const ALCANCES_CLAVE = ["verificacion", "verificacion-lote", "notificaciones"] as const;
export type AlcanceClave = (typeof ALCANCES_CLAVE)[number];

/** What the screen and the manual call each scope. */
export const NOMBRE_ALCANCE: Record<AlcanceClave, string> = {
  verificacion: "Verificación de una firma",
  "verificacion-lote": "Verificación por lotes",
  notificaciones: "Notificaciones de cambios",
};

/** Header forms: `Authorization: ApiKey <key>` or `X-Api-Key: <key>`. */
export const ESQUEMA_CLAVE = "ApiKey";

/** `rfk_` + 8 characters of lookup prefix + `_` + 43 characters (256 random bits, base64url). */
export const PATRON_CLAVE = /^rfk_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}$/;

/** An IPv4 or IPv6 address, alone or with a prefix length (CIDR). */
export const zDireccionPermitida = z
  .string({ error: MSG.claveDireccionInvalida })
  .trim()
  .pipe(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], { error: MSG.claveDireccionInvalida }));

export const zNuevaClave = z.object({
  nombre: zRequerido(100),
  alcances: z
    .array(z.enum(ALCANCES_CLAVE, { error: MSG.claveAlcanceInvalido }), { error: MSG.claveAlcanceRequerido })
    .min(1, MSG.claveAlcanceRequerido)
    .max(10, MSG.claveAlcanceInvalido),
  direcciones: z
    .array(zDireccionPermitida, { error: MSG.claveDireccionInvalida })
    .max(20, MSG.claveDirecciones)
    .default([]),
  /** Last day the key may be used (AAAA-MM-DD, the country's calendar); absent: no expiry. */
  expira: z
    .string({ error: MSG.fechaInvalida })
    .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.fechaInvalida)
    .nullish()
    .transform((v) => v ?? null),
});
export type NuevaClave = z.output<typeof zNuevaClave>;

export const zClaveSistema = z.object({
  idClave: z.number().int(),
  nombre: z.string(),
  /** The key's visible start (`rfk_XXXXXXXX`), to tell keys apart; the rest is never shown again. */
  prefijo: z.string(),
  alcances: z.array(z.enum(ALCANCES_CLAVE)),
  direcciones: z.array(z.string()),
  expira: z.string().nullable(),
  creada: z.string(),
  /** The user who issued it (null if that user no longer exists). */
  creadaPor: z.string().nullable(),
  revocada: z.string().nullable(),
  ultimoUso: z.string().nullable(),
  ultimaDireccion: z.string().nullable(),
  estado: z.enum(["activa", "revocada", "vencida"]),
});
export type ClaveSistema = z.infer<typeof zClaveSistema>;

/** POST api/ClavesSistema: the new key, shown this once. */
export const zClaveEmitida = z.object({
  success: z.boolean(),
  message: z.string(),
  clave: z.string(),
  data: zClaveSistema,
});
export type ClaveEmitida = z.infer<typeof zClaveEmitida>;
