/**
 * Batch verification: POST api/Verificacion/Lote (JSON, for systems: a key with the scope
 * verificacion-lote, or a user with the "Verificar firma" view) and POST api/Verificacion/Lote/Archivo
 * (the screen's CSV of questions, answered as a CSV or Excel file).
 */
import {
  GRUPOS,
  MAX_PREGUNTAS_LOTE,
  zFormatoLote,
  zLoteArchivo,
  zLoteVerificacion,
  zRespuestaLote,
  zRespuestaSimple,
} from "@registro/contracts";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { lectorReplica } from "../db/lector-replica.js";
import type { AppDeps } from "../deps.js";
import { TIPO_CONTENIDO } from "../exportar/formatos.js";
import { llamanteDe } from "../llamante/peticion.js";
import * as service from "./lote.service.js";

export const loteRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { reloj } = deps;
  const leer = lectorReplica(deps);
  const tags = ["Verificación"];
  const config = { vistas: GRUPOS.verificacion, alcances: ["verificacion-lote"], lecturaReplica: true } as const;
  const security: { [nombre: string]: string[] }[] = [{ sesion: [] }, { claveSistema: [] }];

  app.post("/api/Verificacion/Lote", {
    config,
    schema: {
      tags,
      summary: `Verificación por lotes: hasta ${MAX_PREGUNTAS_LOTE} preguntas de «Verificar firma», un resultado por pregunta y en el mismo orden`,
      description:
        "Cada pregunta lleva los campos de GET api/Verificacion/Firma (cedula; institucion, idFirma, monto, fecha opcionales). " +
        "Una pregunta con un dato no válido recibe sus errores en `errors` y `autorizado: null`; las demás se responden igual. " +
        "Con la sesión de un usuario con la vista «Verificar firma», o con una clave de sistema con la operación `verificacion-lote`.",
      security,
      body: zLoteVerificacion,
      response: { 200: zRespuestaLote, 400: zRespuestaSimple },
    },
    handler: async (req) => ({
      resultados: await leer((db) => service.verificarLote(db, llamanteDe(req), req.body.preguntas, reloj)),
    }),
  });

  app.post("/api/Verificacion/Lote/Archivo", {
    config,
    schema: {
      tags,
      summary:
        "Verificación por lotes desde un CSV (columnas Cédula, Institución, Firma, Monto, Fecha): responde un CSV o Excel",
      security,
      querystring: zFormatoLote,
      body: zLoteArchivo,
      response: { 400: zRespuestaSimple },
    },
    handler: async (req, reply) => {
      const resultados = await leer((db) =>
        service.verificarArchivo(db, llamanteDe(req), req.body.csv, reloj, MAX_PREGUNTAS_LOTE),
      );
      const formato = req.query.formato;
      const nombre = `verificacion-lote.${formato}`;
      // A file, not JSON: sent through the plain reply (the typed one expects the error shape).
      const plano: FastifyReply = reply;
      return plano
        .header("content-type", TIPO_CONTENIDO[formato])
        .header("content-disposition", `attachment; filename="${nombre}"`)
        .send(service.archivoResultados(formato, resultados));
    },
  });
};
