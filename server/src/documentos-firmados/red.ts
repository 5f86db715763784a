/**
 * How the signed-document check reaches the network: a certificate's CRL distribution point (GET)
 * and its OCSP responder (POST). Only http(s), to public addresses (this machine too when
 * WEBHOOK_ALLOW_LOOPBACK allows it, as in tests), at most 10 MB, in 3 s; unreachable → null. CRLs
 * fetched are kept 10 minutes (OCSP answers are not kept), so repeated checks do not wait on them.
 */
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { buscarDireccionPublica, direccionPermitida } from "../notificaciones/destino.js";
import type { EntradaAnalisis } from "./firma/tipos.js";

const MAX_BYTES = 10 * 1024 * 1024;
const ESPERA_MS = 3000;
const VIGENCIA_CACHE_MS = 10 * 60 * 1000;
const MAX_CACHE = 100;

type Obtener = NonNullable<EntradaAnalisis["obtener"]>;

function pedir(url: URL, loopback: boolean, cuerpo?: { tipo: string; datos: Buffer }): Promise<Buffer | null> {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (net.isIP(host) !== 0 && !direccionPermitida(host, loopback)) return Promise.resolve(null);
  const cliente = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const req = cliente.request(
      url,
      {
        method: cuerpo ? "POST" : "GET",
        lookup: buscarDireccionPublica(loopback),
        timeout: ESPERA_MS,
        headers: cuerpo ? { "content-type": cuerpo.tipo, "content-length": cuerpo.datos.length } : {},
      },
      (res) => {
        if ((res.statusCode ?? 500) >= 300) {
          res.resume();
          return resolve(null);
        }
        const partes: Buffer[] = [];
        let total = 0;
        res.on("data", (b: Buffer) => {
          total += b.length;
          if (total > MAX_BYTES) {
            req.destroy();
            return resolve(null);
          }
          partes.push(b);
        });
        res.on("end", () => resolve(Buffer.concat(partes)));
        res.on("error", () => resolve(null));
      },
    );
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(null));
    req.end(cuerpo?.datos);
  });
}

/** The fetcher the engine is given, with its CRL cache. */
export function crearObtener(loopback: boolean, ahora: () => number = Date.now): Obtener {
  const cache = new Map<string, { hasta: number; datos: Buffer }>();
  return async (direccion, cuerpo) => {
    let url: URL;
    try {
      url = new URL(direccion);
    } catch {
      return null;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (cuerpo) return pedir(url, loopback, cuerpo);
    const guardada = cache.get(url.href);
    if (guardada && guardada.hasta > ahora()) return guardada.datos;
    const datos = await pedir(url, loopback);
    if (datos) {
      if (cache.size >= MAX_CACHE) cache.delete(cache.keys().next().value as string);
      cache.set(url.href, { hasta: ahora() + VIGENCIA_CACHE_MS, datos });
    }
    return datos;
  };
}
