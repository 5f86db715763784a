/**
 * GET api/SolicitudFirma/{idSolicitud}, Historico/{idSolicitud}, GetRechazos/{idSolicitud} and, for
 * reviewers, Cambios/{idSolicitud} (what changed since the latest return): the
 * detail reads every screen that shows a request uses (any view that reads a request grants them).
 * The parametric `{idSolicitud}` route sits beside static siblings (GetBandeja*, GetFirmas…): static
 * routes win in Fastify, and a non-numeric id answers 400.
 */
import {
  VISTAS_LECTURA_SOLICITUD,
  VISTAS_REVISORES,
  zCambiosSolicitud,
  zHistoricoEntrada,
  zId,
  zRechazo,
  zRespuestaSimple,
  zSolicitud,
} from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type LecturaConSesion, lecturaPreviaDe } from "../auth/lectura-con-sesion.js";
import type { AppDeps } from "../deps.js";
import { usuarioDe } from "../llamante/peticion.js";
import * as cambios from "./cambios.service.js";
import * as service from "./lectura.service.js";

const params = z.object({ idSolicitud: zId });

/** GetSolicitud's detail read with the caller's session: for an id that passes the route's validation. */
const detalleConSesion: LecturaConSesion<number, service.SolicitudDetalleFila> = {
  argumentos: (req) => {
    const r = params.safeParse(req.params);
    return r.success ? r.data.idSolicitud : undefined;
  },
  leer: (db, hash, idSolicitud) => service.detalleConSesion(db, hash, idSolicitud),
};
const errores = { 400: zRespuestaSimple, 404: zRespuestaSimple };

export const lecturaRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const config = { vistas: VISTAS_LECTURA_SOLICITUD };

  app.get("/api/SolicitudFirma/:idSolicitud", {
    // Performance: the detail is read in the session's statement (one round trip a call).
    config: { ...config, lecturaConSesion: detalleConSesion },
    schema: { tags: ["Lectura"], params, response: { 200: zSolicitud, ...errores } },
    handler: (req) =>
      service.obtenerSolicitud(
        db,
        usuarioDe(req),
        req.params.idSolicitud,
        lecturaPreviaDe<service.SolicitudDetalleFila>(req, (id) => id === req.params.idSolicitud),
      ),
  });

  app.get("/api/SolicitudFirma/Historico/:idSolicitud", {
    config,
    schema: { tags: ["Lectura"], params, response: { 200: z.array(zHistoricoEntrada), ...errores } },
    handler: (req) => service.historico(db, usuarioDe(req), req.params.idSolicitud),
  });

  // What the institution changed since the latest return (an addition to SPEC.md §7).
  app.get("/api/SolicitudFirma/Cambios/:idSolicitud", {
    config: { vistas: VISTAS_REVISORES },
    schema: { tags: ["Lectura"], params, response: { 200: zCambiosSolicitud, ...errores } },
    handler: (req) => cambios.cambiosDesdeRetorno(db, usuarioDe(req), req.params.idSolicitud),
  });

  app.get("/api/SolicitudFirma/GetRechazos/:idSolicitud", {
    config,
    schema: { tags: ["Lectura"], params, response: { 200: z.array(zRechazo), ...errores } },
    handler: (req) => service.rechazos(db, usuarioDe(req), req.params.idSolicitud),
  });
};
