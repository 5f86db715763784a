/** The /metrics figures kept in the database, each read in one statement at a scrape (metricas.ts). */
import type { Db } from "../db/client.js";

type Filas = { rows: Record<string, string | number | null>[] };

/** The e-mail outbox, active sessions, locked accounts and the last successful backup (Unix seconds). */
export async function cifrasBase(db: Db, idleMinutes: number, maxHours: number) {
  const r = (await db.execute(`
    select
      (select count(*) from correos where enviado is null and not fallido)::bigint as pendientes,
      coalesce(extract(epoch from now() - (select min(creado) from correos where enviado is null and not fallido)), 0)::float8 as antiguedad,
      (select count(*) from correos where fallido)::bigint as fallidos,
      (select count(*) from sesiones where revocada is null
         and ultimo_uso > now() - make_interval(mins => ${Math.trunc(idleMinutes)})
         and creada > now() - make_interval(hours => ${Math.trunc(maxHours)}))::bigint as sesiones,
      (select count(*) from (select id_usuario from bloqueos_acceso where bloqueado_hasta > now()
         union select id_usuario from usuarios where bloqueado_hasta > now()) b)::bigint as bloqueadas,
      (select extract(epoch from max(fin)) from respaldos where exito)::float8 as respaldo,
      extract(epoch from now())::float8 as ahora`)) as unknown as Filas;
  const f = r.rows[0];
  return {
    pendientes: Number(f.pendientes),
    antiguedad: Number(f.antiguedad),
    fallidos: Number(f.fallidos),
    sesiones: Number(f.sesiones),
    bloqueadas: Number(f.bloqueadas),
    respaldo: f.respaldo === null ? null : Number(f.respaldo),
    ahora: Number(f.ahora),
  };
}

/** Per live subscription: change notifications waiting, failing, given up, and the oldest waiting's age. */
export async function cifrasSuscripciones(db: Db) {
  const r = (await db.execute(`
    select s.id_suscripcion as id,
      count(n.id_notificacion) filter (where n.entregado is null and not n.fallido)::bigint as pendientes,
      count(n.id_notificacion) filter (where n.entregado is null and not n.fallido and n.intentos > 0)::bigint as reintentando,
      count(n.id_notificacion) filter (where n.fallido)::bigint as fallidas,
      coalesce(extract(epoch from now() - min(n.creado) filter (where n.entregado is null and not n.fallido)), 0)::float8 as antiguedad
    from suscripciones s left join notificaciones n on n.id_suscripcion = s.id_suscripcion
    where s.eliminada is null
    group by s.id_suscripcion`)) as unknown as Filas;
  return r.rows;
}

/** Import runs by state, and the silence of the oldest one still running. */
export async function cifrasImportaciones(db: Db) {
  const r = (await db.execute(`
    select estado, count(*)::bigint as n,
      coalesce(extract(epoch from now() - min(latido) filter (where estado not in ('terminada', 'fallida'))), 0)::float8 as silencio
    from importaciones group by estado`)) as unknown as Filas;
  return r.rows;
}
