/** POST api/Instituciones. */
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { CLAVE, refrescar } from "./comun";

export interface InstitucionEnvio {
  IdInstitucionFirma?: number;
  Nombre: string;
  Estructura: string;
  Direccion: string;
  Telefono: string;
  Ext: string;
  Telefono2: string;
  Ext2: string;
  Estatus: boolean;
  SelectedCargos: number[];
}

export function crearInstitucion(datos: InstitucionEnvio) {
  return api.post<RespuestaAccion<{ idInstitucionFirma: number }>>("api/Instituciones", datos);
}

export function useCrearInstitucion() {
  return useMutation({
    mutationFn: crearInstitucion,
    onSuccess: (r) => {
      if (r.success) void refrescar(CLAVE.instituciones);
    },
  });
}
