/**
 * The document's verdict as pure functions (no I/O): a signature is accepted when it is intact,
 * nothing but further signatures came after it, its certificate was valid when it signed, and the
 * registry says its signer was authorised then; the document is "Firmado por personas autorizadas"
 * when it has signatures, every one is accepted and, under a joint-signature rule, at least that
 * many distinct authorised signers signed it.
 */
import { type FirmaVerificada, MSG, type VerificacionDocumento } from "@registro/contracts";
import type { AnalisisFirma } from "./firma/tipos.js";

/** The registry's answer for one signer (null `autorizado`: not asked). */
export type RegistroFirmante = FirmaVerificada["registro"];

/** Why a signature is not accepted, in Spanish; empty when it is. */
export function motivosFirma(a: AnalisisFirma, r: RegistroFirmante): string[] {
  const motivos: string[] = [];
  if (!a.integridad.intacta) motivos.push(a.integridad.detalle ?? MSG.firmaAlterada);
  else if (a.integridad.cambiosPosteriores === "anotaciones" || a.integridad.cambiosPosteriores === "contenido")
    motivos.push(a.integridad.detalle ?? MSG.firmaCambiosPosteriores);
  if (!a.certificado.validoAlFirmar)
    motivos.push(...(a.certificado.motivos.length > 0 ? a.certificado.motivos : [MSG.firmaCertificadoNoValido]));
  if (r.autorizado !== true) motivos.push(r.motivo);
  return motivos;
}

export function firmaVerificada(a: AnalisisFirma, registro: RegistroFirmante): FirmaVerificada {
  const motivos = motivosFirma(a, registro);
  return {
    indice: a.indice,
    campo: a.campo,
    integridad: a.integridad,
    certificado: a.certificado,
    momento: a.momento,
    registro,
    aceptada: motivos.length === 0,
    motivos,
  };
}

/** The document's verdict; `minimo` is the joint-signature rule's number of signers, else null. */
export function veredictoDocumento(
  firmas: FirmaVerificada[],
  minimo: number | null,
): VerificacionDocumento["documento"] {
  const autorizados = new Set(
    firmas.filter((f) => f.aceptada && f.registro.cedula !== null).map((f) => f.registro.cedula),
  ).size;
  const motivos: string[] = [];
  for (const f of firmas) {
    if (!f.aceptada) motivos.push(MSG.documentoFirmaNoAceptada(f.indice, f.motivos.join(" ")));
  }
  if (minimo !== null && autorizados < minimo) motivos.push(MSG.documentoConjunta(minimo, autorizados));
  const firmado = firmas.length > 0 && motivos.length === 0;
  return {
    firmadoPorAutorizados: firmado,
    texto: firmado ? MSG.documentoFirmadoPorAutorizados : MSG.documentoNoFirmadoPorAutorizados,
    motivos,
    firmantesRequeridos: minimo,
    firmantesAutorizados: autorizados,
  };
}

/** Digits of a cédula as the registry writes it (000-0000000-0); other lengths are left as they are. */
export function cedulaRegistro(digitos: string): string {
  return /^\d{11}$/.test(digitos) ? `${digitos.slice(0, 3)}-${digitos.slice(3, 10)}-${digitos.slice(10)}` : digitos;
}
