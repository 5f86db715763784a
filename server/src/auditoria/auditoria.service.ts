/**
 * The audit trail's screen: its pages and users, "Verificar integridad" (chain, seals and the
 * checkpoints of this machine's checkpoint file) and checkpoints taken on demand.
 */
import fs from "node:fs";
import {
  type AuditoriaEntrada,
  type ConsultaAuditoria,
  MSG,
  type PuntoControlAuditoria,
  type RespuestaSimple,
  type VerificacionAuditoria,
} from "@registro/contracts";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { ValidacionCampo } from "../shared/errors.js";
import * as repo from "./auditoria.repository.js";
import { auditar } from "./cadena.js";
import { claveEstablecida } from "./clave.js";
import { insertarIncidente } from "./incidentes.js";
import { leerPuntos, type PuntoControl, registrarPunto } from "./puntos.js";
import { verificarAuditoria as verificarTodo } from "./verificacion.js";

type ConfigPuntos = Pick<Config, "auditCheckpointFile" | "auditCheckpointEmail">;

/** The checkpoints this machine wrote (none when the file does not exist yet). */
export function puntosDelArchivo(archivo: string): PuntoControl[] {
  return fs.existsSync(archivo) ? leerPuntos(fs.readFileSync(archivo, "utf8")) : [];
}

/** "Verificar integridad": the chain, its seals and every checkpoint in the checkpoint file. */
export async function verificarAuditoria(db: Db, config: ConfigPuntos): Promise<VerificacionAuditoria> {
  const r = await verificarTodo(db, claveEstablecida(), puntosDelArchivo(config.auditCheckpointFile));
  return {
    integra: r.integra,
    entradas: r.entradas,
    idAuditoria: r.integra ? null : r.idAuditoria,
    message: r.mensaje,
    ...(r.incidentes.length > 0 ? { incidentes: r.incidentes } : {}),
  };
}

/**
 * POST api/Auditoria/Incidente: records an incident at the entry where verification finds the
 * trail broken now (any other entry is refused), signed with the audit key and audited, in one
 * transaction; from then on verification goes on past that entry and names it.
 */
export async function registrarIncidente(
  db: Db,
  config: ConfigPuntos,
  idUsuario: number,
  body: { idAuditoria: number; motivo: string },
): Promise<RespuestaSimple> {
  const clave = claveEstablecida();
  return db.transaction(async (tx) => {
    const r = await verificarTodo(tx, clave, puntosDelArchivo(config.auditCheckpointFile));
    if (r.integra || r.idAuditoria !== body.idAuditoria) {
      throw ValidacionCampo("idAuditoria", MSG.incidenteNoEsLaRotura(body.idAuditoria));
    }
    await insertarIncidente(tx, clave, { ...body, idUsuario });
    await auditar(tx, {
      idUsuario,
      entidad: "Auditoria",
      idEntidad: body.idAuditoria,
      accion: "registrar_incidente",
      despues: { idAuditoria: body.idAuditoria, motivo: body.motivo, mensaje: r.mensaje },
    });
    return { success: true, message: MSG.incidenteRegistrado(body.idAuditoria) };
  });
}

/** A checkpoint now: the file, the log and (when configured) an e-mail, in one transaction. */
export async function registrarPuntoControl(
  db: Db,
  config: ConfigPuntos,
  ahora: Date,
  log: (linea: string) => void,
): Promise<PuntoControlAuditoria> {
  const p = await db.transaction((tx) =>
    registrarPunto(tx, claveEstablecida(), ahora, {
      archivo: config.auditCheckpointFile,
      email: config.auditCheckpointEmail,
      log,
    }),
  );
  return { ...p, message: MSG.auditoriaPuntoRegistrado(p.entrada) };
}

export function usuariosAuditoria(db: Db) {
  return repo.listarUsuariosAuditoria(db);
}

export async function consultarAuditoria(db: Db, q: ConsultaAuditoria) {
  const { rows, total } = await repo.listarAuditoria(db, q);
  return {
    rows: rows.map(
      (r): AuditoriaEntrada => ({
        idAuditoria: r.idAuditoria,
        fecha: r.fecha.toISOString(),
        usuario: r.usuario,
        entidad: r.entidad,
        idEntidad: r.idEntidad,
        accion: r.accion,
        antes: r.antes,
        despues: r.despues,
        direccion: r.direccion,
        hash: r.hash,
      }),
    ),
    totalRecords: total,
  };
}
