/**
 * Password reset by e-mail, end to end with a real SMTP server in the test: POST
 * api/Account/OlvidoClave and POST api/Account/RestablecerClave. The same answer for unknown
 * addresses (nothing sent), a single-use link valid 30 minutes built from PUBLIC_URL (never the
 * Host header), per-account and per-address limits, the password policy, every session ended, no
 * session opened, audited.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import zlib from "node:zlib";
import { MSG } from "@registro/contracts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ASUNTO_RESTABLECIMIENTO } from "../../src/auth/restablecimiento.service.js";
import { auditoria, correos, limitesAcceso, restablecimientosClave, usuarios } from "../../src/db/schema.js";
import { abrirRespaldo, binarioPostgres } from "../../src/operacion/respaldo.js";
import { DEMO_PASSWORD } from "../../src/seed/demo.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { idUsuario } from "../support/factories.js";
import { iniciarSmtp, type ServidorSmtp } from "../support/smtp.js";

const PUBLIC_URL = "https://firmas.contraloria.example/RegistroFirmas";
const NUEVA = "Girasol.Marino.Veloz.47";

let t: TestApp;
let smtp: ServidorSmtp;
beforeAll(async () => {
  smtp = await iniciarSmtp();
  t = await crearTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, RESET_RATE_LIMIT: "5" });
});
afterAll(async () => {
  await t?.close();
  await smtp?.cerrar();
});

let n = 0;
/** A client address of its own per call, so the per-address limit is tested apart. */
const direccion = () => `198.51.100.${(n++ % 250) + 1}`;

const pedir = (email: unknown, remoteAddress = direccion(), headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/Account/OlvidoClave",
    payload: { Email: email },
    remoteAddress,
    headers,
  });
const restablecer = (Token: string, nueva = NUEVA, confirmar = nueva) =>
  t.app.inject({
    method: "POST",
    url: "/api/Account/RestablecerClave",
    payload: { Token, NuevaContraseña: nueva, ConfirmarContraseña: confirmar },
    remoteAddress: direccion(),
  });
