/**
 * One row of the import file checked with the screens' own rules: the official's form schema
 * (`zFuncionarioForm`: cédula check digit, names, phone, amounts and validity in order, at least one
 * signature) or the incumbent's (`zInfoIncumbenteForm`), plus what only an import has: catalogue
 * names (institution, position, signatures), status, registration and end dates. Pure: the
 * catalogues come in as `Catalogos`; every refusal names its column.
 *
 * Longer than 300 lines: the export's ended officials (end date, reason, cause, the authorisation
 * periods) are read here beside the other columns, so every column's rule stays in one place.
 */
import {
  type ClaveColumna,
  COLUMNAS_IMPORTACION,
  leerFechaEscrita,
  MSG,
  MSG_IMPORTACION,
  TIPO_IMPORTACION,
  zFuncionarioForm,
  zInfoIncumbenteForm,
} from "@registro/contracts";
import type { Celda, FilaLeida } from "./lector.js";
import { normalizarNombre } from "./lector.js";

export interface Catalogos {
  /** By normalised name and by code (its number as text). */
  instituciones: Map<string, { idInstitucion: number; nombre: string; estatus: boolean }>;
  cargos: Map<string, { idCargo: number; nombre: string; tipo: number }>;
  firmas: Map<string, { idFirma: number; firma: string }>;
  /** Today in the country (YYYY-MM-DD). */
  hoy: string;
  /** Unknown institutions and positions are created by the run (off by default). */
  crearCatalogos: boolean;
}

/** A valid row, as the registry will hold it. */
export interface RegistroImportado {
  fila: number;
  /** Null: an institution the run creates (crearCatalogos). */
  idInstitucion: number | null;
  institucion: string;
  tipo: "Incumbente" | "Funcionario";
  cedula: string;
  nombres: string;
  apellidos: string;
  idCargo: number | null;
  cargo: string;
  telefono: string;
  firmas: number[];
  firmaRango: boolean;
  montoDesde: string | null;
  montoHasta: string | null;
  firmaVigencia: boolean;
  fechaDesde: string | null;
  fechaHasta: string | null;
  activo: boolean;
  fechaRegistro: string;
  fechaBaja: string | null;
  motivoBaja: string;
  /**
   * The authorisation periods it is written with (an official): the file's "Períodos de autorización"
   * when given, else one from the registration day, ended on the end day with the end's cause for
   * an inactive one. Absent in rows staged by an earlier release (then built from the dates).
   */
  periodos?: PeriodoImportado[];
}

export interface PeriodoImportado {
  desde: string;
  hasta: string | null;
  causaFin: "solicitud" | "funcionario" | null;
}

/** The end's cause as the export writes it ("Causa de baja", in a period's brackets). */
const CAUSAS: Record<string, "solicitud" | "funcionario"> = {
  [normalizarNombre("Solicitud inactivada")]: "solicitud",
  [normalizarNombre("Funcionario inactivado")]: "funcionario",
};

