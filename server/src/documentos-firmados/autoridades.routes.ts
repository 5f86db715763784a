/**
 * "Autoridades de confianza" (configuration, issue 38): trust anchors and CRLs for "Verificar
 * documento" (multipart uploads, PEM or DER), joint-signature rules and the cédula's attribute.
 */
import {
  CAMPO_CERTIFICADO,
  GRUPOS,
  MAX_BYTES_AUTORIDAD,
  MSG,
  zAtributoCedula,
  zAutoridadesConfianza,
  zId,
  zNuevaFirmaConjunta,
  zRespuestaSimple,
} from "@registro/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { leerFormulario } from "../archivos/multipart.js";
import type { AppDeps } from "../deps.js";
import { usuarioDe } from "../llamante/peticion.js";
import { ValidacionCampo } from "../shared/errors.js";
import * as service from "./autoridades.service.js";

/** The one file of an upload, refused on its field when missing or empty. */
async function archivoDe(req: FastifyRequest, requerido: string): Promise<Buffer> {
  const { archivos } = await leerFormulario(req, { archivos: [CAMPO_CERTIFICADO], maxBytes: MAX_BYTES_AUTORIDAD });
  const a = archivos.get(CAMPO_CERTIFICADO);
  if (!a || a.contenido.length === 0) throw ValidacionCampo(CAMPO_CERTIFICADO, requerido);
  return a.contenido;
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: a routes plugin: each route's method, path, access and schema listed in order, its handler one service call
export const autoridadesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, reloj }) => {
  const config = { vistas: GRUPOS.autoridadesConfianza };
  const tags = ["Autoridades de confianza"];
  const base = "/api/Configuracion/AutoridadesConfianza";
  const subida = `Formulario multipart con el archivo (PEM o DER, hasta ${MAX_BYTES_AUTORIDAD} bytes) en «${CAMPO_CERTIFICADO}».`;

  app.get(base, {
    config,
    schema: {
      tags,
      summary: "Autoridades de confianza, listas de revocación, firmas conjuntas y atributo de la cédula",
      response: { 200: zAutoridadesConfianza },
    },
    handler: () => service.listar(db, reloj),
  });

  app.post(`${base}/Ancla`, {
    config,
    schema: {
      tags,
      summary: "Agregar una autoridad de confianza (certificado de CA)",
      description: subida,
      consumes: ["multipart/form-data"],
      response: { 200: zRespuestaSimple, 400: zRespuestaSimple },
    },
    handler: async (req) =>
      service.agregarAncla(
        db,
        usuarioDe(req),
        await archivoDe(req, MSG.anclaArchivoRequerido),
        CAMPO_CERTIFICADO,
        reloj,
      ),
  });

  app.post(`${base}/Ancla/Retirar/:idAncla`, {
    config,
    schema: {
      tags,
      summary: "Retirar una autoridad de confianza",
      params: z.object({ idAncla: zId }),
      response: { 200: zRespuestaSimple, 404: zRespuestaSimple },
    },
    handler: (req) => service.retirarAncla(db, usuarioDe(req), req.params.idAncla, reloj),
  });

  app.post(`${base}/Crl`, {
    config,
    schema: {
      tags,
      summary: "Cargar una lista de revocación (CRL) firmada por una autoridad de confianza",
      description: `${subida} Una lista más reciente del mismo emisor reemplaza a la anterior.`,
      consumes: ["multipart/form-data"],
      response: { 200: zRespuestaSimple, 400: zRespuestaSimple },
    },
    handler: async (req) =>
      service.cargarCrl(db, usuarioDe(req), await archivoDe(req, MSG.crlArchivoRequerido), CAMPO_CERTIFICADO, reloj),
  });

  app.post(`${base}/Crl/Retirar/:idCrl`, {
    config,
    schema: {
      tags,
      summary: "Retirar una lista de revocación",
      params: z.object({ idCrl: zId }),
      response: { 200: zRespuestaSimple, 404: zRespuestaSimple },
    },
    handler: (req) => service.retirarCrl(db, usuarioDe(req), req.params.idCrl, reloj),
  });

  app.post(`${base}/FirmaConjunta`, {
    config,
    schema: {
      tags,
      summary: "Exigir N firmantes autorizados (firma conjunta) a una institución para un tipo de firma",
      body: zNuevaFirmaConjunta,
      response: { 200: zRespuestaSimple, 400: zRespuestaSimple },
    },
    handler: (req) => service.guardarConjunta(db, usuarioDe(req), req.body),
  });

  app.delete(`${base}/FirmaConjunta/:idInstitucion/:idFirma`, {
    config,
    schema: {
      tags,
      summary: "Quitar una regla de firma conjunta",
      params: z.object({ idInstitucion: zId, idFirma: zId }),
      response: { 200: zRespuestaSimple, 404: zRespuestaSimple },
    },
    handler: (req) => service.eliminarConjunta(db, req.params.idInstitucion, req.params.idFirma),
  });

  app.post(`${base}/AtributoCedula`, {
    config,
    schema: {
      tags,
      summary: "El atributo (OID) del sujeto del certificado que lleva la cédula (por defecto 2.5.4.5)",
      body: zAtributoCedula,
      response: { 200: zRespuestaSimple, 400: zRespuestaSimple },
    },
    handler: (req) => service.guardarAtributoCedula(db, usuarioDe(req), req.body.oid),
  });
};
