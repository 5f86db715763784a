/**
 * The two fixed downloads of the menu (SPEC.md §2): the signature card (.docx) and the user manual
 * (PDF). Run as mutations so the loading overlay shows while the file comes down.
 */
import { MSG } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { ApiError, descargarArchivo } from "../../lib/api-client";
import { notify } from "../../lib/toast";

function useDescarga(path: string, nombre: string, mensajeError: string) {
  return useMutation({
    mutationFn: () => descargarArchivo(path, nombre),
    onError: (e) => {
      // A 401 already sent the user to Login with its own notice.
      if (!(e instanceof ApiError && e.status === 401)) notify.error(mensajeError);
    },
  });
}

export function useDescargarTarjeta() {
  return useDescarga("api/SolicitudFirma/GetTarjeta", "Tarjeta de Firmas.docx", MSG.errorDescargarTarjeta);
}

export function useDescargarManual() {
  return useDescarga("api/SolicitudFirma/GetManual", "Manual de Usuario.pdf", MSG.errorDescargarManual);
}
