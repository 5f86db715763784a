/**
 * The registry import's engine, shared by the screen's background runs and `npm run importar`:
 * read the file row by row, check each row with the screens' rules, plan it against the registry
 * (create / update / unchanged / refused), and — only when asked and only when no row is refused —
 * apply the whole file in one transaction (batches inside it), so a failure or a killed process
 * leaves the registry as it was. Idempotent: the same file applied again finds every row unchanged.
 *
 * Longer than 300 lines: one run's sequence (read, check, plan, apply, with its notices) shares the
 * run's counters and its single transaction; split, they would be passed around between files.
 */
import crypto from "node:crypto";
import { Readable } from "node:stream";
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
import { montoTexto } from "../verificacion/decision.js";
import { type DocumentoZip, examinarZip, ZipInvalido } from "./documentos.js";
import * as repo from "./importacion.repository.js";
import { ArchivoInvalido, formatoDe, leerFilas } from "./lector.js";
import { claveInstitucion, type Decision, planear } from "./plan.js";
import { type Adjuntar, escribirTarjetas, planearDocumentos } from "./tarjetas.js";
import { type RegistroImportado, TITULO, validarFila } from "./validacion.js";

export type Fase = "validando" | "aplicando";

export interface OpcionesImportacion {
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
  /** Called every few hundred rows; awaited (a job stores it, the CLI prints it). */
  progreso?: (fase: Fase, hechas: number, total: number | null) => Promise<void> | void;
  maxFilas?: number;
  /** Rows per insert while applying. */
  lote?: number;
}

