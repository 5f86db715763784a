/**
 * Backups and restores of the whole registry (the uploaded files live in the database, so the
 * database is everything). One file: a tar holding `manifiesto.json` and the database part —
 * PostgreSQL's `pg_dump` custom format taken inside an exported snapshot, or the embedded PGlite's
 * data folder as its own dump facility writes it (taken between two statements, so it is what a
 * crash at that instant would leave: consistent). The manifest records the product version, the
 * migration level, every table's row count and the audit chain's head as of that same snapshot, and
 * the SHA-256 of each part. A restore goes only into an empty database or data folder, checks the
 * file and the manifest, loads the part, runs pending migrations, and ends by comparing the counts
 * and verifying the audit chain.
 *
 * Longer than 300 lines: backup and restore are the two sides of one file format (manifest, parts,
 * digests, counts) and are read side by side.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { verificarCadena } from "../auditoria/cadena.js";
import type { ClaveAuditoria } from "../auditoria/clave.js";
import type { PuntoControl } from "../auditoria/puntos.js";
import { verificarAuditoria } from "../auditoria/verificacion.js";
import { bloquearCarpeta } from "../db/bloqueo.js";
import { type Database, openDatabase } from "../db/client.js";
import { migrate, NOMBRES_ANTERIORES } from "../db/migrate.js";
import { ContenedorInvalido, escribirContenedor, leerContenedor } from "./contenedor.js";

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const MANIFIESTO = "manifiesto.json";
const PARTE_PG = "base-de-datos.pgdump";
const PARTE_PGLITE = "base-de-datos.tar.gz";

export class RespaldoRechazado extends Error {}

export interface Manifiesto {
  formato: 1;
  producto: "Registro de Firmas";
  version: string;
  motor: "postgres" | "pglite";
  creado: string;
  migraciones: { aplicadas: number; ultima: string | null };
  tablas: Record<string, number>;
  auditoria: { entradas: number; ultimaId: number | null; ultimoHash: string | null };
  partes: { nombre: string; bytes: number; sha256: string }[];
}

export function versionProducto(): string {
  try {
    return JSON.parse(fs.readFileSync(path.join(raiz, "package.json"), "utf8")).version ?? "desconocida";
  } catch {
    return "desconocida";
  }
}

/** The journal's tags by their `when`, to name the migration level a database is at. */
function etiquetasMigraciones(): Map<number, string> {
  const carpeta = path.join(path.dirname(fileURLToPath(import.meta.url)), "../db/migrations/meta/_journal.json");
  const j = JSON.parse(fs.readFileSync(carpeta, "utf8")) as { entries: { when: number; tag: string }[] };
  return new Map(j.entries.map((e) => [e.when, e.tag]));
}

type Consulta = (texto: string) => Promise<Record<string, unknown>[]>;

/** Counts, migration level and audit head as one snapshot sees them. */
async function leerEstado(consulta: Consulta) {
  const tablas: Record<string, number> = {};
  const nombres = await consulta(
    "select tablename as t from pg_tables where schemaname = 'public' order by tablename collate \"C\"",
  );
  for (const { t } of nombres) {
    const [fila] = await consulta(`select count(*)::bigint as n from public."${String(t).replaceAll('"', '""')}"`);
    tablas[String(t)] = Number(fila.n);
  }
  const etiquetas = etiquetasMigraciones();
  let migraciones: Manifiesto["migraciones"] = { aplicadas: 0, ultima: null };
  const hayDrizzle = await consulta("select 1 from pg_tables where schemaname = 'drizzle'");
  if (hayDrizzle.length) {
    const m = await consulta(
      "select count(*)::int as n, max(created_at)::bigint as ultima from drizzle.__drizzle_migrations",
    );
    const ultima = m[0].ultima === null ? null : Number(m[0].ultima);
    migraciones = {
      aplicadas: Number(m[0].n),
      ultima: ultima === null ? null : (etiquetas.get(ultima) ?? String(ultima)),
    };
  }
  let auditoria: Manifiesto["auditoria"] = { entradas: 0, ultimaId: null, ultimoHash: null };
  if ("auditoria" in tablas) {
    const a = await consulta(
      "select id_auditoria::bigint as id, hash from auditoria order by id_auditoria desc limit 1",
    );
    auditoria = {
      entradas: tablas.auditoria,
      ultimaId: a.length ? Number(a[0].id) : null,
      ultimoHash: a.length ? String(a[0].hash) : null,
    };
  }
  return { tablas, migraciones, auditoria };
}

