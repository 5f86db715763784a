/**
 * The batch verification's size limit, apart from its schema: "Verificar firma" names it in the
 * batch's help text, drawn before the page's form code (and zod) has arrived.
 */

/** The most questions one batch (POST api/Verificacion/Lote) may hold. */
export const MAX_PREGUNTAS_LOTE = 1000;
