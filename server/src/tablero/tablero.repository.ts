/**
 * The dashboard's SQL. Everything reads counters or small partial indexes kept by the
 * database (migrations 0006, 0011, 0045 and 0047), so its cost does not grow with the number of requests:
 * - `solicitudes_totales`: requests per status and institution (stages, institutions);
 * - `solicitudes_etapas`: each request's stays in stages, the open one indexed by stage and arrival
 *   (the oldest is the index's first entry);
 * - `etapas_espera`: waiting requests per stage, week of arrival and institution (totals, and the
 *   week where the median is read from the index); `etapas_espera_todas` the same summed over all
 *   institutions (migration 0047);
 * - `etapas_semanas`: entries and exits per week, stage and institution; `etapas_semanas_todas`
 *   the same summed over all institutions (0047);
 * - `funcionarios_por_vencer`: officials in force with an end date (migration 0045).
 * The service reads them all in one statement (`cifras`), a named prepared statement on
 * PostgreSQL: one round trip and one connection of the pool per call, parsed once per connection
 * (issue 40: as fast as its parts side by side on the pool for one caller, and ten callers at once
 * got 15% more calls through).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { filasNombradas as filas } from "../db/filas.js";

const deInstitucion = (idInstitucion: number | null, columna: SQL) =>
  idInstitucion === null ? sql`` : sql` and ${columna} = ${idInstitucion}`;

export type TotalEstatus = { estatus: number; n: number };

/** Requests per current status (all institutions, or one). */
const consultaTotales = (idInstitucion: number | null) =>
  sql`select estatus::int as estatus, sum(n)::int as n from solicitudes_totales
      where true${deInstitucion(idInstitucion, sql`id_institucion`)}
      group by estatus`;

export type Espera = { etapa: number; n: number; idSolicitud: number; desde: string; maximo: number; mediana: number };

/**
 * Requests waiting in each stage but Finalizado: how many, the oldest (and since when), and the
 * median of the seconds waited until `ahora` (the middle one, or the mean of the middle two). The
 * weekly histogram of arrivals says how many wait and in which week the middle one arrived; the
 * index is then read from that week's start, so only that week's requests are walked.
 */
function consultaEsperas(ahora: Date, idInstitucion: number | null) {
  const inst = deInstitucion(idInstitucion, sql`id_institucion`);
  const momento = sql`${ahora.toISOString()}::timestamptz`;
  return sql`with h as (${
    idInstitucion === null
      ? sql`select etapa, semana, n from etapas_espera_todas where etapa < 4 and n > 0`
      : sql`select etapa, semana, n from etapas_espera where id_institucion = ${idInstitucion} and etapa < 4 and n > 0`
  }),
      a as (
        select etapa, semana, n, (sum(n) over (partition by etapa order by semana))::int as acum,
               (sum(n) over (partition by etapa))::int as total
        from h),
      m as (
        select distinct on (etapa) etapa, semana, total, (total - 1) / 2 - (acum - n) as saltar
        from a where acum > (total - 1) / 2
        order by etapa, semana)
      select m.etapa::int as etapa, m.total as n, o.id_solicitud as "idSolicitud",
             to_char(o.entrada at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as desde,
             extract(epoch from (${momento} - o.entrada))::float8 as maximo,
             med.mediana::float8 as mediana
      from m
      cross join lateral (
        select id_solicitud, entrada from solicitudes_etapas
        where salida is null and etapa < 4 and etapa = m.etapa${inst}
        order by entrada, id_solicitud limit 1) o
      cross join lateral (
        select avg(extract(epoch from (${momento} - x.entrada))) as mediana from (
          select entrada from solicitudes_etapas
          where salida is null and etapa < 4 and etapa = m.etapa${inst}
            and entrada >= (m.semana::timestamp at time zone interval '-04:00')
          order by entrada, id_solicitud offset m.saltar limit 2 - m.total % 2) x) med`;
}

export type Semana = { semana: string; etapa: number; entradas: number; salidas: number };

/** Entries into and exits from each stage per week (weeks given by their Mondays). */
const consultaSemanas = (desde: string, hasta: string, idInstitucion: number | null) =>
  sql`select to_char(semana, 'YYYY-MM-DD') as semana, etapa::int as etapa, entradas, salidas
      from ${idInstitucion === null ? sql`etapas_semanas_todas` : sql`etapas_semanas`}
      where semana between ${desde}::date and ${hasta}::date${deInstitucion(idInstitucion, sql`id_institucion`)}
        and (entradas <> 0 or salidas <> 0)`;

export type PorInstitucion = { idInstitucion: number; institucion: string; solicitudes: number; enProceso: number };