const entrar = (userName: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/Account/LogIn", payload: { userName, password } });

async function emailDe(usuario: string): Promise<string> {
  const [u] = await t.db.select().from(usuarios).where(eq(usuarios.usuario, usuario));
  return u.email;
}

/** Sends what the outbox holds and answers the messages this call delivered. */
async function entregar() {
  const antes = smtp.recibidos.length;
  await t.app.avisos.procesarCola();
  return smtp.recibidos.slice(antes);
}

/** The link's secret from a delivered e-mail. */
function secretoDe(texto: string): string {
  const m = /https:\/\/firmas\.contraloria\.example\/RegistroFirmas\/RestablecerClave#([A-Za-z0-9_-]+)/.exec(texto);
  if (!m) throw new Error(`sin enlace en: ${texto}`);
  return m[1];
}

beforeEach(async () => {
  await entregar();
});

describe("asking for a link: POST api/Account/OlvidoClave", () => {
  it("400 for a missing or malformed address, on its field", async () => {
    const sin = await pedir(undefined);
    expect(sin.statusCode).toBe(400);
    expect(sin.json().errors.Email).toEqual([MSG.requerido]);
    expect((await pedir("no-es-un-correo")).json().errors.Email).toEqual([MSG.emailFormato]);
  });

  it("the same answer for an unknown address, and nothing is sent or stored", async () => {
    const filas = async () => (await t.db.select().from(restablecimientosClave)).length;
    const antes = await filas();
    const desconocida = await pedir("nadie.conocido@ejemplo.example");
    const conocida = await pedir(await emailDe("juridico"));
    expect(desconocida.statusCode).toBe(200);
    expect(desconocida.json()).toEqual({ success: true, message: MSG.restablecimientoSolicitado });
    expect(conocida.json()).toEqual(desconocida.json());
    const enviados = await entregar();
    expect(enviados.map((m) => m.para)).toEqual([[await emailDe("juridico")]]);
    expect(await filas()).toBe(antes + 1);
  });

  it("an inactive user's address gets the same answer and nothing", async () => {
    await t.db.update(usuarios).set({ activo: false }).where(eq(usuarios.usuario, "verificador"));
    expect((await pedir(await emailDe("verificador"))).json()).toEqual({
      success: true,
      message: MSG.restablecimientoSolicitado,
    });
    expect(await entregar()).toEqual([]);
    await t.db.update(usuarios).set({ activo: true }).where(eq(usuarios.usuario, "verificador"));
  });

  it("the link is built from PUBLIC_URL, never from the Host header, with the secret in the fragment", async () => {
    await pedir((await emailDe("consultor")).toUpperCase(), direccion(), {
      host: "atacante.example",
      "x-forwarded-host": "atacante.example",
    });
    const [m] = await entregar();
    expect(m.asunto).toBe(ASUNTO_RESTABLECIMIENTO);
    expect(m.texto).not.toContain("atacante");
    expect(m.texto).toContain("30 minutos");
    const secreto = secretoDe(m.texto);
    // Only its hash is kept.
    const guardados = await t.db.select().from(restablecimientosClave);
    expect(JSON.stringify(guardados)).not.toContain(secreto);
  });

  it("at most three links an hour per account: more asks get the same answer and no mail", async () => {
    const email = await emailDe("analista2");
    for (let i = 0; i < 3; i++) await pedir(email);
    expect(await entregar()).toHaveLength(3);
    const cuarta = await pedir(email);
    expect(cuarta.json()).toEqual({ success: true, message: MSG.restablecimientoSolicitado });
    expect(await entregar()).toEqual([]);
  });

  it("five asks per client address in 15 minutes, then a Spanish 429", async () => {
    const ip = "203.0.113.77";
    for (let i = 0; i < 5; i++) expect((await pedir(`x${i}@ejemplo.example`, ip)).statusCode).toBe(200);
    const sexta = await pedir("x6@ejemplo.example", ip);
    expect(sexta.statusCode).toBe(429);
    expect(sexta.json()).toEqual({ success: false, message: MSG.demasiadasSolicitudes });
  });

  it("a user's address and an unknown one take the same time (medians of interleaved asks within 15%)", {
    timeout: 300_000,
  }, async () => {
    const email = await emailDe("consultor");
    const medir = async (direccionCorreo: string, i: number) => {
      const inicio = performance.now();
      const r = await pedir(direccionCorreo, `192.0.2.${(i % 200) + 1}`);
      const ms = performance.now() - inicio;
      expect(r.json()).toEqual({ success: true, message: MSG.restablecimientoSolicitado });
      return ms;
    };
    const usuario: number[] = [];
    const nadie: number[] = [];
    for (let i = 0; i < 60; i++) {
      // Each ask for the user writes its link and mail (under the hourly and per-address limits).
      await t.db.delete(restablecimientosClave);
      await t.db.delete(limitesAcceso);
      await t.db.delete(correos).where(eq(correos.destino, email));
      const par = [
        () => medir(email, i).then((ms) => usuario.push(ms)),
        () => medir("nadie@ejemplo.example", i).then((ms) => nadie.push(ms)),
      ];
      if (i % 2) par.reverse();
      for (const paso of par) await paso();
    }
    const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const a = mediana(usuario);
    const b = mediana(nadie);
    expect(
      Math.max(a, b) / Math.min(a, b),
      `medianas: usuario ${a.toFixed(1)} ms, nadie ${b.toFixed(1)} ms`,
    ).toBeLessThanOrEqual(1.15);
  });

  it("without SMTP_URL the reset is not offered", async () => {
    const sinCorreo = await crearTestApp();
    try {
      const res = await sinCorreo.app.inject({
        method: "POST",
        url: "/api/Account/OlvidoClave",
        payload: { Email: "alguien@ejemplo.example" },
      });
      expect(res.json()).toEqual({ success: false, message: MSG.restablecimientoNoDisponible });
    } finally {
      await sinCorreo.close();
    }
  });
});

describe("choosing the new password: POST api/Account/RestablecerClave", () => {
  async function enlacePara(usuario: string): Promise<string> {
    await pedir(await emailDe(usuario));
    const [m] = await entregar();
    return secretoDe(m.texto);
  }

  it("400 for a made-up or malformed secret, on Token", async () => {
    const inventado = await restablecer("A".repeat(43));
    expect(inventado.statusCode).toBe(400);
    expect(inventado.json().errors).toEqual({ Token: [MSG.enlaceRestablecimientoInvalido] });
    expect((await restablecer("corto")).json().errors.Token).toEqual([MSG.enlaceRestablecimientoInvalido]);
  });

  it("the password policy applies, and a refused password leaves the link usable", async () => {
    const secreto = await enlacePara("juridico2");
    const corta = await restablecer(secreto, "corta");
    expect(corta.statusCode).toBe(400);
    expect(corta.json().errors.NuevaContraseña).toEqual([MSG.claveLongitud]);
    expect((await restablecer(secreto, DEMO_PASSWORD)).json().errors.NuevaContraseña).toBeDefined();
    expect((await restablecer(secreto, "password123456")).json().errors.NuevaContraseña).toEqual([MSG.claveComun]);
    expect((await restablecer(secreto, NUEVA, "Otra.Distinta.Clave.9")).json().errors).toEqual({
      ConfirmarContraseña: [MSG.claveNoCoincide],
    });
    expect((await restablecer(secreto)).json()).toEqual({ success: true, message: MSG.claveRestablecida });
  });

  it("sets the password, ends every session, opens none, lifts the locks, is audited; the link serves once", async () => {
    const previa = await t.token("administrador");
    const id = await idUsuario(t.db, "administrador");
    await t.db
      .update(usuarios)
      .set({ bloqueadoHasta: sql`now() + interval '10 minutes'` })
      .where(eq(usuarios.idUsuario, id));
    const secreto = await enlacePara("administrador");
    const res = await restablecer(secreto);
    expect(res.json()).toEqual({ success: true, message: MSG.claveRestablecida });
    expect(res.json().token).toBeUndefined();
    expect(res.cookies).toEqual([]);
    const datos = await t.app.inject({
      method: "GET",
      url: "/api/Account/GetUserData",
      headers: { authorization: previa },
    });
    expect(datos.statusCode).toBe(401);
    // The old password no longer works, the new one does, through the normal sign-in.
    expect((await entrar("administrador", DEMO_PASSWORD)).json().success).toBe(false);
    expect((await entrar("administrador", NUEVA)).json()).toMatchObject({ success: true, token: expect.any(String) });
    const [entrada] = await t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, "restablecer_clave"), eq(auditoria.idEntidad, String(id))));
    expect(entrada.idUsuario).toBe(id);
    // Used once: a second use is refused.
    const otraVez = await restablecer(secreto, "Otra.Clave.Nueva.Segura.58");
    expect(otraVez.statusCode).toBe(400);
    expect(otraVez.json().errors).toEqual({ Token: [MSG.enlaceRestablecimientoInvalido] });
  });

  it("a link used late (after 30 minutes) is refused", async () => {
    const secreto = await enlacePara("originador2");
    const id = await idUsuario(t.db, "originador2");
    await t.db
      .update(restablecimientosClave)
      .set({ creado: sql`now() - interval '31 minutes'`, expira: sql`now() - interval '1 minute'` })
      .where(eq(restablecimientosClave.idUsuario, id));
    const tarde = await restablecer(secreto);
    expect(tarde.statusCode).toBe(400);
    expect(tarde.json().errors).toEqual({ Token: [MSG.enlaceRestablecimientoInvalido] });
    expect((await entrar("originador2", DEMO_PASSWORD)).json().success).toBe(true);
  });

  it("using one link ends the user's other pending links", async () => {
    const primero = await enlacePara("analista");
    const segundo = await enlacePara("analista");
    expect((await restablecer(segundo)).json().success).toBe(true);
    expect((await restablecer(primero, "Otra.Clave.Nueva.Segura.58")).statusCode).toBe(400);
  });
});

