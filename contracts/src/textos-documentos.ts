/** The findings of "Verificar documento" as users read them: the screen and the report share these. */
import { MSG } from "./mensajes.js";
import type { FirmaVerificada } from "./schemas/documentos-firmados.js";

export function textoIntegridad(f: FirmaVerificada): string {
  return f.integridad.intacta ? MSG.textoIntegra : MSG.textoAlterada;
}

export function textoCambios(f: FirmaVerificada): string {
  return {
    ninguno: MSG.textoSinCambios,
    firmas: MSG.textoCambiosFirmas,
    anotaciones: MSG.textoCambiosAnotaciones,
    contenido: MSG.textoCambiosContenido,
  }[f.integridad.cambiosPosteriores];
}

export function textoCadena(f: FirmaVerificada): string {
  return f.certificado.cadena === "confiable" ? MSG.cadenaConfiable : MSG.cadenaNoConfiable;
}

/** `fecha` writes the revocation's date (each side has its own date format). */
export function textoRevocacion(f: FirmaVerificada, fecha: (iso: string) => string): string {
  const r = f.certificado.revocacion;
  const base = {
    no_revocado: MSG.textoNoRevocado,
    revocado: MSG.textoRevocado,
    desconocido: MSG.textoRevocacionDesconocida,
  }[r.estado];
  const fuente = r.fuente === "crl" ? " (lista de revocación)" : r.fuente === "ocsp" ? " (OCSP)" : "";
  return `${base}${fuente}${r.revocadoEl ? `; ${MSG.revocadoEl(fecha(r.revocadoEl))}` : ""}`;
}

export function textoFuenteMomento(f: FirmaVerificada): string {
  return {
    sello_de_tiempo: MSG.momentoSello,
    hora_declarada: MSG.momentoDeclarada,
    hora_de_verificacion: MSG.momentoVerificacion,
  }[f.momento.fuente];
}
