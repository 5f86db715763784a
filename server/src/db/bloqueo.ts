/**
 * An exclusive lock on the embedded database's folder: two processes on one PGlite folder would
 * each hand out the same ids and overwrite each other's pages. The lock is a file created with
 * O_EXCL holding the owner's pid; a lock whose process no longer exists is stale and taken over.
 */
import fs from "node:fs";
import path from "node:path";

export class CarpetaBloqueada extends Error {}

function vive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the lock or throws CarpetaBloqueada naming the folder and the owner; returns the release. */
export function bloquearCarpeta(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const archivo = path.join(dir, "registro-firmas.lock");
  for (let intento = 0; intento < 3; intento++) {
    try {
      const fd = fs.openSync(archivo, "wx");
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      let liberado = false;
      return () => {
        if (liberado) return;
        liberado = true;
        try {
          if (fs.readFileSync(archivo, "utf8").trim() === String(process.pid)) fs.rmSync(archivo);
        } catch {
          // already gone
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    let texto = "";
    try {
      texto = fs.readFileSync(archivo, "utf8").trim();
    } catch {
      continue; // released meanwhile: try again
    }
    const pid = Number(texto);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && vive(pid)) {
      throw new CarpetaBloqueada(
        `La carpeta de datos ${dir} está en uso por otro proceso (pid ${pid}); no se puede abrir dos veces.\n` +
          `The data folder ${dir} is in use by another process (pid ${pid}); stop it first, or use another DATA_DIR.`,
      );
    }
    // Stale (its process is gone, or the file is empty/garbled from a crash while writing): move it
    // aside atomically. Two processes may find the same stale lock: one rename wins, the other gets
    // ENOENT and tries again. If what was moved is no longer the stale lock we read (another process
    // took over in between), put it back.
    const aparte = `${archivo}.${process.pid}.stale`;
    try {
      fs.renameSync(archivo, aparte);
    } catch {
      continue;
    }
    if (fs.readFileSync(aparte, "utf8").trim() !== texto) {
      fs.renameSync(aparte, archivo);
      continue;
    }
    fs.rmSync(aparte, { force: true });
  }
  throw new CarpetaBloqueada(`No se pudo bloquear la carpeta de datos ${dir} / Could not lock the data folder ${dir}`);
}
