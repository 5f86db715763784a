/**
 * The route guard of SPEC.md §6 for a signed-in user: a screen is allowed only when its route name
 * is among the user's views (Inicio always). An in-app navigation to a forbidden screen is
 * cancelled with the warning "No está autorizado" and the user stays where they were; a forbidden
 * address loaded directly lands on Inicio with the same warning. While a temporary password must be
 * changed, only Inicio (where the change dialog lives) is reachable, as the server refuses the rest.
 * Then, while the profile requires a second factor the user has not enrolled, only Seguridad is:
 * every other address (Inicio too) leads there.
 */
import { MSG, MSG_SEGUNDO_FACTOR, type UserData } from "@registro/contracts";
import { useCallback, useEffect, useMemo } from "react";
import { type BlockerFunction, useBlocker, useLocation, useNavigate } from "react-router";
import { PATH_SEGURIDAD, RUTA_SEGURIDAD } from "../features/seguridad/routes";
import { notify } from "../lib/toast";
import { nombreDeRuta, RUTA_INICIO, rutaPermitida } from "./rutas";

/** Why a path is refused, or null when it is allowed. */
type Rechazo = string | null;

export function useRouteGuard(user: UserData | undefined): { permitida: boolean } {
  const location = useLocation();
  const navigate = useNavigate();
  const vistas = useMemo(() => new Set(user?.vistas.map((v) => v.nombre) ?? []), [user]);
  const cambioClave = user?.usuario.cambioClave ?? false;
  const enrolar = !cambioClave && (user?.usuario.segundoFactorPendiente ?? false);

  const rechazo = useCallback(
    (pathname: string): Rechazo => {
      if (!user) return null;
      const nombre = nombreDeRuta(pathname);
      if (enrolar) return nombre === RUTA_SEGURIDAD ? null : MSG_SEGUNDO_FACTOR.enrolamientoRequerido;
      // Unknown addresses fall through to the catch-all route, which goes to Inicio.
      if (nombre === null || nombre === RUTA_INICIO) return null;
      if (cambioClave) return MSG.cambioClaveRequerido;
      return rutaPermitida(nombre, vistas) ? null : MSG.noAutorizado;
    },
    [user, vistas, cambioClave, enrolar],
  );

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && rechazo(nextLocation.pathname) !== null,
    [rechazo],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    notify.warn(rechazo(blocker.location.pathname) ?? MSG.noAutorizado);
    blocker.reset();
  }, [blocker, rechazo]);

  const actual = rechazo(location.pathname);
  useEffect(() => {
    if (actual === null) return;
    // Straight after the password, enrolment is where the user is expected: no warning for it.
    if (!enrolar || nombreDeRuta(location.pathname) !== RUTA_INICIO) notify.warn(actual);
    navigate(enrolar ? PATH_SEGURIDAD : "/", { replace: true });
  }, [actual, navigate, enrolar, location.pathname]);

  return { permitida: actual === null };
}
