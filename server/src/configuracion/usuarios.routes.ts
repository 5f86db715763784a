/**
 * Users calls of SPEC.md §7 "Maintenance": GET/POST/PUT api/Usuarios, PUT ResetPassword/{id}; and
 * PUT Desbloquear/{id}, which lifts a user's sign-in locks without a new password.
 */
import {
  GRUPOS,
  zClaveTemporal,
  zParamsUsuario,
  zRespuesta,
  zRespuestaSimple,
  zUsuario,
  zUsuarioCreado,
  zUsuarioCrearBody,
  zUsuarioEditarBody,
} from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../deps.js";
import { usuarioDe } from "../llamante/peticion.js";
import * as service from "./usuarios.service.js";

export const usuariosRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const config = { vistas: GRUPOS.usuarios };
  const tags = ["Configuración"];

  app.get("/api/Usuarios", {
    config,
    schema: { tags, response: { 200: z.array(zUsuario) } },
    handler: () => service.listarUsuarios(db),
  });

  app.post("/api/Usuarios", {
    config,
    schema: { tags, body: zUsuarioCrearBody, response: { 200: zRespuesta(zUsuarioCreado) } },
    handler: (req) => service.crearUsuario(db, usuarioDe(req), req.body),
  });

  app.put("/api/Usuarios", {
    config,
    schema: { tags, body: zUsuarioEditarBody, response: { 200: zRespuestaSimple } },
    handler: (req) => service.editarUsuario(db, usuarioDe(req), req.body),
  });

  app.put("/api/Usuarios/Desbloquear/:idUsuario", {
    config,
    schema: {
      tags,
      description: "Levanta los bloqueos de inicio de sesión del usuario (auditado); la contraseña no cambia.",
      params: zParamsUsuario,
      response: { 200: zRespuestaSimple },
    },
    handler: (req) => service.desbloquearUsuario(db, usuarioDe(req), req.params.idUsuario),
  });

  app.put("/api/Usuarios/ResetPassword/:idUsuario", {
    config,
    schema: { tags, params: zParamsUsuario, response: { 200: zRespuesta(zClaveTemporal) } },
    handler: (req) => service.reiniciarClave(db, usuarioDe(req), req.params.idUsuario),
  });
};
