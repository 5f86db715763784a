/**
 * A system key's call in one statement (claves.repository.ts `usarClave`): the key, its last use,
 * its rate-limit count and the single verification's rows read together; the key's rules exactly
 * as before (401 for a wrong, revoked or expired key counting and noting nothing, 403 counting
 * nothing, the limit exact under concurrent calls, with or without an address list), the last use
 * the screen shows right to the minute, and one audit entry per call, the chain intact.
 */
import { MSG } from "@registro/contracts";
import { and, eq, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditarAgrupado, type EventoAuditoria } from "../../src/auditoria/cadena.js";
import { derivarClave } from "../../src/auditoria/clave.js";
import { verificarAuditoria } from "../../src/auditoria/verificacion.js";
import { direccionPermitida, ipv4DeLlamada } from "../../src/claves/clave.js";
import type { Db } from "../../src/db/client.js";
import { auditoria, clavesSistema, limitesAcceso } from "../../src/db/schema.js";
import { fechaLocal, sumarDias } from "../../src/shared/tiempo.js";
import { CLAVE_AUDITORIA_PRUEBAS, crearTestApp, sentenciasRegistradas, type TestApp } from "../support/app.js";
import { CEDULAS, crearSolicitud } from "../support/factories.js";

const LIMITE = 20;
let t: TestApp;
let idInstitucion: number;
const hoy = fechaLocal(new Date(Date.now()));

beforeAll(async () => {
  t = await crearTestApp({ API_KEY_RATE_LIMIT: String(LIMITE) });
  ({ idInstitucion } = await crearSolicitud(t.db, { estatus: 106, funcionarios: 1, estatusFuncionarios: 1 }));
});
afterAll(() => t?.close());

async function nuevaClave(datos: Record<string, unknown> = {}): Promise<{ clave: string; idClave: number }> {
  const r = await t.as("configuracion", {
    method: "POST",
    url: "/api/ClavesSistema",
    payload: { nombre: "Banco de una ida", alcances: ["verificacion"], ...datos },
  });
  expect(r.statusCode, r.body).toBe(200);
  return { clave: r.json().clave, idClave: r.json().data.idClave };
}

const verificar = (clave: string, consulta = `cedula=${CEDULAS[0]}`, ip?: string) =>
  t.app.inject({
    method: "GET",
    url: `/api/Verificacion/Firma?${consulta}`,
    headers: { "x-api-key": clave },
    ...(ip ? { remoteAddress: ip } : {}),
  });

async function contar<T>(fn: () => Promise<T>): Promise<{ r: T; sentencias: string[] }> {
  sentenciasRegistradas.lista = [];
  sentenciasRegistradas.activo = true;
  try {
    const r = await fn();
    return { r, sentencias: [...sentenciasRegistradas.lista] };
  } finally {
    sentenciasRegistradas.activo = false;
  }
}
/**
 * The audit entry's own statements (its transaction, the entry, its seal), and the cleanup of old
 * rate-limit windows one call in a hundred starts on the side (not awaited).
 */
const deAuditoria = (s: string) =>
  /^\s*(begin|commit)\b/i.test(s) ||
  /insert into "auditoria(_sello)?"/i.test(s) ||
  /^\s*delete from limites_acceso where inicio </i.test(s);

async function contador(idClave: number): Promise<number | null> {
  const [f] = await t.db
    .select({ intentos: limitesAcceso.intentos })
    .from(limitesAcceso)
    .where(eq(limitesAcceso.clave, `clave-sistema:${idClave}`));
  return f?.intentos ?? null;
}
async function usoAnotado(idClave: number) {
  const [f] = await t.db
    .select({ ultimoUso: clavesSistema.ultimoUso, ultimaDireccion: clavesSistema.ultimaDireccion })
    .from(clavesSistema)
    .where(eq(clavesSistema.idClave, idClave));
  return f;
}
const llamadasAuditadas = async (idClave: number) =>
  (
    await t.db
      .select({ despues: auditoria.despues })
      .from(auditoria)
      .where(
        and(
          eq(auditoria.entidad, "ClaveSistema"),
          eq(auditoria.idEntidad, String(idClave)),
          eq(auditoria.accion, "llamada_clave"),
        ),
      )
  ).map((e) => e.despues);

/** The database's clock now, as the list shows times (ISO, UTC, milliseconds). */
async function ahoraDb(): Promise<string> {
  const r = (await t.db.execute(
    sql`select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ahora`,
  )) as unknown as { rows: { ahora: string }[] };
  return r.rows[0].ahora;
}

