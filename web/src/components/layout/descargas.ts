/**
 * The two fixed downloads of the menu (SPEC.md §2): the signature card (.docx) and the user manual
 * (PDF). Run as mutations so the loading overlay shows while the file comes down.
 */
import { MSG } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { descargarArchivo } from "../../lib/api-client";

function useDescarga(path: string, nombre: string, mensajeError: string) {
  return useMutation({
    mutationFn: () => descargarArchivo(path, nombre),
    meta: { errorAccion: mensajeError },
  });
}

export function useDescargarTarjeta() {
  return useDescarga("api/SolicitudFirma/GetTarjeta", "Tarjeta de Firmas.docx", MSG.errorDescargarTarjeta);
}

export function useDescargarManual() {
  return useDescarga("api/SolicitudFirma/GetManual", "Manual de Usuario.pdf", MSG.errorDescargarManual);
}
