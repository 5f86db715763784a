/**
 * The registry import's engine, shared by the screen's background runs and `npm run importar`:
 * read the file row by row, check each row with the screens' rules, plan it against the registry
 * (create / update / unchanged / refused), and — only when asked and only when no row is refused —
 * apply the whole file in one transaction (batches inside it), so a failure or a killed process
 * leaves the registry as it was. Idempotent: the same file applied again finds every row unchanged.
 *
 * Its memory does not grow with the file: the valid rows are staged in the database as they are
 * read (`importacion_filas`), the report lines are written as they are known
 * (`importacion_informe`), duplicates inside the file are found by SQL over the staged rows, and
 * the plan and the apply read the staged rows and the registry's entries a group of institutions at
 * a time. What stays in memory is bounded by a batch, a group of institutions and the documents'
 * ZIP, not by the row count. The staged rows are deleted when the run ends.
 *
 * The apply itself is `aplicacion.ts`. Longer than 300 lines: the run's phases (read and check,
 * duplicates, plan, documents, end) share one `Corrida` (counters, report, the documents' cédulas)
 * and read best in their order in one file.
 */
import crypto from "node:crypto";
import { Readable } from "node:stream";
import {
  type ConteosImportacion,
  type FilaInforme,
  MAX_FILAS_IMPORTACION,
  MSG_IMPORTACION,
  TIPO_IMPORTACION,
} from "@registro/contracts";
import { auditar } from "../auditoria/cadena.js";
import type { Db, Tx } from "../db/client.js";
import { relojDelSistema } from "../shared/tiempo.js";
import { aplicar } from "./aplicacion.js";
import { type DocumentoZip, examinarZip, ZipInvalido } from "./documentos.js";
import * as repo from "./importacion.repository.js";
import { ArchivoInvalido, leerFilas } from "./lector.js";
import { comprobarArchivo } from "./libro.js";
import type { OpcionesImportacion } from "./opciones.js";
import { type Decision, idsInstitucion, planear } from "./plan.js";
import { tajadas } from "./tajadas.js";
import { type Adjuntar, planearDocumentos } from "./tarjetas.js";
import { type RegistroImportado, TITULO, validarFila } from "./validacion.js";

export type { Fase, OpcionesImportacion } from "./opciones.js";

export interface ResultadoImportacion {
  /** The run; its report is in `importacion_informe` (read it a page at a time). */
  idImportacion: number;
  sha256: string;
  conteos: ConteosImportacion;
  aplicada: boolean;
  /** The file's own refusal, or why nothing was applied. */
  error: string | null;
}

const CONTEOS_VACIOS: ConteosImportacion = {
  filas: 0,
  crear: 0,
  actualizar: 0,
  sinCambios: 0,
  rechazada: 0,
  documentos: 0,
};

/** The bytes as a stream of 64 KB chunks, so the readers work as they would on a file. */
function trozos(b: Buffer): Readable {
  const TAM = 64 * 1024;
  return Readable.from(
    (function* () {
      for (let i = 0; i < b.length; i += TAM) yield b.subarray(i, i + TAM);
    })(),
  );
}

export const sha256De = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");

/** Report lines written to the run's report a batch at a time. */
class Informe {
  private lineas: FilaInforme[] = [];
  constructor(
    private readonly db: Tx,
    private readonly id: number,
    private readonly lote: number,
  ) {}
  async agregar(l: FilaInforme): Promise<void> {
    this.lineas.push(l);
    if (this.lineas.length >= this.lote) await this.vaciar();
  }
  async vaciar(): Promise<void> {
    const l = this.lineas;
    this.lineas = [];
    await repo.anotarInforme(this.db, this.id, l);
  }
}

/** Whole institutions, in groups of about `max` staged rows (an institution larger than that alone). */
function agrupar(instituciones: { clave: string; filas: number }[], max: number): string[][] {
  const grupos: string[][] = [];
  let actual: string[] = [];
  let n = 0;
  for (const i of instituciones) {
    if (actual.length > 0 && n + i.filas > max) {
      grupos.push(actual);
      actual = [];
      n = 0;
    }
    actual.push(i.clave);
    n += i.filas;
  }
  if (actual.length > 0) grupos.push(actual);
  return grupos;
}

/**
 * Runs an import and records its end on its run (`importaciones`): counts, whether it applied, the
 * error; the file's bytes are dropped. A run that throws is recorded as failed, its partial report
 * deleted. Either way its staged rows are deleted.
 */
