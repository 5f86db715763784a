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

/**
 * Runs `f` once `elemento` comes within 100 px of the viewport (below it, as the user scrolls down);
 * returns how to cancel it. For work a phone need not do for what the user has not scrolled to (the
 * dashboard's charts: a phone opening it draws the first only).
 */
export function cuandoCerca(elemento: Element, f: () => void): () => void {
  if (typeof window.IntersectionObserver !== "function") {
    f();
    return () => {};
  }
  const observador = new IntersectionObserver(
    (entradas) => {
      if (!entradas.some((e) => e.isIntersecting)) return;
      observador.disconnect();
      f();
    },
    { rootMargin: "0px 0px 100px 0px" },
  );
  observador.observe(elemento);
  return () => observador.disconnect();
}
