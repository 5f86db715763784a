/**
 * Work a screen does not need for its first paint, run when the browser is idle after it: on a slow
 * phone each piece is then a short task of its own instead of part of one long first render.
 */

/** Runs `f` when the browser is idle (within half a second at the latest); returns how to cancel it. */
export function cuandoLibre(f: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(f, { timeout: 500 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(f, 0);
  return () => window.clearTimeout(id);
}