export async function ejecutarImportacion(db: Db, op: OpcionesImportacion): Promise<ResultadoImportacion> {
  const reloj = op.reloj ?? relojDelSistema;
  const sha256 = sha256De(op.contenido);
  const id =
    op.idImportacion ??
    (await repo.crearEjecucion(db, {
      idUsuario: op.idUsuario,
      archivo: op.archivo,
      sha256,
      documentosNombre: op.documentos?.nombre ?? null,
      aplicar: op.aplicar,
      crearCatalogos: op.crearCatalogos,
      estado: "validando",
      inicio: op.ahora,
    }));
  try {
    const r = await correr(db, id, sha256, op);
    await repo.actualizarEjecucion(db, id, {
      estado: "terminada",
      progreso: r.conteos.filas,
      total: r.conteos.filas,
      aplicada: r.aplicada,
      conteos: r.conteos,
      error: r.error,
      fin: reloj(),
      contenido: null,
      documentos: null,
    });
    return r;
  } catch (e) {
    await repo.borrarInforme(db, id);
    await repo.actualizarEjecucion(db, id, {
      estado: "fallida",
      error: MSG_IMPORTACION.fallida,
      fin: reloj(),
      contenido: null,
      documentos: null,
    });
    throw e;
  } finally {
    await repo.borrarPreparacion(db, id);
  }
}

/** One run's shared state while it reads, checks and plans. */
interface Corrida {
  db: Db;
  id: number;
  op: OpcionesImportacion;
  lote: number;
  ceder: () => Promise<void>;
  informe: Informe;
  conteos: ConteosImportacion;
  /** Only what the documents need is kept across the file: the cédulas of the ZIP's documents. */
  cedulasDocs: Set<string>;
  cedulasRechazadas: Set<string>;
}

const rechazarCedula = (c: Corrida, cedula: string) => {
  if (c.cedulasDocs.has(cedula)) c.cedulasRechazadas.add(cedula);
};

async function correr(db: Db, id: number, sha256: string, op: OpcionesImportacion): Promise<ResultadoImportacion> {
  const lote = op.lote ?? 1000;
  const c: Corrida = {
    db,
    id,
    op,
    lote,
    ceder: tajadas(),
    informe: new Informe(db, id, lote),
    conteos: { ...CONTEOS_VACIOS },
    cedulasDocs: new Set(),
    cedulasRechazadas: new Set(),
  };
  let docs: DocumentoZip[];
  try {
    docs = await leerArchivo(c);
  } catch (e) {
    if (e instanceof ArchivoInvalido || e instanceof ZipInvalido) {
      await repo.borrarInforme(db, id);
      return { idImportacion: id, sha256, conteos: CONTEOS_VACIOS, aplicada: false, error: e.mensaje };
    }
    throw e;
  }
  await rechazarDuplicadas(c);
  // The plan, a group of institutions at a time, against their registry entries.
  const grupos = agrupar(await repo.institucionesPreparadas(db, id), op.filasPorGrupo ?? 5000);
  const decisionesDocs = await planearGrupos(c, grupos);
  const adjuntar = docs.length > 0 ? await planearAdjuntos(c, docs, decisionesDocs) : [];
  await c.informe.vaciar();
  await (op.progreso ?? (() => {}))("validando", c.conteos.filas, c.conteos.filas);
  return terminar(c, sha256, grupos, adjuntar);
}

/** Reads and checks every row: valid ones staged a batch at a time, refused ones reported. */
async function leerArchivo(c: Corrida): Promise<DocumentoZip[]> {
  const { op } = c;
  const progreso = op.progreso ?? (() => {});
  const formato = await comprobarArchivo(op.contenido);
  const docs = op.documentos ? await examinarZip(op.documentos.contenido) : [];
  for (const d of docs) if (d.cedula !== null) c.cedulasDocs.add(d.cedula);
  const cat = await repo.cargarCatalogos(c.db, op.hoy, op.crearCatalogos);
  let validas: RegistroImportado[] = [];
  for await (const fila of leerFilas(formato, () => trozos(op.contenido), op.maxFilas ?? MAX_FILAS_IMPORTACION)) {
    c.conteos.filas++;
    await c.ceder();
    if (c.conteos.filas % 500 === 0) await progreso("validando", c.conteos.filas, null);
    const v = validarFila(fila, cat);
    if (v.rechazos) {
      const ident = {
        institucion: String(fila.celdas.institucion ?? "").trim(),
        cedula: String(fila.celdas.cedula ?? "").trim(),
        tipo: String(fila.celdas.tipo ?? "").trim() || TIPO_IMPORTACION.funcionario,
      };
      c.conteos.rechazada++;
      rechazarCedula(c, ident.cedula);
      for (const r of v.rechazos)
        await c.informe.agregar({
          fila: fila.fila,
          resultado: "rechazada",
          ...ident,
          columna: r.columna === "" ? "" : TITULO[r.columna],
          mensaje: r.mensaje,
        });
      continue;
    }
    validas.push(v.ok);
    if (validas.length >= c.lote) {
      await repo.prepararFilas(c.db, c.id, validas);
      validas = [];
    }
  }
  await repo.prepararFilas(c.db, c.id, validas);
  await c.informe.vaciar();
  return docs;
}

