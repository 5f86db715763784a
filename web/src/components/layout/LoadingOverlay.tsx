/**
 * The global loading overlay (SPEC.md §2): shown while any query or mutation runs, after a short
 * delay so quick calls do not flash it.
 */
import { useIsFetching, useIsMutating } from "@tanstack/react-query";
import { ProgressSpinner } from "primereact/progressspinner";
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

/** The spinner on a veil, also used while the session's user data loads. */
export function PantallaCarga() {
  return (
    <div className="rf-overlay" role="status" aria-live="polite" aria-label="Cargando">
      <ProgressSpinner style={{ width: "3.5rem", height: "3.5rem" }} strokeWidth="4" aria-hidden="true" />
      <span className="rf-sr-only">Cargando…</span>
    </div>
  );
}
