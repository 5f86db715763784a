/**
 * `npm run importar -- ARCHIVO [--documentos ZIP] [--aplicar] [--crear-catalogos]`: the first load
 * of the registry by IT, with the screen's engine and report. A test run unless --aplicar; the
 * progress on the terminal, the counts and the first refusals at the end, the whole report as CSV
 * beside the file (ARCHIVO.informe.csv). The run is listed on the "Importar registro" screen too.
 * Exit code 0 when every row passed (and, with --aplicar, the registry was changed), 1 otherwise.
 */
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { prepararAuditoria } from "../auditoria/arranque.js";
import { type Config, ConfigError, loadConfig } from "../config.js";
import { CarpetaBloqueada } from "../db/bloqueo.js";
import { openDatabase } from "../db/client.js";
import { basePreparada } from "../db/migrate.js";
import { BASE_SIN_PREPARAR, cargarEntornoDeArgumentos, faltaClave } from "../shared/linea.js";
import { fechaLocal, relojDelSistema } from "../shared/tiempo.js";
import { crearPlanificador } from "../tareas/planificador.js";
import * as repo from "./importacion.repository.js";
import * as servicio from "./importacion.service.js";
import { LATIDO_MS } from "./importacion.service.js";
import { ejecutarImportacion, sha256De } from "./motor.js";

const USO =
  "Uso: npm run importar -- ARCHIVO.csv|ARCHIVO.xlsx [--documentos ARCHIVO.zip] [--aplicar] [--crear-catalogos]";

function opciones(args: string[]) {
  const libres: string[] = [];
  let documentos: string | null = null;
  let aplicar = false;
  let crearCatalogos = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--") continue;
    if (a === "--aplicar") aplicar = true;
    else if (a === "--crear-catalogos") crearCatalogos = true;
    else if (a === "--documentos") documentos = args[++i] ?? null;
    else if (a.startsWith("--")) throw new Error(`Opción desconocida: ${a}\n${USO}`);
    else libres.push(a);
  }
  if (libres.length !== 1) throw new Error(USO);
  // npm runs scripts from the repository's root; paths are the caller's.
  const base = process.env.INIT_CWD ?? process.cwd();
  return {
    archivo: path.resolve(base, libres[0]),
    documentos: documentos === null ? null : path.resolve(base, documentos),
    aplicar,
    crearCatalogos,
  };
}

const miles = (n: number) => n.toLocaleString("es-DO");

type Opciones = ReturnType<typeof opciones>;
type Base = Awaited<ReturnType<typeof openDatabase>>;

/** The command's arguments and settings, or the exit code when they cannot be used. */
function leerArgumentos(): { op: Opciones; config: Config } | number {
  let op: Opciones;
  let config: Config;
  try {
    op = opciones(cargarEntornoDeArgumentos(process.argv.slice(2)));
    config = loadConfig();
  } catch (e) {
    console.error(e instanceof Error || e instanceof ConfigError ? e.message : String(e));
    return 2;
  }
  const sinClave = faltaClave(config);
  if (sinClave) {
    console.error(sinClave);
    return 2;
  }
  for (const archivo of [op.archivo, op.documentos]) {
    if (archivo !== null && !fs.existsSync(archivo)) {
      console.error(`No existe el archivo ${archivo}.`);
      return 2;
    }
  }
  return { op, config };
}

/** The database, unless the app holds the embedded one (exit code 2, said in Spanish). */
async function abrir(config: Config): Promise<Base | number> {
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (e) {
    if (!(e instanceof CarpetaBloqueada)) throw e;
    console.error(
      `La aplicación está en marcha sobre ${config.dataDir}: deténgala para importar desde la línea de comandos, o use la pantalla «Importar registro».`,
    );
    return 2;
  }
}

/**
 * The run, listed on the "Importar registro" screen too; while it runs it is marked alive (a server
 * sharing the PostgreSQL database closes runs that fall silent), its progress on the terminal.
 */
