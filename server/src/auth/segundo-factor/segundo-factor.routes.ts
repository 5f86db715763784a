/**
 * Second factor calls: the second step of sign-in (public, limited like LogIn) and the user's own
 * factors (any signed-in user, also while the profile still requires enrolment), plus the
 * configuration administrator's reset from the users list.
 */
import {
  GRUPOS,
  zAppConfirmarBody,
  zAppIniciada,
  zEstadoSegundoFactor,
  zFactorAgregado,
  zId,
  zLoginRespuesta,
  zOpcionesLoginBody,
  zOpcionesWebAuthn,
  zParamsUsuario,
  zPasskeyBody,
  zRenombrarFactorBody,
  zRespuesta,
  zRespuestaSimple,
  zSegundoFactorBody,
} from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps.js";
import { usuarioDe } from "../../llamante/peticion.js";
import { entregarSesion, traeToken } from "../cookie-sesion.js";
import * as desafio from "./desafio.service.js";
import * as service from "./segundo-factor.service.js";

export const segundoFactorRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config } = deps;
  const { reloj } = deps;
  const limite = { max: config.loginRateLimit, timeWindow: "1 minute" };
  const tags = ["Account"];
  const propio = { autenticado: true, permitirEnrolamiento: true } as const;
  const zParamsFactor = z.object({ idFactor: zId });

  app.post("/api/Account/LogIn/SegundoFactor", {
    config: { publico: true, rateLimit: limite },
    schema: {
      tags,
      summary: "Segundo paso del inicio de sesión",
      description:
        "Para un usuario con segundo factor, LogIn responde `{ success: true, segundoFactor: true, desafio, metodos }` sin token. " +
        "Esta llamada envía el `desafio` (válido 5 minutos, 5 intentos) con uno de: `codigo` (6 dígitos de la aplicación de autenticación, " +
        "cada código sirve una vez), `codigoRecuperacion` (de un solo uso) o `credencial` (la aserción WebAuthn, tras pedir las opciones " +
        "a LogIn/SegundoFactor/Opciones). Si es correcto responde como LogIn: `{ success: true, message, token }`. Cada fallo cuenta " +
        "para el bloqueo de la cuenta; el quinto termina el desafío.",
      body: zSegundoFactorBody,
      response: { 200: zLoginRespuesta },
    },
    handler: async (req, reply) => {
      const r = await desafio.completarSegundoFactor(db, config, reloj, req.body, req.ip);
      // The token leaves through the one function that sets the web app's session cookie.
      return traeToken(r) ? entregarSesion(req, reply, config, r) : r;
    },
  });

  app.post("/api/Account/LogIn/SegundoFactor/Opciones", {
    config: { publico: true, rateLimit: limite },
    schema: {
      tags,
      summary: "Opciones WebAuthn del desafío",
      description:
        "Las opciones de `navigator.credentials.get()` para las llaves de acceso del usuario del desafío (404 si el desafío venció o el usuario no tiene llaves).",
      body: zOpcionesLoginBody,
      response: { 200: zOpcionesWebAuthn },
    },
    handler: async (req) => ({ ...(await desafio.opcionesLogin(db, config, req.body.desafio)) }),
  });

  app.get("/api/SegundoFactor", {
    config: propio,
    schema: { tags, response: { 200: zEstadoSegundoFactor } },
    handler: (req) => service.estado(db, usuarioDe(req)),
  });

  app.post("/api/SegundoFactor/App/Iniciar", {
    config: propio,
    schema: { tags, response: { 200: zRespuesta(zAppIniciada) } },
    handler: (req) => service.iniciarApp(db, usuarioDe(req)),
  });

  app.post("/api/SegundoFactor/App", {
    config: propio,
    schema: { tags, body: zAppConfirmarBody, response: { 200: zRespuesta(zFactorAgregado) } },
    handler: (req) => service.confirmarApp(db, reloj, usuarioDe(req), req.body),
  });

  app.post("/api/SegundoFactor/Passkey/Opciones", {
    config: propio,
    schema: { tags, response: { 200: zOpcionesWebAuthn } },
    handler: async (req) => ({ ...(await service.opcionesPasskey(db, config, usuarioDe(req))) }),
  });

  app.post("/api/SegundoFactor/Passkey", {
    config: propio,
    schema: { tags, body: zPasskeyBody, response: { 200: zRespuesta(zFactorAgregado) } },
    handler: (req) => service.registrarPasskey(db, config, usuarioDe(req), req.body),
  });

  app.post("/api/SegundoFactor/CodigosRecuperacion", {
    config: propio,
    schema: { tags, response: { 200: zRespuesta(zFactorAgregado) } },
    handler: (req) => service.regenerarCodigos(db, usuarioDe(req)),
  });

  app.put("/api/SegundoFactor/:idFactor", {
    config: propio,
    schema: { tags, params: zParamsFactor, body: zRenombrarFactorBody, response: { 200: zRespuestaSimple } },
    handler: (req) => service.renombrar(db, usuarioDe(req), req.params.idFactor, req.body.nombre),
  });

  app.delete("/api/SegundoFactor/:idFactor", {
    config: propio,
    schema: { tags, params: zParamsFactor, response: { 200: zRespuestaSimple } },
    handler: (req) => service.eliminar(db, usuarioDe(req), req.params.idFactor),
  });

  app.put("/api/Usuarios/ReiniciarSegundoFactor/:idUsuario", {
    config: { vistas: GRUPOS.usuarios },
    schema: { tags: ["Configuración"], params: zParamsUsuario, response: { 200: zRespuestaSimple } },
    handler: (req) => service.reiniciarFactores(db, usuarioDe(req), req.params.idUsuario),
  });
};
