/** SQL behind notices: who is told, writing notices with their e-mails, the bell's list, preferences. */
import { type EstadoAviso, V } from "@registro/contracts";
import { and, desc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import {
  avisos,
  correos,
  incumbentes,
  instituciones,
  motivos,
  perfilVistas,
  solicitudes,
  usuarios,
  vistas,
} from "../db/schema.js";
import type { Grupo } from "./eventos.js";

/** The inbox view that puts a user in each group. */
const VISTA_GRUPO: Record<Grupo, string> = {
  originadores: V.ORIGINADOR,
  analistas: V.ANALISTA,
  juridicos: V.JURIDICO,
  administradores: V.ADMINISTRADOR,
};

export interface Destinatario {
  idUsuario: number;
  preferenciaCorreo: string | null;
  esOriginador: boolean;
}

/** True when the user's profile has the originator's inbox (their default is one mail per notice). */
const tieneVistaOriginador = sql<boolean>`exists (
  select 1 from perfil_vistas pv join vistas v on v.id_vista = pv.id_vista
  where pv.id_perfil = "usuarios"."id_perfil" and v.nombre = ${V.ORIGINADOR})`;

/** Active users of a group; originators only of the given institution. */
export async function destinatarios(
  tx: Tx,
  grupo: Grupo,
  idInstitucion: number,
  excluir: number | null,
): Promise<Destinatario[]> {
  const condiciones = [eq(vistas.nombre, VISTA_GRUPO[grupo]), eq(usuarios.activo, true)];
  if (grupo === "originadores") condiciones.push(eq(usuarios.idInstitucion, idInstitucion));
  if (excluir !== null) condiciones.push(ne(usuarios.idUsuario, excluir));
  return tx
    .selectDistinct({
      idUsuario: usuarios.idUsuario,
      preferenciaCorreo: usuarios.preferenciaCorreo,
      esOriginador: tieneVistaOriginador,
    })
    .from(usuarios)
    .innerJoin(perfilVistas, eq(perfilVistas.idPerfil, usuarios.idPerfil))
    .innerJoin(vistas, eq(vistas.idVista, perfilVistas.idVista))
    .where(and(...condiciones));
}

/** Institution and incumbent names for a notice's text. */
export async function datosSolicitud(tx: Tx, idSolicitud: number) {
  const [row] = await tx
    .select({
      idInstitucion: solicitudes.idInstitucion,
      institucion: instituciones.nombre,
      nombres: incumbentes.nombres,
      apellidos: incumbentes.apellidos,
    })
    .from(solicitudes)
    .innerJoin(instituciones, eq(instituciones.idInstitucion, solicitudes.idInstitucion))
    .innerJoin(incumbentes, eq(incumbentes.idIncumbente, solicitudes.idIncumbente))
    .where(eq(solicitudes.idSolicitud, idSolicitud));
  return row ?? null;
}

export async function nombresMotivos(tx: Tx, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ nombre: motivos.nombre })
    .from(motivos)
    .where(inArray(motivos.idMotivo, ids))
    .orderBy(motivos.idMotivo);
  return rows.map((r) => r.nombre);
}

export interface NuevoAviso {
  idUsuario: number;
  idSolicitud: number | null;
  tipo: string;
  titulo: string;
  texto: string;
  detalle: string;
  enlace: string;
  /** 'cada': an e-mail now (outbox row); 'resumen': waits for the daily summary; 'ninguno'. */
  correo: "cada" | "resumen" | "ninguno";
  clave?: string;
}

/**
 * Writes notices and, for those mailed one by one, their outbox rows, in the caller's transaction.
 * Notices with a `clave` already written are skipped (never twice). Returns how many were written.
 */