async function correr(database: Base, config: Config, op: Opciones) {
  const reloj = relojDelSistema;
  await prepararAuditoria(database.db, config, reloj(), (l) => console.error(l));
  const contenido = fs.readFileSync(op.archivo);
  const documentos =
    op.documentos === null ? null : { nombre: path.basename(op.documentos), contenido: fs.readFileSync(op.documentos) };
  const ahora = reloj();
  const interactivo = process.stderr.isTTY;
  let ultima = 0;
  const idImportacion = await repo.crearEjecucion(database.db, {
    idUsuario: null,
    archivo: path.basename(op.archivo),
    sha256: sha256De(contenido),
    documentosNombre: documentos?.nombre ?? null,
    aplicar: op.aplicar,
    crearCatalogos: op.crearCatalogos,
    estado: "validando",
    inicio: ahora,
  });
  // The heartbeat is a task of the one scheduler (tareas/), run by this command's process alone.
  const latido = crearPlanificador({ db: database.db, reloj, config, log: { warn: () => {} } });
  if (database.kind === "postgres") {
    const db = database.db;
    latido.registrar({
      nombre: "importacion.latido-linea",
      cuando: { cadaMs: LATIDO_MS },
      alcance: "cadaProceso",
      ejecutar: () => repo.latir(db, [idImportacion]),
    });
    latido.iniciar();
  }
  try {
    const r = await ejecutarImportacion(database.db, {
      idImportacion,
      archivo: path.basename(op.archivo),
      contenido,
      documentos,
      aplicar: op.aplicar,
      crearCatalogos: op.crearCatalogos,
      idUsuario: null,
      hoy: fechaLocal(ahora),
      ahora,
      reloj,
      progreso: (fase, hechas, total) => {
        const t = performance.now();
        if (t - ultima < 500 && hechas !== total) return;
        ultima = t;
        const linea = `${fase === "validando" ? "Validando" : "Aplicando"}: ${miles(hechas)}${total === null ? "" : ` de ${miles(total)}`} filas`;
        process.stderr.write(interactivo ? `\r${linea}   ` : `${linea}\n`);
      },
    });
    if (interactivo) process.stderr.write("\n");
    return { r, idImportacion, conDocumentos: documentos !== null };
  } finally {
    await latido.detener();
  }
}

/** The counts and the first refusals on the terminal; the whole report beside the file. Answers the exit code. */
async function informar(database: Base, op: Opciones, corrida: Awaited<ReturnType<typeof correr>>, segundos: string) {
  const { r, idImportacion, conDocumentos } = corrida;
  const c = r.conteos;
  console.log(
    `${op.aplicar ? "Importación" : "Prueba de importación"} de ${path.basename(op.archivo)} (SHA-256 ${r.sha256}) en ${segundos} s\n` +
      `  filas: ${miles(c.filas)}; se crean ${miles(c.crear)}, se actualizan ${miles(c.actualizar)}, sin cambios ${miles(c.sinCambios)}, rechazadas ${miles(c.rechazada)}` +
      (conDocumentos
        ? `\n  tarjetas de firmas ${r.aplicada ? "adjuntadas" : "por adjuntar"}: ${miles(c.documentos)}`
        : ""),
  );
  const primeros = (await servicio.leerInforme(database.db, idImportacion, { soloErrores: true, page: 1, rows: 50 }))
    .rows;
  for (const f of primeros) console.log(`  fila ${f.fila}${f.columna ? `, ${f.columna}` : ""}: ${f.mensaje}`);
  const lineasRechazo =
    c.rechazada > 0
      ? (await servicio.leerInforme(database.db, idImportacion, { soloErrores: true, page: 1, rows: 1 })).totalRecords
      : 0;
  if (lineasRechazo > 50) console.log(`  … y ${miles(lineasRechazo - 50)} rechazos más en el informe.`);
  const informe = `${op.archivo}.informe.csv`;
  await pipeline(
    (await servicio.descargarInforme(database.db, idImportacion, "csv")).contenido,
    fs.createWriteStream(informe),
  );
  console.log(`Informe completo: ${informe}`);
  if (r.error !== null) console.log(r.error);
  else if (r.aplicada) console.log("El registro quedó actualizado.");
  else console.log("Prueba terminada: no se cambió nada. Para aplicar, repita con --aplicar.");
  return r.error === null && c.rechazada === 0 ? 0 : 1;
}

async function main(): Promise<number> {
  const args = leerArgumentos();
  if (typeof args === "number") return args;
  const { op, config } = args;
  const database = await abrir(config);
  if (typeof database === "number") return database;
  try {
    if (!(await basePreparada(database))) {
      console.error(BASE_SIN_PREPARAR);
      return 2;
    }
    const inicio = performance.now();
    const corrida = await correr(database, config, op);
    const segundos = ((performance.now() - inicio) / 1000).toFixed(1);
    if (corrida.r.error !== null && corrida.r.conteos.filas === 0) {
      console.error(corrida.r.error);
      return 1;
    }
    return await informar(database, op, corrida, segundos);
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`La importación falló y no cambió el registro: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  },
);
