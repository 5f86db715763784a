/**
 * "Importar registro": runs of the import engine as background jobs. A run is stored with its file
 * (`importaciones`) before it starts, so it goes on when the browser closes; its status and
 * progress are written as it validates (and kept in memory while it applies, since the apply's
 * transaction holds PGlite's one connection); the report is written to its table as the run goes
 * (read and downloaded from there a page at a time) and the file dropped at the end. A run left in progress by a stopped process is closed as interrupted at the next start:
 * its transaction died with the process, so the registry is as it was.
 */
import {
  COLUMNAS_IMPORTACION,
  type ConteosImportacion,
  type EstadoImportacion,
  type FilaInforme,
  type Importacion,
  MSG_IMPORTACION,
  NOMBRE_RESULTADO,
} from "@registro/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.js";
import { exportar, type Formato } from "../exportar/formatos.js";
import { NoEncontrado, Regla, ValidacionCampo } from "../shared/errors.js";
import { fechaLocal, type Reloj } from "../shared/tiempo.js";
import { examinarZip, ZipInvalido } from "./documentos.js";
import * as repo from "./importacion.repository.js";
import { ArchivoInvalido } from "./lector.js";
import { comprobarArchivo } from "./libro.js";
import { ejecutarImportacion, sha256De } from "./motor.js";

const CONTEOS_VACIOS: ConteosImportacion = {
  filas: 0,
  crear: 0,
  actualizar: 0,
  sinCambios: 0,
  rechazada: 0,
  documentos: 0,
};

/** Progress of the runs this process is working on (the database has it too, but not during an apply). */
const enCurso = new Map<number, { estado: EstadoImportacion; progreso: number; total: number | null }>();

type FilaEjecucion = NonNullable<Awaited<ReturnType<typeof repo.ejecucion>>>;

function mapEjecucion(f: FilaEjecucion): Importacion {
  const vivo = enCurso.get(f.idImportacion);
  return {
    idImportacion: f.idImportacion,
    archivo: f.archivo,
    sha256: f.sha256,
    aplicar: f.aplicar,
    crearCatalogos: f.crearCatalogos,
    estado: (vivo?.estado ?? f.estado) as EstadoImportacion,
    progreso: vivo?.progreso ?? f.progreso,
    total: vivo?.total ?? f.total,
    aplicada: f.aplicada,
    conteos: { ...CONTEOS_VACIOS, ...(f.conteos as Partial<ConteosImportacion>) },
    error: f.error,
    usuario: f.usuario,
    inicio: f.inicio.toISOString(),
    fin: f.fin ? f.fin.toISOString() : null,
  };
}

export async function listarEjecuciones(db: Db): Promise<Importacion[]> {
  return (await repo.ejecuciones(db, 20)).map(mapEjecucion);
}

export async function obtenerEjecucion(db: Db, id: number): Promise<Importacion> {
  const f = await repo.ejecucion(db, id);
  if (!f) throw NoEncontrado(MSG_IMPORTACION.noEncontrada);
  return mapEjecucion(f);
}

export interface NuevaEjecucion {
  archivo: string;
  contenido: Buffer;
  documentos?: { nombre: string; contenido: Buffer } | null;
  aplicar: boolean;
  crearCatalogos: boolean;
  idUsuario: number | null;
}

/**
 * Stores a run and starts it in the background. A file that is not CSV or Excel, or a workbook past
 * the limits of what it may expand to (a bomb), is refused on the spot (400 on Archivo), and so is a documents' ZIP that is not a ZIP, is a bomb, has a bad name or
 * two documents of one cédula (400 on Documentos: it is read through once here); one run at a time
 * per database.
 */
export async function iniciarEjecucion(
  db: Db,
  datos: NuevaEjecucion,
  reloj: Reloj,
  log: FastifyBaseLogger,
  /** The embedded database's bound on one apply's changes (undefined: none). */
  maxCambiosAplicar?: number,
): Promise<Importacion> {
  try {
    await comprobarArchivo(datos.contenido);
  } catch (e) {
    if (e instanceof ArchivoInvalido) throw ValidacionCampo("Archivo", e.mensaje);
    throw e;
  }
  if (datos.documentos) {
    try {
      await examinarZip(datos.documentos.contenido);
    } catch (e) {
      if (e instanceof ZipInvalido) throw ValidacionCampo("Documentos", e.mensaje);
      throw e;
    }
  }
  const abiertas = (await repo.ejecuciones(db, 20)).filter((f) =>
    ["pendiente", "validando", "aplicando"].includes(f.estado),
  );
  if (abiertas.length > 0) throw Regla(MSG_IMPORTACION.ejecucionEnCurso);
  const id = await repo.crearEjecucion(db, {
    idUsuario: datos.idUsuario,
    archivo: datos.archivo,
    sha256: sha256De(datos.contenido),
    contenido: datos.contenido,
    documentos: datos.documentos?.contenido ?? null,
    documentosNombre: datos.documentos?.nombre ?? null,
    aplicar: datos.aplicar,
    crearCatalogos: datos.crearCatalogos,
    inicio: reloj(),
  });
  enCurso.set(id, { estado: "pendiente", progreso: 0, total: null });
  void procesar(db, id, reloj, log, maxCambiosAplicar);
  return obtenerEjecucion(db, id);
}

