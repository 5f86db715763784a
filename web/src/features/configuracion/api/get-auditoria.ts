/**
 * GET api/Auditoria?page&rows&entidad&accion&idUsuario&desde&hasta: one page of the audit trail,
 * newest first, filtered on the server (days as YYYY-MM-DD).
 */
import { type AccionAuditoriaNombre, type AuditoriaEntrada, type EntidadAuditoria, MSG } from "@registro/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { CLAVE } from "./comun";

export interface ConsultaAuditoriaWeb {
  page: number;
  rows: number;
  entidad?: EntidadAuditoria;
  accion?: AccionAuditoriaNombre;
  idUsuario?: number;
  desde?: string;
  hasta?: string;
}

export function obtenerAuditoria(q: ConsultaAuditoriaWeb) {
  return api.get<{ rows: AuditoriaEntrada[]; totalRecords: number }>("api/Auditoria", { ...q });
}

export function useAuditoria(q: ConsultaAuditoriaWeb) {
  return useQuery({
    queryKey: [...CLAVE.auditoria, q],
    queryFn: () => obtenerAuditoria(q),
    meta: { errorCarga: MSG.errorCargarAuditoria },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
