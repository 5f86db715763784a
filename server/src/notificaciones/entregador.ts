/**
 * The background sender of change notifications: claims due outbox rows (several processes never
 * take the same one; an official's events go out in order), POSTs each event's JSON to its
 * subscription's address signed by the Standard Webhooks scheme (`standardwebhooks`: headers
 * webhook-id = the event id, webhook-timestamp, webhook-signature = HMAC-SHA256 of the
 * subscription's secret over "id.timestamp.body"), and records every attempt. A 2xx answer is a
 * delivery; anything else (another status, a redirect, which is never followed, no answer within
 * WEBHOOK_TIMEOUT_SECONDS, an address not allowed) is retried with doubling waits from
 * WEBHOOK_RETRY_FIRST_SECONDS until WEBHOOK_RETRY_HOURS after the event, then the row is failed.
 * A crash mid-delivery leaves the row leased; once the lease ends another round sends it again with
 * the same event id, which is how receivers tell a repeat.
 */
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { Webhook } from "standardwebhooks";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import type { Reloj } from "../shared/tiempo.js";
import { buscarDireccionPublica, direccionPermitida, esLoopback } from "./destino.js";
import * as repo from "./notificaciones.repository.js";
import { descifrarSecreto } from "./secreto.js";

/** Bytes of a receiver's answer read at most (the answer is not used beyond its status). */
const MAX_RESPUESTA = 64 * 1024;
/** Longest wait between two attempts. */
const ESPERA_MAXIMA_MS = 2 * 60 * 60_000;
const AGENTE = "RegistroFirmas-Notificaciones/1.0";

export interface Registro {
  info(msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface Entregador {
  /** Delivers every due notification once; answers how many were delivered. */
  procesarCola(): Promise<number>;
}

interface Resultado {
  estado: number | null;
  error: string | null;
}

/** One POST, no redirects followed, the answer's body read up to a small limit, a whole-call timeout. */
export function enviarHttp(
  url: string,
  cuerpo: string,
  cabeceras: Record<string, string>,
  opciones: { timeoutMs: number; loopback: boolean },
): Promise<Resultado> {
  const u = new URL(url);
  const host = u.hostname.replace(/^\[(.*)\]$/, "$1");
  const esHttp = u.protocol === "http:";
  if (esHttp && !opciones.loopback) return Promise.resolve({ estado: null, error: "http:// no permitido" });
  if (net.isIP(host) !== 0 && !(esHttp ? esLoopback(host) : direccionPermitida(host, opciones.loopback)))
    return Promise.resolve({ estado: null, error: `dirección no permitida: ${host}` });
  return new Promise((resolve) => {
    let terminado = false;
    const fin = (r: Resultado) => {
      if (terminado) return;
      terminado = true;
      clearTimeout(temporizador);
      resolve(r);
    };
    const req = (esHttp ? http : https).request(
      u,
      {
        method: "POST",
        agent: false,
        lookup: buscarDireccionPublica(opciones.loopback, esHttp),
        headers: {
          "content-type": "application/json; charset=utf-8",
          "content-length": String(Buffer.byteLength(cuerpo)),
          "user-agent": AGENTE,
          ...cabeceras,
        },
      },
      (res) => {
        const estado = res.statusCode ?? 0;
        let leidos = 0;
        const listo = () => {
          const ok = estado >= 200 && estado < 300;
          fin({
            estado,
            error: ok
              ? null
              : estado >= 300 && estado < 400
                ? `redirección no seguida (HTTP ${estado})`
                : `HTTP ${estado}`,
          });
          res.destroy();
        };
        res.on("data", (trozo: Buffer) => {
          leidos += trozo.length;
          if (leidos > MAX_RESPUESTA) listo();
        });
        res.on("end", listo);
        res.on("error", listo);
      },
    );
    const temporizador = setTimeout(() => {
      req.destroy();
      fin({ estado: null, error: `sin respuesta en ${opciones.timeoutMs / 1000} s` });
    }, opciones.timeoutMs);
    req.on("error", (e) => fin({ estado: null, error: e.message }));
    req.end(cuerpo);
  });
}

export function crearEntregador(deps: { db: Db; config: Config; reloj: Reloj; log: Registro }): Entregador {
  const { db, config, reloj, log } = deps;
  const timeoutMs = config.webhookTimeoutSeconds * 1000;
  const ventanaMs = config.webhookRetryHours * 60 * 60_000;

  /** When to try again after the n-th failed attempt, or null when the retry window is over. */
  function proximoIntento(n: repo.NotificacionReclamada, ahora: Date): Date | null {
    const limite = n.desde.getTime() + ventanaMs;
    if (ahora.getTime() >= limite) return null;
    const espera = Math.min(
      config.webhookRetryFirstSeconds * 1000 * 2 ** Math.max(0, n.intentos - 1),
      ESPERA_MAXIMA_MS,
    );
    return new Date(Math.min(ahora.getTime() + espera, limite));
  }

  async function entregar(n: repo.NotificacionReclamada): Promise<boolean> {
    const inicio = reloj();
    const t0 = performance.now();
    let r: Resultado;
    try {
      const firma = new Webhook(descifrarSecreto(n.secreto, n.idSuscripcion)).sign(n.idEvento, inicio, n.carga);
      r = await enviarHttp(
        n.url,
        n.carga,
        {
          "webhook-id": n.idEvento,
          "webhook-timestamp": String(Math.floor(inicio.getTime() / 1000)),
          "webhook-signature": firma,
        },
        { timeoutMs, loopback: config.webhookAllowLoopback },
      );
    } catch (e) {
      r = { estado: null, error: e instanceof Error ? e.message : String(e) };
    }
    const duracionMs = Math.round(performance.now() - t0);
    await repo.anotarIntento(db, {
      idNotificacion: n.idNotificacion,
      fecha: inicio,
      duracionMs,
      estadoHttp: r.estado,
      error: r.error,
    });
    if (r.error === null && r.estado !== null) {
      await repo.marcarEntregada(db, n.idNotificacion, r.estado);
      return true;
    }
    const proximo = proximoIntento(n, reloj());
    await repo.marcarFallo(db, n.idNotificacion, r.estado, r.error ?? "", proximo);
    log.warn(
      { idNotificacion: n.idNotificacion, intento: n.intentos, error: r.error, definitivo: proximo === null },
      "notificación no entregada",
    );
    return false;
  }

  return {
    async procesarCola() {
      // One instant for the whole round: an attempt that fails now is due later, not in this round.
      const ahora = reloj();
      let entregadas = 0;
      for (;;) {
        const vence = new Date(reloj().getTime() + 3 * timeoutMs);
        const lote = await repo.reclamar(db, ahora, vence, 10);
        if (lote.length === 0) break;
        // A batch holds at most one event per official and subscription: they may go out together.
        const hechos = await Promise.all(lote.map(entregar));
        entregadas += hechos.filter(Boolean).length;
      }
      if (entregadas > 0) log.info(`notificaciones: ${entregadas} entregadas`);
      return entregadas;
    },
  };
}
