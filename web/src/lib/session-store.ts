/**
 * Whether this browser is signed in. The session itself is an HttpOnly cookie that script cannot
 * read (DESIGN.md §3); what is kept here is only a marker, no token, so the router knows at once
 * whether to show Login or the app, in every tab, and reacts when it appears or disappears
 * (sign-in, sign-out, 401). A marker left behind by a session that ended elsewhere costs one
 * call: its 401 clears it and sends the user to Login.
 */
const KEY = "rf-sesion-abierta";
type Listener = () => void;
const listeners = new Set<Listener>();

// Versions before the cookie kept the token itself here: it must not outlive the upgrade.
localStorage.removeItem("token");

export const sessionStore = {
  activa(): boolean {
    return localStorage.getItem(KEY) === "1";
  },
  abrir() {
    localStorage.setItem(KEY, "1");
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
