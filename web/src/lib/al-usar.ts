/**
 * The value `crear` returns, made on the first call and kept: for what is costly to build (an
 * `Intl` formatter costs a slow phone milliseconds) and not needed before a screen's first paint.
 */
export function alUsar<T>(crear: () => T): () => T {
  let valor: T | undefined;
  return () => {
    valor ??= crear();
    return valor;
  };
}
