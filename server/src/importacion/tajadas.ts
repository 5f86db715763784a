/**
 * Longest stretch of a run's work without letting the event loop turn. Reading, checking and
 * planning are a chain of promises that never waits on a timer or a socket (PGlite answers in the
 * same thread): without these turns a 50,000-row test run kept every other call waiting until it
 * ended. Between slices other users' calls are served, and on PGlite their queries take the one
 * connection between the run's (the apply's single transaction still holds it to its end).
 */
import { setImmediate as turno } from "node:timers/promises";

const TAJADA_MS = 50;

/** Awaited often by the run's loops: lets the event loop turn once a slice's time is spent. */
export function tajadas(ms = TAJADA_MS): () => Promise<void> {
  let desde = performance.now();
  return async () => {
    if (performance.now() - desde < ms) return;
    await turno();
    desde = performance.now();
  };
}
