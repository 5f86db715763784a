/** SQL behind reading one request: its header, its status history and the reasons of its last return. */
import { and, asc, desc, eq, exists, getTableColumns, notInArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  consultaConSesion,
  type FilaSesionLeida,
  porHashDeSesion,
  separarSesion,
} from "../auth/sesion-leida.repository.js";
import type { Tx } from "../db/client.js";
import {
  adjuntos,
  cargos,
  historial,
  historialMotivos,
  incumbentes,
  instituciones,
  motivos,
  solicitudes,
  usuarios,
} from "../db/schema.js";

/** The few columns every scope and status check needs. */
export async function solicitudBase(tx: Tx, idSolicitud: number) {
  const [row] = await tx
    .select({
      idSolicitud: solicitudes.idSolicitud,
      idInstitucion: solicitudes.idInstitucion,
      idIncumbente: solicitudes.idIncumbente,
      estatus: solicitudes.estatus,
    })
    .from(solicitudes)
    .where(eq(solicitudes.idSolicitud, idSolicitud));
  return row ?? null;
}

const asignado = alias(usuarios, "asignado");

/** The request's columns the detail shows: all but its search document (large, and never shown). */
const columnasSolicitud = (() => {
  const { busqueda: _documento, ...columnas } = getTableColumns(solicitudes);
  return columnas;
})();

/** The query behind `solicitudDetalle`, built once per database (a named prepared statement on PostgreSQL). */
function consultaDetalle(tx: Tx) {
  return tx
    .select({
      solicitud: columnasSolicitud,
      institucion: {
        nombre: instituciones.nombre,
        estructura: instituciones.estructura,
      },
      incumbente: incumbentes,
      cargoNombre: cargos.nombre,
      asignadoNombre: sql<
        string | null
      >`case when ${asignado.idUsuario} is null then null else ${asignado.nombre} || ' ' || ${asignado.apellido} end`,
      cantFuncionarios: solicitudes.cantFuncionarios,
      idEvidencia: sql<
        number | null
      >`(select max(${adjuntos.idAdjunto}) from ${adjuntos} where ${adjuntos.idSolicitud} = ${solicitudes.idSolicitud} and ${adjuntos.idFuncionario} is null and ${adjuntos.tipoAdjunto} = 'Evidencia')`,
    })
    .from(solicitudes)
    .innerJoin(instituciones, eq(instituciones.idInstitucion, solicitudes.idInstitucion))
    .innerJoin(incumbentes, eq(incumbentes.idIncumbente, solicitudes.idIncumbente))
    .innerJoin(cargos, eq(cargos.idCargo, incumbentes.codCargo))
    .leftJoin(asignado, eq(asignado.idUsuario, solicitudes.asignadoA))
    .where(eq(solicitudes.idSolicitud, sql.placeholder("idSolicitud")))
    .prepare("rf_solicitud_detalle");
}
const detallePreparado = new WeakMap<Tx, ReturnType<typeof consultaDetalle>>();

/** The request with its institution, incumbent, position, holder, officials count and evidence. */
export async function solicitudDetalle(tx: Tx, idSolicitud: number) {
  let consulta = detallePreparado.get(tx);
  if (!consulta) {
    consulta = consultaDetalle(tx);
    detallePreparado.set(tx, consulta);
  }
  const [row] = await consulta.execute({ idSolicitud });
  return row ?? null;
}
export type SolicitudDetalleFila = NonNullable<Awaited<ReturnType<typeof solicitudDetalle>>>;

const institucionSolicitud = alias(instituciones, "institucion_solicitud");

/**
 * The same detail read in the caller's session's statement (auth/lectura-con-sesion.ts): every table
 * LEFT joined to the session's row by the request's id, so the row is there with a missing request
 * too (its columns null). Built once per database, a named prepared statement on PostgreSQL.
 */
function consultaDetalleConSesion(tx: Tx) {
  return consultaConSesion(tx, {
    solicitud: columnasSolicitud,
    institucionSolicitud: { nombre: institucionSolicitud.nombre, estructura: institucionSolicitud.estructura },
    incumbente: incumbentes,
    cargoNombre: cargos.nombre,
    asignadoNombre: sql<
      string | null
    >`case when ${asignado.idUsuario} is null then null else ${asignado.nombre} || ' ' || ${asignado.apellido} end`,
    idEvidencia: sql<
      number | null
    >`(select max(${adjuntos.idAdjunto}) from ${adjuntos} where ${adjuntos.idSolicitud} = ${solicitudes.idSolicitud} and ${adjuntos.idFuncionario} is null and ${adjuntos.tipoAdjunto} = 'Evidencia')`,
  })
    .leftJoin(solicitudes, eq(solicitudes.idSolicitud, sql.placeholder("idSolicitud")))
    .leftJoin(institucionSolicitud, eq(institucionSolicitud.idInstitucion, solicitudes.idInstitucion))
    .leftJoin(incumbentes, eq(incumbentes.idIncumbente, solicitudes.idIncumbente))
    .leftJoin(cargos, eq(cargos.idCargo, incumbentes.codCargo))
    .leftJoin(asignado, eq(asignado.idUsuario, solicitudes.asignadoA))
    .where(porHashDeSesion())
    .limit(1)
    .prepare("rf_solicitud_detalle_sesion");
}
const detalleConSesionPreparado = new WeakMap<Tx, ReturnType<typeof consultaDetalleConSesion>>();

