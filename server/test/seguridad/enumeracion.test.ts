/**
 * User names cannot be told apart (issue 34.4): a name that is no active user's — made up, or an
 * inactive user's — gets the same answers as a real user's at every step (the same lock, the same
 * message, from one address and from many) and takes the same time (medians of interleaved tries
 * within 15%). The made-up name is kept only as a digest, and the audit trail holds no text an
 * anonymous caller chose.
 */
import { performance } from "node:perf_hooks";
import { MSG } from "@registro/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_INTENTOS, MAX_INTENTOS_CUENTA, NOMBRE_DESCONOCIDO } from "../../src/auth/auth.service.js";
import { auditoria, bloqueosAcceso, bloqueosNombre, usuarios } from "../../src/db/schema.js";
import { DEMO_PASSWORD } from "../../src/seed/demo.js";
import { crearTestApp, type TestApp } from "../support/app.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(() => t?.close());

const login = (userName: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: "POST", url: "/api/Account/LogIn", payload: { userName, password }, remoteAddress });

/** The answers to `veces` wrong passwords, the i-th from `direccion(i)`, then the right one. */
async function respuestas(usuario: string, veces: number, direccion: (i: number) => string) {
  const out: unknown[] = [];
  for (let i = 0; i < veces; i++) {
    const r = await login(usuario, "equivocada-123", direccion(i));
    out.push({ status: r.statusCode, body: r.json() });
  }
  const r = await login(usuario, DEMO_PASSWORD, direccion(veces - 1));
  out.push({ status: r.statusCode, body: r.json() });
  return out;
}

const bloqueada = { success: false, message: MSG.cuentaBloqueada(15) };

describe("the same answers for a real name and a made-up one", () => {
  it("five failures from one address lock a made-up name as they lock a real one", async () => {
    const real = await respuestas("juridico2", MAX_INTENTOS + 2, () => "203.0.113.21");
    const inventado = await respuestas("juridico2-no-existe", MAX_INTENTOS + 2, () => "203.0.113.21");
    expect(inventado).toEqual(real);
    expect(real[MAX_INTENTOS - 1]).toEqual({ status: 200, body: bloqueada });
    expect(real.at(-1)).toEqual({ status: 200, body: bloqueada });
  });

  it("failures from many addresses lock a made-up name everywhere at the account's threshold", async () => {
    const muchas = (i: number) => `198.18.${Math.floor(i / 4)}.2`;
    const real = await respuestas("originador2", MAX_INTENTOS_CUENTA + 1, muchas);
    const inventado = await respuestas("originador2-no-existe", MAX_INTENTOS_CUENTA + 1, muchas);
    expect(inventado).toEqual(real);
    expect(real[MAX_INTENTOS_CUENTA - 1]).toEqual({ status: 200, body: bloqueada });
  });

  it("an inactive user's name is answered as a made-up one, right password included", async () => {
    await t.db.update(usuarios).set({ activo: false }).where(eq(usuarios.usuario, "verificador"));
    try {
      const inactivo = await respuestas("verificador", MAX_INTENTOS + 1, () => "203.0.113.22");
      const inventado = await respuestas("verificador-no-existe", MAX_INTENTOS + 1, () => "203.0.113.22");
      expect(inactivo).toEqual(inventado);
      expect(inactivo.at(-1)).toEqual({ status: 200, body: bloqueada });
    } finally {
      await t.db.update(usuarios).set({ activo: true }).where(eq(usuarios.usuario, "verificador"));
    }
  });

  it("a made-up name is kept only as a digest, and the audit trail holds no name a caller chose", async () => {
    await respuestas("Nombre-Elegido-Por-Alguien", 2, () => "203.0.113.23");
    const filas = await t.db.select().from(bloqueosNombre);
    expect(filas.length).toBeGreaterThan(0);
    expect(JSON.stringify(filas).toLowerCase()).not.toContain("nombre-elegido");
    const escritas = await t.db
      .select({ idEntidad: auditoria.idEntidad })
      .from(auditoria)
      .where(sql`${auditoria.idEntidad} ilike '%elegido%'`);
    expect(escritas).toEqual([]);
    const desconocidas = await t.db
      .select({ accion: auditoria.accion })
      .from(auditoria)
      .where(eq(auditoria.idEntidad, NOMBRE_DESCONOCIDO));
    expect(desconocidas.map((a) => a.accion)).toContain("inicio_fallido");
  });
});

describe("the same time for a real name and a made-up one", () => {
  const mediana = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return (s[Math.floor((s.length - 1) / 2)] + s[Math.ceil((s.length - 1) / 2)]) / 2;
  };

  it("medians of interleaved wrong-password tries within 15% of each other", { timeout: 600_000 }, async () => {
    const MUESTRAS = 80;
    const medir = async (usuario: string, i: number) => {
      const inicio = performance.now();
      const r = await login(usuario, "equivocada-123", `192.0.2.${(i % 200) + 1}`);
      const ms = performance.now() - inicio;
      expect(r.json()).toEqual({ success: false, message: MSG.loginFallido });
      return ms;
    };
    /** One round of real/made-up pairs in alternating order: the ratio of their medians. */
    const ronda = async () => {
      const real: number[] = [];
      const inventado: number[] = [];
      for (let i = 0; i < MUESTRAS; i++) {
        // Both stay on the ordinary path (counted, not locked): the counts start again between pairs.
        await t.db.delete(bloqueosAcceso);
        await t.db.delete(bloqueosNombre);
        await t.db.update(usuarios).set({ intentosFallidos: 0, bloqueadoHasta: null, ultimoFallo: null });
        if (i % 2 === 0) {
          real.push(await medir("consultor", i));
          inventado.push(await medir("consultor-no-existe", i));
        } else {
          inventado.push(await medir("consultor-no-existe", i));
          real.push(await medir("consultor", i));
        }
      }
      const a = mediana(real);
      const b = mediana(inventado);
      return {
        cociente: Math.max(a, b) / Math.min(a, b),
        texto: `real ${a.toFixed(1)} ms, inventado ${b.toFixed(1)} ms`,
      };
    };
    // Warm-up (the dummy hash is made on first use).
    await medir("consultor", 0);
    await medir("consultor-no-existe", 0);
    // A real difference (1.3–1.7 before the fix) shows in every round; a busy machine's noise (the
    // suite runs two workers on two cores) does not: up to three rounds, the best one counts.
    const rondas: { cociente: number; texto: string }[] = [];
    for (let i = 0; i < 3 && !rondas.some((r) => r.cociente <= 1.15); i++) rondas.push(await ronda());
    const mejor = rondas.reduce((x, y) => (y.cociente < x.cociente ? y : x));
    expect(mejor.cociente, `medianas por ronda: ${rondas.map((r) => r.texto).join("; ")}`).toBeLessThanOrEqual(1.15);
  });
});
