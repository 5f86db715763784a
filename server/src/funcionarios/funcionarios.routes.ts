/**
 * Officials' calls under api/Funcionarios (SPEC.md §7): read a request's officials and one
 * official's signatures (any view that reads a request), and the originator's delete.
 */
import {
  GRUPOS,
  VISTAS_LECTURA_SOLICITUD,
  zFuncionario,
  zGrupoFirmasFuncionario,
  zId,
  zRespuestaSimple,
} from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../deps.js";
import { usuarioDe } from "../llamante/peticion.js";
import { hoyLocal } from "../shared/tiempo.js";
import * as service from "./funcionarios.service.js";

const errores = { 400: zRespuestaSimple, 404: zRespuestaSimple };

export const funcionariosRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, reloj }) => {
  const tags = ["Funcionarios"];

  app.get("/api/Funcionarios/GetFuncionarioSolicitud/:idSolicitud", {
    config: { vistas: VISTAS_LECTURA_SOLICITUD },
    schema: {
      tags,
      params: z.object({ idSolicitud: zId }),
      response: { 200: z.array(zFuncionario), ...errores },
    },
    handler: (req) =>
      service.funcionariosDeSolicitud(db, usuarioDe(req), req.params.idSolicitud, {
        hoy: hoyLocal(reloj),
        diasAviso: config.expiryNoticeDays,
      }),
  });

  app.get("/api/Funcionarios/GetFirmasFuncionarios/:idFuncionario", {
    config: { vistas: VISTAS_LECTURA_SOLICITUD },
    schema: {
      tags,
      params: z.object({ idFuncionario: zId }),
      response: { 200: z.array(zGrupoFirmasFuncionario), ...errores },
    },
    handler: (req) => service.firmasDeFuncionario(db, usuarioDe(req), req.params.idFuncionario),
  });

  app.delete("/api/Funcionarios/DeleteFuncionario/:id", {
    config: { vistas: GRUPOS.originador },
    schema: { tags, params: z.object({ id: zId }), response: { 200: zRespuestaSimple, ...errores } },
    handler: (req) => service.eliminarFuncionario(db, usuarioDe(req), req.params.id),
  });
};