describe("a key's single verification in one statement", () => {
  it("one statement for the key, its use, its count and the rows (4 before), beside its audit entry", async () => {
    const { clave } = await nuevaClave();
    await verificar(clave);
    const { r, sentencias } = await contar(() => verificar(clave));
    expect(r.statusCode).toBe(200);
    expect(sentencias.filter((s) => !deAuditoria(s))).toHaveLength(1);
    expect(sentencias.filter((s) => /insert into "auditoria(_sello)?"/i.test(s))).toHaveLength(2);
  });

  it("one statement too for a key with an IPv4 address list (2 before this, 4 on main)", async () => {
    const { clave } = await nuevaClave({ direcciones: ["10.0.0.0/8", "127.0.0.1", "2001:db8::/32"] });
    await verificar(clave);
    const { r, sentencias } = await contar(() => verificar(clave));
    expect(r.statusCode).toBe(200);
    expect(sentencias.filter((s) => !deAuditoria(s))).toHaveLength(1);
  });

  it("an address list: counted in the statement exactly when the address check lets the call through (property)", async () => {
    const octeto = fc.integer({ min: 0, max: 255 });
    const base = fc.tuple(octeto, octeto, octeto, octeto);
    // Entries and callers near one another: same first octets, then anything.
    const cerca = (b: number[]) =>
      fc
        .tuple(fc.integer({ min: 0, max: 4 }), fc.tuple(octeto, octeto, octeto, octeto))
        .map(([comunes, resto]) => [...b.slice(0, comunes), ...resto.slice(comunes)].join("."));
    const caso = base.chain((b) =>
      fc.record({
        direcciones: fc.array(
          fc.oneof(
            cerca(b),
            fc.tuple(cerca(b), fc.integer({ min: 0, max: 32 })).map(([d, n]) => `${d}/${n}`),
            fc.constantFrom("2001:db8::/32", "::ffff:0:0/96", "fe80::1"),
          ),
          { minLength: 1, maxLength: 3 },
        ),
        ip: fc.oneof(
          cerca(b),
          cerca(b).map((d) => `::ffff:${d}`),
          fc.constantFrom("2001:db8::5", "::1"),
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(caso, async ({ direcciones, ip }) => {
        const permitida = direccionPermitida(direcciones, ip);
        const { clave, idClave } = await nuevaClave({ direcciones });
        const { r, sentencias } = await contar(() => verificar(clave, undefined, ip));
        expect(r.statusCode).toBe(permitida ? 200 : 403);
        // Never counted when refused; counted once when let through.
        expect(await contador(idClave)).toBe(permitida ? 1 : null);
        // An IPv4 caller let through is counted in the key's statement itself.
        if (permitida && ipv4DeLlamada(ip) !== null && direcciones.some((d) => !d.includes(":"))) {
          const v4 = direcciones.filter((d) => !d.includes(":"));
          if (direccionPermitida(v4, ip)) expect(sentencias.filter((s) => !deAuditoria(s))).toHaveLength(1);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("answers what a signed-in verifier is answered, for any institution, one, and a named signature", async () => {
    const { clave } = await nuevaClave();
    for (const consulta of [
      `cedula=${CEDULAS[0]}`,
      `cedula=${CEDULAS[0]}&institucion=${idInstitucion}`,
      `cedula=${CEDULAS[0]}&institucion=999999`,
      `cedula=${CEDULAS[0]}&idFirma=1&monto=100`,
      "cedula=000-0000000-0",
    ]) {
      const conClave = await verificar(clave, consulta);
      const conSesion = await t.as("verificador", { method: "GET", url: `/api/Verificacion/Firma?${consulta}` });
      expect(conClave.statusCode, consulta).toBe(conSesion.statusCode);
      expect(conClave.json(), consulta).toEqual(conSesion.json());
    }
    // 401 before 400: a bad question with a wrong key is refused for the key.
    const mala = await verificar(`${clave.slice(0, -4)}AAAA`, "cedula=x");
    expect(mala.statusCode).toBe(401);
    expect((await verificar(clave, "cedula=x")).statusCode).toBe(400);
  });

  it("a wrong, revoked or expired key: 401 with the same message, nothing counted, no use noted", async () => {
    const { clave, idClave } = await nuevaClave();
    expect((await verificar(clave)).statusCode).toBe(200);
    const antes = { cuenta: await contador(idClave), uso: await usoAnotado(idClave) };
    const otra = await verificar(`${clave.slice(0, -4)}AAAA`, `cedula=${CEDULAS[0]}`, "10.9.9.9");
    expect(otra.statusCode).toBe(401);
    expect(otra.json().message).toBe(MSG.claveInvalida);

    await t.as("configuracion", { method: "POST", url: `/api/ClavesSistema/Revocar/${idClave}` });
    const revocada = await verificar(clave, `cedula=${CEDULAS[0]}`, "10.9.9.8");
    expect(revocada.statusCode).toBe(401);
    expect(revocada.json().message).toBe(MSG.claveInvalida);
    expect({ cuenta: await contador(idClave), uso: await usoAnotado(idClave) }).toEqual(antes);

    const vencida = await nuevaClave();
    expect((await verificar(vencida.clave)).statusCode).toBe(200);
    await t.db
      .update(clavesSistema)
      .set({ expira: sumarDias(hoy, -1) })
      .where(eq(clavesSistema.idClave, vencida.idClave));
    const usoVencida = await usoAnotado(vencida.idClave);
    const r = await verificar(vencida.clave, `cedula=${CEDULAS[0]}`, "10.9.9.7");
    expect(r.statusCode).toBe(401);
    expect(r.json().message).toBe(MSG.claveInvalida);
    expect(await contador(vencida.idClave)).toBe(1);
    expect(await usoAnotado(vencida.idClave)).toEqual(usoVencida);
  });

  it("a 403 (scope, address) counts nothing", async () => {
    const lotes = await nuevaClave({ alcances: ["verificacion-lote"] });
    expect((await verificar(lotes.clave)).statusCode).toBe(403);
    expect(await contador(lotes.idClave)).toBeNull();
    const lista = await nuevaClave({ direcciones: ["200.88.10.0/24"] });
    expect((await verificar(lista.clave, undefined, "200.88.11.5")).statusCode).toBe(403);
    expect(await contador(lista.idClave)).toBeNull();
    expect((await verificar(lista.clave, undefined, "200.88.10.5")).statusCode).toBe(200);
    expect(await contador(lista.idClave)).toBe(1);
  });

  it.each([
    ["any address", [] as string[]],
    ["an address list", ["127.0.0.0/8"]],
  ])("the limit is exact under concurrent calls (%s): 30 at once, exactly 20 pass", async (_, direcciones) => {
    const { clave, idClave } = await nuevaClave({ direcciones });
    const { r: respuestas, sentencias } = await contar(() =>
      Promise.all(Array.from({ length: 30 }, () => verificar(clave))),
    );
    // The 30 entries written in fewer transactions than calls (auditarAgrupado).
    const escrituras = sentencias.filter((x) => /insert into "auditoria"/i.test(x)).length;
    expect(escrituras).toBeLessThan(30);
    const estados = respuestas.map((r) => r.statusCode);
    expect(estados.filter((s) => s === 200)).toHaveLength(LIMITE);
    expect(estados.filter((s) => s === 429)).toHaveLength(30 - LIMITE);
    for (const r of respuestas.filter((x) => x.statusCode === 429)) {
      expect(r.json().message).toBe(MSG.demasiadasSolicitudes);
      expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(await contador(idClave)).toBe(30);
    // One audit entry per call, whatever its answer, and the chain and its seals intact.
    const auditadas = await llamadasAuditadas(idClave);
    expect(auditadas).toHaveLength(30);
    expect(auditadas.filter((d) => (d as { estado: number }).estado === 429)).toHaveLength(30 - LIMITE);
    expect((await verificarAuditoria(t.db, derivarClave(CLAVE_AUDITORIA_PRUEBAS))).integra).toBe(true);
  });

  it("the last use the screen shows: its minute and address, written once a minute or on a new address", async () => {
    const { clave, idClave } = await nuevaClave();
    const lista = async () =>
      (await t.as("configuracion", { method: "GET", url: "/api/ClavesSistema" }))
        .json()
        .find((k: { idClave: number }) => k.idClave === idClave);
    expect((await lista()).ultimoUso).toBeNull();
    const desde = await ahoraDb();
    expect((await verificar(clave)).statusCode).toBe(200);
    const hasta = await ahoraDb();
    const primera = await lista();
    expect(primera.ultimoUso >= desde && primera.ultimoUso <= hasta, primera.ultimoUso).toBe(true);
    expect(primera.ultimaDireccion).toBe("127.0.0.1");

    // Within the same minute, from the same address: the row is not written again (tried again
    // when the minute turned meanwhile, when the row must be written).
    let igual = false;
    for (let i = 0; i < 3 && !igual; i++) {
      const mismoMinuto = sql`date_trunc('minute', now()) + interval '1 millisecond'`;
      await t.db.update(clavesSistema).set({ ultimoUso: mismoMinuto }).where(eq(clavesSistema.idClave, idClave));
      const fijado = (await usoAnotado(idClave)).ultimoUso;
      expect((await verificar(clave)).statusCode).toBe(200);
      if ((await ahoraDb()).slice(0, 16) !== new Date(fijado as unknown as string).toISOString().slice(0, 16)) continue;
      expect((await usoAnotado(idClave)).ultimoUso).toEqual(fijado);
      igual = true;
    }
    expect(igual).toBe(true);
    // From another address: noted at once.
    expect((await verificar(clave, undefined, "10.1.2.3")).statusCode).toBe(200);
    expect((await lista()).ultimaDireccion).toBe("10.1.2.3");
    // An earlier minute: noted again.
    await t.db
      .update(clavesSistema)
      .set({ ultimoUso: sql`now() - interval '2 minutes'` })
      .where(eq(clavesSistema.idClave, idClave));
    const otraVez = await ahoraDb();
    expect((await verificar(clave, undefined, "10.1.2.3")).statusCode).toBe(200);
    expect((await lista()).ultimoUso >= otraVez).toBe(true);
  });
});

describe("audit entries written together (auditoria/cadena.ts auditarAgrupado)", () => {
  const entradasDe = async (idEntidad: string) =>
    (
      await t.db
        .select({ despues: auditoria.despues })
        .from(auditoria)
        .where(eq(auditoria.idEntidad, idEntidad))
        .orderBy(auditoria.idAuditoria)
    ).map((e) => (e.despues as { n: number }).n);
  const evento = (idEntidad: string, n: number, idUsuario: number | null = null): EventoAuditoria => ({
    idUsuario,
    entidad: "ClaveSistema",
    idEntidad,
    accion: "llamada_clave",
    despues: { n },
  });

  it("entries arriving together share one transaction, each settling once committed, the chain intact", async () => {
    const { r, sentencias } = await contar(() =>
      Promise.all(Array.from({ length: 6 }, (_, n) => auditarAgrupado(t.db, evento("lote-a", n)))),
    );
    expect(r).toHaveLength(6);
    expect(await entradasDe("lote-a")).toEqual([0, 1, 2, 3, 4, 5]);
    // The first alone (nothing was being written), the five that came meanwhile together.
    expect(sentencias.filter((x) => /insert into "auditoria"/i.test(x))).toHaveLength(2);
    expect(sentencias.filter((x) => /insert into "auditoria_sello"/i.test(x))).toHaveLength(2);
    expect((await verificarAuditoria(t.db, derivarClave(CLAVE_AUDITORIA_PRUEBAS))).integra).toBe(true);
  });

  it("the database unreachable: the entries waiting fail with the attempt under way, none tried one by one", async () => {
    // A real pool whose server is not there (nothing listens on port 1): each connection refused.
    let intentos = 0;
    class PoolContado extends pg.Pool {
      // biome-ignore lint/suspicious/noExplicitAny: pg's overloaded connect, passed through
      override connect(...a: any[]): any {
        intentos++;
        return (super.connect as (...b: unknown[]) => unknown)(...a);
      }
    }
    const pool = new PoolContado({ host: "127.0.0.1", port: 1, connectionTimeoutMillis: 2_000 });
    const sinBase = drizzlePg(pool) as unknown as Db;
    try {
      const r = await Promise.allSettled(
        Array.from({ length: 6 }, (_, n) => auditarAgrupado(sinBase, evento("caida", n))),
      );
      expect(r.map((x) => x.status)).toEqual(Array(6).fill("rejected"));
      // One attempt for the first entry, which the five others waited on (7 when retried one by one).
      expect(intentos).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it("an entry that cannot be written fails alone: the others of its transaction are written", async () => {
    const r = await Promise.allSettled(
      Array.from({ length: 6 }, (_, n) => auditarAgrupado(t.db, evento("lote-b", n, n === 3 ? 999_999 : null))),
    );
    expect(r.map((x) => x.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
    ]);
    expect(await entradasDe("lote-b")).toEqual([0, 1, 2, 4, 5]);
    expect((await verificarAuditoria(t.db, derivarClave(CLAVE_AUDITORIA_PRUEBAS))).integra).toBe(true);
  });
});
