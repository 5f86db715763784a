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
 * Longer than 300 lines: one run's sequence (read, check, plan, apply, with its notices) shares the
 * run's counters and its single transaction; split, they would be passed around between files.
 */
import crypto from "node:crypto";
import { Readable } from "node:stream";
import { setImmediate as turno } from "node:timers/promises";
import {
  type ConteosImportacion,
  type FilaInforme,
  MAX_FILAS_IMPORTACION,
  MSG,
  MSG_IMPORTACION,
  TIPO_IMPORTACION,
} from "@registro/contracts";
import { auditar } from "../auditoria/cadena.js";
import type { Db, Tx } from "../db/client.js";
import { type CambioFuncionario, encolarEventos } from "../notificaciones/eventos.js";
import { type Reloj, relojDelSistema } from "../shared/tiempo.js";
import { montoTexto } from "../verificacion/decision.js";
import { type DocumentoZip, examinarZip, ZipInvalido } from "./documentos.js";
import * as repo from "./importacion.repository.js";
import { ArchivoInvalido, leerFilas, normalizarNombre } from "./lector.js";
import { comprobarArchivo } from "./libro.js";
import { claveInstitucion, type Decision, planear } from "./plan.js";
import { type Adjuntar, escribirTarjetas, planearDocumentos } from "./tarjetas.js";
import { type RegistroImportado, TITULO, validarFila } from "./validacion.js";

export type Fase = "validando" | "aplicando";

export interface OpcionesImportacion {
  /** The run (`importaciones`) this is; absent, the engine records a new one. */
  idImportacion?: number;
  /** The file's name as given (report and audit). */
  archivo: string;
  contenido: Buffer;
  /** The optional documents' ZIP: signature cards named by cédula. */
  documentos?: { nombre: string; contenido: Buffer } | null;
  aplicar: boolean;
  crearCatalogos: boolean;
  idUsuario: number | null;
  /** Today in the country (YYYY-MM-DD) and now: the clock of the caller. */
  hoy: string;
  ahora: Date;
  /** The clock that dates the run's end (the system's when absent). */
  reloj?: Reloj;
  /** Called every few hundred rows; awaited (a job stores it, the CLI prints it). */
  progreso?: (fase: Fase, hechas: number, total: number | null) => Promise<void> | void;
  maxFilas?: number;
  /**
   * The most rows an apply may create or change (the embedded database's bound: its one connection
   * is held by the apply's transaction); more, and the run ends unapplied, saying so.
   */
  maxCambiosAplicar?: number;
  /** Rows per insert (staging, report, officials). */
  lote?: number;
  /** Staged rows planned (and applied) together: whole institutions up to about this many rows. */
  filasPorGrupo?: number;
}

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

/**
 * Longest stretch of a run's work without letting the event loop turn. Reading, checking and
 * planning are a chain of promises that never waits on a timer or a socket (PGlite answers in the
 * same thread): without these turns a 50,000-row test run kept every other call waiting until it
 * ended. Between slices other users' calls are served, and on PGlite their queries take the one
 * connection between the run's (the apply's single transaction still holds it to its end).
 */
const TAJADA_MS = 50;

/** Awaited often by the run's loops: lets the event loop turn once a slice's time is spent. */
function tajadas(ms = TAJADA_MS): () => Promise<void> {
  let desde = performance.now();
  return async () => {
    if (performance.now() - desde < ms) return;
    await turno();
    desde = performance.now();
  };
}

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

const idsInstitucion = (rs: RegistroImportado[]) => [
  ...new Set(rs.map((r) => r.idInstitucion).filter((i): i is number => i !== null)),
];

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