export interface ResultadoImportacion {
  sha256: string;
  conteos: ConteosImportacion;
  informe: FilaInforme[];
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

export async function ejecutarImportacion(db: Db, op: OpcionesImportacion): Promise<ResultadoImportacion> {
  const sha256 = sha256De(op.contenido);
  const informe: FilaInforme[] = [];
  const progreso = op.progreso ?? (() => {});
  let registros: RegistroImportado[] = [];
  let docs: DocumentoZip[] = [];
  try {
    const formato = formatoDe(op.contenido.subarray(0, 8192));
    if (op.documentos) docs = await examinarZip(op.documentos.contenido);
    const cat = await repo.cargarCatalogos(db, op.hoy, op.crearCatalogos);
    // Duplicates inside the file: institution + cédula + kind seen before, with its row.
    const vistas = new Map<string, number>();
    let leidas = 0;
    for await (const fila of leerFilas(formato, () => trozos(op.contenido), op.maxFilas ?? MAX_FILAS_IMPORTACION)) {
      leidas++;
      if (leidas % 500 === 0) await progreso("validando", leidas, null);
      const v = validarFila(fila, cat);
      const ident = {
        institucion: String(fila.celdas.institucion ?? "").trim(),
        cedula: String(fila.celdas.cedula ?? "").trim(),
        tipo: String(fila.celdas.tipo ?? "").trim() || TIPO_IMPORTACION.funcionario,
      };
      if (v.rechazos) {
        for (const r of v.rechazos)
          informe.push({
            fila: fila.fila,
            resultado: "rechazada",
            ...ident,
            columna: r.columna === "" ? "" : TITULO[r.columna],
            mensaje: r.mensaje,
          });
        continue;
      }
      const r = v.ok;
      const clave = `${claveInstitucion(r)}|${r.cedula}|${r.tipo}`;
      const previa = vistas.get(clave);
      if (previa !== undefined) {
        informe.push({
          fila: r.fila,
          resultado: "rechazada",
          institucion: r.institucion,
          cedula: r.cedula,
          tipo: r.tipo,
          columna: TITULO.cedula,
          mensaje: MSG_IMPORTACION.duplicadaArchivo(previa),
        });
        continue;
      }
      vistas.set(clave, r.fila);
      registros.push(r);
    }
    await progreso("validando", leidas, leidas);
  } catch (e) {
    if (e instanceof ArchivoInvalido || e instanceof ZipInvalido) {
      return { sha256, conteos: CONTEOS_VACIOS, informe: [], aplicada: false, error: e.mensaje };
    }
    throw e;
  }

  const ids = [...new Set(registros.map((r) => r.idInstitucion).filter((i): i is number => i !== null))];
  const plan = planear(registros, await repo.cargarExistentes(db, ids));
  for (const d of plan.decisiones)
    informe.push({
      fila: d.registro.fila,
      resultado: d.resultado,
      institucion: d.registro.institucion,
      cedula: d.registro.cedula,
      tipo: d.registro.tipo,
      columna: "",
      mensaje: d.cambios.join(", "),
    });
  for (const x of plan.rechazos)
    informe.push({
      fila: x.registro.fila,
      resultado: "rechazada",
      institucion: x.registro.institucion,
      cedula: x.registro.cedula,
      tipo: x.registro.tipo,
      columna: "",
      mensaje: x.mensaje,
    });
  const filasRechazadas = new Set(informe.filter((f) => f.resultado === "rechazada").map((f) => f.fila));
  const filas = new Set(informe.map((f) => f.fila)).size;
  let adjuntar: Adjuntar[] = [];
  let docsRechazados = 0;
  if (docs.length > 0) {
    const conDocumento = new Set(docs.map((d) => d.cedula));
    const ids = plan.decisiones
      .filter((d) => d.idFuncionario !== undefined && conDocumento.has(d.registro.cedula))
      .map((d) => d.idFuncionario as number);
    const cedulasRechazadas = new Set(informe.filter((f) => f.resultado === "rechazada").map((f) => f.cedula));
    const pd = planearDocumentos(docs, plan.decisiones, cedulasRechazadas, await repo.tarjetasDe(db, ids));
    informe.push(...pd.lineas);
    adjuntar = pd.adjuntar;
    docsRechazados = pd.lineas.filter((l) => l.resultado === "rechazada").length;
    docs = [];
  }
  informe.sort((a, b) => a.fila - b.fila);
  const conteos: ConteosImportacion = {
    filas,
    crear: plan.decisiones.filter((d) => d.resultado === "crear").length,
    actualizar: plan.decisiones.filter((d) => d.resultado === "actualizar").length,
    sinCambios: plan.decisiones.filter((d) => d.resultado === "sinCambios").length,
    rechazada: filasRechazadas.size + docsRechazados,
    documentos: adjuntar.length,
  };
  registros = [];

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
    return { sha256, conteos, informe, aplicada: false, error };
  }
  const cambia = conteos.crear + conteos.actualizar + conteos.documentos > 0;
  await db.transaction(async (tx) => {
    if (cambia) await aplicarPlan(tx, plan.decisiones, plan.incumbenteNuevo, adjuntar, op, progreso);
    await auditoria(tx, true);
  });
  return { sha256, conteos, informe, aplicada: true, error: null };
}

/**
 * Writes the plan's creations and updates, then the signature cards, in the caller's transaction:
 * a card's bytes go in with the rows that reference them, so a failed or killed apply leaves none.
 */
