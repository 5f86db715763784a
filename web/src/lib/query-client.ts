/**
 * The app's query client, and the one place a failed read is told (issue 36):
 * - a 401 says nothing here: the session handler sends the user to Login with its own notice;
 * - a query that declares `meta.errorCarga` shows that SPEC.md §8 text when it fails (or
 *   `meta.porEstado`'s text for that status; none for the statuses in `meta.salvoEstados`);
 * - a query the server refuses (403: the user's views do not grant that data) always says so, in
 *   the server's Spanish message: a screen whose data is refused must not look like an empty result.
 * A screen that shows its own message for a failed read declares no `errorCarga` (opt-out), or
 * `avisoPropio` to silence the 403's notice too.
 * A failed action (a mutation) says `meta.errorAccion`, or the error's own message with
 * `meta.mensajeDelError`; actions outside a mutation call `avisarFallo`. Never on 401.
 */
import { MSG_LOGIN } from "@registro/contracts";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client";
import { notify } from "./toast";

/** What a query tells the cache about its failures (`meta` of `useQuery`/`queryOptions`). */
export interface MetaConsulta extends Record<string, unknown> {
  /** The text shown when the read fails. */
  errorCarga?: string;
  /** Another text for some statuses (a request that is not there: 404). */
  porEstado?: Readonly<Record<number, string>>;
  /** Statuses the screen tells itself (no `errorCarga` for them). */
  salvoEstados?: readonly number[];
  /** The screen shows every failure of this read itself: the cache says nothing. */
  avisoPropio?: boolean;
}

/** What a mutation tells the cache about its failures. */
export interface MetaAccion extends Record<string, unknown> {
  /** The text shown when the action fails. */
  errorAccion?: string;
  /** The error's own message first (`errorAccion` when it has none). */
  mensajeDelError?: boolean;
}

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: MetaConsulta;
    mutationMeta: MetaAccion;
  }
}

/** A 401: the session handler has sent the user to Login with its own notice; nothing more is said. */
export function sesionTerminada(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * An action's failure with no answer to show (403, 404, 500, network), told once: `mensaje`, or the
 * error's own message; nothing on 401.
 */
export function avisarFallo(error: unknown, mensaje?: string, nivel: "error" | "warn" = "error"): void {
  if (sesionTerminada(error)) return;
  notify[nivel](mensaje ?? (error instanceof Error ? error.message : String(error)));
}

/** What a failed read says (the cache's `onError`; exported for its unit test). */
export function avisarFalloConsulta(error: unknown, meta: MetaConsulta | undefined): void {
  const estado = error instanceof ApiError ? error.status : undefined;
  if (sesionTerminada(error) || meta?.avisoPropio) return;
  const mensaje = (estado !== undefined && meta?.porEstado?.[estado]) || meta?.errorCarga;
  if (mensaje && !(estado !== undefined && meta?.salvoEstados?.includes(estado))) notify.error(mensaje);
  if (error instanceof ApiError && estado === 403) notify.error(error.message || MSG_LOGIN.noAutorizado);
}

/** What a failed mutation says (the cache's `onError`). */
export function avisarFalloAccion(error: unknown, meta: MetaAccion | undefined): void {
  if (!meta?.errorAccion && !meta?.mensajeDelError) return;
  const propio = meta.mensajeDelError && error instanceof Error && error.message ? error.message : undefined;
  const mensaje = propio ?? meta.errorAccion;
  if (mensaje) avisarFallo(error, mensaje);
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => avisarFalloConsulta(error, query.meta) }),
  mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => avisarFalloAccion(error, mutation.meta) }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
