/**
 * The one HTTP client. The session travels in its HttpOnly cookie (DESIGN.md §3: the page never
 * holds a readable token; same-origin calls carry it by themselves), turns a 400 with
 * field errors into `{ success: false, message, errors }` handled as a normal response (SPEC.md §8),
 * and on 401 clears the session and sends the user to Login saying the session expired.
 */
import { type Errores, MSG_LOGIN } from "@registro/contracts";
import { BASE_PATH } from "./base-path";
import { sessionStore } from "./session-store";

export interface RespuestaAccion<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
  errors?: Errores;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Listener = (message: string) => void;
const unauthorizedListeners = new Set<Listener>();
/** The router subscribes to send the user to Login on 401. */
export function onUnauthorized(l: Listener): () => void {
  unauthorizedListeners.add(l);
  return () => unauthorizedListeners.delete(l);
}

export function apiUrl(path: string): string {
  return `${BASE_PATH}/${path.replace(/^\//, "")}`;
}

type Query = Record<string, string | number | boolean | undefined | null>;

function withQuery(path: string, query?: Query): string {
  if (!query) return apiUrl(path);
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== "") params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${apiUrl(path)}?${qs}` : apiUrl(path);
}

/**
 * A fresh idempotency key: sent with a create, a repeat of the same call (double click,
 * retry after a lost answer) gets the first answer instead of creating twice. getRandomValues works
 * on plain http too (randomUUID needs a secure context).
 */
export function nuevaClaveIdempotencia(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * What a 401 tells the user: that the session was ended from "Mis sesiones" in another session when
 * the server says so, else that it expired (never another text the server might send).
 */
async function motivo401(res: Response): Promise<string> {
  const data = res.headers.get("content-type")?.includes("application/json")
    ? await res.json().catch(() => null)
    : null;
  return data?.message === MSG_LOGIN.sesionCerradaDesdeMisSesiones
    ? MSG_LOGIN.sesionCerradaDesdeMisSesiones
    : MSG_LOGIN.sesionExpirada;
}

async function request<T>(
  method: string,
  path: string,
  opts: { body?: unknown; query?: Query; claveIdempotencia?: string; headers?: Record<string, string> } = {},
): Promise<T> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.claveIdempotencia) headers["Idempotency-Key"] = opts.claveIdempotencia;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(withQuery(path, opts.query), { method, headers, body });
  if (res.status === 401) {
    // Read before the marker is cleared: clearing it re-renders the router at once.
    const motivo = await motivo401(res);
    const hadSession = sessionStore.activa();
    sessionStore.clear();
    if (hadSession) for (const l of unauthorizedListeners) l(motivo);
    throw new ApiError(401, motivo);
  }
  const data = res.headers.get("content-type")?.includes("application/json") ? await res.json() : null;
  if (res.status === 400 && data?.errors) {
    return { success: false, message: MSG_LOGIN.datosInvalidos, errors: data.errors } as T;
  }
  if (!res.ok) throw new ApiError(res.status, data?.message ?? MSG_LOGIN.errorDesconocido);
  return data as T;
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>("GET", path, { query }),
  post: <T>(path: string, body?: unknown, claveIdempotencia?: string, headers?: Record<string, string>) =>
    request<T>("POST", path, { body, claveIdempotencia, headers }),
  put: <T>(path: string, body?: unknown, query?: Query) => request<T>("PUT", path, { body, query }),
  delete: <T>(path: string, query?: Query) => request<T>("DELETE", path, { query }),
};

/** Downloads a file from the API (the session cookie goes along) and hands it to the browser. */
export async function descargarArchivo(path: string, nombrePorDefecto: string): Promise<void> {
  const blob = await obtenerBlob(path);
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob.blob);
  a.download = blob.nombre ?? nombrePorDefecto;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** Fetches a file (for the viewer or a download). */
export async function obtenerBlob(path: string): Promise<{ blob: Blob; nombre: string | null }> {
  const res = await fetch(apiUrl(path));
  if (res.status === 401) {
    const motivo = await motivo401(res);
    sessionStore.clear();
    for (const l of unauthorizedListeners) l(motivo);
    throw new ApiError(401, motivo);
  }
  if (!res.ok) throw new ApiError(res.status, MSG_LOGIN.errorDesconocido);
  const cd = res.headers.get("content-disposition") ?? "";
  const m = /filename\*=UTF-8''([^;]+)/i.exec(cd) ?? /filename="?([^";]+)"?/i.exec(cd);
  return { blob: await res.blob(), nombre: m ? decodeURIComponent(m[1]) : null };
}

/**
 * POSTs JSON and hands the answer, a file, to the browser as a download. A refusal with field
 * errors throws an ApiError with the first field's message (the screen shows it beside its field).
 */
export async function descargarPost(path: string, body: unknown, nombrePorDefecto: string): Promise<string> {
  const res = await fetch(apiUrl(path), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (res.status === 401) {
    const motivo = await motivo401(res);
    sessionStore.clear();
    for (const l of unauthorizedListeners) l(motivo);
    throw new ApiError(401, motivo);
  }
  if (!res.ok) {
    const data = res.headers.get("content-type")?.includes("application/json") ? await res.json() : null;
    const primero = data?.errors ? Object.values(data.errors as Errores)[0]?.[0] : undefined;
    throw new ApiError(res.status, primero ?? data?.message ?? MSG_LOGIN.errorDesconocido);
  }
  const cd = res.headers.get("content-disposition") ?? "";
  const m = /filename="?([^";]+)"?/i.exec(cd);
  const nombre = m ? m[1] : nombrePorDefecto;
  const a = document.createElement("a");
  a.href = URL.createObjectURL(await res.blob());
  a.download = nombre;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  return nombre;
}
