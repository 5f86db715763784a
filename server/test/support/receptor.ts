/**
 * A real receiver of change notifications for tests: an HTTP server on loopback that checks each
 * delivery's Standard Webhooks signature with the `standardwebhooks` library (which also refuses a
 * timestamp more than five minutes off: a replayed request), answers as the test tells it (fail
 * the next N, hold an answer back, redirect), and keeps what arrived.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface Recibida {
  id: string;
  timestamp: string;
  firmaValida: boolean;
  error: string | null;
  cuerpo: Record<string, unknown>;
  texto: string;
  /** The status this receiver answered. */
  estado: number;
}

export interface Receptor {
  url: string;
  puerto: number;
  recibidas: Recibida[];
  /** Accepted (2xx, signature valid) deliveries, in arrival order. */
  aceptadas(): Recibida[];
  /** The secret signatures are checked with (set after subscribing). */
  secreto: string | null;
  /** Answer these statuses to the next deliveries, one each (then 204 again). */
  fallos: number[];
  /** Hold each answer this long. */
  demoraMs: number;
  /** While true, every delivery is answered 503 at once (a receiver down for maintenance). */
  pausado: boolean;
  /** Called as each delivery arrives, before it is answered. */
  alLlegar: ((r: Recibida) => void) | null;
  cerrar(): Promise<void>;
}

export async function iniciarReceptor(ruta = "/notificaciones"): Promise<Receptor> {
  const receptor: Receptor = {
    url: "",
    puerto: 0,
    recibidas: [],
    aceptadas: () => receptor.recibidas.filter((r) => r.estado < 300),
    secreto: null,
    fallos: [],
    demoraMs: 0,
    pausado: false,
    alLlegar: null,
    cerrar: () => new Promise((resolve) => servidor.close(() => resolve())),
  };
  const servidor = http.createServer((req, res) => {
    const trozos: Buffer[] = [];
    req.on("data", (t: Buffer) => trozos.push(t));
    req.on("end", async () => {
      const texto = Buffer.concat(trozos).toString("utf8");
      const cabeceras = {
        "webhook-id": String(req.headers["webhook-id"] ?? ""),
        "webhook-timestamp": String(req.headers["webhook-timestamp"] ?? ""),
        "webhook-signature": String(req.headers["webhook-signature"] ?? ""),
      };
      let firmaValida = false;
      let error: string | null = null;
      try {
        if (!receptor.secreto) throw new Error("sin secreto");
        new Webhook(receptor.secreto).verify(texto, cabeceras);
        firmaValida = true;
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      const fallo = receptor.pausado ? 503 : receptor.fallos.shift();
      const estado = req.url !== ruta ? 404 : !firmaValida ? 401 : (fallo ?? 204);
      let cuerpo: Record<string, unknown> = {};
      try {
        cuerpo = JSON.parse(texto);
      } catch {
        // Not JSON: kept as text.
      }
      const r: Recibida = {
        id: cabeceras["webhook-id"],
        timestamp: cabeceras["webhook-timestamp"],
        firmaValida,
        error,
        cuerpo,
        texto,
        estado,
      };
      receptor.recibidas.push(r);
      if (!receptor.pausado) receptor.alLlegar?.(r);
      if (receptor.demoraMs > 0 && !receptor.pausado) await new Promise((ok) => setTimeout(ok, receptor.demoraMs));
      if (estado >= 300 && estado < 400) res.setHeader("location", "http://127.0.0.1:9/otra");
      res.writeHead(estado).end(estado === 204 ? undefined : "respuesta");
    });
  });
  await new Promise<void>((resolve) => servidor.listen(0, "127.0.0.1", resolve));
  receptor.puerto = (servidor.address() as AddressInfo).port;
  receptor.url = `http://127.0.0.1:${receptor.puerto}${ruta}`;
  return receptor;
}
