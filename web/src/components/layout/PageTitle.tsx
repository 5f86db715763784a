/** The document title: "<route name> | Registro de Firmas" (SPEC.md §2). */
import { APP_NOMBRE_CORTO } from "@registro/contracts";
import { useEffect } from "react";

export function usePageTitle(nombreRuta: string | null) {
  useEffect(() => {
    document.title = nombreRuta ? `${nombreRuta} | ${APP_NOMBRE_CORTO}` : APP_NOMBRE_CORTO;
  }, [nombreRuta]);
}
