/**
 * E-mail preference: each notice, one daily summary, or none. Kept apart from the zod schemas
 * (schemas/avisos.ts) so the signed-in frame, which shows these options, loads no zod.
 */
export const PREFERENCIAS_CORREO = ["cada", "resumen", "ninguno"] as const;
export type PreferenciaCorreo = (typeof PREFERENCIAS_CORREO)[number];
export const TEXTO_PREFERENCIA: Record<PreferenciaCorreo, string> = {
  cada: "Un correo por cada aviso",
  resumen: "Un resumen diario",
  ninguno: "No recibir correos",
};