export async function insertarAvisos(tx: Tx, nuevos: NuevoAviso[]): Promise<number> {
  const porCorreo = nuevos.filter((a) => a.correo === "cada");
  const resto = nuevos.filter((a) => a.correo !== "cada");
  let escritos = 0;
  for (const lote of [porCorreo, resto]) {
    if (lote.length === 0) continue;
    const filas = await tx
      .insert(avisos)
      .values(
        lote.map((a) => ({
          idUsuario: a.idUsuario,
          idSolicitud: a.idSolicitud,
          tipo: a.tipo,
          titulo: a.titulo,
          texto: a.texto,
          detalle: a.detalle,
          enlace: a.enlace,
          resumenPendiente: a.correo === "resumen",
          clave: a.clave ?? null,
        })),
      )
      .onConflictDoNothing({ target: avisos.clave })
      .returning({ idAviso: avisos.idAviso, idUsuario: avisos.idUsuario, titulo: avisos.titulo });
    escritos += filas.length;
    if (lote === porCorreo && filas.length > 0) {
      await tx
        .insert(correos)
        .values(filas.map((e) => ({ idUsuario: e.idUsuario, idAviso: e.idAviso, asunto: e.titulo })));
    }
  }
  return escritos;
}

export async function listarAvisos(tx: Tx, idUsuario: number, filas: number, estado: EstadoAviso = "todos") {
  const leidos =
    estado === "leidos" ? isNotNull(avisos.leido) : estado === "noLeidos" ? isNull(avisos.leido) : undefined;
  return tx
    .select()
    .from(avisos)
    .where(and(eq(avisos.idUsuario, idUsuario), leidos))
    .orderBy(desc(avisos.idAviso))
    .limit(filas);
}

/** Marks the user's unread notices about one request read; how many were. */
export async function marcarLeidosSolicitud(tx: Tx, idUsuario: number, idSolicitud: number): Promise<number> {
  const r = await tx
    .update(avisos)
    .set({ leido: sql`now()` })
    .where(and(eq(avisos.idUsuario, idUsuario), eq(avisos.idSolicitud, idSolicitud), isNull(avisos.leido)))
    .returning({ idAviso: avisos.idAviso });
  return r.length;
}

export async function contarNoLeidos(tx: Tx, idUsuario: number): Promise<number> {
  const [r] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(avisos)
    .where(and(eq(avisos.idUsuario, idUsuario), isNull(avisos.leido)));
  return r.n;
}

/** Marks one notice read (only the user's own); false when it is not theirs or does not exist. */
export async function marcarLeido(tx: Tx, idUsuario: number, idAviso: number): Promise<boolean> {
  const r = await tx
    .update(avisos)
    .set({ leido: sql`coalesce(${avisos.leido}, now())` })
    .where(and(eq(avisos.idAviso, idAviso), eq(avisos.idUsuario, idUsuario)))
    .returning({ idAviso: avisos.idAviso });
  return r.length > 0;
}

export async function marcarTodosLeidos(tx: Tx, idUsuario: number) {
  await tx
    .update(avisos)
    .set({ leido: sql`now()` })
    .where(and(eq(avisos.idUsuario, idUsuario), isNull(avisos.leido)));
}

export async function preferenciaDe(tx: Tx, idUsuario: number) {
  const [u] = await tx
    .select({
      preferenciaCorreo: usuarios.preferenciaCorreo,
      email: usuarios.email,
      esOriginador: tieneVistaOriginador,
    })
    .from(usuarios)
    .where(eq(usuarios.idUsuario, idUsuario));
  return u ?? null;
}

export async function guardarPreferencia(tx: Tx, idUsuario: number, preferencia: string) {
  await tx.update(usuarios).set({ preferenciaCorreo: preferencia }).where(eq(usuarios.idUsuario, idUsuario));
}

export async function nombreCompleto(tx: Tx, idUsuario: number): Promise<string> {
  const [u] = await tx
    .select({ nombre: usuarios.nombre, apellido: usuarios.apellido })
    .from(usuarios)
    .where(eq(usuarios.idUsuario, idUsuario));
  return u ? `${u.nombre} ${u.apellido}` : `usuario ${idUsuario}`;
}
