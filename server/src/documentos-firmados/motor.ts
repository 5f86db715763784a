/** The engine as the routes use it: the analysis (loaded with the first check) and the network fetcher. */
import type { Motor } from "./documentos-firmados.service.js";
import type { AnalizarDocumento } from "./firma/tipos.js";
import { crearObtener } from "./red.js";

export function motorDocumentos(loopback: boolean): Motor {
  let analizar: AnalizarDocumento | null = null;
  return {
    obtener: crearObtener(loopback),
    analizar: async (entrada) => {
      const motor = analizar ?? (await import("./firma/analizar.js")).analizarDocumento;
      analizar = motor;
      return motor(entrada);
    },
  };
}
