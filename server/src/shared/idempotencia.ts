/**
 * Idempotency keys: a signed-in POST carrying `Idempotency-Key` runs once per user and
 * key; a repeat (double click, a retry after a lost answer) gets the first call's answer. The web
 * client sends a key with its creates. Table `idempotencia` (migration 0005):
 * - the first call claims the key (row with estado NULL), runs, then stores its status and body;
 * - a repeat while the first still runs waits for it (up to 10 s, then 409 "ya se está procesando");
 * - answers 400 and above are not kept (the row goes): a corrected or later retry runs again;
 * - a key used for another call — another method, concrete path (query included) or body — is
 *   refused (422); a claim abandoned for 2 minutes may be taken over.
 */
import crypto from "node:crypto";
import { MSG } from "@registro/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client.js";
import { esFallaDeConexion } from "../db/fallas.js";
import * as repo from "./idempotencia.repository.js";

const CABECERA = "idempotency-key";
const FORMATO = /^[A-Za-z0-9_-]{8,100}$/;
const ESPERA_MS = 10_000;

declare module "fastify" {
  interface FastifyRequest {
    claveIdempotencia: { idUsuario: number; clave: string } | null;
  }
}

/**
 * What stands for the call's body: the SHA-256 of the parsed JSON body; for a multipart upload,
 * which is read while the call runs (after the key is claimed), its declared length — a browser's
 * repeat of the same form has the same length, its random boundary being of fixed size.
 */
function huellaCuerpo(request: FastifyRequest): string {
  if (request.isMultipart()) return `multipart ${request.headers["content-length"] ?? ""}`;
  return crypto
    .createHash("sha256")
    .update(JSON.stringify(request.body ?? null))
    .digest("hex");
}

function responder(reply: FastifyReply, fila: repo.Fila) {
  return reply
    .status(fila.estado ?? 200)
    .header("idempotent-replayed", "true")
    .type("application/json; charset=utf-8")
    .send(JSON.stringify(fila.respuesta));
}

export function registrarIdempotencia(app: FastifyInstance, db: Db): void {
  app.decorateRequest("claveIdempotencia", null);

  app.addHook("preHandler", async (request: FastifyRequest, reply: FastifyReply) => {
    const valor = request.headers[CABECERA];
    if (request.method !== "POST" || valor === undefined || !request.sesion) return;
    const clave = Array.isArray(valor) ? valor[0] : valor;
    if (!FORMATO.test(clave)) {
      return reply.status(400).send({
        success: false,
        message: MSG.datosInvalidos,
        errors: { "Idempotency-Key": [MSG.idempotenciaInvalida] },
      });
    }
    const idUsuario = request.sesion.idUsuario;
    const ruta = `${request.method} ${request.url} ${huellaCuerpo(request)}`;
    const limite = performance.now() + ESPERA_MS;
    for (;;) {
      const reclamada = await repo.reclamar(db, idUsuario, clave, ruta).catch((e) => {
        // The connection died around the claim's commit: it may have been stored, with no call to
        // answer it. Let it go once the database is back, so the client's retry is not held 409.
        if (esFallaDeConexion(e)) soltarMasTarde(db, idUsuario, clave);
        throw e;
      });
      if (reclamada) {
        request.claveIdempotencia = { idUsuario, clave };
        return;
      }
      const fila = await repo.leer(db, idUsuario, clave);
      if (!fila) continue; // the first call failed and let the key go: claim it now
      if (fila.ruta !== ruta) {
        return reply.status(422).send({ success: false, message: MSG.idempotenciaDistinta });
      }
      if (fila.estado !== null) return responder(reply, fila);
      if (fila.abandonada) {
        await repo.soltar(db, idUsuario, clave);
        continue;
      }
      if (performance.now() >= limite)
        return reply.status(409).send({ success: false, message: MSG.idempotenciaEnCurso });
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const k = request.claveIdempotencia;
    if (!k) return payload;
    request.claveIdempotencia = null;
    let cuerpo: unknown = null;
    if (reply.statusCode < 400 && typeof payload === "string") {
      try {
        cuerpo = JSON.parse(payload);
      } catch {
        cuerpo = null;
      }
    }
    try {
      if (cuerpo !== null) {
        await repo.guardarRespuesta(db, k.idUsuario, k.clave, reply.statusCode, cuerpo);
      } else {
        await repo.borrar(db, k.idUsuario, k.clave);
      }
      if (Math.random() < 0.01) {
        await repo.olvidarViejas(db);
      }
    } catch (e) {
      request.log.warn({ err: e }, "idempotency key not stored");
      // The database went away mid-call (a failover): let the key go once it is back, or the
      // client's retry would be held 409 until the claim counts as abandoned (2 minutes).
      if (cuerpo === null) soltarMasTarde(db, k.idUsuario, k.clave);
    }
    return payload;
  });
}

/** Deletes an unanswered claim once the database answers again: every second, for up to a minute. */
function soltarMasTarde(db: Db, idUsuario: number, clave: string, intento = 0) {
  if (intento >= 60) return;
  setTimeout(() => {
    repo.soltar(db, idUsuario, clave).catch(() => soltarMasTarde(db, idUsuario, clave, intento + 1));
  }, 1_000).unref();
}
