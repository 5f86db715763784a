/**
 * The session token, kept in local storage as SPEC.md §9 says, with a tiny subscription so the
 * router reacts when it appears or disappears (sign-in, sign-out, 401), and a one-shot notice the
 * Login screen shows after the session ended on its own (expiry, revocation).
 */
const KEY = "token";
type Listener = () => void;
const listeners = new Set<Listener>();
let aviso: string | null = null;

export const sessionStore = {
  getToken(): string | null {
    return localStorage.getItem(KEY);
  },
  setToken(token: string) {
    localStorage.setItem(KEY, token);
    for (const l of listeners) l();
  },
  clear() {
    localStorage.removeItem(KEY);
    for (const l of listeners) l();
  },
  subscribe(l: Listener): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** Leaves a message for the Login screen (e.g. "session expired"). */
  setAviso(message: string) {
    aviso = message;
  },
  /** Reads and forgets the pending Login notice. */
  takeAviso(): string | null {
    const m = aviso;
    aviso = null;
    return m;
  },
};
