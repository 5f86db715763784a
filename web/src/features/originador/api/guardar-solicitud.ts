/**
 * POST api/SolicitudFirma/solicitud/ (create) or PUT api/SolicitudFirma/Put/ (update), multipart.
 * Answers `{success, message, data: {idSolicitud, idIncumbente}, errors?}`.
 */
import { useMutation } from "@tanstack/react-query";
import { useRef } from "react";
import { ApiError, api, nuevaClaveIdempotencia, type RespuestaAccion } from "../../../lib/api-client";
import { refrescarSolicitudes } from "./comun";

export interface SolicitudGuardada {
  idSolicitud: number;
  idIncumbente: number;
}

export function guardarSolicitud(datos: FormData, edicion: boolean, claveIdempotencia?: string) {
  return edicion
    ? api.put<RespuestaAccion<SolicitudGuardada>>("api/SolicitudFirma/Put/", datos)
    : api.post<RespuestaAccion<SolicitudGuardada>>("api/SolicitudFirma/solicitud/", datos, claveIdempotencia);
}

/**
 * One idempotency key per attempt to create: a double click or a retry after a lost answer or a
 * 5xx reuses it (the server answers with the first result, one request created); any other answer
 * ends the attempt, and the next "Guardar" gets a new key.
 */
export function useGuardarSolicitud() {
  const clave = useRef(nuevaClaveIdempotencia());
  return useMutation({
    mutationFn: ({ datos, edicion }: { datos: FormData; edicion: boolean }) =>
      guardarSolicitud(datos, edicion, edicion ? undefined : clave.current),
    onSuccess: (r) => {
      clave.current = nuevaClaveIdempotencia();
      if (r.success) void refrescarSolicitudes();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status < 500) clave.current = nuevaClaveIdempotencia();
    },
  });
}
