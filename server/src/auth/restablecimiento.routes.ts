/**
 * Password reset by e-mail (public): POST api/Account/OlvidoClave asks for a link, POST
 * api/Account/RestablecerClave chooses the new password with it. Each client address may ask
 * RESET_RATE_LIMIT times (5) in 15 minutes (Spanish 429 beyond).
 */
import { zOlvidoClaveBody, zRespuestaSimple, zRestablecerClaveBody } from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../deps.js";
import * as service from "./restablecimiento.service.js";

export const restablecimientoRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.post("/api/Account/OlvidoClave", {
    config: {
      publico: true,
      rateLimit: {
        max: config.resetRateLimit,
        timeWindow: "15 minutes",
        keyGenerator: (req) => `olvido-clave:${req.ip}`,
      },
    },
    schema: {
      tags: ["Account"],
      description:
        "Pide un enlace para restablecer la contraseña, enviado por correo a la dirección del usuario y válido " +
        "30 minutos, una sola vez. La respuesta es la misma exista o no el usuario. Sin SMTP_URL: success=false.",
      body: zOlvidoClaveBody,
      response: { 200: zRespuestaSimple },
    },
    handler: (req) => service.solicitarRestablecimiento(db, config, req.body, req.ip),
  });

  app.post("/api/Account/RestablecerClave", {
    config: {
      publico: true,
      rateLimit: {
        max: config.resetRateLimit * 4,
        timeWindow: "15 minutes",
        keyGenerator: (req) => `restablecer-clave:${req.ip}`,
      },
    },
    schema: {
      tags: ["Account"],
      description:
        "Elige la nueva contraseña con el secreto del enlace (Token). Aplica la política de contraseñas, cierra " +
        "todas las sesiones del usuario y no inicia ninguna.",
      body: zRestablecerClaveBody,
      response: { 200: zRespuestaSimple },
    },
    handler: (req) => service.restablecerClave(db, req.body),
  });
};
