/**
 * GET api/SolicitudFirma/GetSolicitudAdjuntos/{idSolicitud},
 * GetFuncionariosAdjuntos/{idSolicitud}/{idFuncionario} and DownloadAdjunto/{idAdjunto}. A file is
 * served with its stored (sniffed) type, inline, never sniffed again by the browser, never cached.
 */
import { VISTAS_LECTURA_SOLICITUD, zAdjunto, zId, zRespuestaSimple } from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../app.js";
import { usuarioDe } from "../auth/auth.plugin.js";
import * as service from "./adjuntos.service.js";

const errores = { 400: zRespuestaSimple, 404: zRespuestaSimple };

export const adjuntosRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
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
};
