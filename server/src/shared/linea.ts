/**
 * What the command-line tools (backup, restore, importar, audit:verify) share: the installation's
 * environment file read as systemd reads it (`--env /etc/registro-firmas.env`), and refusals with
 * a clear Spanish line where a tool would otherwise create a new audit key or fail on a database
 * the app never prepared (`basePreparada`, db/migrate.ts, tells).
 */
import fs from "node:fs";
import type { Config } from "../config.js";

export class LineaError extends Error {}

/**
 * systemd's EnvironmentFile syntax as the deploy files use it: `NAME=value` a line, `#` comments,
 * blank lines, optional quotes around the value.
 */
export function leerArchivoEntorno(texto: string): Record<string, string> {
  const r: Record<string, string> = {};
  for (const [n, cruda] of texto.split(/\r?\n/).entries()) {
    const linea = cruda.trim();
    if (linea === "" || linea.startsWith("#") || linea.startsWith(";")) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(linea);
    if (!m) throw new LineaError(`Línea ${n + 1} no válida (se espera NOMBRE=valor): ${linea}`);
    let valor = m[2];
    const comillas = /^"(.*)"$|^'(.*)'$/.exec(valor);
    if (comillas) valor = comillas[1] ?? comillas[2];
    r[m[1]] = valor;
  }
  return r;
}

/**
 * Takes `--env FILE` out of the arguments and loads that file into `entorno`. A variable already set
 * (written before the command, e.g. the new database of a restore) keeps its value. Returns the
 * other arguments.
 */
export function cargarEntornoDeArgumentos(
  args: string[],
  entorno: Record<string, string | undefined> = process.env,
): string[] {
  const resto: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const enLinea = a.startsWith("--env=") ? a.slice("--env=".length) : undefined;
    if (a !== "--env" && enLinea === undefined) {
      resto.push(a);
      continue;
    }
    const archivo = enLinea ?? args[++i];
    if (!archivo) throw new LineaError("Falta el archivo de --env (p. ej. --env /etc/registro-firmas.env).");
    let texto: string;
    try {
      texto = fs.readFileSync(archivo, "utf8");
    } catch (e) {
      const codigo = (e as NodeJS.ErrnoException).code;
      throw new LineaError(
        codigo === "EACCES"
          ? `No se puede leer ${archivo}: ejecute el comando como el usuario del servicio (sudo -u registro-firmas …).`
          : `No se puede leer el archivo de entorno ${archivo} (${codigo ?? (e as Error).message}).`,
      );
    }
    try {
      for (const [k, v] of Object.entries(leerArchivoEntorno(texto))) if (entorno[k] === undefined) entorno[k] = v;
    } catch (e) {
      throw new LineaError(`${archivo}: ${(e as Error).message}`);
    }
  }
  return resto;
}

/** A tool never creates the audit key: without it, this Spanish line says what to do. */
export function faltaClave(config: Pick<Config, "auditKey" | "auditKeyFile">): string | null {
  if (config.auditKey || fs.existsSync(config.auditKeyFile)) return null;
  return (
    `No se encuentra la clave de auditoría (${config.auditKeyFile}). Ejecute el comando con el entorno de la ` +
    "instalación y como su usuario: sudo -u registro-firmas npm run … -- --env /etc/registro-firmas.env. " +
    "Una instalación nueva crea la clave al arrancar la aplicación por primera vez."
  );
}

export const BASE_SIN_PREPARAR =
  "La base de datos no está preparada: arranque la aplicación una vez sobre ella (systemctl start " +
  "registro-firmas@3001), que aplica las migraciones y crea los datos iniciales, y repita el comando.";
