/**
 * The originator's forms as the API receives them (SPEC.md §7 "Requests (originator)"): the
 * multipart fields of the request, the official and the deactivation request, with the rules of
 * DESIGN.md §6. The server validates with these schemas and the web forms reuse them, so both sides
 * refuse the same input with the same Spanish message on the same field.
 *
 * Multipart fields arrive as strings: ids, booleans, amounts and dates are coerced here. Fields SPEC
 * lists that the server decides itself (IdInstitucion, OnlineUser, IdEstatus, IdRow, IdIncumbente,
 * IdInstitucionFirma) are accepted and ignored.
 *
 * Longer than 300 lines: the request, official and deactivation forms share their field pieces and
 * cross-field rules (DESIGN.md §6); the web forms import them as one module.
 */
import { z } from "zod";
import { MSG } from "../mensajes.js";
import { ID_MAX, zBool, zCedula, zExt, zTelefono, zTelefonoOpcional } from "../validacion.js";

/** The four documents every request and every official carries: form field → stored tipoAdjunto. */
export const DOCUMENTOS = [
  { campo: "OficioFile", tipo: "Oficio", etiqueta: "Oficio" },
  { campo: "CedulaFile", tipo: "Cedula", etiqueta: "Cédula" },
  { campo: "DesignacionFile", tipo: "Designacion", etiqueta: "Designación o Decreto" },
  { campo: "TarjetaFile", tipo: "Tarjeta", etiqueta: "Tarjeta de Firmas" },
] as const;
export type CampoDocumento = (typeof DOCUMENTOS)[number]["campo"];
export type TipoDocumento = (typeof DOCUMENTOS)[number]["tipo"];

/** The deactivation evidence's form field and stored tipoAdjunto. */
export const CAMPO_EVIDENCIA = "Evidencia";
export const TIPO_EVIDENCIA = "Evidencia";

/** Upload limits (SPEC.md §9). */
export const MAX_BYTES_DOCUMENTO = 5_000_000;
export const MAX_BYTES_EVIDENCIA = 1_000_000;
/** Types accepted, judged by the file's bytes (DESIGN.md §6). */
export const MIME_PERMITIDOS = ["application/pdf", "image/png", "image/jpeg", "image/gif", "image/webp"] as const;
/** For `<input accept>` and PrimeReact FileUpload. */
export const ACEPTA_ARCHIVOS = "application/pdf,image/png,image/jpeg,image/gif,image/webp";

/** Largest amount numeric(18,2) holds with room to spare. */
export const MONTO_MAXIMO = 9_999_999_999_999.99;

const texto = (max: number) => z.string({ error: MSG.requerido }).trim().max(max, MSG.textoLargo(max));
const textoOpcional = (max: number) => texto(max).default("");
const requerido = (max: number) => texto(max).min(1, MSG.requerido);

/** An optional id: empty, "0", "null" and "undefined" (what forms send for "none") read as absent. */
const idOpcional = z.preprocess(
  (v) => (v === "" || v === null || v === "null" || v === "undefined" || v === "0" || v === 0 ? undefined : v),
  z.coerce
    .number({ error: MSG.numeroInvalido })
    .int(MSG.numeroInvalido)
    .positive(MSG.numeroInvalido)
    .max(ID_MAX, MSG.numeroInvalido)
    .optional(),
);

/** A required choice from a list (a position): missing or empty reads "required". */
const idRequerido = z.preprocess(
  (v) => (v === "" || v === null || v === "null" || v === "undefined" || v === "0" || v === 0 ? undefined : v),
  z.coerce
    .number({ error: MSG.requerido })
    .int(MSG.numeroInvalido)
    .positive(MSG.numeroInvalido)
    .max(ID_MAX, MSG.numeroInvalido),
);

const vacio = (v: unknown) =>
  v === undefined || v === null || (typeof v === "string" && ["", "null", "undefined"].includes(v.trim()));

/**
 * An amount as forms send it: a number, "1000.5", "1,000.50" or "$1,000.50" (en-US grouping, SPEC.md
 * §9). Empty reads as absent. Output: a number with at most two decimals, or undefined.
 */
