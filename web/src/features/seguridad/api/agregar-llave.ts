/**
 * A passkey or security key: POST api/SegundoFactor/Passkey/Opciones, the browser creates the
 * credential (@simplewebauthn/browser, loaded on use), then POST api/SegundoFactor/Passkey.
 */
import type { FactorAgregado } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { refrescarEstado } from "./estado";

async function agregarLlave(nombre: string) {
  const { startRegistration } = await import("@simplewebauthn/browser");
  const opciones = await api.post<Record<string, unknown>>("api/SegundoFactor/Passkey/Opciones");
  const credencial = await startRegistration({ optionsJSON: opciones as never });
  return api.post<RespuestaAccion<FactorAgregado>>("api/SegundoFactor/Passkey", { nombre, credencial });
}

export function useAgregarLlave() {
  return useMutation({
    mutationFn: agregarLlave,
    onSuccess: (r) => {
      if (r.success) refrescarEstado();
    },
  });
}
