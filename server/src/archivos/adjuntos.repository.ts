/** SQL of stored files (`adjuntos`): write them with their owner, list them, read one with its bytes. */
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { auditar } from "../auditoria/cadena.js";
import type { Tx } from "../db/client.js";
import { adjuntos, solicitudes } from "../db/schema.js";
import type { ArchivoListo } from "./archivos.js";

/** Whose files: the request itself (idFuncionario null) or one of its officials. */
export interface Dueno {
  idSolicitud: number;
  idFuncionario: number | null;
}

const deDueno = (d: Dueno) =>
  and(
    eq(adjuntos.idSolicitud, d.idSolicitud),
    d.idFuncionario === null ? isNull(adjuntos.idFuncionario) : eq(adjuntos.idFuncionario, d.idFuncionario),
  );

export async function insertarAdjuntos(tx: Tx, dueno: Dueno, archivos: ArchivoListo[]): Promise<void> {
  if (archivos.length === 0) return;
  const filas = await tx
    .insert(adjuntos)
    .values(archivos.map((a) => ({ ...a, ...dueno })))
    .returning({ idAdjunto: adjuntos.idAdjunto });
  // Audit trail: one entry per stored file.
  for (const [i, a] of archivos.entries()) {
    await auditar(tx, {
      entidad: "Documento",
      idEntidad: filas[i].idAdjunto,
      accion: "subir",
      despues: { ...dueno, tipo: a.tipoAdjunto, nombre: a.nombre, tamano: a.tamano, sha256: a.sha256 },
    });
  }
}

/** Replaces the owner's files of the same types as `archivos` (only the types sent). */
export async function reemplazarAdjuntos(tx: Tx, dueno: Dueno, archivos: ArchivoListo[]): Promise<void> {
  if (archivos.length === 0) return;
  const tipos = [...new Set(archivos.map((a) => a.tipoAdjunto))];
  await tx.delete(adjuntos).where(and(deDueno(dueno), inArray(adjuntos.tipoAdjunto, tipos)));
  await insertarAdjuntos(tx, dueno, archivos);
}

/** Order of the documents in every list: the four documents as SPEC names them, then the evidence. */
const ORDEN_TIPO = sql`case ${adjuntos.tipoAdjunto} when 'Oficio' then 1 when 'Cedula' then 2 when 'Designacion' then 3 when 'Tarjeta' then 4 else 5 end`;

/** The owner's files without their bytes. */
export async function listarAdjuntos(tx: Tx, dueno: Dueno) {
  return tx
    .select({
      idAdjunto: adjuntos.idAdjunto,
      tipoAdjunto: adjuntos.tipoAdjunto,
      nombre: adjuntos.nombre,
      mime: adjuntos.mime,
      tamano: adjuntos.tamano,
    })
    .from(adjuntos)
    .where(deDueno(dueno))
    .orderBy(ORDEN_TIPO, asc(adjuntos.idAdjunto));
}
export type AdjuntoFila = Awaited<ReturnType<typeof listarAdjuntos>>[number];

/** One file with its bytes and the institution of its request (for the scope check). */
export async function adjuntoConContenido(tx: Tx, idAdjunto: number) {
  const [row] = await tx
    .select({
      idAdjunto: adjuntos.idAdjunto,
      nombre: adjuntos.nombre,
      mime: adjuntos.mime,
      tamano: adjuntos.tamano,
      contenido: adjuntos.contenido,
      idInstitucion: solicitudes.idInstitucion,
      estatusSolicitud: solicitudes.estatus,
      idSolicitud: adjuntos.idSolicitud,
      idFuncionario: adjuntos.idFuncionario,
      tipo: adjuntos.tipoAdjunto,
      sha256: adjuntos.sha256,
    })
    .from(adjuntos)
    .innerJoin(solicitudes, eq(solicitudes.idSolicitud, adjuntos.idSolicitud))
    .where(eq(adjuntos.idAdjunto, idAdjunto));
  return row ?? null;
}

/** A file's name and its request's scope, without its bytes. */
export async function adjuntoSinContenido(tx: Tx, idAdjunto: number) {
  const [row] = await tx
    .select({
      idAdjunto: adjuntos.idAdjunto,
      nombre: adjuntos.nombre,
      idInstitucion: solicitudes.idInstitucion,
      estatusSolicitud: solicitudes.estatus,
    })
    .from(adjuntos)
    .innerJoin(solicitudes, eq(solicitudes.idSolicitud, adjuntos.idSolicitud))
    .where(eq(adjuntos.idAdjunto, idAdjunto));
  return row ?? null;
}

/** Which document types each owner of the request has: one row per (official or null, type). */
export async function tiposPresentes(tx: Tx, idSolicitud: number) {
  return tx
    .selectDistinct({ idFuncionario: adjuntos.idFuncionario, tipoAdjunto: adjuntos.tipoAdjunto })
    .from(adjuntos)
    .where(eq(adjuntos.idSolicitud, idSolicitud));
}

/** The latest deactivation evidence of the request, if any. */
export async function idEvidencia(tx: Tx, idSolicitud: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: adjuntos.idAdjunto })
    .from(adjuntos)
    .where(
      and(eq(adjuntos.idSolicitud, idSolicitud), isNull(adjuntos.idFuncionario), eq(adjuntos.tipoAdjunto, "Evidencia")),
    )
    .orderBy(desc(adjuntos.idAdjunto))
    .limit(1);
  return row?.id ?? null;
}