export const zMonto = z.preprocess(
  (v) => {
    if (vacio(v)) return undefined;
    if (typeof v === "number") return v;
    if (typeof v !== "string") return Number.NaN;
    const limpio = v
      .trim()
      .replace(/^US\$|^\$|USD/gi, "")
      .replace(/[\s$]/g, "");
    // Commas only as en-US thousands separators: "1.000,50" is refused, not misread.
    return /^-?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/.test(limpio) ? Number(limpio.replace(/,/g, "")) : Number.NaN;
  },
  z
    .number({ error: MSG.numeroInvalido })
    .refine(Number.isFinite, MSG.numeroInvalido)
    .min(0, MSG.montoNegativo)
    .max(MONTO_MAXIMO, MSG.montoMaximo)
    .transform((n) => Math.round(n * 100) / 100)
    .optional(),
);

const EPOCA = "1970-01-01";

function fechaValida(y: number, m: number, d: number): string | null {
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

const MESES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * Reads a calendar date from what forms send: YYYY-MM-DD, dd/mm/yyyy (or dd/mm/yy), an ISO
 * date-time, a JavaScript date text, a Date or an epoch number. Returns YYYY-MM-DD, null for "empty"
 * (including the epoch date SPEC.md §5 says empty dates are sent as), or undefined when unreadable.
 *
 * Dates of validity are calendar dates, not instants: a date-time counts for the date written in
 * it, whatever its time and offset ("2026-11-23T12:00:00Z" and "2026-11-23T23:30:00-04:00" are both
 * 2026-11-23), so the client's own calendar day is what is stored. Only a Date or a number, which
 * carry no written date, are read in UTC.
 */
export function leerFecha(v: unknown): string | null | undefined {
  if (vacio(v)) return null;
  let iso: string | null = null;
  if (v instanceof Date) {
    iso = Number.isNaN(v.getTime()) ? null : v.toISOString().slice(0, 10);
  } else if (typeof v === "string") {
    const s = v.trim();
    const ymd = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
    const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(s);
    const texto = /^[A-Z][a-z]{2} ([A-Z][a-z]{2}) (\d{2}) (\d{4})(?: |$)/.exec(s);
    if (ymd) iso = fechaValida(+ymd[1], +ymd[2], +ymd[3]);
    else if (dmy) {
      const y = dmy[3].length === 2 ? 2000 + +dmy[3] : +dmy[3];
      iso = fechaValida(y, +dmy[2], +dmy[1]);
    } else if (texto && MESES.includes(texto[1])) {
      iso = fechaValida(+texto[3], MESES.indexOf(texto[1]) + 1, +texto[2]);
    }
  } else if (typeof v === "number") {
    const d = new Date(v);
    iso = Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10);
  }
  if (iso === null) return undefined;
  return iso === EPOCA ? null : iso;
}

/** The date rule, for the OpenAPI descriptions of every route that takes dates of validity. */
export const DESCRIPCION_FECHA =
  "fechaDesde y fechaHasta son fechas de calendario: YYYY-MM-DD (preferida), dd/mm/aaaa o fecha-hora ISO 8601. " +
  "De una fecha-hora se toma la fecha tal como está escrita, sin convertir de zona horaria: " +
  "2026-11-23T12:00:00Z y 2026-11-23T23:30:00-04:00 son el 2026-11-23. 1970-01-01 o vacío: sin fecha.";

export const zFecha = z
  .preprocess((v) => {
    const f = leerFecha(v);
    return f === undefined ? Number.NaN : (f ?? undefined);
  }, z.string({ error: MSG.fechaInvalida }).optional())
  .describe(DESCRIPCION_FECHA);

/**
 * The chosen signatures: `SelectedFirms[0]`, `SelectedFirms[1]`… or `SelectedFirms` repeated (both
 * reach here as a list), a comma-separated string, a JSON array, or objects with idFirma (a
 * MultiSelect's values). Errors land on `SelectedFirms` itself.
 */
