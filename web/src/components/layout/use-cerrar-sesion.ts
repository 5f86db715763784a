/**
 * Sign-out (SPEC.md §7, §8): PUT api/Account/LogOff, then — even if that call fails — forget the
 * session marker and every cached answer, go to Login and say so (the server clears the cookie).
 */
import { MSG, type RespuestaSimple } from "@registro/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { api } from "../../lib/api-client";
import { sessionStore } from "../../lib/session-store";
import { notify } from "../../lib/toast";

export function useCerrarSesion() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [cerrando, setCerrando] = useState(false);
  const cerrarSesion = useCallback(async () => {
    setCerrando(true);
    try {
      await api.put<RespuestaSimple>("api/Account/LogOff");
    } catch {
      // The server may already have ended the session; the user still leaves.
    }
    sessionStore.clear();
    queryClient.clear();
    navigate("/Login", { replace: true });
    notify.success(MSG.cierreSesion);
  }, [navigate, queryClient]);
  return { cerrarSesion, cerrando };
}