async function sha256Archivo(ruta: string): Promise<string> {
  const h = createHash("sha256");
  for await (const trozo of fs.createReadStream(ruta)) h.update(trozo as Buffer);
  return h.digest("hex");
}

/** The pg_dump/pg_restore of the newest PostgreSQL installed here (they read older servers too). */
export function binarioPostgres(nombre: "pg_dump" | "pg_restore"): string {
  const base = "/usr/lib/postgresql";
  if (fs.existsSync(base)) {
    const versiones = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a));
    for (const v of versiones) {
      const p = path.join(base, v, "bin", nombre);
      if (fs.existsSync(p)) return p;
    }
  }
  return nombre;
}

function ejecutar(cmd: string, args: string[], entorno: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const hijo = spawn(cmd, args, { stdio: ["ignore", "ignore", "pipe"], env: entorno });
    let err = "";
    hijo.stderr.on("data", (d) => {
      if (err.length < 10_000) err += d;
    });
    hijo.on("error", (e) =>
      reject(
        (e as NodeJS.ErrnoException).code === "ENOENT"
          ? new Error(`${cmd} no está instalado (paquete postgresql-client de Debian)`)
          : e,
      ),
    );
    hijo.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)}: ${err.trim()}`))));
  });
}

function carpetaTemporal(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "rf-respaldo-"));
}

async function cerrarManifiesto(
  destino: string,
  motor: Manifiesto["motor"],
  estado: Awaited<ReturnType<typeof leerEstado>>,
  parte: { nombre: string; ruta: string },
  ahora: Date,
): Promise<Manifiesto> {
  const manifiesto: Manifiesto = {
    formato: 1,
    producto: "Registro de Firmas",
    version: versionProducto(),
    motor,
    creado: ahora.toISOString(),
    ...estado,
    partes: [{ nombre: parte.nombre, bytes: fs.statSync(parte.ruta).size, sha256: await sha256Archivo(parte.ruta) }],
  };
  fs.mkdirSync(path.dirname(path.resolve(destino)), { recursive: true });
  await escribirContenedor(
    destino,
    [
      { nombre: MANIFIESTO, datos: Buffer.from(`${JSON.stringify(manifiesto, null, 2)}\n`) },
      { nombre: parte.nombre, ruta: parte.ruta },
    ],
    ahora.getTime(),
  );
  return manifiesto;
}

/**
 * PostgreSQL: a repeatable-read transaction exports its snapshot; the counts are read in it and
 * pg_dump dumps that very snapshot, so the manifest describes exactly what the dump holds while
 * the app goes on writing.
 */
/** A client of its own on PostgreSQL (pg is loaded here, not at the start of an embedded app). */
async function clientePostgres(databaseUrl: string): Promise<pg.Client> {
  const { default: driver } = await import("pg");
  return new driver.Client({ connectionString: databaseUrl });
}

export async function respaldarPostgres(databaseUrl: string, destino: string, ahora: Date): Promise<Manifiesto> {
  const tmp = carpetaTemporal();
  const cliente = await clientePostgres(databaseUrl);
  await cliente.connect();
  try {
    await cliente.query("begin isolation level repeatable read read only");
    const [{ snapshot }] = (await cliente.query("select pg_export_snapshot() as snapshot")).rows;
    const estado = await leerEstado(async (t) => (await cliente.query(t)).rows);
    const parte = path.join(tmp, PARTE_PG);
    await ejecutar(binarioPostgres("pg_dump"), [
      "--format=custom",
      `--snapshot=${snapshot}`,
      "--no-owner",
      "--no-acl",
      `--file=${parte}`,
      `--dbname=${databaseUrl}`,
    ]);
    await cliente.query("commit");
    return await cerrarManifiesto(destino, "postgres", estado, { nombre: PARTE_PG, ruta: parte }, ahora);
  } finally {
    await cliente.end().catch(() => {});
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Embedded: PGlite's dump of its data folder, taken between two transactions (PGlite's transaction
 * lock is held meanwhile, so writes wait for those seconds instead of interleaving). The counts come
 * from the dump itself, loaded into memory — which also proves, at backup time, that it loads.
 */
export async function respaldarPglite(cliente: PGlite, destino: string, ahora: Date): Promise<Manifiesto> {
  const tmp = carpetaTemporal();
  try {
    const parte = path.join(tmp, PARTE_PGLITE);
    const estado = await cliente._runExclusiveTransaction(async () => {
      const volcado = await cliente.dumpDataDir("gzip");
      fs.writeFileSync(parte, Buffer.from(await volcado.arrayBuffer()));
      const copia = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(parte)]) });
      try {
        return await leerEstado(async (t) => (await copia.query<Record<string, unknown>>(t)).rows);
      } finally {
        await copia.close();
      }
    });
    return await cerrarManifiesto(destino, "pglite", estado, { nombre: PARTE_PGLITE, ruta: parte }, ahora);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** Backs up an open database (the app's, or one the command line opened). */
export function respaldar(database: Pick<Database, "kind" | "pglite" | "url">, destino: string, ahora: Date) {
  if (database.kind === "postgres") {
    if (!database.url) throw new Error("PostgreSQL database without its connection string");
    return respaldarPostgres(database.url, destino, ahora);
  }
  if (!database.pglite) throw new Error("embedded database without its PGlite client");
  return respaldarPglite(database.pglite, destino, ahora);
}

export interface ResultadoRestauracion {
  manifiesto: Manifiesto;
  migracionesAplicadas: number;
  entradasAuditoria: number;
  /** The audit trail was checked with its key (seals and checkpoints), not only its hash chain. */
  conClave: boolean;
  /** What the source server had that is not this one's: see dejarFueraLoAjeno. */
  dejados: { respaldos: number; importacionesInterrumpidas: number };
}

/** With the audit key the restore checks seals and the checkpoints up to the backup's last entry. */
export interface ComprobacionAuditoria {
  clave: ClaveAuditoria;
  puntos: PuntoControl[];
}

/** Reads and checks a backup file; its parts are extracted into `carpeta`. */
export function abrirRespaldo(archivo: string, carpeta: string): { manifiesto: Manifiesto; parte: string } {
  if (!fs.existsSync(archivo)) throw new RespaldoRechazado(`No existe el archivo ${archivo}.`);
  let entradas: ReturnType<typeof leerContenedor>;
  try {
    entradas = leerContenedor(archivo, carpeta);
  } catch (e) {
    if (e instanceof ContenedorInvalido) throw new RespaldoRechazado(`El respaldo no es válido: ${e.message}.`);
    throw e;
  }
  const m = entradas.find((e) => e.nombre === MANIFIESTO);
  if (!m) throw new RespaldoRechazado("El respaldo no es válido: no tiene manifiesto.");
  let manifiesto: Manifiesto;
  try {
    manifiesto = JSON.parse(fs.readFileSync(m.ruta, "utf8"));
  } catch {
    throw new RespaldoRechazado("El respaldo no es válido: el manifiesto no se puede leer.");
  }
  if (manifiesto.formato !== 1 || manifiesto.producto !== "Registro de Firmas") {
    throw new RespaldoRechazado("El archivo no es un respaldo de Registro de Firmas.");
  }
  const nombreParte = manifiesto.motor === "postgres" ? PARTE_PG : PARTE_PGLITE;
  const declarada = manifiesto.partes?.find((p) => p.nombre === nombreParte);
  const parte = entradas.find((e) => e.nombre === nombreParte);
  if (!declarada || !parte || declarada.sha256 !== parte.sha256 || declarada.bytes !== parte.bytes) {
    throw new RespaldoRechazado(`El respaldo no es válido: la parte ${nombreParte} no coincide con el manifiesto.`);
  }
  // A backup made before the migrations were renamed names its level the old way.
  const conocidas = new Set([...etiquetasMigraciones().values(), ...Object.keys(NOMBRES_ANTERIORES)]);
  if (manifiesto.migraciones.ultima && !conocidas.has(manifiesto.migraciones.ultima)) {
    throw new RespaldoRechazado(
      `El respaldo viene de una versión más reciente (migración ${manifiesto.migraciones.ultima}); actualice la aplicación antes de restaurarlo.`,
    );
  }
  return { manifiesto, parte: parte.ruta };
}

async function postgresVacia(databaseUrl: string): Promise<boolean> {
  const cliente = await clientePostgres(databaseUrl);
  await cliente.connect();
  try {
    const r = await cliente.query(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'
         and n.nspname not like 'pg\\_temp%'`,
    );
    return r.rows[0].n === 0;
  } finally {
    await cliente.end();
  }
}

