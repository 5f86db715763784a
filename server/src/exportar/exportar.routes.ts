/**
 * GET api/Exportar/{lista}?formato=csv|xlsx plus the list's own query: each inbox, the
 * legal history, the tracking list, and the consultant's registry of active officials. Access as
 * for the list itself; the file streams while the database is read.
 */
import {
  GRUPOS,
  LISTAS_CONFIGURACION,
  type ListaConfiguracion,
  MSG,
  type NombreVista,
  zConsultaExportar,
  zConsultaExportarLista,
  zConsultaFormato,
  zRespuestaSimple,
} from "@registro/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../deps.js";
import { usuarioDe } from "../llamante/peticion.js";
import { AppError } from "../shared/errors.js";
import { hoyLocal } from "../shared/tiempo.js";
import {
  type Archivo,
  exportarBandeja,
  exportarConfiguracion,
  exportarRegistro,
  type ListaBandeja,
} from "./exportar.service.js";
import { TIPO_CONTENIDO } from "./formatos.js";
import { LimiteExportaciones } from "./limite.js";

const errores = { 400: zRespuestaSimple, 401: zRespuestaSimple, 403: zRespuestaSimple, 429: zRespuestaSimple };

/** Retry-After of a refused export: about what a list of a few thousand rows takes. */
const REINTENTO_SEGUNDOS = 30;

async function escribir(reply: FastifyReply, a: Archivo): Promise<void> {
  const ascii = a.nombre.replace(/[^\w.-]/g, "_");
  await reply
    .header("content-type", TIPO_CONTENIDO[a.formato])
    .header("content-disposition", `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(a.nombre)}`)
    .send(a.contenido);
}

const LISTAS: { url: string; vistas: readonly NombreVista[]; lista: ListaBandeja }[] = [
  {
    url: "Originador",
    vistas: GRUPOS.originador,
    lista: { bandeja: "originador", archivo: "solicitudes-originador", numeroSolicitud: true, institucion: false },
  },
  {
    url: "Analista",
    vistas: GRUPOS.analista,
    lista: { bandeja: "analista", archivo: "solicitudes-analista", numeroSolicitud: true, espera: true },
  },
  {
    url: "Juridico",
    vistas: GRUPOS.juridico,
    lista: { bandeja: "juridico", archivo: "solicitudes-juridico", numeroSolicitud: true, espera: true },
  },
  {
    url: "Historico",
    vistas: GRUPOS.historico,
    lista: { bandeja: "historico", archivo: "historico-juridico", numerar: true, numeroSolicitud: true },
  },
  {
    url: "Administrador",
    vistas: GRUPOS.administrador,
    lista: { bandeja: "administrador", archivo: "solicitudes-administrador", numeroSolicitud: true, espera: true },
  },
  {
    url: "Seguimiento",
    vistas: GRUPOS.seguimiento,
    lista: {
      bandeja: "administrador",
      archivo: "seguimiento-solicitudes",
      estatusServidor: true,
      numeroSolicitud: true,
      espera: true,
    },
  },
  {
    url: "Consultor",
    vistas: GRUPOS.consulta,
    lista: { bandeja: "consultor", archivo: "solicitudes-consulta", numeroSolicitud: true },
  },
];

/** The configuration lists' exports: access as for the list's own screen. */
const CONFIGURACION: { lista: ListaConfiguracion; vistas: readonly NombreVista[] }[] = [
  { lista: "Usuarios", vistas: GRUPOS.usuarios },
  { lista: "Perfiles", vistas: GRUPOS.perfiles },
  { lista: "Instituciones", vistas: GRUPOS.instituciones },
  { lista: "Cargos", vistas: GRUPOS.cargos },
];

export const exportarRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, reloj }) => {
  const limite = new LimiteExportaciones(config.exportMaxConcurrent);
  /**
   * Runs one export within the limits: a place per user and in the process (or a Spanish 429 with
   * Retry-After), held until the answer ends however it ends, and a total time after which the
   * file is cut off (the client sees an incomplete download, never a complete-looking one).
   */
  async function enviar(req: FastifyRequest, reply: FastifyReply, crear: () => Archivo | Promise<Archivo>) {
    const lugar = limite.tomar(usuarioDe(req).idUsuario);
    if ("negativa" in lugar) {
      reply.header("retry-after", String(REINTENTO_SEGUNDOS));
      throw new AppError(
        "DemasiadasSolicitudes",
        lugar.negativa === "usuario" ? MSG.exportacionesPropias : MSG.exportacionesEnCurso,
      );
    }
    reply.raw.once("close", lugar.liberar);
    let archivo: Archivo;
    try {
      archivo = await crear();
    } catch (e) {
      lugar.liberar();
      throw e;
    }
    const tope = setTimeout(() => {
      req.log.warn({ lista: req.url }, "export cut off at EXPORT_TIMEOUT_SECONDS");
      archivo.contenido.destroy(new Error("export time limit reached"));
    }, config.exportTimeoutSeconds * 1000);
    reply.raw.once("close", () => clearTimeout(tope));
    await escribir(reply, archivo);
  }
  // The same "today" and notice days as the lists' Por vencer / Vencidas filter.
  const vigencia = () => ({
    hoy: hoyLocal(reloj),
    diasAviso: config.expiryNoticeDays,
    diasAlertaEspera: config.waitAlertDays,
  });
  for (const { url, vistas, lista } of LISTAS) {
    app.get(`/api/Exportar/${url}`, {
      config: { vistas },
      schema: { tags: ["Exportar"], querystring: zConsultaExportar, response: errores },
      handler: (req, reply) =>
        enviar(req, reply, () => exportarBandeja(db, usuarioDe(req), lista, req.query, req.query.formato, vigencia())),
    });
  }

  app.get("/api/Exportar/Registro", {
    config: { vistas: GRUPOS.consulta },
    schema: { tags: ["Exportar"], querystring: zConsultaFormato, response: errores },
    handler: (req, reply) =>
      enviar(req, reply, () => exportarRegistro(usuarioDe(req), db, req.query.formato, vigencia())),
  });

  for (const { lista, vistas } of CONFIGURACION) {
    app.get(`/api/Exportar/${lista}`, {
      config: { vistas },
      schema: {
        tags: ["Exportar"],
        querystring: zConsultaExportarLista(LISTAS_CONFIGURACION[lista].orden),
        response: errores,
      },
      handler: (req, reply) =>
        enviar(req, reply, () => exportarConfiguracion(db, lista, req.query, req.query.formato, hoyLocal(reloj))),
    });
  }
};
