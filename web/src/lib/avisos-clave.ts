/**
 * The bell's queries' key (features/avisos), shared with what else marks notices read (opening a
 * request, components/solicitud): both refresh the bell through it.
 */
export const CLAVE_AVISOS = ["avisos"] as const;
