/**
 * GET api/SolicitudFirma/GetSolicitudAdjuntos/{idSolicitud},
 * GetFuncionariosAdjuntos/{idSolicitud}/{idFuncionario} and DownloadAdjunto/{idAdjunto}. A file is
 * served with its stored (sniffed) type, inline, never sniffed again by the browser, never cached.
 */
import { MSG, VISTAS_LECTURA_SOLICITUD, zAdjunto, zId, zRespuesta, zRespuestaSimple } from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { credencialDe } from "../auth/cookie-sesion.js";
import { hashToken } from "../auth/tokens.js";
import type { AppDeps } from "../deps.js";
import { usuarioDe } from "../llamante/peticion.js";
import * as service from "./adjuntos.service.js";

const errores = { 400: zRespuestaSimple, 404: zRespuestaSimple };

export const adjuntosRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config: ajustes, reloj }) => {
  const config = { vistas: VISTAS_LECTURA_SOLICITUD };

  app.get("/api/SolicitudFirma/GetSolicitudAdjuntos/:idSolicitud", {
    config,
    schema: {
      tags: ["Adjuntos"],
      params: z.object({ idSolicitud: zId }),
      response: { 200: z.array(zAdjunto), ...errores },
    },
    handler: (req) => service.adjuntosDeSolicitud(db, usuarioDe(req), req.params.idSolicitud),
  });

  app.get("/api/SolicitudFirma/GetFuncionariosAdjuntos/:idSolicitud/:idFuncionario", {
    config,
    schema: {
      tags: ["Adjuntos"],
      params: z.object({ idSolicitud: zId, idFuncionario: zId }),
      response: { 200: z.array(zAdjunto), ...errores },
    },
    handler: (req) =>
      service.adjuntosDeFuncionario(db, usuarioDe(req), req.params.idSolicitud, req.params.idFuncionario),
  });

  app.get("/api/SolicitudFirma/DownloadAdjunto/:idAdjunto", {
    config,
    schema: { tags: ["Adjuntos"], params: z.object({ idAdjunto: zId }) },
    handler: async (req, reply) => {
      const a = await service.descargarAdjunto(db, usuarioDe(req), req.params.idAdjunto);
      return reply
        .header("content-type", a.mime)
        .header("content-disposition", service.contentDisposition(a.nombre))
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .send(a.contenido);
    },
  });

  // The viewer's link (enlace.ts): the iframe cannot send the token, and a blob: URL
  // would title Chromium's PDF viewer with a random id instead of the file's name.
  app.post("/api/SolicitudFirma/EnlaceAdjunto/:idAdjunto", {
    config,
    schema: {
      tags: ["Adjuntos"],
      description:
        "Enlace para abrir el archivo en el visor del navegador con su nombre: " +
        "data.url (relativa a la base de la aplicación), válida por 2 minutos y mientras dure la sesión.",
      params: z.object({ idAdjunto: zId }),
      response: { 200: zRespuesta(z.object({ url: z.string() })), ...errores },
    },
    handler: async (req) => {
      const tokenHash = hashToken(credencialDe(req)?.token ?? "");
      const url = await service.enlaceAdjunto(db, usuarioDe(req), tokenHash, req.params.idAdjunto, reloj().getTime());
      return { success: true, message: "", data: { url } };
    },
  });

  // Opened by the iframe without a token: the link's own signature stands for the session.
  app.get("/api/SolicitudFirma/VerAdjunto/:idAdjunto/:nombre", {
    config: { publico: true },
    schema: {
      tags: ["Adjuntos"],
      params: z.object({ idAdjunto: zId, nombre: z.string().max(500) }),
      querystring: z.object({
        s: zId,
        e: zId,
        f: z.string().regex(/^[0-9a-f]{64}$/, MSG.adjuntoNoEncontrado),
      }),
    },
    handler: async (req, reply) => {
      const { s, e, f } = req.query;
      const { idAdjunto, nombre } = req.params;
      const a = await service.abrirEnlace(db, ajustes, { idAdjunto, nombre, s, e, f }, reloj().getTime());
      return reply
        .header("content-type", a.mime)
        .header("content-disposition", service.contentDisposition(a.nombre))
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .header("referrer-policy", "no-referrer")
        .send(a.contenido);
    },
  });
};