/** Runs one stored run to its end; never throws (a failure is the run's status). */
export async function procesar(
  db: Db,
  id: number,
  reloj: Reloj,
  log: FastifyBaseLogger,
  maxCambiosAplicar?: number,
): Promise<void> {
  const vivo = { estado: "validando" as EstadoImportacion, progreso: 0, total: null as number | null };
  enCurso.set(id, vivo);
  try {
    const datos = await repo.archivosEjecucion(db, id);
    if (!datos?.contenido) throw new Error(`import run ${id} has no file`);
    await repo.actualizarEjecucion(db, id, { estado: "validando" });
    const ahora = reloj();
    // The engine records the run's end (counts, report, error) and drops its file.
    await ejecutarImportacion(db, {
      idImportacion: id,
      archivo: datos.archivo,
      contenido: datos.contenido,
      documentos: datos.documentos
        ? { nombre: datos.documentosNombre ?? "documentos.zip", contenido: datos.documentos }
        : null,
      aplicar: datos.aplicar,
      crearCatalogos: datos.crearCatalogos,
      idUsuario: datos.idUsuario,
      maxCambiosAplicar,
      hoy: fechaLocal(ahora),
      ahora,
      reloj,
      progreso: async (fase, hechas, total) => {
        const cambio = vivo.estado !== fase;
        vivo.estado = fase;
        vivo.progreso = hechas;
        vivo.total = total;
        // Outside the apply's transaction only: it holds the embedded database's one connection.
        if (fase === "validando") await repo.actualizarEjecucion(db, id, { estado: fase, progreso: hechas, total });
        else if (cambio) log.info({ importacion: id }, "import run applying");
      },
    });
  } catch (e) {
    log.error({ err: e, importacion: id }, "import run failed");
    await repo
      .actualizarEjecucion(db, id, {
        estado: "fallida",
        error: MSG_IMPORTACION.fallida,
        fin: reloj(),
        contenido: null,
        documentos: null,
      })
      .catch((err) => log.error({ err, importacion: id }, "import run status not stored"));
  } finally {
    enCurso.delete(id);
  }
}

/** How often this process marks its runs alive, and how long a silent run counts as a stopped process's. */
export const LATIDO_MS = 15_000;
export const SILENCIO_SEGUNDOS = 60;

/** The runs this process works on are alive. */
export async function latir(db: Db): Promise<void> {
  await repo.latir(db, [...enCurso.keys()]);
}

/**
 * Runs a stopped process left in progress changed nothing; they are closed as interrupted. With
 * `unSoloProceso` (the embedded database: its folder admits one process) every run in progress is
 * one; otherwise only those silent for SILENCIO_SEGUNDOS, so a live process's run is left alone.
 */
export async function cerrarInterrumpidas(db: Db, reloj: Reloj, unSoloProceso: boolean): Promise<number> {
  return repo.cerrarInterrumpidas(
    db,
    MSG_IMPORTACION.interrumpida,
    reloj(),
    unSoloProceso ? undefined : SILENCIO_SEGUNDOS,
  );
}

async function comprobarEjecucion(db: Db, id: number): Promise<void> {
  if (!(await repo.ejecucion(db, id))) throw NoEncontrado(MSG_IMPORTACION.noEncontrada);
}

const sinIdLinea = ({ idLinea: _, ...l }: FilaInforme & { idLinea: number }): FilaInforme => l;

/** One page of a run's report, in row order, read from the report's table. */
export async function leerInforme(
  db: Db,
  id: number,
  consulta: { soloErrores: boolean; page: number; rows: number },
): Promise<{ rows: FilaInforme[]; totalRecords: number }> {
  await comprobarEjecucion(db, id);
  const p = await repo.paginaInforme(db, id, {
    soloErrores: consulta.soloErrores,
    desde: (consulta.page - 1) * consulta.rows,
    limite: consulta.rows,
  });
  return { rows: p.lineas.map(sinIdLinea), totalRecords: p.total };
}

/** A run's report lines in row order, a batch at a time (refusals only with `soloErrores`). */
export async function* lineasInforme(
  db: Db,
  id: number,
  soloErrores = false,
  lote = 5000,
): AsyncGenerator<FilaInforme[]> {
  let despues: { fila: number; idLinea: number } | null = null;
  for (;;) {
    const l = await repo.lineasInformeDespues(db, id, despues, lote, soloErrores);
    if (l.length === 0) return;
    yield l.map(sinIdLinea);
    const ultima = l[l.length - 1];
    despues = { fila: ultima.fila, idLinea: ultima.idLinea };
    if (l.length < lote) return;
  }
}

/** The report as a file: every row's outcome, refusals with column and message, streamed from its table. */
export async function descargarInforme(db: Db, id: number, formato: Formato): Promise<ArchivoDescarga> {
  await comprobarEjecucion(db, id);
  return {
    nombre: `informe-importacion-${id}.${formato}`,
    formato,
    contenido: exportar<FilaInforme>(
      formato,
      "Informe",
      [
        { titulo: "Fila", valor: (f) => f.fila },
        { titulo: "Resultado", valor: (f) => NOMBRE_RESULTADO[f.resultado] },
        { titulo: "Institución", valor: (f) => f.institucion },
        { titulo: "Cédula", valor: (f) => f.cedula },
        { titulo: "Tipo", valor: (f) => f.tipo },
        { titulo: "Columna", valor: (f) => f.columna },
        { titulo: "Mensaje", valor: (f) => f.mensaje },
      ],
      lineasInforme(db, id),
    ),
  };
}

export interface ArchivoDescarga {
  nombre: string;
  formato: Formato;
  contenido: ReturnType<typeof exportar>;
}

/** The template: the file's columns and one example row. */
export function plantilla(formato: Formato): ArchivoDescarga {
  async function* lote() {
    yield [null];
  }
  return {
    nombre: `plantilla-importacion-registro.${formato}`,
    formato,
    contenido: exportar<null>(
      formato,
      "Registro",
      COLUMNAS_IMPORTACION.map((c) => ({ titulo: c.titulo, valor: () => c.ejemplo })),
      lote(),
    ),
  };
}
