/**
 * The request status catalogue of DESIGN.md §4: code, server text, colour (a PrimeReact Tag
 * severity) and stage on the five-stage timeline. Officials' statuses are here too.
 */

export const ETAPAS = ["Originador", "Analista RyCC", "Revisión legal", "Administrador RyCC", "Finalizado"] as const;
export type Etapa = (typeof ETAPAS)[number];

export type Severidad = "success" | "info" | "warning" | "danger" | "secondary" | "primary";

export const ESTATUS = {
  PENDIENTE_ENVIAR: 202,
  ENVIADO: 101,
  RETORNADO_ANALISTA: 108,
  APROBADO_ANALISTA: 102,
  RETORNADO_JURIDICO: 204,
  RECHAZADO_JURIDICO: 104,
  APROBADO_JURIDICO: 105,
  RETORNADO_RYCC: 103,
  ACTIVA: 106,
  SOLICITUD_INACTIVAR: 203,
  INACTIVADO: 201,
  ANULADA: 109,
} as const;
export type CodigoEstatus = (typeof ESTATUS)[keyof typeof ESTATUS];

export interface InfoEstatus {
  codigo: CodigoEstatus;
  estatus: string;
  color: Severidad;
  etapa: Etapa | null;
}

export const CATALOGO_ESTATUS: Record<CodigoEstatus, InfoEstatus> = {
  202: { codigo: 202, estatus: "Pendiente de enviar", color: "secondary", etapa: "Originador" },
  101: { codigo: 101, estatus: "Enviado", color: "info", etapa: "Analista RyCC" },
  108: { codigo: 108, estatus: "Retornado por Analista RyCC", color: "warning", etapa: "Originador" },
  102: { codigo: 102, estatus: "Aprobado por Analista RyCC", color: "info", etapa: "Revisión legal" },
  204: { codigo: 204, estatus: "Retornado por Juridico", color: "warning", etapa: "Analista RyCC" },
  104: { codigo: 104, estatus: "Rechazado por Juridico", color: "danger", etapa: "Originador" },
  105: { codigo: 105, estatus: "Aprobado por Juridico", color: "primary", etapa: "Administrador RyCC" },
  103: { codigo: 103, estatus: "Retornado Por RyCC", color: "warning", etapa: "Revisión legal" },
  106: { codigo: 106, estatus: "Aprobado por Adminstrador RyCC", color: "success", etapa: "Finalizado" },
  203: { codigo: 203, estatus: "Solicitud para Inactivar", color: "primary", etapa: "Administrador RyCC" },
  201: { codigo: 201, estatus: "Inactivado", color: "warning", etapa: "Finalizado" },
  109: { codigo: 109, estatus: "Anulada", color: "secondary", etapa: null },
};

export const CODIGOS_ESTATUS = Object.keys(CATALOGO_ESTATUS).map(Number) as CodigoEstatus[];

export function esCodigoEstatus(n: number): n is CodigoEstatus {
  return n in CATALOGO_ESTATUS;
}

export function infoEstatus(codigo: number): InfoEstatus {
  if (!esCodigoEstatus(codigo)) throw new Error(`Unknown status code ${codigo}`);
  return CATALOGO_ESTATUS[codigo];
}

/** Index of the status' stage on the timeline, or -1 when it has none (109). */
export function indiceEtapa(codigo: number): number {
  const etapa = infoEstatus(codigo).etapa;
  return etapa ? ETAPAS.indexOf(etapa) : -1;
}

/** Which statuses each inbox lists (DESIGN.md §4, "Inboxes"). Originator: all of its institution. */
export const ESTATUS_BANDEJA = {
  analista: [101, 204],
  juridico: [102, 103],
  administrador: [101, 108, 102, 204, 104, 105, 103, 106, 203, 201, 109],
  consultor: [106, 203, 201],
} as const satisfies Record<string, readonly CodigoEstatus[]>;

/**
 * What users read for each status (DESIGN.md §8): correct Spanish, one word per thing. The API's
 * `estatus` keeps the original texts above for its clients; screens, documents, exported files and
 * e-mails show these.
 */
export const TEXTO_USUARIO_ESTATUS: Record<CodigoEstatus, string> = {
  202: "Pendiente de enviar",
  101: "Enviado",
  108: "Retornado por Analista RyCC",
  102: "Aprobado por Analista RyCC",
  204: "Retornado por Jurídico",
  104: "Rechazado por Jurídico",
  105: "Aprobado por Jurídico",
  103: "Retornado por RyCC",
  106: "Aprobado por Administrador RyCC",
  203: "Solicitud para Inactivar",
  201: "Inactivado",
  109: "Anulada",
};

/**
 * The status text a user reads: the institution (`externo`) reads its masked texts (204, 103 as
 * the review the request went back to), everyone else the catalogue's text in correct Spanish.
 */
export function textoEstatus(codigo: number, opciones: { externo?: boolean } = {}): string {
  const info = infoEstatus(codigo);
  const mascara = opciones.externo ? MASCARA_EXTERNA[info.codigo] : undefined;
  return mascara ? mascara.estatus : TEXTO_USUARIO_ESTATUS[info.codigo];
}

/**
 * A status text from the API as users read it: the catalogue's server text becomes its correct
 * Spanish; any other text (the institution's masked ones, an inbox's own) is already what users read.
 */
export function textoEstatusUsuario(codigo: number, textoServidor: string): string {
  return esCodigoEstatus(codigo) && CATALOGO_ESTATUS[codigo].estatus === textoServidor
    ? TEXTO_USUARIO_ESTATUS[codigo]
    : textoServidor;
}

/** Texts inboxes show instead of the server's `estatus` (SPEC.md screens 13–18). */
export const TEXTO_ACTIVA = "Activa";
export const TEXTO_PENDIENTE = "Pendiente";
export const TEXTO_REVISION = "Revisión";

/** Officials' statuses (idEstatus / estatusNombre). */
export const ESTATUS_FUNCIONARIO = { PENDIENTE: 1, ACTIVO: 2, INACTIVO: 3 } as const;
export type CodigoEstatusFuncionario = (typeof ESTATUS_FUNCIONARIO)[keyof typeof ESTATUS_FUNCIONARIO];
export const NOMBRE_ESTATUS_FUNCIONARIO: Record<CodigoEstatusFuncionario, string> = {
  1: "Pendiente",
  2: "Activo",
  3: "Inactivo",
};

// The institution's view of a request: an external user reads neither the comptroller's
// internal returns nor who reviews. 204 and 103 read as the review the request went back to, in
// the colour of the other "in review" statuses; the code stays (SPEC.md screen 18 keys on it).
export const ESTATUS_INTERNOS: readonly number[] = [ESTATUS.RETORNADO_JURIDICO, ESTATUS.RETORNADO_RYCC];

const MASCARA_EXTERNA: Partial<Record<CodigoEstatus, Pick<InfoEstatus, "estatus" | "color">>> = {
  204: { estatus: "En revisión RyCC", color: "info" },
  103: { estatus: "En revisión legal", color: "info" },
};

/** The status as the institution (an external user) reads it. */
export function infoEstatusExterno(codigo: number): InfoEstatus {
  const info = infoEstatus(codigo);
  const mascara = MASCARA_EXTERNA[info.codigo];
  return mascara ? { ...info, ...mascara } : info;
}
