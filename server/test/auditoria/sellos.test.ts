/**
 * The audit trail against whoever controls the database: every entry sealed with a key the
 * database never holds, checkpoints of the head kept outside it (file, log, e-mail), and
 * `npm run audit:verify` naming the entry where each tampering made with the owner's rights starts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MSG } from "@registro/contracts";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prepararAuditoria } from "../../src/auditoria/arranque.js";
import { auditar } from "../../src/auditoria/cadena.js";
import { ClaveAuditoriaError, cargarClave, derivarClave } from "../../src/auditoria/clave.js";
import { firmarPunto, leerPuntos, lineaPunto } from "../../src/auditoria/puntos.js";
import { verificarAuditoria } from "../../src/auditoria/verificacion.js";
import { ConfigError, loadConfig } from "../../src/config.js";
import { auditoria, auditoriaSello, correos } from "../../src/db/schema.js";
import { CLAVE_AUDITORIA_PRUEBAS, crearTestApp, type TestApp } from "../support/app.js";
import { auditVerify, comoDueno, recalcularDesde } from "../support/auditoria.js";
import { esperarNoAutenticado, esperarProhibidoAuditoria } from "../support/configuracion.js";
import { iniciarSmtp } from "../support/smtp.js";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const CLAVE = derivarClave(CLAVE_AUDITORIA_PRUEBAS);
const URL_PUNTO = "/api/Auditoria/PuntoControl";

/** Writes entries through the app's one writer until the chain has at least `n`. */
async function llenarHasta(t: TestApp, n: number) {
  const [{ total }] = await t.db.select({ total: sql<number>`count(*)::int` }).from(auditoria);
  for (let i = total; i < n; i++) {
    await t.db.transaction((tx) =>
      auditar(tx, { idUsuario: null, entidad: "Cargo", idEntidad: i, accion: "editar", antes: { i }, despues: null }),
    );
  }
}

const ids = async (t: TestApp) =>
  (await t.db.select({ id: auditoria.idAuditoria }).from(auditoria).orderBy(asc(auditoria.idAuditoria))).map(
    (f) => f.id,
  );

/** A fresh app whose chain has 67 entries (the example), and a checkpoint of its head. */
async function conCadena(): Promise<{ t: TestApp; todas: number[] }> {
  const t = await crearTestApp();
  await llenarHasta(t, 67);
  const res = await t.as("configuracion", { method: "POST", url: URL_PUNTO });
  expect(res.statusCode, res.body).toBe(200);
  const todas = await ids(t);
  expect(res.json().entrada).toBe(todas.at(-1));
  return { t, todas };
}

