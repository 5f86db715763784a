/**
 * Batch verification: many questions of "Verificar firma" answered in one call with the same rules
 * and texts (decision.ts's `responder`), from a handful of set-based queries — every cédula's
 * entries at once, then their signatures and periods — rather than one round of queries per
 * question. A question with a bad field is answered with its own field errors; the rest are not
 * held back by it. The screen's CSV of questions is read here too, and answered as CSV or Excel
 * through the exports' writer (formula-safe cells).
 */
import {
  type ConsultaVerificacion,
  type Errores,
  MSG,
  type ResultadoLote,
  zConsultaVerificacion,
} from "@registro/contracts";
import { parse } from "csv-parse/sync";
import type { Db } from "../db/client.js";
import { type Columna, exportar, type Formato } from "../exportar/formatos.js";
import type { Llamante } from "../llamante/peticion.js";
import { ValidacionCampo } from "../shared/errors.js";
import { fechaLocal, type Reloj } from "../shared/tiempo.js";
import { erroresDeZod } from "../shared/zod-errors.js";
import { responder } from "./decision.js";
import * as lote from "./lote.repository.js";
import { type EntradaCompleta, numeroONulo } from "./verificacion.mappers.js";
import * as repo from "./verificacion.repository.js";
import { periodosPorFuncionario } from "./verificacion.service.js";

/** As many entries per question as the single question reads (its query's limit). */
const MAX_REGISTROS = 200;
const CAMPOS = ["cedula", "institucion", "idFirma", "monto", "fecha"] as const;

/** A question's fields bound to the schema's names without regard to case, as the single query's are. */
function normalizarPregunta(p: unknown): Record<string, unknown> | null {
  if (typeof p !== "object" || p === null || Array.isArray(p)) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(p)) {
    const campo = CAMPOS.find((c) => c.toLowerCase() === k.toLowerCase());
    if (campo) out[campo] = v;
  }
  return out;
}

function invalida(indice: number, cedula: unknown, errors: Errores): ResultadoLote {
  return {
    indice,
    cedula: typeof cedula === "string" && cedula.trim() !== "" ? cedula.trim() : null,
    autorizado: null,
    motivo: null,
    fecha: null,
    funcionario: null,
    institucion: null,
    errors,
  };
}

/** POST api/Verificacion/Lote: one result per question, in the order asked. */
export async function verificarLote(
  db: Db,
  llamante: Llamante,
  preguntas: readonly unknown[],
  reloj: Reloj,
): Promise<ResultadoLote[]> {
  const hoy = fechaLocal(reloj());
  const leidas: ({ indice: number; q: ConsultaVerificacion } | ResultadoLote)[] = preguntas.map((p, indice) => {
    const campos = normalizarPregunta(p);
    if (!campos) return invalida(indice, null, { general: [MSG.datosInvalidos] });
    const r = zConsultaVerificacion.safeParse(campos);
    return r.success ? { indice, q: r.data } : invalida(indice, campos.cedula, erroresDeZod(r.error));
  });
  const validas = leidas.filter((l): l is { indice: number; q: ConsultaVerificacion } => "q" in l);

  // Three queries for the whole batch (and the signatures' names when a question names one).
  const cedulas = [...new Set(validas.map((v) => v.q.cedula))];
  const [filas, catalogo] = await Promise.all([
    repo.registrosPorCedulas(db, cedulas),
    validas.some((v) => v.q.idFirma !== undefined) ? lote.catalogoFirmas(db) : Promise.resolve([]),
  ]);
  const ids = filas.map((f) => f.idFuncionario);
  const [firmas, periodos] = await Promise.all([repo.firmasDe(db, ids), periodosPorFuncionario(db, ids)]);
  const firmasDe = new Map<number, EntradaCompleta["firmas"]>();
  for (const f of firmas) {
    const lista = firmasDe.get(f.idFuncionario) ?? [];
    lista.push(f);
    firmasDe.set(f.idFuncionario, lista);
  }
  const porCedula = new Map<string, EntradaCompleta[]>();
  for (const f of filas) {
    const lista = porCedula.get(f.cedula) ?? [];
    lista.push({
      ...f,
      montoDesde: numeroONulo(f.montoDesde),
      montoHasta: numeroONulo(f.montoHasta),
      firmas: firmasDe.get(f.idFuncionario) ?? [],
      periodos: periodos.get(f.idFuncionario) ?? [],
    });
    porCedula.set(f.cedula, lista);
  }
  const nombreFirma = new Map(catalogo.map((c) => [c.idFirma, c.firma]));

  return leidas.map((l) => {
    if (!("q" in l)) return l;
    const { indice, q } = l;
    let firma: string | undefined;
    if (q.idFirma !== undefined) {
      firma = nombreFirma.get(q.idFirma);
      if (firma === undefined) return invalida(indice, q.cedula, { idFirma: [MSG.firmaNoExiste] });
    }
    // External users see their own institution's entries only, as in the single question.
    let idInstitucion = q.institucion ?? null;
    if (llamante.externo) {
      if (idInstitucion !== null && idInstitucion !== llamante.idInstitucion) idInstitucion = -1;
      else idInstitucion = llamante.idInstitucion ?? -1;
    }
    const entradas = (porCedula.get(q.cedula) ?? [])
      .filter((e) => idInstitucion === null || e.idInstitucion === idInstitucion)
      .slice(0, MAX_REGISTROS);
    const fecha = q.fecha ?? hoy;
    const r = responder(entradas, { fecha, idFirma: q.idFirma, firma, monto: q.monto }, q.institucion !== undefined);
    const mejor = r.evaluadas[0];
    return {
      indice,
      cedula: q.cedula,
      autorizado: r.autorizado,
      motivo: r.motivo,
      fecha,
      funcionario: mejor ? `${mejor.nombres} ${mejor.apellidos}` : null,
      institucion: mejor ? mejor.institucion : null,
    };
  });
}