export const zFirmasSeleccionadas = z.preprocess(
  (v) => {
    if (vacio(v)) return [];
    let lista: unknown[] = Array.isArray(v) ? v : [v];
    lista = lista.flatMap((x) => {
      if (typeof x !== "string") return [x];
      const s = x.trim();
      if (s.startsWith("[")) {
        try {
          const parsed = JSON.parse(s);
          return Array.isArray(parsed) ? parsed : [-1];
        } catch {
          return [-1];
        }
      }
      return s.split(",").filter((p) => p.trim() !== "");
    });
    const ids = lista.map((x) => {
      const raw = x !== null && typeof x === "object" && "idFirma" in x ? (x as { idFirma: unknown }).idFirma : x;
      const n = typeof raw === "number" ? raw : typeof raw === "string" && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
      // -1 marks an unreadable id, so the list still parses and the refusal lands on SelectedFirms.
      return Number.isInteger(n) && n > 0 && n <= ID_MAX ? n : -1;
    });
    return ids;
  },
  z
    .array(z.number())
    .refine((ids) => ids.every((n) => n > 0), MSG.firmaInvalida)
    .refine((ids) => ids.length > 0, MSG.firmaRequerida)
    .transform((ids) => [...new Set(ids)]),
);

/** The editable contact data of the institution as the request states it (InfoInstitucion.*). */
export const zInfoInstitucionForm = z.object({
  Direccion: textoOpcional(300),
  Telefono: zTelefonoOpcional,
  Ext: zExt,
  Telefono2: zTelefonoOpcional,
  Ext2: zExt,
});

export const zInfoIncumbenteForm = z.object({
  Cedula: zCedula,
  Nombres: requerido(100),
  Apellidos: requerido(100),
  CodCargo: idRequerido,
  Telefono: zTelefono,
  /** true = Digital, false = Ológrafo. */
  ifirmaDigital: zBool.default(false),
});

/**
 * POST api/SolicitudFirma/solicitud and PUT api/SolicitudFirma/Put (without the files). Error keys
 * are the dotted field names: `InfoIncumbente.Cedula`, `InfoInstitucion.Telefono`…
 */
export const zSolicitudForm = z.object({
  /** Required on PUT Put. */
  IdSolicitud: idOpcional,
  InfoInstitucion: zInfoInstitucionForm.prefault({}),
  // A missing block is parsed as empty, so each required field reports itself.
  InfoIncumbente: zInfoIncumbenteForm.prefault({} as z.input<typeof zInfoIncumbenteForm>),
  Comentario: textoOpcional(2000),
});
export type SolicitudForm = z.infer<typeof zSolicitudForm>;
export type SolicitudFormEntrada = z.input<typeof zSolicitudForm>;

/**
 * POST api/SolicitudFirma/SolicitudFuncionario and PUT api/SolicitudFirma/EditSolicitudFuncionario
 * (without the files). IdSolicitud is required on create, IdFuncionario on edit. A temporary
 * signature needs both dates in order; a limited one both amounts in order.
 */
