/** PUT api/Instituciones (the institution named by IdInstitucionFirma). */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { CLAVE, refrescar } from "./comun";
import type { InstitucionEnvio } from "./crear-institucion";

export function editarInstitucion(datos: InstitucionEnvio & { IdInstitucionFirma: number }) {
  return api.put<RespuestaAccion>("api/Instituciones", datos);
}

export function useEditarInstitucion() {
  return useMutation({
    mutationFn: editarInstitucion,
    onSuccess: (r) => {
      if (r.success) void refrescar(CLAVE.instituciones);
    },
  });
}
