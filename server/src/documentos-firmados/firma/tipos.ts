/**
 * The contract between the signed-document engine (`firma/`) and the product around it
 * (issue 38). The engine reads signatures and certificates; it never asks the registry. The
 * service (`documentos-firmados.service.ts`) adds the registry's answer for each signer and the
 * document's verdict. Dates are ISO 8601 strings (UTC), as the API answers them.
 */

/** What the engine needs: the file(s), the trust the Contraloría configured, and the time. */
export interface EntradaAnalisis {
  /** A signed PDF, or the document a detached CMS signature signs. */
  documento: Buffer;
  /** A detached CMS (.p7s, DER or PEM) over `documento`; absent for a PDF's own signatures. */
  firmaSeparada?: Buffer;
  /** Trust anchors: DER X.509 CA certificates (roots, or intermediates trusted as anchors). */
  anclas: Buffer[];
  /** Configured CRLs (DER), used before any network look-up. */
  crls: Buffer[];
  /**
   * Fetches a URL (a CRL distribution point; an OCSP responder when `cuerpo` is given, POSTed with
   * that content type). Answers null when unreachable or slow. Injected so that tests serve their
   * own CRL/OCSP over loopback, and so that production can cache.
   */
  obtener?: (url: string, cuerpo?: { tipo: string; datos: Buffer }) => Promise<Buffer | null>;
  /** OID of the subject attribute that holds the cédula; default "2.5.4.5" (serialNumber). */
  atributoCedula?: string;
  /** The time the check is made at (the clock's now). */
  ahora: Date;
}

/** What later revisions of the file add after a signature (PDF incremental updates). */
export type CambioPosterior =
  /** nothing: the signature covers the whole file */
  | "ninguno"
  /** only further signatures, their fields and validation data (DSS): allowed */
  | "firmas"
  /** annotations or form values added: shown, but not the signed content */
  | "anotaciones"
  /** pages, page content, resources or the page tree changed: the shown document is not the signed one */
  | "contenido";

export interface AnalisisFirma {
  /** 1-based, in the order the signatures were applied. */
  indice: number;
  /** The PDF signature field's name (/T), null for a detached CMS. */
  campo: string | null;
  integridad: {
    /** The CMS signature verifies and the message digest matches the signed bytes. */
    intacta: boolean;
    /** The signature's byte range covers the whole file (always true for a detached CMS). */
    cubreTodo: boolean;
    cambiosPosteriores: CambioPosterior;
    /** Spanish sentence for the user when something is wrong or added, else null. */
    detalle: string | null;
  };
  certificado: {
    sujeto: string;
    emisor: string;
    /** Serial number, hex upper case. */
    serie: string;
    validoDesde: string;
    validoHasta: string;
    /** The value of the configured attribute, digits only; null when the certificate has none. */
    cedula: string | null;
    /** The chain to a configured anchor: built and every signature valid. */
    cadena: "confiable" | "no_confiable";
    /** Subjects from the signer up to the anchor, when a chain was built. */
    ruta: string[];
    revocacion: {
      /** At `momento`: revoked then, not revoked then (even if revoked later), or not known. */
      estado: "no_revocado" | "revocado" | "desconocido";
      fuente: "crl" | "ocsp" | null;
      /** When the certificate was revoked, if it was (even after `momento`). */
      revocadoEl: string | null;
    };
    /** Valid at `momento`: inside its validity, chain trusted, not revoked then. */
    validoAlFirmar: boolean;
    /** Spanish reasons why not, empty when valid. */
    motivos: string[];
  };
  /** The time the signature is judged at. */
  momento: {
    fecha: string;
    fuente: "sello_de_tiempo" | "hora_declarada" | "hora_de_verificacion";
  };
}

export interface AnalisisDocumento {
  tipo: "pdf" | "cms";
  /** SHA-256 (hex) of the uploaded document. */
  sha256: string;
  firmas: AnalisisFirma[];
}

/**
 * The engine's entry point (in `firma/analizar.ts`). Bad input (not a PDF, encrypted, no signature,
 * malformed CMS, over the size limit) throws the house's validation error (`shared/errors.ts`) on
 * the field `Archivo` (or `Firma` for the .p7s) with a Spanish message from contracts' MSG; any
 * readable file gets an answer, never a 500.
 */
export type AnalizarDocumento = (entrada: EntradaAnalisis) => Promise<AnalisisDocumento>;
