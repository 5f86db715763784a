/**
 * A passkey answered at another address than PUBLIC_URL's (issue 35, item 8): it never verifies
 * there, so the answer names the address to open instead of "try again" — at enrolment (a 400 on
 * `credencial`) and at sign-in (the second step's message). The WebAuthn options carry that
 * address (`direccion`) for the screen to say it before the browser is asked. An answer from the
 * right address that does not verify keeps the usual message.
 */
import { MSG_SEGUNDO_FACTOR } from "@registro/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertarPasskey } from "../../src/auth/segundo-factor/segundo-factor.repository.js";
import type { Tx } from "../../src/db/client.js";
import { DEMO_PASSWORD } from "../../src/seed/demo.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { idUsuario } from "../support/factories.js";

let t: TestApp;
let direccion: string;
beforeAll(async () => {
  t = await crearTestApp();
  direccion = new URL(t.config.publicUrl).origin;
});
afterAll(() => t.close());

/** A browser's answer whose clientDataJSON says it came from `origin` (not signed: it must not verify). */
function respuestaDesde(origin: string, tipo: "webauthn.create" | "webauthn.get", id = "Y3JlZGVuY2lhbA") {
  const clientDataJSON = Buffer.from(JSON.stringify({ type: tipo, challenge: "eA", origin })).toString("base64url");
  return {
    id,
    rawId: id,
    type: "public-key",
    response: { clientDataJSON, attestationObject: "AA", authenticatorData: "AA", signature: "AA" },
    clientExtensionResults: {},
  };
}

describe("enrolment: POST api/SegundoFactor/Passkey", () => {
  it("the options name the app's address", async () => {
    const res = await t.as("analista", { method: "POST", url: "/api/SegundoFactor/Passkey/Opciones" });
    expect(res.json()).toMatchObject({ direccion, rp: { id: new URL(direccion).hostname } });
  });

  it("a key made at another address: 400 on credencial naming PUBLIC_URL's address", async () => {
    await t.as("analista", { method: "POST", url: "/api/SegundoFactor/Passkey/Opciones" });
    const res = await t.as("analista", {
      method: "POST",
      url: "/api/SegundoFactor/Passkey",
      payload: { nombre: "Llave", credencial: respuestaDesde("http://192.168.1.20:3000", "webauthn.create") },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ credencial: [MSG_SEGUNDO_FACTOR.llaveOtraDireccion(direccion)] });
    expect(MSG_SEGUNDO_FACTOR.llaveOtraDireccion(direccion)).toContain(direccion);
  });

  it("a key from the right address that does not verify keeps the usual message", async () => {
    await t.as("analista", { method: "POST", url: "/api/SegundoFactor/Passkey/Opciones" });
    const res = await t.as("analista", {
      method: "POST",
      url: "/api/SegundoFactor/Passkey",
      payload: { nombre: "Llave", credencial: respuestaDesde(direccion, "webauthn.create") },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ credencial: [MSG_SEGUNDO_FACTOR.llaveNoRegistrada] });
  });
});

describe("sign-in: POST api/Account/LogIn/SegundoFactor with a passkey", () => {
  const ID = "bGxhdmUtZGUtcHJ1ZWJh";
  let desafio: string;
  beforeAll(async () => {
    const id = await idUsuario(t.db, "juridico2");
    await insertarPasskey(t.db as unknown as Tx, {
      idUsuario: id,
      nombre: "Llave",
      credencialId: ID,
      clavePublica: Buffer.alloc(77, 1),
      contador: 0,
      transportes: ["internal"],
    });
  });

  async function nuevoDesafio() {
    const r = await t.app.inject({
      method: "POST",
      url: "/api/Account/LogIn",
      payload: { userName: "juridico2", password: DEMO_PASSWORD },
    });
    desafio = r.json().desafio;
    const opciones = await t.app.inject({
      method: "POST",
      url: "/api/Account/LogIn/SegundoFactor/Opciones",
      payload: { desafio },
    });
    expect(opciones.json()).toMatchObject({ direccion });
  }

  it("an answer from another address names the app's address", async () => {
    await nuevoDesafio();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/Account/LogIn/SegundoFactor",
      payload: { desafio, credencial: respuestaDesde("https://firmas.otra.example", "webauthn.get", ID) },
    });
    expect(res.json()).toEqual({ success: false, message: MSG_SEGUNDO_FACTOR.llaveOtraDireccion(direccion) });
  });

  it("an answer from the right address that does not verify: the usual message", async () => {
    await nuevoDesafio();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/Account/LogIn/SegundoFactor",
      payload: { desafio, credencial: respuestaDesde(direccion, "webauthn.get", ID) },
    });
    expect(res.json()).toEqual({ success: false, message: MSG_SEGUNDO_FACTOR.llaveIncorrecta });
  });
});
