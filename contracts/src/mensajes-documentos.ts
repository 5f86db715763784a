/**
 * The texts of "Verificar documento" and "Autoridades de confianza" (issue 38), kept in one block
 * that MSG spreads in (mensajes.ts), so the vocabulary check reads them with the rest.
 */
export const MSG_DOCUMENTOS = {
  // Autoridades de confianza
  anclaArchivoRequerido: "Adjunte el certificado de la autoridad (PEM o DER).",
  anclaNoCertificado: "El archivo no es un certificado X.509 en formato PEM o DER.",
  anclaNoEsCa: "El certificado no es de una autoridad de certificación (le falta la extensión de CA).",
  anclaVencida: "El certificado de la autoridad ya venció.",
  anclaRepetida: "Esa autoridad ya está configurada.",
  anclaAgregada: "Autoridad de confianza agregada.",
  anclaNoEncontrada: "La autoridad de confianza no existe.",
  anclaYaRetirada: "La autoridad de confianza ya estaba retirada.",
  anclaRetirada: "Autoridad de confianza retirada.",
  crlArchivoRequerido: "Adjunte la lista de revocación (CRL, PEM o DER).",
  crlNoValida: "El archivo no es una lista de revocación (CRL) en formato PEM o DER.",
  crlSinEmisor: "La lista de revocación no está firmada por ninguna autoridad de confianza configurada.",
  crlAnterior: "Ya hay una lista de revocación más reciente de ese emisor.",
  crlAgregada: "Lista de revocación cargada.",
  crlNoEncontrada: "La lista de revocación no existe.",
  crlRetirada: "Lista de revocación retirada.",
  conjuntaMinimo: "Indique un número de firmantes entre 2 y 10.",
  conjuntaGuardada: "Regla de firma conjunta guardada.",
  conjuntaEliminada: "Regla de firma conjunta eliminada.",
  conjuntaNoEncontrada: "La regla de firma conjunta no existe.",
  institucionNoExiste: "La institución no existe.",
  atributoCedulaInvalido: "Indique un identificador de atributo (OID) como 2.5.4.5.",
  atributoCedulaGuardado: "Atributo de la cédula guardado.",
  // Verificar documento
  documentoArchivoRequerido: "Adjunte el documento firmado (PDF) o el documento que firma la firma separada.",
  documentoFirmadoPorAutorizados: "Firmado por personas autorizadas",
  documentoNoFirmadoPorAutorizados: "No firmado por personas autorizadas",
  documentoFirmaNoAceptada: (n: number, motivo: string) => `La firma ${n} no se acepta: ${motivo}`,
  documentoConjunta: (minimo: number, autorizados: number) =>
    `La institución exige ${minimo} firmantes autorizados distintos para esa firma; el documento tiene ${autorizados}.`,
  firmaAlterada: "la firma no está íntegra",
  firmaCambiosPosteriores: "el documento cambió después de firmarse",
  firmaCertificadoNoValido: "el certificado no era válido al firmar",
  firmaSinCedula: "El certificado no lleva la cédula del firmante: no se puede buscar en el registro.",
  firmaCedulaInvalida: (cedula: string) => `La cédula del certificado (${cedula}) no es una cédula válida.`,
  informeDocumentoNoEncontrado: "El código de verificación no corresponde a ningún informe de validación.",
  errorVerificarDocumento: "No se pudo verificar el documento.",
  errorDescargarInforme: "No se pudo descargar el informe de validación.",
} as const;
