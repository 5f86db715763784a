/**
 * Maps every failure to HTTP in one place: AppError codes, zod validation, fastify's own errors
 * (malformed JSON, body too large, rate limit, multipart limits) and anything unexpected, whose
 * details are logged and never sent.
 */

import type { Socket } from "node:net";
import { MSG } from "@registro/contracts";
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { esFallaDeConexion } from "../db/fallas.js";
import { AppError } from "./errors.js";

const STATUS: Record<AppError["codigo"], number> = {
  Validacion: 400,
  NoAutenticado: 401,
  NoAutorizado: 403,
  NoEncontrado: 404,
  Regla: 200,
  Conflicto: 409,
  DemasiadasSolicitudes: 429,
  NoDisponible: 503,
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.codigo === "NoDisponible") request.log.warn({ err: error.cause }, error.message);
      return reply.status(STATUS[error.codigo]).send({
        success: false,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Our validator compiler already returns field-keyed errors; this covers the library's path.
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const campo = v.instancePath.replace(/^\//, "").replace(/\//g, ".") || "general";
        errors[campo] = [...(errors[campo] ?? []), v.message ?? MSG.datosInvalidos];
      }
      return reply.status(400).send({ success: false, message: MSG.datosInvalidos, errors });
    }
    const errores = (error as unknown as { errores?: Record<string, string[]> }).errores;
    if (errores || error.code === "FST_ERR_VALIDATION") {
      return reply.status(400).send({ success: false, message: MSG.datosInvalidos, errors: errores ?? {} });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause }, "response does not match its schema");
      return reply.status(500).send({ success: false, message: MSG.errorInterno });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ success: false, message: MSG.demasiadasSolicitudes });
    if (status === 413 || error.code === "FST_REQ_FILE_TOO_LARGE" || error.code === "FST_FILES_LIMIT") {
      return reply.status(413).send({ success: false, message: MSG.datosInvalidos, errors: general(MSG.cuerpoGrande) });
    }
    if (status === 415 || error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return reply
        .status(415)
        .send({ success: false, message: MSG.datosInvalidos, errors: general(MSG.tipoContenido) });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON or multipart, a bad Content-Length, and the like: the client's fault, said in Spanish.
      const detalle = error.code?.startsWith("FST_ERR_CTP") || error instanceof SyntaxError ? MSG.jsonInvalido : null;
      return reply
        .status(status)
        .send({ success: false, message: MSG.datosInvalidos, ...(detalle ? { errors: general(detalle) } : {}) });
    }
    if (esDatoInadmisible(error)) {
      // A value the database refuses (out of range, bad encoding) that slipped past the schemas.
      request.log.warn({ err: error }, "database refused a value: a schema should have caught it");
      return reply.status(400).send({ success: false, message: MSG.datosInvalidos });
    }
    if (esFallaDeConexion(error)) {
      // The database restarted, dropped the connection or timed out: try again later.
      request.log.warn({ err: error }, "database unavailable");
      return reply.status(503).send({ success: false, message: MSG.servicioNoDisponible });
    }
    request.log.error({ err: error }, "unexpected error");
    return reply.status(500).send({ success: false, message: MSG.errorInterno });
  });
}

const general = (mensaje: string) => ({ general: [mensaje] });

/** PostgreSQL's "data exception" codes for values it cannot take (SQLSTATE class 22). */
const CODIGOS_DATO = new Set(["22001", "22003", "22021", "22P02", "22P05", "22008", "22007"]);

/** True when the error (or its cause) is the database refusing a value. */
function esDatoInadmisible(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 4 && e && typeof e === "object"; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && CODIGOS_DATO.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A path the router cannot read (bad percent-encoding, over-long parameter): a general Spanish 400. */
export function respuestaUrlInvalida(reply: FastifyReply) {
  return reply
    .status(400)
    .header("cache-control", "no-store")
    .send({ success: false, message: MSG.datosInvalidos, errors: { general: [MSG.urlInvalida] } });
}

/** A request Node's HTTP parser refuses before Fastify sees it: answered on the socket, in Spanish. */
export function respuestaErrorCliente(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, texto] =
    error.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? [408, "Request Timeout"]
      : error.code === "HPE_HEADER_OVERFLOW"
        ? [431, "Request Header Fields Too Large"]
        : [400, "Bad Request"];
  const body = JSON.stringify({ success: false, message: status === 408 ? MSG.tiempoAgotado : MSG.datosInvalidos });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${texto}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