async function aplicarPlan(
  tx: Tx,
  decisiones: Decision[],
  incumbenteNuevo: Map<string, RegistroImportado>,
  adjuntar: Adjuntar[],
  op: OpcionesImportacion,
  progreso: NonNullable<OpcionesImportacion["progreso"]>,
): Promise<void> {
  const lote = op.lote ?? 1000;
  const texto = MSG_IMPORTACION.historialImportado;
  // Institution keys are taken before new institutions get their ids.
  const claveDe = new Map<RegistroImportado, string>();
  for (const d of decisiones) claveDe.set(d.registro, claveInstitucion(d.registro));
  const aEscribir = decisiones.filter((d) => d.resultado === "crear" || d.resultado === "actualizar");
  if (op.crearCatalogos)
    await repo.crearCatalogosFaltantes(
      tx,
      aEscribir.map((d) => d.registro),
    );
  const ids = [...new Set(aEscribir.map((d) => d.registro.idInstitucion as number))];
  const existentes = await repo.cargarExistentes(tx, ids);
  const solicitudDe = new Map<string, number>();
  for (const d of aEscribir) {
    const k = claveDe.get(d.registro) as string;
    const idInst = d.registro.idInstitucion as number;
    const importada = existentes.importadas.get(idInst);
    if (importada !== undefined) solicitudDe.set(k, importada);
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
    const inc = incumbenteNuevo.get(k);
    if (!inc) throw new Error(`import plan without an incumbent for ${k}`);
    const id = await repo.crearSolicitudImportada(
      tx,
      d.registro.idInstitucion as number,
      inc,
      primera.get(k) as string,
      op.idUsuario,
      texto,
    );
    solicitudDe.set(k, id);
  }
  const historia: { idSolicitud: number; texto: string; fecha: Date; idUsuario: number | null }[] = [];
  const previas = new Set(existentes.importadas.values());
  const nuevas = new Set([...solicitudDe.values()].filter((id) => !previas.has(id)));
  let hechas = 0;
  const total = aEscribir.length + adjuntar.length;
  const creaciones: { r: RegistroImportado; idSolicitud: number }[] = [];
  const eventos: CambioFuncionario[] = [];
  // Ids of the created officials that get a card (only those: memory stays small).
  const conTarjeta = new Set(adjuntar.filter((a) => a.idFuncionario === undefined).map((a) => a.registro));
  const nuevos = new Map<RegistroImportado, number>();
  const insertar = async (l: typeof creaciones) => {
    const idsLote = await repo.insertarFuncionarios(tx, l);
    l.forEach((c, i) => {
      if (conTarjeta.has(c.r)) nuevos.set(c.r, idsLote[i]);
    });
  };
  for (const d of aEscribir) {
    const k = claveDe.get(d.registro) as string;
    const idSolicitud = solicitudDe.get(k) as number;
    const r = d.registro;
    if (r.tipo === TIPO_IMPORTACION.incumbente) {
      // A new request already holds its incumbent; an existing one gets the file's.
      if (existentes.importadas.get(r.idInstitucion as number) === idSolicitud) {
        await repo.actualizarIncumbente(tx, idSolicitud, r);
        historia.push({
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
      if (creaciones.length >= lote) {
        await insertar(creaciones.splice(0));
        hechas += lote;
        await progreso("aplicando", hechas, total);
      }
    } else if (d.idFuncionario !== undefined) {
      await repo.actualizarFuncionario(tx, d.idFuncionario, idSolicitud, r);
      const evento = eventoDeActualizacion(d.idFuncionario, r, d.cambios);
      if (evento) eventos.push(evento);
      historia.push({
        idSolicitud,
        texto: MSG_IMPORTACION.historialActualizado(r.cedula, d.cambios.join(", ")),
        fecha: op.ahora,
        idUsuario: op.idUsuario,
      });
      hechas++;
    }
  }
  hechas += creaciones.length;
  await insertar(creaciones);
  if (adjuntar.length > 0 && op.documentos)
    await escribirTarjetas(tx, op.documentos.contenido, adjuntar, async (a) => {
      const idFuncionario = a.idFuncionario ?? nuevos.get(a.registro);
      const idSolicitud = a.idSolicitud ?? solicitudDe.get(claveDe.get(a.registro) as string);
      if (idFuncionario === undefined || idSolicitud === undefined)
        throw new Error(`import plan without the official of document ${a.doc.ruta}`);
      if (a.idFuncionario !== undefined)
        historia.push({
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
  const tocadas = [...new Set(historia.map((h) => h.idSolicitud))].filter((id) => !nuevas.has(id));
  await repo.tocarSolicitudes(tx, tocadas, op.ahora);
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
