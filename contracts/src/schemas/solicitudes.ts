/**
 * Shapes of a request as the API returns it (SPEC.md §3), shared by every screen that reads one,
 * and the body of the review decisions. Dates are ISO strings (date-time), or YYYY-MM-DD for the
 * officials' validity dates.
 */
import { z } from "zod";
import { ESTADOS_FIRMA } from "../estado-firma.js";
import { MSG } from "../mensajes.js";
import { ID_MAX } from "../validacion.js";

export const zInfoInstitucion = z.object({
  idInstitucionFirma: z.number(),
  nombre: z.string(),
  estructura: z.string(),
  direccion: z.string(),
  telefono: z.string(),
  ext: z.string(),
  telefono2: z.string(),
  ext2: z.string(),
});
export type InfoInstitucion = z.infer<typeof zInfoInstitucion>;

export const zInfoIncumbente = z.object({
  idIncumbente: z.number(),
  cedula: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  codCargo: z.number(),
  cargoNombreI: z.string(),
  telefono: z.string(),
  idInstitucion: z.number(),
  /** true = Digital, false = Ológrafo. */
  ifirmaDigital: z.boolean(),
});
export type InfoIncumbente = z.infer<typeof zInfoIncumbente>;

/** GET api/SolicitudFirma/{idSolicitud}. */
export const zSolicitud = z.object({
  idSolicitud: z.number(),
  estatusSolitud: z.number(),
  estatus: z.string(),
  colorEstatus: z.string(),
  fechaSolicitud: z.string(),
  comentario: z.string(),
  cantFuncionarios: z.number(),
  /** Full name of the reviewer holding the request, or null. */
  asignadoA: z.string().nullable(),
  idAsignadoA: z.number().nullable(),
  infoInstitucion: zInfoInstitucion,
  infoIncumbente: zInfoIncumbente,
  /** Justification of the deactivation request (203, 201), if any. */
  justificacion: z.string().nullable(),
  /** idAdjunto of the deactivation evidence, if any. */
  idEvidencia: z.number().nullable(),
});
export type Solicitud = z.infer<typeof zSolicitud>;

/** One row of any inbox (GetBandeja*, GetHistorico). */
export const zBandejaItem = z.object({
  id: z.number(),
  idSolicitud: z.number(),
  estatusSolitud: z.number(),
  estatus: z.string(),
  colorEstatus: z.string(),
  fechaSolicitud: z.string(),
  cantFuncionarios: z.number(),
  asignadoA: z.string().nullable(),
  idAsignadoA: z.number().nullable(),
  infoInstitucion: z.object({ idInstitucionFirma: z.number(), nombre: z.string() }),
  infoIncumbente: z.object({ cedula: z.string(), nombres: z.string(), apellidos: z.string() }),
  /**
   * Whole days since the request entered its current stage (analyst, legal, administrator), in the
   * country's calendar; null when it waits in no reviewer's stage (a draft, back with the
   * institution, finished).
   */
  diasEspera: z.number().int().nullable(),
  /** `diasEspera` is above the setting WAIT_ALERT_DAYS: the inbox highlights it. */
  esperaLarga: z.boolean(),
});
export type BandejaItem = z.infer<typeof zBandejaItem>;

/**
 * Performance: a search's total is counted up to this many requests (the server's
 * SEARCH_COUNT_CAP, 1,000 unless set). A search matching more answers `totalRecords` = the cap with
 * `totalLimitado: true` (the screen reads "de más de 1,000 solicitudes"); its pages are still served,
 * and a page past the cap gets the exact total. 1,000 rather than 10,000 since issue 40: counting a
 * search that matches across persons (an incumbent's surname, an official's given name) up to 10,001
 * probed row by row and cost 40–100 ms at a million requests; up to 1,001 it stops ten times sooner,
 * and nobody reads a hundred pages of one search (the manual says to add words or filters instead).
 */
export const TOPE_TOTAL_BUSQUEDA = 1_000;

/** An inbox page: `{ rows, totalRecords }`, plus `totalLimitado: true` when the total is capped. */
export const zPaginaBandeja = z.object({
  rows: z.array(zBandejaItem),
  totalRecords: z.number().int(),
  totalLimitado: z.literal(true).optional(),
});
export type PaginaBandeja = z.infer<typeof zPaginaBandeja>;

export const zFirmaFuncionario = z.object({
  idAutFirma: z.number(),
  idFirma: z.number(),
  firma: z.string(),
  idTipoFirma: z.number(),
  nombre: z.string(),
});

/** GET api/Funcionarios/GetFuncionarioSolicitud/{idSolicitud} items. */
export const zFuncionario = z.object({
  idFuncionario: z.number(),
  idSolicitud: z.number(),
  idIncumbente: z.number(),
  idRow: z.number(),
  idEstatus: z.number(),
  estatusNombre: z.string(),
  cedula: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  codCargo: z.number(),
  cargoNombre: z.string(),
  telefono: z.string(),
  idInstitucionFirma: z.number(),
  comentario: z.string(),
  ffirmaDigital: z.boolean(),
  /** true = Temporal, false = Permanente. */
  firmaVigencia: z.boolean(),
  /** true = Limitado, false = Ilimitado. */
  firmaRango: z.boolean(),
  montoDesde: z.number().nullable(),
  montoHasta: z.number().nullable(),
  fechaDesde: z.string().nullable(),
  fechaHasta: z.string().nullable(),
  /** Added to the request but not yet sent. */
  enviado: z.boolean(),
  /** In force now (DESIGN.md §4): Activo, request not 201, and permanent or within its dates. */
  enVigor: z.boolean(),
  /** Temporary signature past its end date. */
  vencida: z.boolean(),
  /** Avisos: in force, temporary, and its end date within EXPIRY_NOTICE_DAYS ("Por vencer"). */
  porVencer: z.boolean(),
  /**
   * Its standing today (contracts' estadoFirma, the one function every place uses) and its text:
   * enVigor ⇔ "vigente" | "porVencer"; vencida ⇔ "vencida"; porVencer ⇔ "porVencer".
   */
  estadoFirma: z.enum(ESTADOS_FIRMA),
  estadoTexto: z.string(),
  /** Chosen by the request's pending deactivation (203): only these end when it is approved. */
  inactivacionSolicitada: z.boolean(),
  firmas: z.array(zFirmaFuncionario),
});
export type Funcionario = z.infer<typeof zFuncionario>;