async function correr(db: Db, id: number, sha256: string, op: OpcionesImportacion): Promise<ResultadoImportacion> {
  const progreso = op.progreso ?? (() => {});
  const lote = op.lote ?? 1000;
  const ceder = tajadas();
  const informe = new Informe(db, id, lote);
  const conteos: ConteosImportacion = { ...CONTEOS_VACIOS };
  let docs: DocumentoZip[] = [];
  // Only what the documents need is kept across the file: the cédulas of the ZIP's documents.
  const cedulasDocs = new Set<string>();
  const cedulasRechazadas = new Set<string>();
  const rechazarCedula = (c: string) => {
    if (cedulasDocs.has(c)) cedulasRechazadas.add(c);
  };
  try {
    const formato = await comprobarArchivo(op.contenido);
    if (op.documentos) docs = await examinarZip(op.documentos.contenido);
    for (const d of docs) if (d.cedula !== null) cedulasDocs.add(d.cedula);
    const cat = await repo.cargarCatalogos(db, op.hoy, op.crearCatalogos);
    let validas: RegistroImportado[] = [];
    for await (const fila of leerFilas(formato, () => trozos(op.contenido), op.maxFilas ?? MAX_FILAS_IMPORTACION)) {
      conteos.filas++;
      await ceder();
      if (conteos.filas % 500 === 0) await progreso("validando", conteos.filas, null);
      const v = validarFila(fila, cat);
      if (v.rechazos) {
        const ident = {
          institucion: String(fila.celdas.institucion ?? "").trim(),
          cedula: String(fila.celdas.cedula ?? "").trim(),
          tipo: String(fila.celdas.tipo ?? "").trim() || TIPO_IMPORTACION.funcionario,
        };
        conteos.rechazada++;
        rechazarCedula(ident.cedula);
        for (const r of v.rechazos)
          await informe.agregar({
            fila: fila.fila,
            resultado: "rechazada",
            ...ident,
            columna: r.columna === "" ? "" : TITULO[r.columna],
            mensaje: r.mensaje,
          });
        continue;
      }
      validas.push(v.ok);
      if (validas.length >= lote) {
        await repo.prepararFilas(db, id, validas);
        validas = [];
      }
    }
    await repo.prepararFilas(db, id, validas);
    await informe.vaciar();
  } catch (e) {
    if (e instanceof ArchivoInvalido || e instanceof ZipInvalido) {
      await repo.borrarInforme(db, id);
      return { idImportacion: id, sha256, conteos: CONTEOS_VACIOS, aplicada: false, error: e.mensaje };
    }
    throw e;
  }

  // Duplicates inside the file: a later row with the institution, cédula and kind of an earlier one.
  for (let despues = 0; ; ) {
    const dups = await repo.duplicadas(db, id, despues, lote);
    if (dups.length === 0) break;
    await ceder();
    for (const d of dups) {
      conteos.rechazada++;
      rechazarCedula(d.cedula);
      await informe.agregar({
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
      db,
      id,
      dups.map((d) => d.fila),
    );
    despues = dups[dups.length - 1].fila;
  }

  // The plan, a group of institutions at a time, against their registry entries.
  const grupos = agrupar(await repo.institucionesPreparadas(db, id), op.filasPorGrupo ?? 5000);
  const decisionesDocs: Decision[] = [];
  for (const claves of grupos) {
    const registros = await repo.filasDeInstituciones(db, id, claves);
    await ceder();
    const plan = planear(registros, await repo.cargarExistentes(db, idsInstitucion(registros)));
    await ceder();
    for (const d of plan.decisiones) {
      await ceder();
      conteos[d.resultado]++;
      if (cedulasDocs.has(d.registro.cedula)) decisionesDocs.push(d);
      await informe.agregar({
        fila: d.registro.fila,
        resultado: d.resultado,
        institucion: d.registro.institucion,
        cedula: d.registro.cedula,
        tipo: d.registro.tipo,
        columna: "",
        mensaje: d.cambios.join(", "),
      });
    }
    for (const x of plan.rechazos) {
      conteos.rechazada++;
      rechazarCedula(x.registro.cedula);
      await informe.agregar({
        fila: x.registro.fila,
        resultado: "rechazada",
        institucion: x.registro.institucion,
        cedula: x.registro.cedula,
        tipo: x.registro.tipo,
        columna: "",
        mensaje: x.mensaje,
      });
    }
  }
  let adjuntar: Adjuntar[] = [];
  if (docs.length > 0) {
    const ids = decisionesDocs.filter((d) => d.idFuncionario !== undefined).map((d) => d.idFuncionario as number);
    const pd = planearDocumentos(docs, decisionesDocs, cedulasRechazadas, await repo.tarjetasDe(db, ids));
    for (const l of pd.lineas) await informe.agregar(l);
    adjuntar = pd.adjuntar;
    conteos.rechazada += pd.lineas.filter((l) => l.resultado === "rechazada").length;
    conteos.documentos = adjuntar.length;
    docs = [];
  }
  await informe.vaciar();
  await progreso("validando", conteos.filas, conteos.filas);

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

  if (!op.aplicar || conteos.rechazada > 0) {
    await db.transaction((tx) => auditoria(tx, false));
    const error =
      op.aplicar && conteos.rechazada > 0
        ? `El archivo tiene ${conteos.rechazada} filas rechazadas: no se aplicó ningún cambio. Corríjalas y vuelva a aplicarlo.`
        : null;
    return { idImportacion: id, sha256, conteos, aplicada: false, error };
  }
  const cambios = conteos.crear + conteos.actualizar;
  if (op.maxCambiosAplicar && cambios > op.maxCambiosAplicar) {
    await db.transaction((tx) => auditoria(tx, false));
    const error = MSG_IMPORTACION.aplicacionGrande(cambios, op.maxCambiosAplicar);
    return { idImportacion: id, sha256, conteos, aplicada: false, error };
  }
  const cambia = conteos.crear + conteos.actualizar + conteos.documentos > 0;
  await db.transaction(async (tx) => {
    if (cambia)
      await aplicar(tx, id, grupos, adjuntar, conteos.crear + conteos.actualizar + adjuntar.length, op, progreso);
    await auditoria(tx, true);
  });
  return { idImportacion: id, sha256, conteos, aplicada: true, error: null };
}

type EntradaHistorial = { idSolicitud: number; texto: string; fecha: Date; idUsuario: number | null };

/**
 * Writes the creations and updates in the caller's transaction, a group of institutions at a time
 * (each group planned again inside the transaction, from the staged rows and the registry as the
 * transaction sees it), then the signature cards: a card's bytes go in with the rows that
 * reference them, so a failed or killed apply leaves none.
 */
async function aplicar(
  tx: Tx,
  id: number,
  grupos: string[][],
  adjuntar: Adjuntar[],
  total: number,
  op: OpcionesImportacion,
  progreso: NonNullable<OpcionesImportacion["progreso"]>,
): Promise<void> {
  const lote = op.lote ?? 1000;
  const texto = MSG_IMPORTACION.historialImportado;
  await progreso("aplicando", 0, total);
  const nuevosCatalogos = op.crearCatalogos
    ? await repo.crearCatalogosFaltantes(tx, id)
    : { instituciones: new Map<string, number>(), cargos: new Map<string, number>() };
  const completar = (r: RegistroImportado) => {
    if (r.idInstitucion === null)
      r.idInstitucion = nuevosCatalogos.instituciones.get(r.institucion.toLowerCase()) ?? null;
    if (r.idCargo === null) r.idCargo = nuevosCatalogos.cargos.get(normalizarNombre(r.cargo)) ?? null;
  };
  // By institution key (a few per institution): its imported request, and those this apply created.
  const solicitudDe = new Map<string, number>();
  const nuevas = new Set<number>();
  const tocadas = new Set<number>();
  // Rows (by row number) of created officials that get a card, and their new ids.
  const conTarjeta = new Set(adjuntar.filter((a) => a.idFuncionario === undefined).map((a) => a.registro.fila));
  const nuevos = new Map<number, number>();
  let historia: EntradaHistorial[] = [];
  let eventos: CambioFuncionario[] = [];
  let creaciones: { r: RegistroImportado; idSolicitud: number }[] = [];
  let hechas = 0;
  const anotar = async (h: EntradaHistorial) => {
    historia.push(h);
    if (!nuevas.has(h.idSolicitud)) tocadas.add(h.idSolicitud);
    if (historia.length >= lote) {
      await repo.anotarHistorial(tx, historia);
      historia = [];
    }
  };
  const insertar = async () => {
    const l = creaciones;
    creaciones = [];
    const idsLote = await repo.insertarFuncionarios(tx, l);
    l.forEach((c, i) => {
      if (conTarjeta.has(c.r.fila)) nuevos.set(c.r.fila, idsLote[i]);
    });
    hechas += l.length;
    await progreso("aplicando", hechas, total);
  };

  const ceder = tajadas();
  for (const claves of grupos) {
    await ceder();
    const registros = await repo.filasDeInstituciones(tx, id, claves);
    const existentes = await repo.cargarExistentes(tx, idsInstitucion(registros));
    const plan = planear(registros, existentes);
    const aEscribir = plan.decisiones.filter((d) => d.resultado === "crear" || d.resultado === "actualizar");
    if (aEscribir.length === 0) continue;
    // Institution keys are taken before new institutions get their ids.
    const claveDe = new Map<RegistroImportado, string>();
    for (const r of registros) claveDe.set(r, claveInstitucion(r));
    for (const r of registros) completar(r);
    if (op.crearCatalogos)
      await repo.vincularCargos(
        tx,
        aEscribir.map((d) => d.registro),
      );
    for (const d of aEscribir) {
      const importada = existentes.importadas.get(d.registro.idInstitucion as number);
      if (importada !== undefined) solicitudDe.set(claveDe.get(d.registro) as string, importada);
    }
    // New imported requests, dated with their officials' earliest registration.
    const primera = new Map<string, string>();
    for (const d of aEscribir) {
      const k = claveDe.get(d.registro) as string;
      const f = primera.get(k);
      if (f === undefined || d.registro.fechaRegistro < f) primera.set(k, d.registro.fechaRegistro);
    }
    for (const d of aEscribir) {
      const k = claveDe.get(d.registro) as string;
      if (solicitudDe.has(k)) continue;
      const inc = plan.incumbenteNuevo.get(k);
      if (!inc) throw new Error(`import plan without an incumbent for ${k}`);
      const idSolicitud = await repo.crearSolicitudImportada(
        tx,
        d.registro.idInstitucion as number,
        inc,
        primera.get(k) as string,
        op.idUsuario,
        texto,
      );
      solicitudDe.set(k, idSolicitud);
      nuevas.add(idSolicitud);
    }
    for (const d of aEscribir) {
      await ceder();
      const idSolicitud = solicitudDe.get(claveDe.get(d.registro) as string) as number;
      const r = d.registro;
      if (r.tipo === TIPO_IMPORTACION.incumbente) {
        // A new request already holds its incumbent; an existing one gets the file's.
        if (existentes.importadas.get(r.idInstitucion as number) === idSolicitud) {
          await repo.actualizarIncumbente(tx, idSolicitud, r);
          await anotar({
            idSolicitud,
            texto: MSG_IMPORTACION.historialActualizado(r.cedula, d.cambios.join(", ")),
            fecha: op.ahora,
            idUsuario: op.idUsuario,
          });
        }
        continue;
      }
      if (d.resultado === "crear") {
        creaciones.push({ r, idSolicitud });
        if (creaciones.length >= lote) await insertar();
      } else if (d.idFuncionario !== undefined) {
        await repo.actualizarFuncionario(tx, d.idFuncionario, idSolicitud, r);
        const evento = eventoDeActualizacion(d.idFuncionario, r, d.cambios);
        if (evento) eventos.push(evento);
        if (eventos.length >= lote) {
          await encolarEventos(tx, eventos);
          eventos = [];
        }
        await anotar({
          idSolicitud,
          texto: MSG_IMPORTACION.historialActualizado(r.cedula, d.cambios.join(", ")),
          fecha: op.ahora,
          idUsuario: op.idUsuario,
        });
        hechas++;
      }
    }
  }
  await insertar();
  if (adjuntar.length > 0 && op.documentos)
    await escribirTarjetas(tx, op.documentos.contenido, adjuntar, async (a) => {
      const idFuncionario = a.idFuncionario ?? nuevos.get(a.registro.fila);
      const idSolicitud = a.idSolicitud ?? solicitudDe.get(claveInstitucion(a.registro));
      if (idFuncionario === undefined || idSolicitud === undefined)
        throw new Error(`import plan without the official of document ${a.doc.ruta}`);
      if (a.idFuncionario !== undefined)
        await anotar({
          idSolicitud,
          texto: MSG_IMPORTACION.historialTarjeta(a.registro.cedula),
          fecha: op.ahora,
          idUsuario: op.idUsuario,
        });
      hechas++;
      if (hechas % 500 === 0) await progreso("aplicando", hechas, total);
      return { idSolicitud, idFuncionario };
    });
  await repo.anotarHistorial(tx, historia);
  await encolarEventos(tx, eventos);
  await repo.tocarSolicitudes(tx, [...tocadas], op.ahora);
  await progreso("aplicando", total, total);
}

/**
 * What a subscribed system is told of an imported official a later file changed: its status (ended
 * or back in force), else a new amount limit while it is active. Officials a file adds are the
 * former registry's, which those systems knew already: they are not announced.
 */
function eventoDeActualizacion(
  idFuncionario: number,
  r: RegistroImportado,
  cambios: string[],
): CambioFuncionario | null {
  if (cambios.includes("Estatus"))
    return r.activo
      ? { idFuncionario, tipo: "reactivado", motivo: MSG.eventoImportado }
      : { idFuncionario, tipo: "inactivado", motivo: r.motivoBaja || MSG.eventoImportado };
  if (r.activo && cambios.includes("Monto desde")) {
    const limite = r.firmaRango
      ? `de ${montoTexto(Number(r.montoDesde ?? 0))} a ${montoTexto(Number(r.montoHasta ?? 0))}`
      : "sin límite";
    return { idFuncionario, tipo: "limiteCambiado", motivo: MSG.eventoLimiteCambiado(limite) };
  }
  return null;
}
