/**
 * Verification: GET api/Verificacion/Firma (users with the "Verificar firma" view, service users
 * with the Verificador profile, and system keys with the scope "verificacion"), the constancia's PDF for whoever may read the
 * request, and the public, rate-limited view of a constancia by its code.
 */
import {
  CAMPO_CODIGO_PAGINA,
  CAMPO_CONSTANCIA,
  GRUPOS,
  MAX_BYTES_CONSTANCIA,
  MSG,
  VISTAS_LECTURA_SOLICITUD,
  zComprobacionConstancia,
  zComprobantePublico,
  zConstanciaPublica,
  zConsultaVerificacion,
  zId,
  zRespuestaSimple,
  zRespuestaVerificacion,
} from "@registro/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { leerFormulario } from "../archivos/multipart.js";
import { type LecturaConClave, type LecturaConSesion, lecturaPreviaDe } from "../auth/lectura-con-sesion.js";
import { lectorReplica } from "../db/lector-replica.js";
import type { AppDeps } from "../deps.js";
import { llamanteDe, usuarioDe } from "../llamante/peticion.js";
import { ValidacionCampo } from "../shared/errors.js";
import { comprobantePublico, emitirComprobante } from "./comprobante.service.js";
import { comprobarConstancia } from "./comprobar.service.js";
import { selloDe } from "./sello.js";
import * as service from "./verificacion.service.js";

/**
 * The single question's rows read with the caller's session, for a question that passes the route's
 * validation and names no signature (that one first needs the signature's name): read for the
 * institution the question names, or all; the service reads again when the caller's reach differs.
 */
const registrosConSesion: LecturaConSesion<{ cedula: string; idInstitucion: number | null }, service.RegistrosLeidos> =
  {
    argumentos: (req) => {
      const r = zConsultaVerificacion.safeParse(req.query);
      if (!r.success || r.data.idFirma !== undefined) return undefined;
      return { cedula: r.data.cedula, idInstitucion: r.data.institucion ?? null };
    },
    leer: (db, hash, a) => service.registrosConSesion(db, hash, a.cedula, a.idInstitucion),
  };