/** GET api/Funcionarios/GetFirmasFuncionarios/{idFuncionario}: the official's signatures by type. */
export const zGrupoFirmasFuncionario = z.object({
  idTipoFirma: z.number(),
  nombre: z.string(),
  firmas: z.array(z.object({ idAutFirma: z.number(), idFirma: z.number(), firma: z.string() })),
});
export type GrupoFirmasFuncionario = z.infer<typeof zGrupoFirmasFuncionario>;

/** GetSolicitudAdjuntos / GetFuncionariosAdjuntos items. */
export const zAdjunto = z.object({
  id: z.number(),
  idAdjunto: z.number(),
  nombre: z.string(),
  /** 'Oficio' | 'Cedula' | 'Designacion' | 'Tarjeta' | 'Evidencia' */
  tipoAdjunto: z.string(),
  tamaño: z.number(),
  /** primeicons class: 'pi pi-file-pdf' or 'pi pi-image'. */
  icono: z.string(),
  mime: z.string(),
});
export type Adjunto = z.infer<typeof zAdjunto>;

/** GET api/SolicitudFirma/Historico/{idSolicitud} items, oldest first. */
export const zHistoricoEntrada = z.object({
  idEstatus: z.number(),
  estatus: z.string(),
  fecha: z.string(),
  motivoCambioEstatus: z.string(),
  usuario: z.string().nullable(),
  /** The reasons given with a return or rejection (names), an addition to SPEC.md §3. */
  motivos: z.array(z.string()).optional(),
});
export type HistoricoEntrada = z.infer<typeof zHistoricoEntrada>;

/** GET api/SolicitudFirma/GetRechazos/{idSolicitud}: reasons of the latest return or rejection. */
export const zRechazo = z.object({
  id: z.number(),
  nombre: z.string(),
  descripcion: z.string(),
  motivoCambioEstatus: z.string(),
});
export type Rechazo = z.infer<typeof zRechazo>;

export const zMotivo = z.object({
  idMotivo: z.number(),
  nombre: z.string(),
  descripcion: z.string(),
  activo: z.boolean(),
  idClaseProceso: z.number(),
  idEstatusProceso: z.number(),
});
export type Motivo = z.infer<typeof zMotivo>;

const zMotivoId = z.coerce
  .number({ error: MSG.motivoInvalido })
  .int(MSG.motivoInvalido)
  .positive(MSG.motivoInvalido)
  .max(ID_MAX, MSG.motivoInvalido);

/** Body of Retornar, RetornarJuridico and Rechazar. One id or a list is accepted. */
export const zDecisionBody = z.object({
  Comentario: z.string({ error: MSG.comentarioRequerido }).trim().max(2000, MSG.textoLargo(2000)).default(""),
  MotivoCambioEstatus: z
    .union([zMotivoId, z.array(zMotivoId)], { error: MSG.motivoInvalido })
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .default([])
    .describe(
      "Motivos (idMotivo) del tipo de esta decisión (idEstatusProceso): Retornar 108, RetornarJuridico de " +
        "Jurídico 204, Rechazar 104, RetornarJuridico del Administrador RyCC 103. Otro motivo: 400.",
    ),
});
export type DecisionBody = z.input<typeof zDecisionBody>;

/**
 * Optional body of AprobarRcc, AprobarJuridico and AprobarAdminRcc (an addition to SPEC.md §7, which
 * sends none): a comment on the approval, written to the status history. A call without a body
 * approves as before.
 */
export const zAprobacionBody = z.object({
  Comentario: z
    .string({ error: MSG.comentarioTexto })
    .trim()
    .max(2000, MSG.textoLargo(2000))
    .default("")
    .describe("Comentario opcional de la aprobación; queda en el historial de estatus."),
});
export type AprobacionBody = z.input<typeof zAprobacionBody>;

/** One field that changed: its label as the screens name it, and its value before and now. */
export const zCambioCampo = z.object({ campo: z.string(), antes: z.string(), despues: z.string() });
export type CambioCampo = z.infer<typeof zCambioCampo>;

/**
 * GET api/SolicitudFirma/Cambios/{idSolicitud} (an addition to SPEC.md §7, for the comptroller's
 * reviewers): what the institution changed since it got the request back (the latest return to it,
 * 108), computed by the server from what the request looked like at that return. `fechaRetorno` is
 * null when the request was never returned; the lists are then empty.
 */
export const zCambiosSolicitud = z.object({
  fechaRetorno: z.string().nullable(),
  campos: z.array(zCambioCampo),
  funcionarios: z.array(
    z.object({
      cedula: z.string(),
      nombre: z.string(),
      cambio: z.enum(["agregado", "eliminado", "modificado"]),
      campos: z.array(zCambioCampo),
    }),
  ),
  /** Documents added, replaced or removed: the request's own, or an official's (`funcionario`). */
  documentos: z.array(
    z.object({
      documento: z.string(),
      funcionario: z.string().nullable(),
      antes: z.string().nullable(),
      despues: z.string().nullable(),
    }),
  ),
});
export type CambiosSolicitud = z.infer<typeof zCambiosSolicitud>;
