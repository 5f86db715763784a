/**
 * The inboxes (SPEC.md §7 "Reading"): GetBandejaOriginador, GetBandejaAnalista, GetBandejaJuridico,
 * GetHistorico, GetBandejaAdministradorRCC and GetBandejaConsultor. With `page` each answers
 * `{ rows, totalRecords }` (plus `totalLimitado: true` when a search's total is capped);
 * without it, the bare array of every matching row.
 */
import {
  GRUPOS,
  type NombreVista,
  zBandejaItem,
  zConsultaBandeja,
  zPaginaBandeja,
  zRespuestaSimple,
} from "@registro/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../deps.js";
import { usuarioDe } from "../llamante/peticion.js";
import { hoyLocal } from "../shared/tiempo.js";
import { type Bandeja, listarBandeja } from "./bandejas.service.js";

const zRespuestaBandeja = z.union([zPaginaBandeja, z.array(zBandejaItem)]);

export const bandejasRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, reloj }) => {
  const bandeja = (url: string, vistas: readonly NombreVista[], cual: Bandeja) =>
    app.get(url, {
      config: { vistas },
      schema: {
        tags: ["Bandejas"],
        querystring: zConsultaBandeja,
        response: { 200: zRespuestaBandeja, 400: zRespuestaSimple, 401: zRespuestaSimple, 403: zRespuestaSimple },
      },
      handler: (req) =>
        listarBandeja(
          db,
          usuarioDe(req),
          cual,
          req.query,
          { hoy: hoyLocal(reloj), diasAviso: config.expiryNoticeDays, diasAlertaEspera: config.waitAlertDays },
          config.searchCountCap,
        ),
    });

  bandeja("/api/SolicitudFirma/GetBandejaOriginador", GRUPOS.originador, "originador");
  bandeja("/api/SolicitudFirma/GetBandejaAnalista", GRUPOS.analista, "analista");
  bandeja("/api/SolicitudFirma/GetBandejaJuridico", GRUPOS.juridico, "juridico");
  bandeja("/api/SolicitudFirma/GetHistorico", GRUPOS.historico, "historico");
  bandeja(
    "/api/SolicitudFirma/GetBandejaAdministradorRCC",
    [...GRUPOS.administrador, ...GRUPOS.seguimiento],
    "administrador",
  );
  bandeja("/api/SolicitudFirma/GetBandejaConsultor", GRUPOS.consulta, "consultor");
};
