/** GET api/SolicitudFirma/GetFuncionariosAdjuntos/{idSolicitud}/{idFuncionario}: an official's files. */
import { type Adjunto, MSG } from "@registro/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export function obtenerFuncionarioAdjuntos(idSolicitud: number, idFuncionario: number): Promise<Adjunto[]> {
  return api.get<Adjunto[]>(`api/SolicitudFirma/GetFuncionariosAdjuntos/${idSolicitud}/${idFuncionario}`);
}

export function useFuncionarioAdjuntos(idSolicitud: number, idFuncionario: number | null) {
  return useQuery({
    queryKey: ["solicitud", idSolicitud, "funcionario", idFuncionario, "adjuntos"],
    queryFn: () => obtenerFuncionarioAdjuntos(idSolicitud, idFuncionario!),
    enabled: idFuncionario !== null,
    staleTime: 0,
    meta: { errorCarga: MSG.errorCargarAdjuntosFuncionario },
  });
}