/** After loading: pending migrations, then the counts and the audit chain against the manifest. */
async function completarRestauracion(
  database: Database,
  manifiesto: Manifiesto,
  auditoria?: ComprobacionAuditoria,
): Promise<ResultadoRestauracion> {
  const antes = await contarMigraciones(database);
  await migrate(database);
  const despues = await contarMigraciones(database);
  const consulta: Consulta = async (t) =>
    ((await database.db.execute(t)) as unknown as { rows: Record<string, unknown>[] }).rows;
  if (despues === antes) {
    // Same migration level: every table must hold exactly what the manifest counted.
    const estado = await leerEstado(consulta);
    for (const [tabla, n] of Object.entries(manifiesto.tablas)) {
      if (estado.tablas[tabla] !== n) {
        throw new RespaldoRechazado(
          `La restauración no coincide con el manifiesto: la tabla ${tabla} tiene ${estado.tablas[tabla] ?? 0} filas y el respaldo ${n}.`,
        );
      }
    }
  } else {
    // Migrations may add rows to new tables; tables the backup had must still hold at least its rows.
    const estado = await leerEstado(consulta);
    for (const [tabla, n] of Object.entries(manifiesto.tablas)) {
      if ((estado.tablas[tabla] ?? 0) < n) {
        throw new RespaldoRechazado(`La restauración no coincide con el manifiesto en la tabla ${tabla}.`);
      }
    }
  }
  if (auditoria) {
    // Checkpoints taken after the backup name entries it cannot hold: only the earlier ones apply.
    const ultima = manifiesto.auditoria.ultimaId ?? 0;
    const puntos = auditoria.puntos.filter((p) => p.entrada <= ultima);
    const r = await verificarAuditoria(database.db, auditoria.clave, puntos);
    if (!r.integra) throw new RespaldoRechazado(`La auditoría restaurada no es íntegra: ${r.mensaje}`);
    const dejados = await dejarFueraLoAjeno(database);
    return {
      manifiesto,
      migracionesAplicadas: despues - antes,
      entradasAuditoria: r.entradas,
      conClave: true,
      dejados,
    };
  }
  const cadena = await verificarCadena(database.db);
  if (!cadena.integra) {
    throw new RespaldoRechazado(
      `La cadena de auditoría restaurada no es íntegra: falla en la entrada ${cadena.idAuditoria}.`,
    );
  }
  const dejados = await dejarFueraLoAjeno(database);
  return {
    manifiesto,
    migracionesAplicadas: despues - antes,
    entradasAuditoria: cadena.entradas,
    conClave: false,
    dejados,
  };
}

