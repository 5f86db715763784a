/**
 * SQL behind a renewal: copying an active request's incumbent, contact data, documents and active
 * officials (with their signatures and files) into a new request, inside the caller's transaction.
 * Files are copied row to row in the database; their bytes never pass through the app.
 */
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { solicitudes } from "../db/schema.js";

export async function solicitudParaRenovar(tx: Tx, idSolicitud: number) {
  const [s] = await tx.select().from(solicitudes).where(eq(solicitudes.idSolicitud, idSolicitud)).for("update");
  return s ?? null;
}

type Filas<T> = { rows: T[] };

/** Copies the request (new incumbent row, status 202) and returns the new ids. */
export async function copiarSolicitud(tx: Tx, idSolicitud: number, idUsuario: number) {
  const inc = (await tx.execute(sql`
    insert into incumbentes (id_institucion, cedula, nombres, apellidos, cod_cargo, telefono, firma_digital)
    select i.id_institucion, i.cedula, i.nombres, i.apellidos, i.cod_cargo, i.telefono, i.firma_digital
    from incumbentes i join solicitudes s on s.id_incumbente = i.id_incumbente
    where s.id_solicitud = ${idSolicitud}
    returning id_incumbente`)) as unknown as Filas<{ id_incumbente: number }>;
  const idIncumbente = inc.rows[0].id_incumbente;
  const sol = (await tx.execute(sql`
    insert into solicitudes (id_institucion, id_incumbente, estatus, comentario, inst_direccion, inst_telefono,
      inst_ext, inst_telefono2, inst_ext2, creado_por)
    select id_institucion, ${idIncumbente}, 202, comentario, inst_direccion, inst_telefono, inst_ext,
      inst_telefono2, inst_ext2, ${idUsuario}
    from solicitudes where id_solicitud = ${idSolicitud}
    returning id_solicitud`)) as unknown as Filas<{ id_solicitud: number }>;
  const nueva = sol.rows[0].id_solicitud;
  // The request's own documents (not the deactivation evidence).
  await tx.execute(sql`
    insert into adjuntos (id_solicitud, id_funcionario, tipo_adjunto, nombre, mime, tamano, sha256, contenido)
    select ${nueva}, null, tipo_adjunto, nombre, mime, tamano, sha256, contenido
    from adjuntos where id_solicitud = ${idSolicitud} and id_funcionario is null and tipo_adjunto <> 'Evidencia'`);
  return { idSolicitud: nueva, idIncumbente };
}

/** The request's active officials (ids), in the order they were added. */
export async function idsFuncionariosActivos(tx: Tx, idSolicitud: number): Promise<number[]> {
  const r = (await tx.execute(
    sql`select id_funcionario from funcionarios where id_solicitud = ${idSolicitud} and id_estatus = 2 order by id_funcionario`,
  )) as unknown as Filas<{ id_funcionario: number }>;
  return r.rows.map((f) => f.id_funcionario);
}

/**
 * Copies the given officials as new pending ones, with signatures and files, each remembering the
 * official it renews. A temporary signature gets new dates: from `hoy`, as long as before.
 */
export async function copiarFuncionarios(tx: Tx, ids: number[], hacia: number, hoy: string): Promise<number> {
  for (const id of ids) {
    const nuevo = (await tx.execute(sql`
      insert into funcionarios (id_solicitud, cedula, nombres, apellidos, cod_cargo, telefono, comentario,
        firma_digital, firma_vigencia, firma_rango, monto_desde, monto_hasta, fecha_desde, fecha_hasta,
        id_estatus, enviado, renueva_a)
      select ${hacia}, cedula, nombres, apellidos, cod_cargo, telefono, comentario, firma_digital,
        firma_vigencia, firma_rango, monto_desde, monto_hasta,
        case when firma_vigencia and fecha_desde is not null and fecha_hasta is not null then ${hoy}::date else fecha_desde end,
        case when firma_vigencia and fecha_desde is not null and fecha_hasta is not null
          then ${hoy}::date + (fecha_hasta - fecha_desde) else fecha_hasta end,
        1, false, id_funcionario
      from funcionarios where id_funcionario = ${id}
      returning id_funcionario`)) as unknown as Filas<{ id_funcionario: number }>;
    const idNuevo = nuevo.rows[0].id_funcionario;
    await tx.execute(sql`
      insert into funcionario_firmas (id_funcionario, id_firma)
      select ${idNuevo}, id_firma from funcionario_firmas where id_funcionario = ${id}`);
    await tx.execute(sql`
      insert into adjuntos (id_solicitud, id_funcionario, tipo_adjunto, nombre, mime, tamano, sha256, contenido)
      select ${hacia}, ${idNuevo}, tipo_adjunto, nombre, mime, tamano, sha256, contenido
      from adjuntos where id_funcionario = ${id}`);
  }
  return ids.length;
}

/**
 * The temporary officials of a request that renew another, with their dates and the renewed
 * official's: what the send checks.
 */
/** The dates of the signature an official renews (null when it renews none). */
export async function firmaRenovada(tx: Tx, renuevaA: number) {
  const r = (await tx.execute(sql`
    select o.fecha_desde::text as desde_anterior, o.fecha_hasta::text as hasta_anterior
    from funcionarios o where o.id_funcionario = ${renuevaA}`)) as unknown as Filas<{
    desde_anterior: string | null;
    hasta_anterior: string | null;
  }>;
  return r.rows[0] ?? null;
}

export async function renovacionesTemporales(tx: Tx, idSolicitud: number) {
  const r = (await tx.execute(sql`
    select f.nombres || ' ' || f.apellidos as nombre, f.fecha_desde::text as desde, f.fecha_hasta::text as hasta,
      o.fecha_desde::text as desde_anterior, o.fecha_hasta::text as hasta_anterior
    from funcionarios f join funcionarios o on o.id_funcionario = f.renueva_a
    where f.id_solicitud = ${idSolicitud} and f.firma_vigencia and f.id_estatus <> 3
    order by f.id_funcionario`)) as unknown as Filas<{
    nombre: string;
    desde: string | null;
    hasta: string | null;
    desde_anterior: string | null;
    hasta_anterior: string | null;
  }>;
  return r.rows;
}
