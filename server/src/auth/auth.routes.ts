/** Account calls of SPEC.md §7. */
import { MSG, zCambiarClaveBody, zLoginBody, zLoginRespuesta, zRespuestaSimple, zUserData } from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../deps.js";
import { usuarioDe } from "../llamante/peticion.js";
import * as service from "./auth.service.js";
import { borrarCookieSesion, entregarSesion, traeToken } from "./cookie-sesion.js";

export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.post("/api/Account/LogIn", {
    config: { publico: true, rateLimit: { max: config.loginRateLimit, timeWindow: "1 minute" } },
    schema: {
      tags: ["Account"],
      description:
        "Sin segundo factor: `{ success: true, message, token }`. Con segundo factor: `{ success: true, message, segundoFactor: true, " +
        "desafio, metodos }` sin token; el token llega con POST api/Account/LogIn/SegundoFactor. " +
        "Con el token (enviarlo en Authorization en cada llamada) se fija además la " +
        "cookie de sesión HttpOnly y SameSite=Strict de la aplicación web (rf_sesion; __Host-rf_sesion y Secure " +
        "por HTTPS). Con la cabecera X-Registro-Sesion: cookie la respuesta no lleva el token. Las llamadas que " +
        "cambian datos autenticadas con la cookie deben venir del propio origen de la aplicación (si no, 403). " +
        "Una cuenta bloqueada por intentos fallidos recibe success=false con los minutos que faltan, sea cual " +
        "sea la contraseña.",
      body: zLoginBody,
      response: { 200: zLoginRespuesta },
    },
    handler: async (req, reply) => {
      const r = await service.iniciarSesion(db, req.body, req.ip);
      // Every answer that carries a token leaves through entregarSesion (the session cookie).
      return traeToken(r) ? entregarSesion(req, reply, config, r) : r;
    },
  });

  app.get("/api/Account/GetUserData", {
    config: { autenticado: true, permitirCambioClave: true, permitirEnrolamiento: true },
    schema: { tags: ["Account"], response: { 200: zUserData } },
    handler: (req) => service.datosUsuario(db, usuarioDe(req)),
  });

  app.put("/api/Account/LogOff", {
    config: { autenticado: true, permitirCambioClave: true, permitirEnrolamiento: true },
    schema: {
      tags: ["Account"],
      description: "Cierra la sesión (la del token o la de la cookie) y borra la cookie de sesión.",
      response: { 200: zRespuestaSimple },
    },
    handler: async (req, reply) => {
      await service.cerrarSesion(db, usuarioDe(req));
      borrarCookieSesion(req, reply, config);
      return { success: true, message: MSG.cierreSesion };
    },
  });

  // The path has an ñ; clients may send it encoded or not, and some drop the tilde.
  for (const url of ["/api/Account/CambiarContraseña", "/api/Account/CambiarContrasena"]) {
    app.put(url, {
      config: { autenticado: true, permitirCambioClave: true, permitirEnrolamiento: true },
      schema: { tags: ["Account"], body: zCambiarClaveBody, response: { 200: zRespuestaSimple } },
      handler: (req) => service.cambiarClave(db, usuarioDe(req), req.body),
    });
  }
};
