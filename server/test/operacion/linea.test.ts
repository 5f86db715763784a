/**
 * The command-line tools' `--env FILE`: the installation's environment file read as the systemd
 * unit reads it (deploy/registro-firmas.env itself), a variable set before the command kept, and a
 * file that cannot be read or a line that is not NAME=value refused in Spanish.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { cargarEntornoDeArgumentos, LineaError, leerArchivoEntorno } from "../../src/shared/linea.js";

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const ejemplo = path.join(raiz, "deploy/registro-firmas.env");

describe("--env FILE", () => {
  it("reads deploy/registro-firmas.env into settings the app accepts, every path in the state folder", () => {
    const entorno: Record<string, string | undefined> = {};
    const resto = cargarEntornoDeArgumentos(["--", "--env", ejemplo, "respaldo.tar"], entorno);
    expect(resto).toEqual(["--", "respaldo.tar"]);
    const config = loadConfig(entorno);
    expect(config.databaseMigrationUrl).toMatch(/^postgres:\/\/registro_owner:/);
    expect(config.databaseUrl).toMatch(/^postgres:\/\/registro_app:/);
    for (const ruta of [config.dataDir, config.auditKeyFile, config.auditCheckpointFile, config.backupDir]) {
      expect(ruta?.startsWith("/var/lib/registro-firmas/")).toBe(true);
    }
  });

  it("keeps a variable set before the command, takes --env=FILE, and strips quotes", () => {
    const carpeta = fs.mkdtempSync(path.join(os.tmpdir(), "rf-linea-"));
    const archivo = path.join(carpeta, "entorno");
    fs.writeFileSync(archivo, "# comentario\n\nDATA_DIR=\"/srv/datos\"\nexport LOG_LEVEL=warn\nBASE_PATH='/Firmas'\n");
    const entorno: Record<string, string | undefined> = { DATA_DIR: "/otra" };
    expect(cargarEntornoDeArgumentos([`--env=${archivo}`], entorno)).toEqual([]);
    expect(entorno).toEqual({ DATA_DIR: "/otra", LOG_LEVEL: "warn", BASE_PATH: "/Firmas" });
    fs.rmSync(carpeta, { recursive: true, force: true });
  });

  it("refuses a missing file, a missing name and a line that is not NAME=value", () => {
    expect(() => cargarEntornoDeArgumentos(["--env", "/no/existe.env"], {})).toThrow(LineaError);
    expect(() => cargarEntornoDeArgumentos(["--env", "/no/existe.env"], {})).toThrow(/No se puede leer/);
    expect(() => cargarEntornoDeArgumentos(["--env"], {})).toThrow(/Falta el archivo de --env/);
    expect(() => leerArchivoEntorno("DATA_DIR=/x\nesto no\n")).toThrow(/Línea 2 no válida/);
  });
});