export const zFuncionarioForm = z
  .object({
    IdFuncionario: idOpcional,
    IdSolicitud: idOpcional,
    Cedula: zCedula,
    Nombres: requerido(100),
    Apellidos: requerido(100),
    CodCargo: idRequerido,
    Telefono: zTelefono,
    Comentario: textoOpcional(2000),
    ffirmaDigital: zBool.default(false),
    /** true = Temporal, false = Permanente. */
    firmaVigencia: zBool.default(false),
    /** true = Limitado, false = Ilimitado. */
    firmaRango: zBool.default(false),
    montoDesde: zMonto,
    montoHasta: zMonto,
    fechaDesde: zFecha,
    fechaHasta: zFecha,
    SelectedFirms: zFirmasSeleccionadas,
  })
  .superRefine(
    (f, ctx) => {
      // Runs even when other fields failed, so every message shows at once.
      // A field that already failed keeps its own message.
      const campo = (nombre: string) => !ctx.issues.some((i) => i.path?.[0] === nombre);
      if (f.firmaVigencia === true) {
        if (campo("fechaDesde") && f.fechaDesde === undefined)
          ctx.addIssue({ code: "custom", path: ["fechaDesde"], message: MSG.requerido });
        if (campo("fechaHasta") && f.fechaHasta === undefined)
          ctx.addIssue({ code: "custom", path: ["fechaHasta"], message: MSG.requerido });
        if (f.fechaDesde && f.fechaHasta && f.fechaDesde > f.fechaHasta)
          ctx.addIssue({ code: "custom", path: ["fechaDesde"], message: MSG.fechasOrden });
      }
      if (f.firmaRango === true) {
        if (campo("montoDesde") && f.montoDesde === undefined)
          ctx.addIssue({ code: "custom", path: ["montoDesde"], message: MSG.requerido });
        if (campo("montoHasta") && f.montoHasta === undefined)
          ctx.addIssue({ code: "custom", path: ["montoHasta"], message: MSG.requerido });
        if (f.montoDesde !== undefined && f.montoHasta !== undefined && f.montoDesde > f.montoHasta)
          ctx.addIssue({ code: "custom", path: ["montoDesde"], message: MSG.montosOrden });
      }
    },
    { when: () => true },
  );
export type FuncionarioForm = z.infer<typeof zFuncionarioForm>;
export type FuncionarioFormEntrada = z.input<typeof zFuncionarioForm>;

/**
 * A list of ids sent as `Campo[0]`, `Campo` repeated, a comma-separated string or a JSON array;
 * absent or empty is an empty list. An unreadable id becomes -1, so the refusal lands on the field.
 */
export const zListaIds = (mensaje: string) =>
  z.preprocess(
    (v) => {
      if (vacio(v)) return [];
      const lista = (Array.isArray(v) ? v : [v]).flatMap((x) => {
        if (typeof x !== "string") return [x];
        const s = x.trim();
        if (!s.startsWith("[")) return s.split(",").filter((p) => p.trim() !== "");
        try {
          const parsed = JSON.parse(s);
          return Array.isArray(parsed) ? parsed : [-1];
        } catch {
          return [-1];
        }
      });
      return lista.map((x) => {
        const n = typeof x === "number" ? x : typeof x === "string" && /^\d+$/.test(x.trim()) ? Number(x) : NaN;
        return Number.isInteger(n) && n > 0 && n <= ID_MAX ? n : -1;
      });
    },
    z
      .array(z.number())
      .refine((ids) => ids.every((n) => n > 0), mensaje)
      .transform((ids) => [...new Set(ids)]),
  );

/**
 * POST api/SolicitudFirma/SolicitudInactivar/{idSolicitud} (besides the Evidencia file).
 * `Funcionarios` (an addition to SPEC.md §7): the idFuncionario of the chosen active officials;
 * absent or empty, the whole request, as before.
 */
export const zInactivacionForm = z.object({
  Justificacion: z
    .string({ error: MSG.justificacionRequerida })
    .trim()
    .min(1, MSG.justificacionRequerida)
    .max(2000, MSG.textoLargo(2000)),
  Funcionarios: zListaIds(MSG.funcionariosInactivarInvalidos).optional(),
});
export type InactivacionForm = z.infer<typeof zInactivacionForm>;

/**
 * POST api/SolicitudFirma/Renovar/{id}: `Funcionarios` names the active officials to renew (absent or
 * empty: every active official, as before). No body at all is the same.
 */
export const zRenovacionCuerpo = z
  .object({ Funcionarios: zListaIds(MSG.funcionariosRenovarInvalidos).optional() })
  .nullish();

/** Response data of the request's save: `{ success, message, data: { idSolicitud, idIncumbente } }`. */
export const zSolicitudGuardada = z.object({ idSolicitud: z.number(), idIncumbente: z.number() });
/** Response data of an official's save. */
export const zFuncionarioGuardado = z.object({ idFuncionario: z.number(), idSolicitud: z.number() });
