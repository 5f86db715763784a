/**
 * Verification benchmark: seeds 100,000 requests with 250,000 officials (2.5 a request;
 * about 150,000 people, so that most people hold several entries across institutions and years),
 * their signatures, amount ranges, validity dates and authorisation periods (open for active
 * requests, closed for inactivated ones, some with a deactivation and reactivation), into a fresh
 * embedded PGlite and/or a fresh database on the PostgreSQL server of DATABASE_URL (or
 * TEST_PG_URL), then times GET api/Verificacion/Firma through `app.inject` as the consultant:
 * a cédula alone (today), with signature, amount and a past date, with the institution, and a
 * cédula not in the registry. Each question uses a different person on every call.
 * Target: p95 ≤ 20 ms on PostgreSQL.
 *
 * Usage (from the repository root):
 *   node --import tsx server/bench/verificacion.ts
 * Settings (environment): DATABASE_URL / TEST_PG_URL, BENCH_DB (pglite | postgres | both),
 *   BENCH_N (requests, default 100000), BENCH_ITER (timed calls per question, default 300).
 */
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { digitoVerificador } from "@registro/contracts";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/app.js";
import { prepararBase } from "../src/bootstrap.js";
import { loadConfig } from "../src/config.js";
import type { Database, Db } from "../src/db/client.js";
import { DEMO_PASSWORD } from "../src/seed/demo.js";
import { relojDelSistema } from "../src/shared/tiempo.js";
import { BASES, conBase, percentil } from "./bases.js";

const N = Number(process.env.BENCH_N ?? 100_000);
const ITER = Number(process.env.BENCH_ITER ?? 300);
const WARMUP = 30;
/** People the officials are drawn from. */
const PERSONAS = Math.round(N * 1.5);

