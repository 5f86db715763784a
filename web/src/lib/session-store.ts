/**
 * The session token, kept in local storage as SPEC.md §9 says, with a tiny subscription so the
 * router reacts when it appears or disappears (sign-in, sign-out, 401).
 */
const KEY = "token";
type Listener = () => void;
const listeners = new Set<Listener>();

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
};