describe("seals", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await crearTestApp();
    await llenarHasta(t, 10);
  });
  afterAll(() => t.close());

  it("every entry carries a seal that verifies with the key, and with no other key", async () => {
    const [{ entradas }] = await t.db.select({ entradas: sql<number>`count(*)::int` }).from(auditoria);
    const [{ selladas }] = await t.db.select({ selladas: sql<number>`count(*)::int` }).from(auditoriaSello);
    expect(selladas).toBe(entradas);
    const bien = await verificarAuditoria(t.db, CLAVE);
    expect(bien).toMatchObject({
      integra: true,
      entradas,
      selladas: entradas,
      mensaje: MSG.auditoriaIntegra(entradas),
    });
    const otra = await verificarAuditoria(t.db, derivarClave("otra-clave-que-no-sello-nada-0123456789"));
    const primera = (await ids(t))[0];
    expect(otra).toMatchObject({ integra: false, idAuditoria: primera, mensaje: MSG.auditoriaRota(primera) });
  });

  it("the app code can neither change nor remove a seal", async () => {
    const [s] = await t.db.select().from(auditoriaSello).limit(1);
    await expect(
      t.db
        .update(auditoriaSello)
        .set({ sello: "0".repeat(64) })
        .where(eq(auditoriaSello.idAuditoria, s.idAuditoria)),
    ).rejects.toThrow();
    await expect(t.db.delete(auditoriaSello).where(eq(auditoriaSello.idAuditoria, s.idAuditoria))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate auditoria_sello`)).rejects.toThrow();
    expect((await verificarAuditoria(t.db, CLAVE)).integra).toBe(true);
  });
});

describe("checkpoints", () => {
  it("POST PuntoControl: 401 without a token, 403 for other roles", async () => {
    const t = await crearTestApp();
    try {
      await esperarNoAutenticado(t, { method: "POST", url: URL_PUNTO });
      await esperarProhibidoAuditoria(t, { method: "POST", url: URL_PUNTO });
    } finally {
      await t.close();
    }
  });

  it("one is appended to the file, logged and mailed to AUDIT_CHECKPOINT_EMAIL, signed with the key", async () => {
    const smtp = await iniciarSmtp();
    const t = await crearTestApp({ SMTP_URL: smtp.url, AUDIT_CHECKPOINT_EMAIL: "auditoria@contraloria.gob.do" });
    try {
      await llenarHasta(t, 5);
      const lineas: string[] = [];
      t.app.log.info = ((...a: unknown[]) => lineas.push(String(a.at(-1)))) as typeof t.app.log.info;
      const res = await t.as("configuracion", { method: "POST", url: URL_PUNTO });
      expect(res.statusCode, res.body).toBe(200);
      const punto = res.json();
      const ultima = (await ids(t)).at(-1)!;
      const [cabeza] = await t.db.select().from(auditoria).where(eq(auditoria.idAuditoria, ultima));
      expect(punto).toMatchObject({
        entrada: ultima,
        hash: cabeza.hash,
        message: MSG.auditoriaPuntoRegistrado(ultima),
      });
      expect(punto.desde).toBeGreaterThan(0);

      const enArchivo = leerPuntos(fs.readFileSync(t.config.auditCheckpointFile, "utf8"));
      expect(enArchivo).toEqual([
        { entrada: ultima, hash: cabeza.hash, fecha: punto.fecha, desde: punto.desde, firma: punto.firma },
      ]);
      expect(firmarPunto(CLAVE, enArchivo[0]).firma).toBe(punto.firma);
      expect(fs.statSync(t.config.auditCheckpointFile).mode & 0o777).toBe(0o600);
      expect(lineas).toContain(lineaPunto(enArchivo[0]));

      // A second one is appended; the first stays as it was.
      await t.as("configuracion", { method: "POST", url: URL_PUNTO });
      expect(leerPuntos(fs.readFileSync(t.config.auditCheckpointFile, "utf8"))).toHaveLength(2);

      expect(await t.app.avisos.procesarCola()).toBe(2);
      const mails = smtp.para("auditoria@contraloria.gob.do");
      expect(mails).toHaveLength(2);
      expect(mails[0].asunto).toBe(`Punto de control de la auditoría: entrada ${ultima}`);
      expect(leerPuntos(mails[0].texto)).toEqual(enArchivo);
      // The message as it travelled (quoted-printable, wrapped lines) reads back the same.
      expect(leerPuntos(mails[0].crudo)).toEqual(enArchivo);
      const [fila] = await t.db.select().from(correos).where(eq(correos.destino, "auditoria@contraloria.gob.do"));
      expect(fila.enviado).not.toBeNull();
    } finally {
      await t.close();
      await smtp.cerrar();
    }
  });

  it("a checkpoint not signed with the key is reported", async () => {
    const t = await crearTestApp();
    try {
      await llenarHasta(t, 3);
      const ultima = (await ids(t)).at(-1)!;
      const falso = firmarPunto(derivarClave("clave-de-un-falsificador-0123456789abcdef"), {
        entrada: ultima,
        hash: "a".repeat(64),
        fecha: "2026-11-26T12:00:00.000Z",
        desde: 1,
      });
      const r = await verificarAuditoria(t.db, CLAVE, leerPuntos(lineaPunto(falso)));
      expect(r).toMatchObject({
        integra: false,
        idAuditoria: ultima,
        mensaje: MSG.auditoriaPuntoFalso(ultima, falso.fecha),
      });
    } finally {
      await t.close();
    }
  });

  it("removing every seal is caught by a checkpoint taken since sealing began", async () => {
    const { t, todas } = await conCadena();
    try {
      const puntos = leerPuntos(fs.readFileSync(t.config.auditCheckpointFile, "utf8"));
      await comoDueno(t.db, "delete from auditoria_sello");
      // Without the checkpoint the chain alone reads as written before seals existed…
      expect(await verificarAuditoria(t.db, CLAVE)).toMatchObject({ integra: true, selladas: 0 });
      // …with it, the missing first seal is named.
      expect(await verificarAuditoria(t.db, CLAVE, puntos)).toMatchObject({
        integra: false,
        idAuditoria: todas[0],
        mensaje: MSG.auditoriaSinSello(todas[0]),
      });
    } finally {
      await t.close();
    }
  });
});

describe("each tampering made with the owner's rights is named by npm run audit:verify", () => {
  it("the last 3 entries deleted and the head moved back: the checkpoint file and the e-mail's text catch it", async () => {
    const { t, todas } = await conCadena();
    try {
      const [, , , quedan] = [todas.at(-1), todas.at(-2), todas.at(-3), todas.at(-4)!];
      await comoDueno(
        t.db,
        `delete from auditoria_sello where id_auditoria > ${quedan}`,
        `delete from auditoria where id_auditoria > ${quedan}`,
        `update auditoria_cabeza set ultimo_id = ${quedan}, ultimo_hash = (select hash from auditoria where id_auditoria = ${quedan}) where id = 1`,
      );
      // The chain and its seals alone cannot tell: that is what the checkpoint is for.
      expect(await verificarAuditoria(t.db, CLAVE)).toMatchObject({ integra: true });
      const esperado = MSG.auditoriaTruncada(quedan, todas.at(-1)!);
      const r = await auditVerify(t);
      expect(r.salida).toContain(esperado);
      expect(r.status).toBe(1);
      // The same from the e-mail as received, given as a file.
      const correo = path.join(os.tmpdir(), `rf-punto-${process.pid}.eml`);
      fs.writeFileSync(correo, `Subject: Punto de control\n\n${fs.readFileSync(t.config.auditCheckpointFile, "utf8")}`);
      const r2 = await auditVerify(t, [correo], { AUDIT_CHECKPOINT_FILE: path.join(os.tmpdir(), "no-existe.txt") });
      fs.rmSync(correo, { force: true });
      expect(r2.salida).toContain(esperado);
      expect(r2.status).toBe(1);
    } finally {
      await t.close();
    }
  });

  it("entry 42 changed and the chain recomputed forward: named at 42", async () => {
    const { t } = await conCadena();
    try {
      expect((await ids(t)).includes(42)).toBe(true);
      await comoDueno(
        t.db,
        `update auditoria set despues = '{"nombre":"Alterado"}'::jsonb where id_auditoria = 42`,
        recalcularDesde(42),
      );
      const r = await auditVerify(t);
      expect(r.salida).toContain(MSG.auditoriaRota(42));
      expect(r.status).toBe(1);
    } finally {
      await t.close();
    }
  });

  it("the last 3 entries deleted (head untouched): named at the last entry left", async () => {
    const { t, todas } = await conCadena();
    try {
      const quedan = todas.at(-4)!;
      await comoDueno(
        t.db,
        `delete from auditoria_sello where id_auditoria > ${quedan}`,
        `delete from auditoria where id_auditoria > ${quedan}`,
      );
      const r = await auditVerify(t, [], { AUDIT_CHECKPOINT_FILE: path.join(os.tmpdir(), "no-existe.txt") });
      expect(r.salida).toContain(MSG.auditoriaTruncada(quedan, todas.at(-1)!));
      expect(r.status).toBe(1);
    } finally {
      await t.close();
    }
  });

  it("an untouched chain verifies, with its seals and checkpoints counted", async () => {
    const { t, todas } = await conCadena();
    try {
      const r = await auditVerify(t);
      expect(r.salida).toContain(MSG.auditoriaIntegra(todas.length));
      expect(r.salida).toContain(
        `Entradas selladas: ${todas.length} de ${todas.length}. Puntos de control comprobados: 1`,
      );
      expect(r.status).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe("the key", () => {
  it("is created on the first start outside DATA_DIR, 0600, with a line saying where and to back it up", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rf-clave-"));
    try {
      const archivo = path.join(dir, "audit", "audit.key");
      const lineas: string[] = [];
      const a = cargarClave({ auditKey: undefined, auditKeyFile: archivo }, (l) => lineas.push(l));
      expect(fs.statSync(archivo).mode & 0o777).toBe(0o600);
      expect(lineas).toHaveLength(1);
      expect(lineas[0]).toContain(archivo);
      expect(lineas[0]).toContain("Back it up");
      const b = cargarClave({ auditKey: undefined, auditKeyFile: archivo }, (l) => lineas.push(l));
      expect(b.sello.equals(a.sello)).toBe(true);
      expect(lineas).toHaveLength(1);
      expect(() => loadConfig({ DATA_DIR: dir, AUDIT_KEY_FILE: path.join(dir, "clave") })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dir, AUDIT_CHECKPOINT_FILE: path.join(dir, "p.txt") })).toThrow(ConfigError);
      expect(() => loadConfig({ AUDIT_KEY: "corta" })).toThrow(ConfigError);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a database written before seals: a checkpoint of its unsealed head at start, sealed from then on; another key is refused", async () => {
    const t = await crearTestApp();
    try {
      await llenarHasta(t, 6);
      // As written by a version without seals.
      await comoDueno(t.db, "delete from auditoria_sello");
      const antiguas = await ids(t);
      const lineas: string[] = [];
      const config = { ...t.config, auditKey: CLAVE_AUDITORIA_PRUEBAS };
      await prepararAuditoria(t.db, config, new Date("2026-11-26T12:00:00Z"), (l) => lineas.push(l));
      const puntos = leerPuntos(fs.readFileSync(t.config.auditCheckpointFile, "utf8"));
      expect(puntos).toEqual([expect.objectContaining({ entrada: antiguas.at(-1), desde: 0 })]);
      expect(lineas.join("\n")).toContain(`up to ${antiguas.at(-1)} carry no seal`);

      await llenarHasta(t, 9);
      const r = await verificarAuditoria(t.db, CLAVE, puntos);
      expect(r).toMatchObject({ integra: true, entradas: 9, selladas: 3 });
      // An entry before the first seal changed and the chain recomputed: the checkpoint names it.
      await comoDueno(
        t.db,
        `update auditoria set accion = 'crear' where id_auditoria = ${antiguas[2]}`,
        recalcularDesde(antiguas[2]),
      );
      const rota = await verificarAuditoria(t.db, CLAVE, puntos);
      expect(rota).toMatchObject({ integra: false });
      if (!rota.integra) expect(rota.idAuditoria).toBeLessThanOrEqual(antiguas.at(-1)!);

      await expect(
        prepararAuditoria(
          t.db,
          { ...config, auditKey: "otra-clave-que-no-sello-nada-0123456789" },
          new Date(),
          () => {},
        ),
      ).rejects.toThrow(ClaveAuditoriaError);
    } finally {
      await t.close();
    }
  });
});