describe("the link is never stored in usable form (issue 34.3)", () => {
  const carpeta = fs.mkdtempSync(path.join(os.tmpdir(), "rf-restablecimiento-"));
  afterAll(() => fs.rmSync(carpeta, { recursive: true, force: true }));

  /** Every row of every table of the database, as text. */
  async function todoElTexto(): Promise<string> {
    const r = (await t.db.execute(
      sql`select table_name as tabla from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { tabla: string }[] };
    const partes: string[] = [];
    for (const { tabla } of r.rows) {
      const filas = (await t.db.execute(sql.raw(`select x::text as fila from "${tabla}" x`))) as unknown as {
        rows: { fila: string }[];
      };
      partes.push(...filas.rows.map((f) => f.fila));
    }
    return partes.join("\n");
  }

  /** A backup made by the project's backup code, its database part as readable bytes. */
  async function respaldoLegible(nombre: string): Promise<Buffer> {
    const archivo = path.join(carpeta, `${nombre}.tar`);
    await t.app.respaldos.respaldarAhora(archivo);
    const destino = fs.mkdtempSync(path.join(carpeta, nombre));
    const { manifiesto, parte } = abrirRespaldo(archivo, destino);
    if (manifiesto.motor === "pglite") return zlib.gunzipSync(fs.readFileSync(parte));
    const r = spawnSync(binarioPostgres("pg_restore"), ["-f", "-", parte], { maxBuffer: 1 << 30 });
    expect(r.status).toBe(0);
    return r.stdout;
  }

  it("neither the tables nor a backup hold the link, before or after sending; the sealed value is no token", {
    timeout: 120_000,
  }, async () => {
    expect((await pedir(await emailDe("configuracion"))).json().success).toBe(true);
    const [fila] = await t.db
      .select()
      .from(correos)
      .where(eq(correos.asunto, ASUNTO_RESTABLECIMIENTO))
      .orderBy(sql`${correos.idCorreo} desc`)
      .limit(1);
    const textoAntes = await todoElTexto();
    const respaldoAntes = await respaldoLegible("antes");

    const [m] = await entregar();
    const secreto = secretoDe(m.texto);
    const textoDespues = await todoElTexto();
    const respaldoDespues = await respaldoLegible("despues");

    for (const texto of [textoAntes, textoDespues]) expect(texto).not.toContain(secreto);
    for (const copia of [respaldoAntes, respaldoDespues]) expect(copia.includes(Buffer.from(secreto))).toBe(false);
    // The queued text has no link to use, and the stored values (the sealed secret, the hash) are no token.
    expect(fila.cuerpo).not.toMatch(/RestablecerClave#[A-Za-z0-9_-]{16,}/);
    const [enlace] = await t.db
      .select()
      .from(restablecimientosClave)
      .orderBy(sql`${restablecimientosClave.idRestablecimiento} desc`)
      .limit(1);
    for (const valor of [fila.secreto, enlace.tokenHash, fila.messageId]) {
      expect((await restablecer(String(valor))).statusCode).toBe(400);
    }
    // Once sent, not even the sealed value is kept.
    const [enviado] = await t.db.select().from(correos).where(eq(correos.idCorreo, fila.idCorreo));
    expect(enviado.enviado).not.toBeNull();
    expect(enviado.secreto).toBeNull();
    // The link the user received works.
    expect((await restablecer(secreto)).json().success).toBe(true);
  });
});