/** "dd/mm/aaaa - dd/mm/aaaa (causa); …; dd/mm/aaaa -": the periods, or why they cannot be read. */
export function leerPeriodos(t: string): PeriodoImportado[] | null {
  const periodos: PeriodoImportado[] = [];
  for (const parte of t.split(";").map((x) => x.trim())) {
    const m = /^(\S+)\s*-\s*([^\s(]+)?\s*(?:\((.*)\))?$/.exec(parte);
    if (!m) return null;
    const desde = leerFechaEscrita(m[1]);
    const hasta = m[2] === undefined ? { fecha: null } : leerFechaEscrita(m[2]);
    if (desde.error !== undefined || desde.fecha === null || hasta.error !== undefined) return null;
    let causaFin: PeriodoImportado["causaFin"] = null;
    if (m[3] !== undefined) {
      causaFin = CAUSAS[normalizarNombre(m[3])] ?? null;
      if (causaFin === null || hasta.fecha === null) return null;
    } else if (hasta.fecha !== null) causaFin = "funcionario";
    periodos.push({ desde: desde.fecha, hasta: hasta.fecha, causaFin });
  }
  return periodos;
}

export interface Rechazo {
  columna: ClaveColumna | "";
  mensaje: string;
}

export const TITULO: Record<ClaveColumna, string> = Object.fromEntries(
  COLUMNAS_IMPORTACION.map((c) => [c.clave, c.titulo]),
) as Record<ClaveColumna, string>;

const CARGO_TIPO = { Incumbente: 1, Funcionario: 2 } as const;

/** A cell as text (an Excel date as dd/mm/aaaa, a number as written). */
function texto(c: Celda | undefined): string {
  if (c === undefined) return "";
  if (typeof c === "string") return c.trim();
  if (typeof c === "number") return String(c);
  const [y, m, d] = c.fecha.split("-");
  return `${d}/${m}/${y}`;
}

/** A date cell: YYYY-MM-DD, null when empty, or the reason it cannot be read. */
function fecha(c: Celda | undefined): { fecha: string | null } | { error: string } {
  if (c !== undefined && typeof c === "object") return { fecha: c.fecha };
  if (typeof c === "number") return { error: leerFechaEscrita("x").error ?? "" };
  const r = leerFechaEscrita(texto(c));
  return r.error !== undefined ? { error: r.error } : { fecha: r.fecha };
}

const SIN_LIMITE = normalizarNombre("Sin límite");
const PERMANENTE = normalizarNombre("Permanente");

/** The form's field names mapped to the file's columns. */
const CAMPO_COLUMNA: Record<string, ClaveColumna> = {
  Cedula: "cedula",
  Nombres: "nombres",
  Apellidos: "apellidos",
  Telefono: "telefono",
  CodCargo: "cargo",
  montoDesde: "montoDesde",
  montoHasta: "montoHasta",
  fechaDesde: "vigenciaDesde",
  fechaHasta: "vigenciaHasta",
  SelectedFirms: "firmas",
};

/** A phone the form requires and the registry may lack: checked only when given. */
const TELEFONO_AUSENTE = "(809) 000-0000";

type Celdas = FilaLeida["celdas"];
type TipoImportacion = (typeof TIPO_IMPORTACION)[keyof typeof TIPO_IMPORTACION];
type Rechazar = (columna: Rechazo["columna"], mensaje: string) => void;

/** The row's kind: empty or "Funcionario", or "Incumbente". */
function leerTipo(celdas: Celdas, rechazar: Rechazar) {
  const tipoTexto = normalizarNombre(texto(celdas.tipo));
  const tipo =
    tipoTexto === "" || tipoTexto === "funcionario"
      ? TIPO_IMPORTACION.funcionario
      : tipoTexto === "incumbente"
        ? TIPO_IMPORTACION.incumbente
        : null;
  if (tipo === null) rechazar("tipo", MSG_IMPORTACION.tipoInvalido);
  return tipo;
}

/** Institution: by code or name (a new name when the import may create catalogues). */
function leerInstitucion(celdas: Celdas, cat: Catalogos, rechazar: Rechazar) {
  const instTexto = texto(celdas.institucion);
  let idInstitucion: number | null = null;
  let institucion = instTexto;
  if (instTexto === "") rechazar("institucion", MSG_IMPORTACION.requerido);
  else {
    const inst = cat.instituciones.get(normalizarNombre(instTexto)) ?? cat.instituciones.get(instTexto);
    if (inst) {
      if (!inst.estatus) rechazar("institucion", MSG_IMPORTACION.institucionInactiva(inst.nombre));
      idInstitucion = inst.idInstitucion;
      institucion = inst.nombre;
    } else if (!cat.crearCatalogos || /^\d+$/.test(instTexto)) {
      rechazar("institucion", MSG_IMPORTACION.institucionDesconocida(instTexto));
    }
  }
  return { idInstitucion, institucion };
}

/** Position, of the row's kind. */
function leerCargo(celdas: Celdas, cat: Catalogos, tipo: TipoImportacion | null, rechazar: Rechazar) {
  const cargoTexto = texto(celdas.cargo);
  let idCargo: number | null = null;
  let cargo = cargoTexto;
  if (cargoTexto === "") rechazar("cargo", MSG_IMPORTACION.requerido);
  else {
    const c = cat.cargos.get(normalizarNombre(cargoTexto));
    if (c) {
      if (tipo !== null && c.tipo !== CARGO_TIPO[tipo]) rechazar("cargo", MSG_IMPORTACION.cargoTipo(c.nombre, tipo));
      idCargo = c.idCargo;
      cargo = c.nombre;
    } else if (!cat.crearCatalogos) rechazar("cargo", MSG_IMPORTACION.cargoDesconocido(cargoTexto));
  }
  return { idCargo, cargo };
}

/** Signatures by the catalogue's names. */
function leerFirmas(celdas: Celdas, cat: Catalogos, rechazar: Rechazar): number[] {
  const firmas: number[] = [];
  for (const nombre of texto(celdas.firmas)
    .split(/[;\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== "")) {
    const f = cat.firmas.get(normalizarNombre(nombre));
    if (f) firmas.push(f.idFirma);
    else rechazar("firmas", MSG_IMPORTACION.firmaDesconocida(nombre));
  }
  return firmas;
}

/** Amount range and validity as the form takes them: "Sin límite" / "Permanente" read as none. */
function leerRangoYVigencia(celdas: Celdas, rechazar: Rechazar) {
  const monto = (c: Celda | undefined) => {
    if (typeof c === "number") return c;
    const t = texto(c);
    return normalizarNombre(t) === SIN_LIMITE ? "" : t;
  };
  const montoDesde = monto(celdas.montoDesde);
  const montoHasta = monto(celdas.montoHasta);
  const vigencia = (c: Celda | undefined) =>
    typeof c === "string" && normalizarNombre(c) === PERMANENTE ? { fecha: null } : fecha(c);
  const vDesde = vigencia(celdas.vigenciaDesde);
  const vHasta = vigencia(celdas.vigenciaHasta);
  if ("error" in vDesde) rechazar("vigenciaDesde", vDesde.error);
  if ("error" in vHasta) rechazar("vigenciaHasta", vHasta.error);
  const fechaDesde = "fecha" in vDesde ? vDesde.fecha : null;
  const fechaHasta = "fecha" in vHasta ? vHasta.fecha : null;
  return {
    montoDesde,
    montoHasta,
    firmaRango: montoDesde !== "" || montoHasta !== "",
    fechaDesde,
    fechaHasta,
    firmaVigencia: fechaDesde !== null || fechaHasta !== null || "error" in vDesde || "error" in vHasta,
  };
}

/**
 * The screens' own schema for the person, the position, the signatures, amounts and dates; the
 * amounts as the schema reads them.
 */
function validarConFormulario(
  celdas: Celdas,
  tipo: TipoImportacion | null,
  idCargo: number | null,
  firmas: number[],
  r: ReturnType<typeof leerRangoYVigencia>,
  rechazos: Rechazo[],
  rechazar: Rechazar,
) {
  const telefono = texto(celdas.telefono);
  const persona = {
    Cedula: texto(celdas.cedula),
    Nombres: texto(celdas.nombres),
    Apellidos: texto(celdas.apellidos),
    CodCargo: idCargo ?? 1,
    Telefono: telefono === "" ? TELEFONO_AUSENTE : telefono,
  };
  let montos: { desde: number | undefined; hasta: number | undefined } = { desde: undefined, hasta: undefined };
  if (tipo === TIPO_IMPORTACION.incumbente) {
    const v = zInfoIncumbenteForm.safeParse(persona);
    if (!v.success) for (const i of v.error.issues) rechazar(CAMPO_COLUMNA[String(i.path[0])] ?? "", i.message);
    return { persona, telefono, montos };
  }
  const v = zFuncionarioForm.safeParse({
    ...persona,
    firmaVigencia: r.firmaVigencia,
    firmaRango: r.firmaRango,
    montoDesde: r.montoDesde,
    montoHasta: r.montoHasta,
    fechaDesde: r.fechaDesde ?? "",
    fechaHasta: r.fechaHasta ?? "",
    SelectedFirms: firmas.length === 0 && texto(celdas.firmas) !== "" ? [] : firmas,
  });
  if (!v.success) {
    for (const i of v.error.issues) {
      const columna = CAMPO_COLUMNA[String(i.path[0])] ?? "";
      // An unknown signature name already says why the list is short.
      if (columna === "firmas" && rechazos.some((x) => x.columna === "firmas")) continue;
      rechazar(columna, i.message);
    }
  } else montos = { desde: v.data.montoDesde, hasta: v.data.montoHasta };
  return { persona, telefono, montos };
}

/** Status, registration and end (date, reason). */
function leerEstado(celdas: Celdas, hoy: string, rechazar: Rechazar) {
  const estatusTexto = normalizarNombre(texto(celdas.estatus));
  const activo = estatusTexto === "" || estatusTexto === "activo" ? true : estatusTexto === "inactivo" ? false : null;
  if (activo === null) rechazar("estatus", MSG_IMPORTACION.estatusInvalido);
  const registro = fecha(celdas.fechaRegistro);
  let fechaRegistro: string | null = null;
  if ("error" in registro) rechazar("fechaRegistro", registro.error);
  else if (registro.fecha === null) rechazar("fechaRegistro", MSG_IMPORTACION.requerido);
  else if (registro.fecha > hoy) rechazar("fechaRegistro", MSG_IMPORTACION.registroFuturo);
  else fechaRegistro = registro.fecha;
  const baja = fecha(celdas.fechaBaja);
  const motivoBaja = texto(celdas.motivoBaja);
  let fechaBaja: string | null = null;
  if ("error" in baja) rechazar("fechaBaja", baja.error);
  else if (activo === false) {
    if (baja.fecha === null) rechazar("fechaBaja", MSG_IMPORTACION.requerido);
    else if (baja.fecha > hoy) rechazar("fechaBaja", MSG_IMPORTACION.bajaFutura);
    else if (fechaRegistro !== null && baja.fecha < fechaRegistro)
      rechazar("fechaBaja", MSG_IMPORTACION.bajaAntesRegistro);
    else fechaBaja = baja.fecha;
    if (motivoBaja === "") rechazar("motivoBaja", MSG_IMPORTACION.requerido);
    else if (motivoBaja.length > 2000) rechazar("motivoBaja", MSG.textoLargo(2000));
  } else if (activo === true && baja.fecha !== null) rechazar("fechaBaja", MSG_IMPORTACION.bajaSoloInactivo);
  return { activo, fechaRegistro, fechaBaja, motivoBaja };
}

/** The end's cause, and the periods when the file has them (the registry's export writes both). */
function leerPeriodosFila(
  celdas: Celdas,
  tipo: TipoImportacion | null,
  hoy: string,
  e: ReturnType<typeof leerEstado>,
  rechazar: Rechazar,
): PeriodoImportado[] {
  const { activo, fechaRegistro, fechaBaja } = e;
  const causaTexto = texto(celdas.causaBaja);
  let causaBaja: "solicitud" | "funcionario" | null = null;
  if (causaTexto !== "") {
    causaBaja = CAUSAS[normalizarNombre(causaTexto)] ?? null;
    if (causaBaja === null) rechazar("causaBaja", MSG_IMPORTACION.causaInvalida);
    else if (activo === true) rechazar("causaBaja", MSG_IMPORTACION.causaSoloInactivo);
  }
  let periodos: PeriodoImportado[] = [];
  const periodosTexto = tipo === TIPO_IMPORTACION.funcionario ? texto(celdas.periodos) : "";
  if (periodosTexto !== "") {
    const leidos = leerPeriodos(periodosTexto);
    const error = leidos === null ? MSG_IMPORTACION.periodosFormato : errorDePeriodos(leidos, hoy, e);
    if (error !== null) rechazar("periodos", error);
    else periodos = leidos ?? [];
  } else if (fechaRegistro !== null) {
    periodos = [
      {
        desde: fechaRegistro,
        hasta: activo ? null : fechaBaja,
        causaFin: activo ? null : (causaBaja ?? "funcionario"),
      },
    ];
  }
  // The last period's cause is the row's "Causa de baja" when both are given.
  if (causaBaja !== null && periodos.length > 0 && periodos[periodos.length - 1].hasta !== null)
    periodos[periodos.length - 1] = { ...periodos[periodos.length - 1], causaFin: causaBaja };
  return periodos;
}

/** Why a file's periods cannot be the official's, or null when they can. */
function errorDePeriodos(leidos: PeriodoImportado[], hoy: string, e: ReturnType<typeof leerEstado>): string | null {
  const enOrden = leidos.every(
    (p, i) =>
      (p.hasta === null ? i === leidos.length - 1 : p.desde <= p.hasta) &&
      (i === 0 || (leidos[i - 1].hasta !== null && leidos[i - 1].hasta! <= p.desde)),
  );
  const ultimo = leidos[leidos.length - 1];
  if (!enOrden) return MSG_IMPORTACION.periodosOrden;
  if (leidos.some((p) => p.desde > hoy || (p.hasta !== null && p.hasta > hoy))) return MSG_IMPORTACION.periodosFuturos;
  if (e.fechaRegistro !== null && leidos[0].desde !== e.fechaRegistro) return MSG_IMPORTACION.periodosRegistro;
  if (e.activo === true ? ultimo.hasta !== null : e.activo === false && ultimo.hasta !== e.fechaBaja)
    return MSG_IMPORTACION.periodosEstatus;
  return null;
}

export function validarFila(
  { fila, celdas }: FilaLeida,
  cat: Catalogos,
): { ok: RegistroImportado; rechazos?: undefined } | { ok?: undefined; rechazos: Rechazo[] } {
  const rechazos: Rechazo[] = [];
  const rechazar: Rechazar = (columna, mensaje) => {
    if (!rechazos.some((r) => r.columna === columna && columna !== "")) rechazos.push({ columna, mensaje });
  };
  const tipo = leerTipo(celdas, rechazar);
  const { idInstitucion, institucion } = leerInstitucion(celdas, cat, rechazar);
  const { idCargo, cargo } = leerCargo(celdas, cat, tipo, rechazar);
  const firmas = leerFirmas(celdas, cat, rechazar);
  const r = leerRangoYVigencia(celdas, rechazar);
  const { persona, telefono, montos } = validarConFormulario(celdas, tipo, idCargo, firmas, r, rechazos, rechazar);
  const estado = leerEstado(celdas, cat.hoy, rechazar);
  const periodos = leerPeriodosFila(celdas, tipo, cat.hoy, estado, rechazar);
  const { activo, fechaRegistro, fechaBaja, motivoBaja } = estado;

  if (rechazos.length > 0 || tipo === null || activo === null || fechaRegistro === null) {
    return { rechazos: rechazos.length > 0 ? rechazos : [{ columna: "", mensaje: MSG_IMPORTACION.requerido }] };
  }
  const esFuncionario = tipo === TIPO_IMPORTACION.funcionario;
  return {
    ok: {
      fila,
      idInstitucion,
      institucion,
      tipo,
      cedula: persona.Cedula,
      nombres: persona.Nombres,
      apellidos: persona.Apellidos,
      idCargo,
      cargo,
      telefono,
      firmas: esFuncionario ? [...new Set(firmas)].sort((a, b) => a - b) : [],
      firmaRango: esFuncionario && r.firmaRango,
      montoDesde: esFuncionario && montos.desde !== undefined ? montos.desde.toFixed(2) : null,
      montoHasta: esFuncionario && montos.hasta !== undefined ? montos.hasta.toFixed(2) : null,
      firmaVigencia: esFuncionario && r.firmaVigencia,
      fechaDesde: esFuncionario ? r.fechaDesde : null,
      fechaHasta: esFuncionario ? r.fechaHasta : null,
      activo,
      fechaRegistro,
      fechaBaja,
      motivoBaja: activo ? "" : motivoBaja,
      periodos: esFuncionario ? periodos : [],
    },
  };
}
