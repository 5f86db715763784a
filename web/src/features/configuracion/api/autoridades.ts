/**
 * "Autoridades de confianza": GET api/Configuracion/AutoridadesConfianza (anchors, CRLs, joint-
 * signature rules, the cédula's attribute) and its changes. Uploads answer a 400 with field errors.
 */
import { type AutoridadesConfianza, CAMPO_CERTIFICADO, MSG, type NuevaFirmaConjunta } from "@registro/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ApiError, api, type RespuestaAccion } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { notify } from "../../../lib/toast";

const BASE = "api/Configuracion/AutoridadesConfianza";
const CLAVE = ["configuracion", "autoridades"] as const;
const invalidar = () => queryClient.invalidateQueries({ queryKey: CLAVE });

export function useAutoridades() {
  return useQuery({
    queryKey: CLAVE,
    queryFn: async () => {
      try {
        return await api.get<AutoridadesConfianza>(BASE);
      } catch (e) {
        if (!(e instanceof ApiError && e.status === 401)) notify.error(MSG.errorDesconocido);
        throw e;
      }
    },
    staleTime: 0,
  });
}

/** Uploads a CA certificate ("Ancla") or a CRL ("Crl"). */
export function useSubir() {
  return useMutation({
    mutationFn: ({ tipo, archivo }: { tipo: "Ancla" | "Crl"; archivo: File }) => {
      const datos = new FormData();
      datos.append(CAMPO_CERTIFICADO, archivo, archivo.name);
      return api.post<RespuestaAccion>(`${BASE}/${tipo}`, datos);
    },
    onSettled: invalidar,
  });
}

export function useRetirar() {
  return useMutation({
    mutationFn: ({ tipo, id }: { tipo: "Ancla" | "Crl"; id: number }) =>
      api.post<RespuestaAccion>(`${BASE}/${tipo}/Retirar/${id}`),
    onSettled: invalidar,
  });
}

export function useGuardarConjunta() {
  return useMutation({
    mutationFn: (d: NuevaFirmaConjunta) => api.post<RespuestaAccion>(`${BASE}/FirmaConjunta`, d),
    onSettled: invalidar,
  });
}

export function useQuitarConjunta() {
  return useMutation({
    mutationFn: (d: { idInstitucion: number; idFirma: number }) =>
      api.delete<RespuestaAccion>(`${BASE}/FirmaConjunta/${d.idInstitucion}/${d.idFirma}`),
    onSettled: invalidar,
  });
}

export function useGuardarAtributo() {
  return useMutation({
    mutationFn: (oid: string) => api.post<RespuestaAccion>(`${BASE}/AtributoCedula`, { oid }),
    onSettled: invalidar,
  });
}