/**
 * A restored registry is this server's, not a copy of the source's state of work: the source's
 * backup runs (its files are on that server; one running when the backup was taken would show
 * "En curso" for ever) are removed, and the import runs that were running are closed as
 * interrupted. Neither is audited data. Returns what was left out.
 */
async function dejarFueraLoAjeno(database: Database): Promise<ResultadoRestauracion["dejados"]> {
  return database.db.transaction(async (tx) => {
    const n = async (texto: string) => ((await tx.execute(texto)) as unknown as { rows: unknown[] }).rows.length;
    return {
      respaldos: await n("delete from respaldos returning 1"),
      importacionesInterrumpidas: await n(`update importaciones set estado = 'fallida', fin = now(),
        error = 'Interrumpida: la base se restauró de un respaldo tomado mientras se ejecutaba.',
        contenido = null, documentos = null
        where estado not in ('terminada', 'fallida') returning 1`),
    };
  });
}

async function contarMigraciones(database: Database): Promise<number> {
  const r = (await database.db.execute(
    "select count(*)::int as n from pg_tables where schemaname = 'drizzle' and tablename = '__drizzle_migrations'",
  )) as unknown as { rows: { n: number }[] };
  if (!r.rows[0].n) return 0;
  const m = (await database.db.execute("select count(*)::int as n from drizzle.__drizzle_migrations")) as unknown as {
    rows: { n: number }[];
  };
  return Number(m.rows[0].n);
}

