/** What every reviewer's decision does once the server accepts it. */
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { CLAVE_BANDEJA } from "../../../components/bandeja/tipos";
import { claveSolicitud } from "../../../components/solicitud/api/get-solicitud";

/** Refreshes the inboxes, forgets the decided request and goes back to `volverA`. */
export function useTrasDecision(idSolicitud: number, volverA: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: [CLAVE_BANDEJA] });
    queryClient.removeQueries({ queryKey: claveSolicitud(idSolicitud) });
    navigate(volverA);
  };
}
