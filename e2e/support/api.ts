/**
 * The app's API as the demo users, for browser tests that prepare or check state beside the
 * screens. Each user signs in once per server; the token is kept for the file.
 */
import { DEMO_PASSWORD } from "./browser";

export interface ApiDemo {
  /** The user's session token. */
  token(usuario: string): Promise<string>;
  /** The JSON answer of a call as the user; any other status than 200 fails with the path. */
  llamar<T>(usuario: string, ruta: string, method?: string): Promise<T>;
}

/** `base` gives the server's address when called (servers start in `beforeAll`). */
export function apiDemo(base: () => string): ApiDemo {
  const tokens = new Map<string, Promise<string>>();

  async function iniciarSesion(usuario: string): Promise<string> {
    const res = await fetch(`${base()}/api/Account/LogIn`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userName: usuario, password: DEMO_PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`LogIn ${usuario}: ${res.status}`);
    return ((await res.json()) as { token: string }).token;
  }

  function token(usuario: string): Promise<string> {
    let t = tokens.get(usuario);
    if (!t) {
      t = iniciarSesion(usuario);
      tokens.set(usuario, t);
    }
    return t;
  }

  async function llamar<T>(usuario: string, ruta: string, method = "GET"): Promise<T> {
    const res = await fetch(`${base()}/${ruta}`, { method, headers: { Authorization: await token(usuario) } });
    if (res.status !== 200) throw new Error(`${method} ${ruta}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  return { token, llamar };
}