/** Says what the restore brought and what it left out. */
function contarDejados(r: ResultadoRestauracion, log: (linea: string) => void): ResultadoRestauracion {
  const filas = Object.values(r.manifiesto.tablas).reduce((a, b) => a + b, 0);
  log(
    `Traído: ${Object.keys(r.manifiesto.tablas).length} tablas con ${filas} filas (usuarios, solicitudes, documentos, ` +
      `funcionarios, auditoría de ${r.entradasAuditoria} entradas…).`,
  );
  log(
    `Dejado fuera: ${r.dejados.respaldos} registros de respaldos del servidor de origen (sus archivos están allí), ` +
      `${r.dejados.importacionesInterrumpidas} importaciones en curso (cerradas como interrumpidas), y lo que ` +
      "nunca va en un respaldo: la clave de auditoría, el certificado de sello y el archivo de entorno.",
  );
  return r;
}

/** Restores a backup into an empty PostgreSQL database or an empty (or absent) data folder. */
export async function restaurar(
  archivo: string,
  destino: { databaseUrl?: string; dataDir?: string },
  log: (linea: string) => void = () => {},
  auditoria?: ComprobacionAuditoria,
): Promise<ResultadoRestauracion> {
  const tmp = carpetaTemporal();
  try {
    const { manifiesto, parte } = abrirRespaldo(archivo, tmp);
    log(
      `Respaldo íntegro: ${manifiesto.motor}, versión ${manifiesto.version}, creado ${manifiesto.creado}, migración ${manifiesto.migraciones.ultima ?? "ninguna"}.`,
    );
    if (destino.databaseUrl) {
      if (manifiesto.motor !== "postgres") {
        throw new RespaldoRechazado(
          "Este respaldo es de la base embebida (PGlite): restáurelo en una carpeta de datos (DATA_DIR), sin DATABASE_URL.",
        );
      }
      if (!(await postgresVacia(destino.databaseUrl))) {
        throw new RespaldoRechazado(
          "La base de datos de destino no está vacía: restaure solo en una base nueva y vacía (createdb).",
        );
      }
      log("Cargando la base de datos (pg_restore)…");
      await ejecutar(binarioPostgres("pg_restore"), [
        "--no-owner",
        "--no-acl",
        "--exit-on-error",
        "--single-transaction",
        `--dbname=${destino.databaseUrl}`,
        parte,
      ]);
      const database = await openDatabase({ databaseUrl: destino.databaseUrl });
      try {
        return contarDejados(await completarRestauracion(database, manifiesto, auditoria), log);
      } finally {
        await database.close();
      }
    }
    if (!destino.dataDir) throw new Error("restore needs DATABASE_URL or DATA_DIR");
    if (manifiesto.motor !== "pglite") {
      throw new RespaldoRechazado(
        "Este respaldo es de PostgreSQL: restáurelo con DATABASE_URL apuntando a una base nueva y vacía.",
      );
    }
    const pgdata = path.join(destino.dataDir, "pgdata");
    if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0) {
      throw new RespaldoRechazado(
        `La carpeta de datos ${destino.dataDir} no está vacía: restaure solo en una carpeta nueva (DATA_DIR).`,
      );
    }
    const liberar = bloquearCarpeta(destino.dataDir);
    try {
      log("Cargando la base embebida…");
      fs.mkdirSync(pgdata, { recursive: true });
      const cliente = await PGlite.create(pgdata, { loadDataDir: new Blob([fs.readFileSync(parte)]) });
      await cliente.close();
    } catch (e) {
      fs.rmSync(pgdata, { recursive: true, force: true });
      throw e;
    } finally {
      liberar();
    }
    const database = await openDatabase({ dataDir: destino.dataDir });
    try {
      return contarDejados(await completarRestauracion(database, manifiesto, auditoria), log);
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
