/**
 * "Importar registro" (the configuration administrator's view): upload a file to a test run or an
 * apply that runs in the background, follow its progress, list the last runs, read or download
 * the report, download the template.
 */
import {
  GRUPOS,
  MAX_BYTES_IMPORTACION,
  MSG,
  zConsultaFormato,
  zConsultaInforme,
  zFormImportacion,
  zImportacion,
  zInformeImportacion,
  zParamsImportacion,
  zRespuesta,
  zRespuestaSimple,
} from "@registro/contracts";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { camposDe, leerFormulario } from "../archivos/multipart.js";
import type { AppDeps } from "../deps.js";
import { TIPO_CONTENIDO } from "../exportar/formatos.js";
import { usuarioDe } from "../llamante/peticion.js";
import { Validacion, ValidacionCampo } from "../shared/errors.js";
import { erroresDeZod } from "../shared/zod-errors.js";
import * as servicio from "./importacion.service.js";

const tags = ["Importación"];
const config = { vistas: GRUPOS.importacion };
const errores = { 400: zRespuestaSimple, 401: zRespuestaSimple, 403: zRespuestaSimple, 404: zRespuestaSimple };

async function enviar(reply: FastifyReply, a: servicio.ArchivoDescarga): Promise<void> {
  const ascii = a.nombre.replace(/[^\w.-]/g, "_");
  await reply
    .header("content-type", TIPO_CONTENIDO[a.formato])
    .header("content-disposition", `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(a.nombre)}`)
    .send(a.contenido);
}

export const importacionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, reloj } = deps;
  app.post("/api/Importacion", {
    config,
    schema: { tags, consumes: ["multipart/form-data"], response: { ...errores, 200: zRespuesta(zImportacion) } },
    handler: async (req) => {
      const sesion = usuarioDe(req);
      const form = await leerFormulario(req, { archivos: ["Archivo", "Documentos"], maxBytes: MAX_BYTES_IMPORTACION });
      const campos = zFormImportacion.safeParse(camposDe(zFormImportacion, form.campos));
      if (!campos.success) throw Validacion(erroresDeZod(campos.error));
      const archivo = form.archivos.get("Archivo");
      if (!archivo) throw ValidacionCampo("Archivo", MSG.requerido);
      const documentos = form.archivos.get("Documentos");
      const data = await servicio.iniciarEjecucion(
        db,
        {
          archivo: archivo.nombre,
          contenido: archivo.contenido,
          documentos: documentos ? { nombre: documentos.nombre, contenido: documentos.contenido } : null,
          aplicar: campos.data.Aplicar,
          crearCatalogos: campos.data.CrearCatalogos,
          idUsuario: sesion.idUsuario,
        },
        reloj,
        req.log,
        deps.database?.kind === "pglite" && deps.config.importEmbeddedMaxApplyRows > 0
          ? deps.config.importEmbeddedMaxApplyRows
          : undefined,
      );
      return {
        success: true,
        message: data.aplicar ? "Importación iniciada." : "Prueba de importación iniciada.",
        data,
      };
    },
  });

  app.get("/api/Importacion", {
    config,
    schema: { tags, response: { ...errores, 200: z.array(zImportacion) } },
    handler: () => servicio.listarEjecuciones(db),
  });

  app.get("/api/Importacion/Plantilla", {
    config,
    schema: { tags, querystring: zConsultaFormato, response: errores },
    handler: (req, reply) => enviar(reply, servicio.plantilla(req.query.formato)),
  });

  app.get("/api/Importacion/:idImportacion", {
    config,
    schema: { tags, params: zParamsImportacion, response: { ...errores, 200: zImportacion } },
    handler: (req) => servicio.obtenerEjecucion(db, req.params.idImportacion),
  });

  app.get("/api/Importacion/:idImportacion/Informe", {
    config,
    schema: {
      tags,
      params: zParamsImportacion,
      querystring: zConsultaInforme,
      response: { ...errores, 200: zInformeImportacion },
    },
    handler: (req) => servicio.leerInforme(db, req.params.idImportacion, req.query),
  });

  app.get("/api/Importacion/:idImportacion/Informe/Descargar", {
    config,
    schema: { tags, params: zParamsImportacion, querystring: zConsultaFormato, response: errores },
    handler: async (req, reply) =>
      enviar(reply, await servicio.descargarInforme(db, req.params.idImportacion, req.query.formato)),
  });

  // Runs left in progress by a stopped process changed nothing: closed as interrupted. On the
  // embedded database at start (one process only); on PostgreSQL, where several processes share the
  // runs, also on a timer, by their silence: each process marks its own runs alive meanwhile.
  const unSoloProceso = deps.database?.kind !== "postgres";
  const barrer = async () => {
    const n = await servicio.cerrarInterrumpidas(db, reloj, unSoloProceso);
    if (n > 0) app.log.warn({ importaciones: n }, "import runs interrupted by a stop closed");
  };
  app.addHook("onReady", barrer);
  if (!unSoloProceso) {
    app.tareas.registrar({
      nombre: "importacion.latido",
      cuando: { cadaMs: servicio.LATIDO_MS },
      alcance: "cadaProceso",
      ejecutar: async () => {
        await servicio.latir(db);
        await barrer();
      },
    });
  }
};
