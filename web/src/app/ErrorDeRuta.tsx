/**
 * The router's error screens. A screen whose code did not arrive (the app was updated and its
 * files renamed, or the connection failed) or that failed while drawing shows why, in Spanish, and
 * offers to reload — never react-router's default page for developers. Inside the signed-in frame
 * the menu stays; a route outside it (Login, the public pages, the frame itself) gets the top bar.
 */
import { MSG_CARGA } from "@registro/contracts";
import { type ComponentType, useEffect } from "react";
import { useRouteError } from "react-router";
import { FalloPantalla } from "../components/layout/FalloPantalla";

/** A module's code that did not arrive, as Chromium, Firefox, Safari and Vite's preloading word it. */
export function esFalloDeCarga(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|module script failed|Unable to preload CSS|Failed to load module script/i.test(
      error.message,
    )
  );
}

function Fallo({ marco }: { marco: boolean }) {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <FalloPantalla
      marco={marco}
      titulo={MSG_CARGA.falloPantallaTitulo}
      mensaje={esFalloDeCarga(error) ? MSG_CARGA.falloPantallaCodigo : MSG_CARGA.falloPantallaInesperado}
    />
  );
}

/** A screen inside the signed-in frame that failed while drawing. */
export const ErrorDePantalla = () => <Fallo marco={false} />;
/** A route outside the frame, or the frame itself. */
export const ErrorDeRuta = () => <Fallo marco />;

/** A screen's module, loaded (route-types.ts: `cargar`). */
type CargaPantalla = () => Promise<{ default: ComponentType }>;

/**
 * A screen inside the frame whose code did not arrive. The route's `lazy` resolves to this screen
 * instead of failing: react-router draws nothing below the frame while a child route's `lazy` is
 * unresolved, its error included. The route keeps it until the page is loaded again, as it offers.
 */
export async function pantallaOFallo(cargar: CargaPantalla): Promise<ComponentType> {
  try {
    return (await cargar()).default;
  } catch (error) {
    console.error(error);
    return esFalloDeCarga(error) ? PantallaNoCargada : PantallaConError;
  }
}

const PantallaNoCargada = () => (
  <FalloPantalla titulo={MSG_CARGA.falloPantallaTitulo} mensaje={MSG_CARGA.falloPantallaCodigo} />
);
const PantallaConError = () => (
  <FalloPantalla titulo={MSG_CARGA.falloPantallaTitulo} mensaje={MSG_CARGA.falloPantallaInesperado} />
);
