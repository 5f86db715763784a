/**
 * TOTP secrets at rest: AES-256-GCM under a key derived from the audit key, bound to the user's
 * id; enrolment stores only the encrypted value; rows written in clear before are encrypted at
 * start and keep signing in.
 */
import { MSG, MSG_SEGUNDO_FACTOR } from "@registro/contracts";
import { and, eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { derivarClave } from "../../src/auditoria/clave.js";
import { cifrarSecreto, cifrarSecretosEnClaro, descifrarSecreto } from "../../src/auth/segundo-factor/cifrado.js";
import { factores } from "../../src/db/schema.js";
import { DEMO_PASSWORD } from "../../src/seed/demo.js";
import { CLAVE_AUDITORIA_PRUEBAS, crearTestApp, type TestApp } from "../support/app.js";
import { idUsuario } from "../support/factories.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(() => t.close());

const SECRETO = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const clave = derivarClave(CLAVE_AUDITORIA_PRUEBAS).secretos;
const codigoDe = (secreto: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secreto) }).generate({ timestamp: Date.now() });

async function filaApp(usuario: string) {
  const [fila] = await t.db
    .select()
    .from(factores)
    .where(and(eq(factores.idUsuario, await idUsuario(t.db, usuario)), eq(factores.tipo, "app")));
  return fila;
}

/** LogIn with the password, then the app's code: the second step's answer. */
async function entrarConCodigo(usuario: string, codigo: string) {
  const paso1 = await t.app.inject({
    method: "POST",
    url: "/api/Account/LogIn",
    payload: { userName: usuario, password: DEMO_PASSWORD },
  });
  expect(paso1.json()).toMatchObject({ success: true, segundoFactor: true });
  const paso2 = await t.app.inject({
    method: "POST",
    url: "/api/Account/LogIn/SegundoFactor",
    payload: { desafio: paso1.json().desafio, codigo },
  });
  expect(paso2.statusCode).toBe(200);
  return paso2.json();
}

describe("the cipher", () => {
  it("round-trips, and the stored value holds nothing of the secret", () => {
    const guardado = cifrarSecreto(SECRETO, 7, clave);
    expect(guardado).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
    expect(guardado).not.toContain(SECRETO);
    expect(descifrarSecreto(guardado, 7, clave)).toBe(SECRETO);
    // A fresh IV each time: the same secret never looks the same twice.
    expect(cifrarSecreto(SECRETO, 7, clave)).not.toBe(guardado);
  });

  it("refuses another user's row, a changed byte, another key and a value in clear", () => {
    const guardado = cifrarSecreto(SECRETO, 7, clave);
    expect(() => descifrarSecreto(guardado, 8, clave)).toThrow();
    const bytes = Buffer.from(guardado.slice(3), "base64");
    bytes[bytes.length - 1] ^= 1;
    expect(() => descifrarSecreto(`v1:${bytes.toString("base64")}`, 7, clave)).toThrow();
    expect(() =>
      descifrarSecreto(guardado, 7, derivarClave("otra-clave-de-auditoria-0123456789abcdef").secretos),
    ).toThrow();
    expect(() => descifrarSecreto(SECRETO, 7, clave)).toThrow();
  });

  it("its key is not the audit seal's nor the checkpoints'", () => {
    const k = derivarClave(CLAVE_AUDITORIA_PRUEBAS);
    expect(k.secretos).toHaveLength(32);
    expect(k.secretos.equals(k.sello)).toBe(false);
    expect(k.secretos.equals(k.punto)).toBe(false);
  });
});

describe("in the database", () => {
  it("enrolment stores the app's secret only encrypted, and its codes sign in", async () => {
    const token = await t.token("analista");
    const ini = await t.app.inject({
      method: "POST",
      url: "/api/SegundoFactor/App/Iniciar",
      headers: { authorization: token },
    });
    const secreto: string = ini.json().data.secreto;
    const pendiente = await filaApp("analista");
    expect(pendiente.secreto).toMatch(/^v1:/);
    expect(pendiente.secreto).not.toContain(secreto);
    expect(descifrarSecreto(pendiente.secreto ?? "", pendiente.idUsuario, clave)).toBe(secreto);
    const alta = await t.app.inject({
      method: "POST",
      url: "/api/SegundoFactor/App",
      headers: { authorization: token },
      payload: { nombre: "Teléfono", codigo: codigoDe(secreto) },
    });
    expect(alta.json().success).toBe(true);
    expect((await filaApp("analista")).secreto).toBe(pendiente.secreto);
  });

  it("a secret stored in clear before is encrypted at start, once, and keeps signing in", async () => {
    const id = await idUsuario(t.db, "juridico");
    await t.db
      .insert(factores)
      .values({ idUsuario: id, tipo: "app", nombre: "Antigua", secreto: SECRETO, confirmado: true });
    // In clear it no longer serves (the service reads only encrypted secrets): a wrong code's answer.
    expect(await entrarConCodigo("juridico", codigoDe(SECRETO))).toMatchObject({
      success: false,
      message: MSG_SEGUNDO_FACTOR.codigoIncorrecto,
    });

    expect(await cifrarSecretosEnClaro(t.db)).toBe(1);
    const fila = await filaApp("juridico");
    expect(fila.secreto).toMatch(/^v1:/);
    expect(descifrarSecreto(fila.secreto ?? "", id, clave)).toBe(SECRETO);
    expect(await cifrarSecretosEnClaro(t.db)).toBe(0);
    expect((await filaApp("juridico")).secreto).toBe(fila.secreto);

    expect(await entrarConCodigo("juridico", codigoDe(SECRETO))).toMatchObject({
      success: true,
      message: MSG.loginExitoso,
      token: expect.any(String),
    });
  });
});
