/** GET api/Auditoria/Verificar: re-walks the audit chain ("Verificar integridad"). */
import type { VerificacionAuditoria } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export function verificarAuditoria() {
  return api.get<VerificacionAuditoria>("api/Auditoria/Verificar");
}

export function useVerificarAuditoria() {
  return useMutation({ mutationFn: verificarAuditoria });
}
