/**
 * "Verificar documento" (issue 38): POST api/Verificacion/Documento (multipart: the signed PDF or the
 * document a detached .p7s signs, the institution, optionally the signature type and the amount) for
 * users with the "Verificar firma" views and system keys with the scope `verificacion`; the sealed
 * validation report of an answer by its code; and the public look-up of a report.
 */
import {
  CAMPO_DOCUMENTO,
  CAMPO_FIRMA_SEPARADA,
  GRUPOS,
  LIMITE_DOCUMENTO_FIRMADO_BYTES,
  MSG,
  zConsultaDocumento,
  zInformeDocumentoPublico,
  zRespuestaSimple,
  zVerificacionDocumento,
} from "@registro/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { camposDe, leerFormulario, validarCampos } from "../archivos/multipart.js";
import type { AppDeps } from "../deps.js";
import { llamanteDe, usuarioDe } from "../llamante/peticion.js";
import { ErroresCampo } from "../shared/errors.js";
import { verificarDocumento } from "./documentos-firmados.service.js";
import { emitirInforme, informePublico } from "./informe.service.js";
import { motorDocumentos } from "./motor.js";

export const documentosFirmadosRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config, reloj } = deps;
  const tags = ["Verificación"];
  const acceso = { vistas: GRUPOS.verificacion, alcances: ["verificacion"] } as const;
  const security: { [nombre: string]: string[] }[] = [{ sesion: [] }, { claveSistema: [] }];
  const motor = motorDocumentos(config.webhookAllowLoopback);
  /** The app's public address for the report's QR, as the constancia's (verificacion.routes.ts). */
  const origen = (req: FastifyRequest) => {
    if (config.publicUrlDefinida) return config.publicUrl;
    if (config.allowedHosts.includes(req.host.toLowerCase())) return `${req.protocol}://${req.host}${config.basePath}`;
    return config.publicUrl;
  };

  app.post("/api/Verificacion/Documento", {
    config: acceso,
    schema: {
      tags,
      summary: "¿Firmaron este documento personas autorizadas? Cada firma: integridad, certificado y registro",
      description:
        `Formulario multipart: «${CAMPO_DOCUMENTO}» (PDF firmado, o el documento que firma la firma separada; hasta ` +
        `${LIMITE_DOCUMENTO_FIRMADO_BYTES} bytes), «${CAMPO_FIRMA_SEPARADA}» (firma CMS separada .p7s, opcional), ` +
        "«InstitucionId», «TipoFirmaId» (opcional) y «Monto» (opcional). Cada firmante se consulta en el registro " +
        "como en api/Verificacion/Firma, en la fecha de la firma (la del sello de tiempo si lo hay, si no la hora " +
        "declarada). La respuesta lleva el código del informe de validación (PDF sellado). Con la sesión de un " +
        "usuario con la vista «Verificar firma», o con una clave de sistema con la operación `verificacion`.",
      security,
      consumes: ["multipart/form-data"],
      response: { 200: zVerificacionDocumento, 400: zRespuestaSimple },
    },
    handler: async (req) => {
      const { archivos, campos } = await leerFormulario(req, {
        archivos: [CAMPO_DOCUMENTO, CAMPO_FIRMA_SEPARADA],
        maxBytes: LIMITE_DOCUMENTO_FIRMADO_BYTES,
      });
      const errores = new ErroresCampo();
      const consulta = validarCampos(zConsultaDocumento, camposDe(zConsultaDocumento, campos), errores);
      const documento = archivos.get(CAMPO_DOCUMENTO)?.contenido;
      if (!documento || documento.length === 0) errores.add(CAMPO_DOCUMENTO, MSG.documentoArchivoRequerido);
      errores.throwIfAny();
      const firma = archivos.get(CAMPO_FIRMA_SEPARADA)?.contenido;
      const quien = {
        llamante: llamanteDe(req),
        idUsuario: req.clave ? null : usuarioDe(req).idUsuario,
        idClave: req.clave?.idClave ?? null,
      };
      return verificarDocumento(
        db,
        quien,
        { documento: documento as Buffer, firmaSeparada: firma && firma.length > 0 ? firma : undefined },
        consulta as NonNullable<typeof consulta>,
        reloj,
        motor,
      );
    },
  });

  app.get("/api/Verificacion/Documento/Informe/:codigo", {
    config: acceso,
    schema: {
      tags,
      summary: "Informe de validación (PDF sellado) de una respuesta de api/Verificacion/Documento",
      security,
      params: z.object({ codigo: z.string().max(60) }),
    },
    handler: async (req, reply) => {
      const { pdf, codigo } = await emitirInforme(db, config, req.params.codigo, reloj, origen(req));
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="Informe de validacion ${codigo}.pdf"`)
        .header("cache-control", "no-store")
        .send(pdf);
    },
  });

  app.get("/api/Verificacion/InformeDocumento/:codigo", {
    config: { publico: true, rateLimit: { max: config.verificacionRateLimit, timeWindow: "1 minute" } },
    schema: {
      tags,
      summary: "Verificación pública de un informe de validación de documento por su código",
      params: z.object({ codigo: z.string() }),
      response: { 200: zInformeDocumentoPublico, 404: zRespuestaSimple },
    },
    handler: (req) => informePublico(db, req.params.codigo),
  });
};
