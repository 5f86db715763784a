/**
 * Second factor: the second step of sign-in (POST api/Account/LogIn/SegundoFactor), the user's own
 * factors (api/SegundoFactor: passkeys, one authenticator app, recovery codes) and their texts.
 */
import { z } from "zod";
import { MSG_SEGUNDO_FACTOR } from "../inicio-sesion.js";
import { MSG } from "../mensajes.js";

/** The methods a challenge accepts. */
export const METODOS_SEGUNDO_FACTOR = ["webauthn", "totp", "recuperacion"] as const;
export type MetodoSegundoFactor = (typeof METODOS_SEGUNDO_FACTOR)[number];

/** Profiles that require a second factor on a new production database (no demo data). */
export const PERFILES_CON_SEGUNDO_FACTOR = [
  "Analista RyCC",
  "Analista Legal",
  "Administrador RyCC",
  "Consultor",
  "Administrador de Configuración",
] as const;

const zDesafio = z.string({ error: MSG.requerido }).trim().min(1, MSG.requerido).max(200, MSG.textoLargo(200));

/** A WebAuthn answer as @simplewebauthn/browser hands it over (checked in depth by the server's library). */
export const zCredencialWebAuthn = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal("public-key", { error: MSG_SEGUNDO_FACTOR.llaveIncorrecta }),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().max(50).optional(),
  })
  .passthrough();

const vacio = (v: unknown) => (v === null || v === "" ? undefined : v);

/** POST api/Account/LogIn/SegundoFactor: the challenge and exactly one of the three answers. */
export const zSegundoFactorBody = z
  .object({
    desafio: zDesafio,
    codigo: z.preprocess(
      vacio,
      z
        .string()
        .trim()
        .regex(/^\d{6}$/, MSG_SEGUNDO_FACTOR.codigoFormato)
        .optional(),
    ),
    codigoRecuperacion: z.preprocess(vacio, z.string().trim().max(100, MSG.textoLargo(100)).optional()),
    credencial: z.preprocess(vacio, zCredencialWebAuthn.optional()),
  })
  .superRefine((b, ctx) => {
    const n = [b.codigo, b.codigoRecuperacion, b.credencial].filter((x) => x !== undefined).length;
    if (n !== 1) ctx.addIssue({ code: "custom", path: ["codigo"], message: MSG_SEGUNDO_FACTOR.unMetodo });
  });
export type SegundoFactorBody = z.infer<typeof zSegundoFactorBody>;

/** POST api/Account/LogIn/SegundoFactor/Opciones: WebAuthn options for the challenge's user. */
export const zOpcionesLoginBody = z.object({ desafio: zDesafio });

/** WebAuthn options as @simplewebauthn/server builds them (passed to the browser as they are). */
export const zOpcionesWebAuthn = z.record(z.string(), z.unknown());

const zNombreFactor = z.preprocess(
  (v) => (v === null ? undefined : v),
  z
    .string({ error: MSG_SEGUNDO_FACTOR.nombreRequerido })
    .trim()
    .min(1, MSG_SEGUNDO_FACTOR.nombreRequerido)
    .max(60, MSG.textoLargo(60)),
);

/** One of the user's factors. */
export const zFactor = z.object({
  idFactor: z.number(),
  tipo: z.enum(["passkey", "app"]),
  nombre: z.string(),
  creado: z.string(),
  ultimoUso: z.string().nullable(),
});
export type Factor = z.infer<typeof zFactor>;

/** GET api/SegundoFactor. */
export const zEstadoSegundoFactor = z.object({
  /** The user's profile requires a second factor. */
  requerido: z.boolean(),
  factores: z.array(zFactor),
  /** Recovery codes not used yet. */
  codigosRestantes: z.number(),
});
export type EstadoSegundoFactor = z.infer<typeof zEstadoSegundoFactor>;

/** POST api/SegundoFactor/App/Iniciar data: the secret to scan (QR as a PNG data URL) or type. */
export const zAppIniciada = z.object({ secreto: z.string(), uri: z.string(), qr: z.string() });
export type AppIniciada = z.infer<typeof zAppIniciada>;

/** POST api/SegundoFactor/App. */
export const zAppConfirmarBody = z.object({
  nombre: zNombreFactor,
  codigo: z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string({ error: MSG.requerido })
      .trim()
      .regex(/^\d{6}$/, MSG_SEGUNDO_FACTOR.codigoFormato),
  ),
});
export type AppConfirmarBody = z.infer<typeof zAppConfirmarBody>;

/** POST api/SegundoFactor/Passkey. */
export const zPasskeyBody = z.object({
  nombre: zNombreFactor,
  credencial: zCredencialWebAuthn,
});
export type PasskeyBody = z.infer<typeof zPasskeyBody>;

/** PUT api/SegundoFactor/{idFactor}. */
export const zRenombrarFactorBody = z.object({ nombre: zNombreFactor });

/** Data of an enrolment or of new codes: the recovery codes, shown once (absent when kept). */
export const zFactorAgregado = z.object({ codigosRecuperacion: z.array(z.string()).optional() });
export type FactorAgregado = z.infer<typeof zFactorAgregado>;