async function filas<T>(db: Db, q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** The cédula of person i: 402-XXXXXXX-D with a valid check digit. */
export function cedulaDe(i: number): string {
  const base = `402${String(i).padStart(7, "0")}`;
  return `${base.slice(0, 3)}-${base.slice(3)}-${digitoVerificador(base)}`;
}

/** Seeds `n` requests with their officials (2.5 a request, drawn from 1.5 n people); answers the ms taken. */
export async function sembrar(db: Db, n: number): Promise<number> {
  const t0 = performance.now();
  await db.execute(sql`
    create or replace function azar(g int, sal int, n int) returns int language sql immutable
    as 'select ((hashint4(g * 31 + sal)::bigint + 2147483648) % n)::int'`);
  // Luhn over ten digits, as contracts' digitoVerificador: doubling starts at the rightmost digit.
  await db.execute(sql`
    create or replace function luhn10(b text) returns int language sql immutable as $$
      select (10 - sum(case when (10 - i) % 2 = 0
                            then case when substr(b, i, 1)::int * 2 > 9 then substr(b, i, 1)::int * 2 - 9
                                      else substr(b, i, 1)::int * 2 end
                            else substr(b, i, 1)::int end) % 10) % 10
      from generate_series(1, 10) i $$`);
  await db.execute(sql`
    insert into instituciones (nombre, estructura, direccion, telefono)
    select 'Institución de verificación ' || g, 'Gobierno Central', 'Calle ' || g, '(809) 555-' || lpad(g::text, 4, '0')
    from generate_series(1, 40) g`);
  const [{ maxInc }] = await filas<{ maxInc: number }>(
    db,
    sql`select coalesce(max(id_incumbente), 0)::int as "maxInc" from incumbentes`,
  );
  await db.execute(sql`
    insert into incumbentes (id_institucion, cedula, nombres, apellidos, cod_cargo, telefono)
    select inst.ids[1 + azar(g, 1, array_length(inst.ids, 1))], '001-' || lpad(g::text, 7, '0') || '-0',
           'Autoridad', 'De Prueba ' || g, c.id, '(809) 555-0101'
    from generate_series(1, ${n}::int) g,
         (select array_agg(id_institucion order by id_institucion) as ids from instituciones) inst,
         (select min(id_cargo) as id from cargos where tipo = 1) c`);
  const [{ maxSol }] = await filas<{ maxSol: number }>(
    db,
    sql`select coalesce(max(id_solicitud), 0)::int as "maxSol" from solicitudes`,
  );
  await db.execute(sql`
    insert into solicitudes (id_institucion, id_incumbente, estatus, fecha_solicitud, fue_activa, decidido_juridico)
    select i.id_institucion, i.id_incumbente, e.estatus, now() - ((${n}::int - i.rn) * interval '20 minutes'),
           e.estatus in (106, 203, 201), e.estatus in (105, 106, 203, 201)
    from (select *, row_number() over (order by id_incumbente) as rn from incumbentes
          where id_incumbente > ${maxInc}::int) i
    cross join lateral (select (array[106,106,106,106,106,106,201,203,101,102,105,104])
                               [1 + azar(i.rn::int, 7, 12)] as estatus) e`);
  // 2.5 officials a request (1 + id % 4), each one of PERSONAS people.
  await db.execute(sql`
    insert into funcionarios (id_solicitud, cedula, nombres, apellidos, cod_cargo, telefono, id_estatus, enviado,
                              firma_rango, monto_desde, monto_hasta, firma_vigencia, fecha_desde, fecha_hasta, creado)
    select s.id_solicitud, '402-' || lpad(p.i::text, 7, '0') || '-' || luhn10('402' || lpad(p.i::text, 7, '0')),
           'Persona ' || p.i, 'De Prueba', c.id, '(809) 555-0202',
           case when s.estatus in (106, 203, 201) then 2 else 1 end, true,
           azar(s.id_solicitud, k, 2) = 0,
           case when azar(s.id_solicitud, k, 2) = 0 then 1000 end,
           case when azar(s.id_solicitud, k, 2) = 0 then 1000000 end,
           azar(s.id_solicitud, k + 10, 3) = 0,
           case when azar(s.id_solicitud, k + 10, 3) = 0 then (s.fecha_solicitud)::date end,
           case when azar(s.id_solicitud, k + 10, 3) = 0 then (s.fecha_solicitud + interval '2 years')::date end,
           s.fecha_solicitud
    from solicitudes s
    cross join lateral generate_series(1, 1 + s.id_solicitud % 4) k
    cross join lateral (select azar(s.id_solicitud * 7 + k, 9, ${PERSONAS}::int) as i) p,
    (select min(id_cargo) as id from cargos where tipo = 2) c
    where s.id_solicitud > ${maxSol}::int`);
  await db.execute(sql`
    insert into funcionario_firmas (id_funcionario, id_firma)
    select f.id_funcionario, x.id_firma
    from funcionarios f
    cross join lateral (select id_firma from firmas order by hashint4(f.id_funcionario * 13 + id_firma)
                        limit 1 + f.id_funcionario % 3) x
    where f.id_solicitud > ${maxSol}::int`);
  // Periods: active requests one open period (a tenth deactivated and reactivated before it);
  // inactivated ones a closed period.
  await db.execute(sql`
    insert into autorizaciones (id_funcionario, id_solicitud, desde, hasta, causa_fin)
    select f.id_funcionario, f.id_solicitud, s.fecha_solicitud + interval '3 days',
           case when s.estatus = 201 then s.fecha_solicitud + interval '200 days'
                when f.id_funcionario % 10 = 0 then s.fecha_solicitud + interval '30 days' end,
           case when s.estatus = 201 or f.id_funcionario % 10 = 0 then 'solicitud' end
    from funcionarios f join solicitudes s on s.id_solicitud = f.id_solicitud
    where f.id_solicitud > ${maxSol}::int and f.id_estatus = 2`);
  await db.execute(sql`
    insert into autorizaciones (id_funcionario, id_solicitud, desde)
    select f.id_funcionario, f.id_solicitud, s.fecha_solicitud + interval '40 days'
    from funcionarios f join solicitudes s on s.id_solicitud = f.id_solicitud
    where f.id_solicitud > ${maxSol}::int and f.id_estatus = 2 and s.estatus <> 201 and f.id_funcionario % 10 = 0`);
  await db.execute(sql`drop function azar(int, int, int)`);
  await db.execute(sql`drop function luhn10(text)`);
  await db.execute(sql`vacuum analyze`);
  return performance.now() - t0;
}

async function medir(database: Database) {
  const config = loadConfig({ LOG_LEVEL: "silent", LOGIN_RATE_LIMIT: "1000" });
  const app = await buildApp({ db: database.db, reloj: relojDelSistema, config }, { logger: false });
  await app.ready();
  const login = await app.inject({
    method: "POST",
    url: "/api/Account/LogIn",
    payload: { userName: "consultor", password: DEMO_PASSWORD },
  });
  const token = login.json().token as string;
  const [{ funcionarios, personas }] = await filas<{ funcionarios: number; personas: number }>(
    database.db,
    sql`select count(*)::int as funcionarios, count(distinct cedula)::int as personas from funcionarios`,
  );
  const [{ idInst }] = await filas<{ idInst: number }>(
    database.db,
    sql`select min(id_institucion)::int as "idInst" from instituciones where nombre like 'Institución de verificación%'`,
  );
  let k = 0;
  const persona = () => cedulaDe(Math.floor((k++ * 7919) % PERSONAS));
  const preguntas: [string, () => Record<string, string>][] = [
    ["cédula (hoy)", () => ({ cedula: persona() })],
    ["firma, monto y fecha pasada", () => ({ cedula: persona(), idFirma: "101", monto: "40000", fecha: "2025-03-10" })],
    ["con institución", () => ({ cedula: persona(), institucion: String(idInst + (k % 40)) })],
    ["cédula no registrada", () => ({ cedula: cedulaDe(PERSONAS + 1000 + k++) })],
  ];
  // A reference on the same machine at the same moment: the cheapest signed-in call there is.
  const referencia = async () => {
    const tiempos: number[] = [];
    for (let i = 0; i < WARMUP + ITER; i++) {
      const t0 = performance.now();
      const res = await app.inject({
        method: "GET",
        url: "/api/Account/GetUserData",
        headers: { authorization: token },
      });
      if (res.statusCode !== 200) throw new Error(`GetUserData: ${res.statusCode}`);
      if (i >= WARMUP) tiempos.push(performance.now() - t0);
    }
    tiempos.sort((a, b) => a - b);
    return {
      nombre: "(referencia: GetUserData)",
      p50: percentil(tiempos, 50),
      p95: percentil(tiempos, 95),
      autorizados: 0,
    };
  };
  const resultados: { nombre: string; p50: number; p95: number; autorizados: number }[] = [];
  for (const [nombre, pregunta] of preguntas) {
    const llamar = async () => {
      const res = await app.inject({
        method: "GET",
        url: "/api/Verificacion/Firma",
        query: pregunta(),
        headers: { authorization: token },
      });
      if (res.statusCode !== 200) throw new Error(`${nombre}: ${res.statusCode} ${res.body}`);
      return res.json() as { autorizado: boolean };
    };
    for (let i = 0; i < WARMUP; i++) await llamar();
    const tiempos: number[] = [];
    let autorizados = 0;
    for (let i = 0; i < ITER; i++) {
      const t0 = performance.now();
      if ((await llamar()).autorizado) autorizados++;
      tiempos.push(performance.now() - t0);
    }
    tiempos.sort((a, b) => a - b);
    resultados.push({ nombre, p50: percentil(tiempos, 50), p95: percentil(tiempos, 95), autorizados });
  }
  resultados.push(await referencia());
  // The database's own time for the answer's three reads, for one person with several entries.
  const [{ cedula }] = await filas<{ cedula: string }>(
    database.db,
    sql`select cedula from funcionarios group by cedula having count(*) >= 3 limit 1`,
  );
  const plan = async (q: ReturnType<typeof sql>) => {
    const [fila] = await filas<Record<string, unknown>>(database.db, sql`explain (analyze, format json) ${q}`);
    const json = Object.values(fila)[0];
    const datos = (typeof json === "string" ? JSON.parse(json) : json) as { "Execution Time": number }[];
    return datos[0]["Execution Time"];
  };
  const ids = sql`(select id_funcionario from funcionarios where cedula = ${cedula} and enviado)`;
  const sqlMs = [
    await plan(sql`select f.*, s.id_institucion, s.estatus, i.nombre, c.nombre from funcionarios f
      join solicitudes s on s.id_solicitud = f.id_solicitud join instituciones i on i.id_institucion = s.id_institucion
      join cargos c on c.id_cargo = f.cod_cargo where f.cedula = ${cedula} and f.enviado
      order by f.id_solicitud desc, f.id_funcionario limit 200`),
    await plan(sql`select ff.id_funcionario, fi.id_firma, fi.firma, t.nombre from funcionario_firmas ff
      join firmas fi on fi.id_firma = ff.id_firma join tipos_firma t on t.id_tipo_firma = fi.id_tipo_firma
      where ff.id_funcionario in ${ids}`),
    await plan(sql`select * from autorizaciones where id_funcionario in ${ids} order by id_funcionario, desde`),
  ];
  await app.close();
  return { funcionarios, personas, resultados, sqlMs };
}

// Run as a script (the batch benchmark imports the seeding only).
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const kind of BASES) {
    await conBase(kind, async (database) => {
      await prepararBase(database, { demoData: "always", padronFile: undefined });
      const sembrado = await sembrar(database.db, N);
      const { funcionarios, personas, resultados, sqlMs } = await medir(database);
      console.log(
        `\n${kind === "pglite" ? "PGlite" : "PostgreSQL"}: ${N.toLocaleString("es-ES")} solicitudes, ` +
          `${funcionarios.toLocaleString("es-ES")} funcionarios (${personas.toLocaleString("es-ES")} personas) ` +
          `sembrados en ${(sembrado / 1000).toFixed(1)} s; ${ITER} llamadas por pregunta`,
      );
      console.log(
        `${"pregunta".padEnd(32)}${"autorizados".padStart(12)}${"p50 ms".padStart(9)}${"p95 ms".padStart(9)}`,
      );
      for (const r of resultados) {
        console.log(
          `${r.nombre.padEnd(32)}${`${r.autorizados}/${ITER}`.padStart(12)}${r.p50.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}`,
        );
      }
      console.log(
        `tiempo de la base (explain analyze) por lectura: ${sqlMs.map((x) => `${x.toFixed(2)} ms`).join(", ")}`,
      );
    });
  }
}
