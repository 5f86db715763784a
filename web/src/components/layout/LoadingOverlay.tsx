/**
 * The global loading overlay (SPEC.md §2): shown while any query or mutation runs, after a short
 * delay so quick calls do not flash it.
 */
import { useIsFetching, useIsMutating } from "@tanstack/react-query";
import { useEffect, useState } from "react";

const DELAY_MS = 250;

export function LoadingOverlay() {
  // Queries and mutations marked `meta.segundoPlano` (the notices' polling) never raise it.
  const primerPlano = { predicate: (x: { meta?: Record<string, unknown> }) => !x.meta?.segundoPlano };
  const busy = useIsFetching(primerPlano) + useIsMutating(primerPlano) > 0;
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const t = setTimeout(() => setVisible(true), DELAY_MS);
    return () => clearTimeout(t);
  }, [busy]);
  if (!visible) return null;
  return <PantallaCarga />;
}

/**
 * The spinner on a veil, also used while the session's user data loads.
 *
 * Performance: PrimeReact's ProgressSpinner markup written out (its rules are in the frame's
 * stylesheet, virtual:primereact-estructura.css): the component's chunk, its context reads and its
 * style-injecting mount effect were on the path to every signed-in screen's first paint.
 */
export function PantallaCarga() {
  return (
    <div className="rf-overlay" role="status" aria-live="polite" aria-label="Cargando">
      <div
        className="p-progress-spinner"
        role="progressbar"
        aria-busy="true"
        aria-hidden="true"
        style={{ width: "3.5rem", height: "3.5rem" }}
      >
        <svg
          className="p-progress-spinner-svg"
          viewBox="25 25 50 50"
          aria-hidden="true"
          style={{ animationDuration: "2s" }}
        >
          <circle
            className="p-progress-spinner-circle"
            cx="50"
            cy="50"
            r="20"
            fill="none"
            strokeWidth="4"
            strokeMiterlimit="10"
          />
        </svg>
      </div>
      <span className="rf-sr-only">Cargando…</span>
    </div>
  );
}