/** Sent requests per institution (drafts and annulled ones left out), and of them those not finished. */
const consultaPorInstitucion = (idInstitucion: number | null) =>
  sql`select t.id_institucion as "idInstitucion", i.nombre as institucion,
             (sum(t.n) filter (where t.estatus not in (202, 109)))::int as solicitudes,
             coalesce(sum(t.n) filter (where t.estatus not in (202, 109, 106, 201)), 0)::int as "enProceso"
      from solicitudes_totales t join instituciones i on i.id_institucion = t.id_institucion
      where true${deInstitucion(idInstitucion, sql`t.id_institucion`)}
      group by t.id_institucion, i.nombre
      having sum(t.n) filter (where t.estatus not in (202, 109)) > 0
      order by solicitudes desc, i.nombre, t.id_institucion`;

/**
 * Officials in force whose end date is from `hoy` to `hasta`: contracts' estadoFirma "Por vencer"
 * (test/solicitudes/bandeja-vencimiento). Read from `funcionarios_por_vencer` (migration 0045), which
 * holds only officials in force with an end date on a request neither inactivated nor annulled: the
 * count is an index-only range of end dates, and the list joins only its first rows.
 */
export type PorVencer = {
  idFuncionario: number;
  idSolicitud: number;
  nombres: string;
  apellidos: string;
  cargo: string;
  institucion: string;
  fechaHasta: string;
};

function consultasPorVencer(hoy: string, hasta: string, idInstitucion: number | null, limite: number) {
  const condiciones = sql`v.fecha_hasta between ${hoy}::date and ${hasta}::date and v.desde <= ${hoy}::date
      ${deInstitucion(idInstitucion, sql`v.id_institucion`)}`;
  return {
    total: sql`select count(*)::int as total from funcionarios_por_vencer v where ${condiciones}`,
    lista: sql`select f.id_funcionario as "idFuncionario", f.id_solicitud as "idSolicitud", f.nombres, f.apellidos,
               c.nombre as cargo, i.nombre as institucion, to_char(v.fecha_hasta, 'YYYY-MM-DD') as "fechaHasta"
        from (select v.id_funcionario, v.fecha_hasta, v.id_institucion from funcionarios_por_vencer v
              where ${condiciones}
              order by v.fecha_hasta, v.id_funcionario
              limit ${limite}) v
        join funcionarios f on f.id_funcionario = v.id_funcionario
        join instituciones i on i.id_institucion = v.id_institucion
        join cargos c on c.id_cargo = f.cod_cargo
        order by v.fecha_hasta, v.id_funcionario`,
  };
}

/** The officials por vencer alone (the same queries as in `cifras`). */
export async function porVencer(db: Db, hoy: string, hasta: string, idInstitucion: number | null, limite: number) {
  const q = consultasPorVencer(hoy, hasta, idInstitucion, limite);
  const [[{ total }], lista] = await Promise.all([
    filas<{ total: number }>(db, q.total),
    filas<PorVencer>(db, q.lista),
  ]);
  return { total, lista };
}

export type Filtro = {
  ahora: Date;
  hoy: string;
  desde: string;
  hasta: string;
  idInstitucion: number | null;
  hastaPorVencer: string;
  limitePorVencer: number;
};

export type Cifras = {
  totales: TotalEstatus[];
  esperas: Espera[];
  semanas: Semana[];
  instituciones: PorInstitucion[];
  porVencer: { total: number; lista: PorVencer[] };
};

/** Rows of a query as one JSON array, in the order `orden` gives (its columns are `y`'s). */
const comoJson = (consulta: SQL, orden: SQL = sql`true`) =>
  sql`(select coalesce(json_agg(y order by ${orden}), '[]') from (${consulta}) y)`;

/**
 * Every figure of the dashboard in one statement (one round trip, one connection of the pool):
 * each part the same query as its function above, its rows as a JSON array.
 */
export async function cifras(db: Db, f: Filtro): Promise<Cifras> {
  const pv = consultasPorVencer(f.hoy, f.hastaPorVencer, f.idInstitucion, f.limitePorVencer);
  const [fila] = await filas<Omit<Cifras, "porVencer"> & { porVencerTotal: number; porVencer: PorVencer[] }>(
    db,
    sql`select ${comoJson(consultaTotales(f.idInstitucion))} as totales,
               ${comoJson(consultaEsperas(f.ahora, f.idInstitucion))} as esperas,
               ${comoJson(consultaSemanas(f.desde, f.hasta, f.idInstitucion))} as semanas,
               ${comoJson(consultaPorInstitucion(f.idInstitucion), sql`y.solicitudes desc, y.institucion, y."idInstitucion"`)} as instituciones,
               (${pv.total}) as "porVencerTotal",
               ${comoJson(pv.lista, sql`y."fechaHasta", y."idFuncionario"`)} as "porVencer"`,
  );
  const { porVencerTotal, porVencer: lista, ...resto } = fila;
  return { ...resto, porVencer: { total: porVencerTotal, lista } };
}