/** The same question's rows read in a system key's statement (the key's checks decide first). */
const registrosConClave: LecturaConClave<{ cedula: string; idInstitucion: number | null }, service.RegistrosLeidos> = {
  argumentos: registrosConSesion.argumentos,
  columna: (a) => service.registrosEnJsonConClave(a.cedula, a.idInstitucion),
  datos: (a, valor) => ({
    cedula: a.cedula,
    idInstitucion: a.idInstitucion,
    filas: valor as service.RegistrosLeidos["filas"],
  }),
};

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: a routes plugin: each route's method, path, access and schema listed in order, its handler one service call
export const verificacionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config, reloj } = deps;
  // The calls relying parties make most may be answered by a replica (db/alta.ts).
  const leer = lectorReplica(deps);
  const tags = ["Verificación"];
  /**
   * The application's public address, base path included: PUBLIC_URL; else the address the request
   * came in on when its Host is one of ALLOWED_HOSTS; else the configured one (localhost and PORT).
   * An arbitrary Host header never reaches a document.
   */
  const origen = (req: FastifyRequest) => {
    if (config.publicUrlDefinida) return config.publicUrl;
    if (config.allowedHosts.includes(req.host.toLowerCase())) return `${req.protocol}://${req.host}${config.basePath}`;
    return config.publicUrl;
  };

  app.get("/api/Verificacion/Firma", {
    // Performance: a user's question is read in the session's statement, a system key's in the
    // key's (one round trip a call before the audit entry).
    config: {
      vistas: GRUPOS.verificacion,
      alcances: ["verificacion"],
      lecturaReplica: true,
      lecturaConSesion: registrosConSesion,
      lecturaConClave: registrosConClave,
    },
    schema: {
      tags,
      summary: "¿Podía esta persona firmar esto, por este monto, en esta fecha, para esta institución?",
      description:
        "Con la sesión de un usuario con la vista «Verificar firma», o con una clave de sistema con la operación `verificacion`.",
      security: [{ sesion: [] }, { claveSistema: [] }],
      querystring: zConsultaVerificacion,
      response: { 200: zRespuestaVerificacion, 400: zRespuestaSimple },
    },
    handler: (req) =>
      leer((db) =>
        service.verificarFirma(
          db,
          llamanteDe(req),
          req.query,
          reloj,
          config.expiryNoticeDays,
          lecturaPreviaDe<service.RegistrosLeidos>(req, () => true)?.datos,
        ),
      ),
  });

  app.get("/api/Verificacion/Comprobante", {
    config: { vistas: GRUPOS.verificacion, alcances: ["verificacion"] },
    schema: {
      tags,
      summary: "Comprobante de verificación (PDF sellado) de la respuesta de «Verificar firma»",
      description:
        "La misma pregunta que api/Verificacion/Firma; el PDF recoge la pregunta, la respuesta, la hora y un código seguro de verificación.",
      security: [{ sesion: [] }, { claveSistema: [] }],
      querystring: zConsultaVerificacion,
    },
    handler: async (req, reply) => {
      const sellado = { sello: selloDe(config, reloj()), tsaUrl: config.tsaUrl };
      const { pdf } = await emitirComprobante(
        db,
        llamanteDe(req),
        req.clave ? null : usuarioDe(req).idUsuario,
        req.query,
        origen(req),
        reloj,
        sellado,
        config.expiryNoticeDays,
      );
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="Comprobante de verificacion ${req.query.cedula}.pdf"`)
        .header("cache-control", "no-store")
        .send(pdf);
    },
  });

  app.get("/api/Verificacion/ComprobanteFirma/:codigo", {
    config: { publico: true, rateLimit: { max: config.verificacionRateLimit, timeWindow: "1 minute" } },
    schema: {
      tags,
      summary: "Verificación pública de un comprobante de verificación por su código",
      params: z.object({ codigo: z.string() }),
      response: { 200: zComprobantePublico, 404: zRespuestaSimple },
    },
    handler: (req) => comprobantePublico(db, req.params.codigo),
  });

  app.get("/api/Verificacion/GetConstancia/:idSolicitud", {
    config: { vistas: VISTAS_LECTURA_SOLICITUD },
    schema: {
      tags,
      summary: "Constancia de Registro de Firmas (PDF)",
      params: z.object({ idSolicitud: zId }),
    },
    handler: async (req, reply) => {
      const sellado = { sello: selloDe(config, reloj()), tsaUrl: config.tsaUrl };
      const { pdf } = await service.emitirConstancia(
        db,
        usuarioDe(req),
        req.params.idSolicitud,
        origen(req),
        reloj,
        sellado,
        config.expiryNoticeDays,
      );
      return reply
        .type("application/pdf")
        .header(
          "content-disposition",
          `attachment; filename="Constancia de Registro de Firmas ${req.params.idSolicitud}.pdf"`,
        )
        .header("cache-control", "no-store")
        .send(pdf);
    },
  });

  app.get("/api/Verificacion/Constancia/:codigo", {
    config: {
      publico: true,
      lecturaReplica: true,
      // The counters live on the primary: while it is lost, the look-up is answered unlimited.
      rateLimit: { max: config.verificacionRateLimit, timeWindow: "1 minute", skipOnError: true },
    },
    schema: {
      tags,
      summary: "Verificación pública de una constancia por su código",
      // Any text: a malformed code is answered like an unknown one (404), never as bad input.
      params: z.object({ codigo: z.string() }),
      response: { 200: zConstanciaPublica, 404: zRespuestaSimple },
    },
    handler: (req) => leer((db) => service.constanciaPublica(db, req.params.codigo, reloj, config.expiryNoticeDays)),
  });

  app.post("/api/Verificacion/ComprobarConstancia", {
    config: { publico: true, rateLimit: { max: config.verificacionRateLimit, timeWindow: "1 minute" } },
    schema: {
      tags,
      summary:
        "Comprobación pública de un archivo de constancia: su sello electrónico y si es el que emitió el registro",
      description:
        `Formulario multipart con el PDF en el campo «${CAMPO_CONSTANCIA}» (hasta ${MAX_BYTES_CONSTANCIA} bytes) y, ` +
        `si se comprueba en la página de un código, ese código en «${CAMPO_CODIGO_PAGINA}».`,
      consumes: ["multipart/form-data"],
      response: { 200: zComprobacionConstancia, 400: zRespuestaSimple },
    },
    handler: async (req) => {
      const { archivos, campos } = await leerFormulario(req, {
        archivos: [CAMPO_CONSTANCIA],
        maxBytes: MAX_BYTES_CONSTANCIA,
      });
      const archivo = archivos.get(CAMPO_CONSTANCIA);
      if (!archivo || archivo.contenido.length === 0) {
        throw ValidacionCampo(CAMPO_CONSTANCIA, MSG.constanciaArchivoRequerido);
      }
      // The page's code, when the file is checked on a code's page: any text (a malformed one is ignored).
      const pagina = campos[CAMPO_CODIGO_PAGINA];
      return comprobarConstancia(
        db,
        archivo.contenido,
        selloDe(config, reloj()),
        reloj,
        config.expiryNoticeDays,
        typeof pagina === "string" ? pagina.slice(0, 60) : null,
      );
    },
  });
};
