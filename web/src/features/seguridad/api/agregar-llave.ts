/**
 * A passkey or security key: POST api/SegundoFactor/Passkey/Opciones, the browser creates the
 * credential (@simplewebauthn/browser, loaded on use), then POST api/SegundoFactor/Passkey. Opened
 * at another address than the app's (the options' `direccion`, PUBLIC_URL's), a passkey can never
 * be made or used there: that is said, naming the address, before the browser is asked.
 */
import { type FactorAgregado, MSG_SEGUNDO_FACTOR } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { api, type RespuestaAccion } from "../../../lib/api-client";
import { refrescarEstado } from "./estado";

/** The page runs at another address than the app's: the Spanish message naming the app's address. */
export class OtraDireccion extends Error {}

async function agregarLlave(nombre: string) {
  const { startRegistration } = await import("@simplewebauthn/browser");
  const opciones = await api.post<Record<string, unknown>>("api/SegundoFactor/Passkey/Opciones");
  const direccion = opciones.direccion;
  if (typeof direccion === "string" && direccion !== window.location.origin)
    throw new OtraDireccion(MSG_SEGUNDO_FACTOR.llaveOtraDireccion(direccion));
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