/** Lower case, no accents, letters and digits only: «Cédula» = «cedula» = «CEDULA». */
function normalizar(s: string): string {
  return s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

const COLUMNA_DE: Record<string, (typeof CAMPOS)[number]> = {
  cedula: "cedula",
  institucion: "institucion",
  idinstitucion: "institucion",
  firma: "idFirma",
  idfirma: "idFirma",
  tipodefirma: "idFirma",
  monto: "monto",
  fecha: "fecha",
};

const NOMBRE_CAMPO: Record<string, string> = {
  cedula: "Cédula",
  institucion: "Institución",
  idFirma: "Firma",
  monto: "Monto",
  fecha: "Fecha",
  general: "Pregunta",
};

export interface ResultadoArchivo extends ResultadoLote {
  /** The row's number as a spreadsheet shows it (the titles are row 1). */
  fila: number;
}

/**
 * POST api/Verificacion/Lote/Archivo: the questions of a CSV (titles Cédula, Institución, Firma,
 * Monto, Fecha in any order, case or accents; `,` or `;`), where an institution or a signature may
 * be written by its number or its name.
 */
export async function verificarArchivo(
  db: Db,
  llamante: Llamante,
  csv: string,
  reloj: Reloj,
  maxPreguntas: number,
): Promise<ResultadoArchivo[]> {
  let filas: string[][];
  try {
    filas = parse(csv, {
      bom: true,
      delimiter: [",", ";"],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch {
    throw ValidacionCampo("csv", MSG.loteArchivoIlegible);
  }
  if (filas.length === 0) throw ValidacionCampo("csv", MSG.loteArchivoVacio);
  const columnas = filas[0].map((t) => COLUMNA_DE[normalizar(t)] ?? null);
  if (!columnas.includes("cedula")) throw ValidacionCampo("csv", MSG.loteSinCedula);
  const datos = filas.slice(1);
  if (datos.length === 0) throw ValidacionCampo("csv", MSG.loteVacio);
  if (datos.length > maxPreguntas) throw ValidacionCampo("csv", MSG.loteGrande(maxPreguntas));

  const [instituciones, firmas] = await Promise.all([lote.catalogoInstituciones(db), lote.catalogoFirmas(db)]);
  const institucionPorNombre = new Map(instituciones.map((i) => [normalizar(i.nombre), i.idInstitucion]));
  const firmaPorNombre = new Map(firmas.map((f) => [normalizar(f.firma), f.idFirma]));
  const porNombre = (texto: string, mapa: Map<string, number>) =>
    /^\d+$/.test(texto) ? Number(texto) : (mapa.get(normalizar(texto)) ?? null);

  const previos = new Map<number, Errores>();
  const preguntas = datos.map((celdas, i) => {
    const p: Record<string, unknown> = {};
    columnas.forEach((c, j) => {
      if (c !== null && celdas[j] !== undefined && celdas[j] !== "") p[c] = celdas[j];
    });
    for (const [campo, mapa, mensaje] of [
      ["institucion", institucionPorNombre, MSG.loteInstitucionDesconocida],
      ["idFirma", firmaPorNombre, MSG.loteFirmaDesconocida],
    ] as const) {
      if (typeof p[campo] !== "string") continue;
      const id = porNombre(p[campo] as string, mapa);
      if (id === null) previos.set(i, { ...previos.get(i), [campo]: [mensaje] });
      else p[campo] = id;
    }
    return p;
  });
  const resultados = await verificarLote(db, llamante, preguntas, reloj);
  return resultados.map((r, i) => {
    const errores = previos.get(i);
    return { ...(errores ? invalida(i, preguntas[i].cedula, errores) : r), fila: i + 2 };
  });
}

const COLUMNAS_ARCHIVO: Columna<ResultadoArchivo>[] = [
  { titulo: "Fila", valor: (r) => r.fila },
  { titulo: "Cédula", valor: (r) => r.cedula },
  { titulo: "Fecha", valor: (r) => (r.fecha ? new Date(`${r.fecha}T00:00:00Z`) : null), formato: "fecha" },
  {
    titulo: "Resultado",
    valor: (r) => (r.autorizado === null ? "Pregunta no válida" : r.autorizado ? "Autorizado" : "No autorizado"),
  },
  {
    titulo: "Motivo",
    valor: (r) =>
      r.errors
        ? Object.entries(r.errors)
            .map(([campo, m]) => `${NOMBRE_CAMPO[campo] ?? campo}: ${m.join(" ")}`)
            .join(" ")
        : r.motivo,
  },
  { titulo: "Funcionario", valor: (r) => r.funcionario },
  { titulo: "Institución", valor: (r) => r.institucion },
];

/** The answers as the file the screen downloads. */
export function archivoResultados(formato: Formato, resultados: ResultadoArchivo[]) {
  async function* lotes() {
    yield resultados;
  }
  return exportar(formato, "Verificación", COLUMNAS_ARCHIVO, lotes());
}