/** The caller's session (by its token's hash) and the request's detail as `solicitudDetalle` gives it, one statement. */
export async function solicitudDetalleConSesion(tx: Tx, hashSesion: string, idSolicitud: number) {
  let consulta = detalleConSesionPreparado.get(tx);
  if (!consulta) {
    consulta = consultaDetalleConSesion(tx);
    detalleConSesionPreparado.set(tx, consulta);
  }
  const [fila] = await consulta.execute({ clave: hashSesion, idSolicitud });
  const { sesion, datos } = separarSesion<Omit<typeof fila, keyof FilaSesionLeida>>(fila);
  if (!datos?.solicitud || !datos.incumbente || !datos.institucionSolicitud) return { sesion, datos: null };
  const { solicitud, institucionSolicitud: institucion, incumbente, cargoNombre, asignadoNombre, idEvidencia } = datos;
  const detalle: SolicitudDetalleFila = {
    solicitud,
    institucion: institucion as SolicitudDetalleFila["institucion"],
    incumbente,
    cargoNombre: cargoNombre as string,
    asignadoNombre,
    cantFuncionarios: solicitud.cantFuncionarios,
    idEvidencia,
  };
  return { sesion, datos: detalle };
}

/** The request's status history, oldest first, with who made each change. */
export async function historialDe(tx: Tx, idSolicitud: number) {
  return tx
    .select({
      estatus: historial.estatus,
      fecha: historial.fecha,
      motivoCambioEstatus: historial.motivoCambioEstatus,
      usuario: sql<
        string | null
      >`case when ${usuarios.idUsuario} is null then null else ${usuarios.nombre} || ' ' || ${usuarios.apellido} end`,
      usuarioExterno: sql<boolean>`coalesce(${usuarios.externo}, false)`,
      // The reasons given with a return or rejection, by name.
      motivos: sql<string[]>`coalesce((select array_agg(${motivos.nombre} order by ${motivos.idMotivo})
        from ${historialMotivos} join ${motivos} on ${motivos.idMotivo} = ${historialMotivos.idMotivo}
        where ${historialMotivos.idHistorial} = ${historial.idHistorial}), '{}')`,
    })
    .from(historial)
    .leftJoin(usuarios, eq(usuarios.idUsuario, historial.idUsuario))
    .where(eq(historial.idSolicitud, idSolicitud))
    .orderBy(asc(historial.fecha), asc(historial.idHistorial));
}
export type HistorialFila = Awaited<ReturnType<typeof historialDe>>[number];

/**
 * The reasons of the latest history entry that carries any (a return or a rejection), with its
 * comment; entries of the `excluidos` statuses are passed over (the internal returns, for the institution).
 */
export async function rechazosDe(tx: Tx, idSolicitud: number, excluidos: readonly number[] = []) {
  const [ultima] = await tx
    .select({ idHistorial: historial.idHistorial, comentario: historial.motivoCambioEstatus })
    .from(historial)
    .where(
      and(
        eq(historial.idSolicitud, idSolicitud),
        excluidos.length > 0 ? notInArray(historial.estatus, [...excluidos]) : undefined,
        exists(
          tx
            .select({ uno: sql`1` })
            .from(historialMotivos)
            .where(eq(historialMotivos.idHistorial, historial.idHistorial)),
        ),
      ),
    )
    .orderBy(desc(historial.fecha), desc(historial.idHistorial))
    .limit(1);
  if (!ultima) return [];
  const filas = await tx
    .select({ idMotivo: motivos.idMotivo, nombre: motivos.nombre, descripcion: motivos.descripcion })
    .from(historialMotivos)
    .innerJoin(motivos, eq(motivos.idMotivo, historialMotivos.idMotivo))
    .where(eq(historialMotivos.idHistorial, ultima.idHistorial))
    .orderBy(asc(motivos.idMotivo));
  return filas.map((f) => ({ ...f, comentario: ultima.comentario }));
}
export type RechazoFila = Awaited<ReturnType<typeof rechazosDe>>[number];
