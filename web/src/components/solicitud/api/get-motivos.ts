/**
 * The reasons offered when returning or rejecting: GET api/SolicitudFirma/GetMotivosCambioEstatus
 * (RyCC analyst and administrator) or GetMotivosCambioEstatusJuridico (legal).
 */
import type { Motivo } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type OrigenMotivos = "rycc" | "juridico";

const RUTA: Record<OrigenMotivos, string> = {
  rycc: "api/SolicitudFirma/GetMotivosCambioEstatus",
  juridico: "api/SolicitudFirma/GetMotivosCambioEstatusJuridico",
};

export function obtenerMotivos(origen: OrigenMotivos): Promise<Motivo[]> {
  return api.get<Motivo[]>(RUTA[origen]);
}

export function useMotivos(origen: OrigenMotivos, habilitado: boolean) {
  return useQuery({
    queryKey: ["catalogos", "motivos", origen],
    queryFn: () => obtenerMotivos(origen),
    enabled: habilitado,
    staleTime: 5 * 60_000,
  });
}