/** Duplicates inside the file: a later row with the institution, cédula and kind of an earlier one. */
async function rechazarDuplicadas(c: Corrida): Promise<void> {
  for (let despues = 0; ; ) {
    const dups = await repo.duplicadas(c.db, c.id, despues, c.lote);
    if (dups.length === 0) break;
    await c.ceder();
    for (const d of dups) {
      c.conteos.rechazada++;
      rechazarCedula(c, d.cedula);
      await c.informe.agregar({
        fila: d.fila,
        resultado: "rechazada",
        institucion: d.institucion,
        cedula: d.cedula,
        tipo: d.tipo,
        columna: TITULO.cedula,
        mensaje: MSG_IMPORTACION.duplicadaArchivo(d.primera),
      });
    }
    await repo.descartarFilas(
      c.db,
      c.id,
      dups.map((d) => d.fila),
    );
    despues = dups[dups.length - 1].fila;
  }
}

/** Plans each group and reports every row's decision; answers the decisions the documents need. */
async function planearGrupos(c: Corrida, grupos: string[][]): Promise<Decision[]> {
  const decisionesDocs: Decision[] = [];
  for (const claves of grupos) {
    const registros = await repo.filasDeInstituciones(c.db, c.id, claves);
    await c.ceder();
    const plan = planear(registros, await repo.cargarExistentes(c.db, idsInstitucion(registros)));
    await c.ceder();
    for (const d of plan.decisiones) {
      await c.ceder();
      c.conteos[d.resultado]++;
      if (c.cedulasDocs.has(d.registro.cedula)) decisionesDocs.push(d);
      const { fila, institucion, cedula, tipo } = d.registro;
      await c.informe.agregar({
        fila,
        resultado: d.resultado,
        institucion,
        cedula,
        tipo,
        columna: "",
        mensaje: d.cambios.join(", "),
      });
    }
    for (const x of plan.rechazos) {
      c.conteos.rechazada++;
      rechazarCedula(c, x.registro.cedula);
      const { fila, institucion, cedula, tipo } = x.registro;
      await c.informe.agregar({
        fila,
        resultado: "rechazada",
        institucion,
        cedula,
        tipo,
        columna: "",
        mensaje: x.mensaje,
      });
    }
  }
  return decisionesDocs;
}

/** Which official each document of the ZIP goes to; its lines in the report. */
async function planearAdjuntos(c: Corrida, docs: DocumentoZip[], decisionesDocs: Decision[]): Promise<Adjuntar[]> {
  const ids = decisionesDocs.filter((d) => d.idFuncionario !== undefined).map((d) => d.idFuncionario as number);
  const pd = planearDocumentos(docs, decisionesDocs, c.cedulasRechazadas, await repo.tarjetasDe(c.db, ids));
  for (const l of pd.lineas) await c.informe.agregar(l);
  c.conteos.rechazada += pd.lineas.filter((l) => l.resultado === "rechazada").length;
  c.conteos.documentos = pd.adjuntar.length;
  return pd.adjuntar;
}

/** The run's end: audited as a trial, refused (rows refused, too large), or applied in one transaction. */
async function terminar(c: Corrida, sha256: string, grupos: string[][], adjuntar: Adjuntar[]) {
  const { db, id, op, conteos } = c;
  const auditoria = (tx: Tx, aplicada: boolean) =>
    auditar(tx, {
      idUsuario: op.idUsuario,
      entidad: "Importacion",
      idEntidad: sha256.slice(0, 16),
      accion: aplicada ? "importar" : "importar_prueba",
      despues: {
        archivo: op.archivo,
        sha256,
        ...(op.documentos ? { zip: op.documentos.nombre, zipSha256: sha256De(op.documentos.contenido) } : {}),
        aplicada,
        ...conteos,
      },
    });
  const sinAplicar = async (error: string | null): Promise<ResultadoImportacion> => {
    await db.transaction((tx) => auditoria(tx, false));
    return { idImportacion: id, sha256, conteos, aplicada: false, error };
  };
  if (!op.aplicar) return sinAplicar(null);
  if (conteos.rechazada > 0)
    return sinAplicar(
      `El archivo tiene ${conteos.rechazada} filas rechazadas: no se aplicó ningún cambio. Corríjalas y vuelva a aplicarlo.`,
    );
  const cambios = conteos.crear + conteos.actualizar;
  if (op.maxCambiosAplicar && cambios > op.maxCambiosAplicar)
    return sinAplicar(MSG_IMPORTACION.aplicacionGrande(cambios, op.maxCambiosAplicar));
  const progreso = op.progreso ?? (() => {});
  await db.transaction(async (tx) => {
    if (cambios + conteos.documentos > 0)
      await aplicar(tx, id, grupos, adjuntar, cambios + adjuntar.length, op, progreso);
    await auditoria(tx, true);
  });
  return { idImportacion: id, sha256, conteos, aplicada: true, error: null };
}
