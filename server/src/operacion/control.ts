/**
 * The embedded database can be opened by one process only, so a backup of a running embedded app
 * is made by the app itself: it listens on a Unix socket inside its data folder (mode 0600, so only
 * whoever may read the data folder may ask), and `npm run backup` asks it there. One JSON line each
 * way.
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export interface OrdenRespaldo {
  accion: "respaldo";
  destino: string;
}

export type Respuesta = { ok: true; resultado: unknown } | { ok: false; error: string };

export const rutaControl = (dataDir: string) => path.join(dataDir, "control.sock");

/** Listens for orders while the app runs; answers the handler's result. Returns the closer. */
export function abrirControl(
  dataDir: string,
  manejar: (orden: OrdenRespaldo) => Promise<unknown>,
  log: (linea: string) => void,
): () => Promise<void> {
  const ruta = rutaControl(dataDir);
  // The caller holds the data folder's lock: a socket file left here belongs to a dead process.
  fs.rmSync(ruta, { force: true });
  const servidor = net.createServer((socket) => {
    let texto = "";
    socket.setEncoding("utf8");
    socket.on("error", () => {});
    socket.on("data", (d) => {
      texto += d;
      if (texto.length > 10_000) socket.destroy();
      if (!texto.includes("\n")) return;
      let orden: OrdenRespaldo;
      try {
        orden = JSON.parse(texto.slice(0, texto.indexOf("\n")));
      } catch {
        socket.end(`${JSON.stringify({ ok: false, error: "orden ilegible" })}\n`);
        return;
      }
      if (orden?.accion !== "respaldo" || typeof orden.destino !== "string" || !path.isAbsolute(orden.destino)) {
        socket.end(`${JSON.stringify({ ok: false, error: "orden desconocida" })}\n`);
        return;
      }
      manejar(orden).then(
        (resultado) => socket.end(`${JSON.stringify({ ok: true, resultado })}\n`),
        (e) => socket.end(`${JSON.stringify({ ok: false, error: e instanceof Error ? e.message : String(e) })}\n`),
      );
    });
  });
  servidor.on("error", (e) =>
    log(`Control socket ${ruta} unavailable (${e.message}): npm run backup needs the app stopped.`),
  );
  const anterior = process.umask(0o177);
  try {
    servidor.listen(ruta, () => fs.chmodSync(ruta, 0o600));
  } finally {
    process.umask(anterior);
  }
  servidor.unref();
  return () =>
    new Promise((resolve) => {
      servidor.close(() => resolve());
      fs.rmSync(ruta, { force: true });
    });
}

/** Sends one order to the app running on `dataDir` and waits for its answer. */
export function pedirAlProceso(dataDir: string, orden: OrdenRespaldo, esperaMs = 30 * 60_000): Promise<Respuesta> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(rutaControl(dataDir));
    let texto = "";
    const limite = setTimeout(() => {
      socket.destroy();
      reject(new Error("La aplicación no respondió a tiempo."));
    }, esperaMs);
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify(orden)}\n`));
    socket.on("data", (d) => {
      texto += d;
    });
    socket.on("error", (e) => {
      clearTimeout(limite);
      reject(e);
    });
    socket.on("end", () => {
      clearTimeout(limite);
      try {
        resolve(JSON.parse(texto));
      } catch {
        reject(new Error("Respuesta ilegible de la aplicación."));
      }
    });
  });
}
