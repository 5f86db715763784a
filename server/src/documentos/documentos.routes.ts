/** Downloads of SPEC.md §7 "Reading": GetTarjeta (.docx signature card) and GetManual (PDF manual). */
import { zId } from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../deps.js";
import { usuarioDe } from "../llamante/peticion.js";
import * as service from "./documentos.service.js";

export const MIME_DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

const zConsultaTarjeta = z.object({
  // An empty value reads as "no official": the blank template.
  idFuncionario: z.preprocess((v) => (v === "" ? undefined : v), zId.optional()),
});

export const documentosRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get("/api/SolicitudFirma/GetTarjeta", {
    config: { autenticado: true },
    schema: { tags: ["Documentos"], querystring: zConsultaTarjeta },
    handler: async (req, reply) => {
      const docx = await service.tarjeta(db, usuarioDe(req), req.query.idFuncionario);
      return reply
        .type(MIME_DOCX)
        .header("content-disposition", 'attachment; filename="Tarjeta de Firmas.docx"')
        .header("cache-control", "no-store")
        .send(docx);
    },
  });

  app.get("/api/SolicitudFirma/GetManual", {
    config: { autenticado: true },
    schema: { tags: ["Documentos"] },
    handler: async (_req, reply) => {
      const pdf = await service.manual();
      return reply
        .type("application/pdf")
        .header("content-disposition", 'attachment; filename="Manual de Usuario.pdf"')
        .header("cache-control", "private, max-age=3600")
        .send(pdf);
    },
  });
};
