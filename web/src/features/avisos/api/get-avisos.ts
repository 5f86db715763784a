/** The bell's notices, polled while the app is open (the panel's filter chooses which). */
import type { EstadoAviso } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { CADA_MS, consultaAvisos } from "./consulta-avisos";

export function useAvisos(estado: EstadoAviso = "todos") {
  return useQuery({ ...consultaAvisos(estado), refetchInterval: CADA_MS });
}
