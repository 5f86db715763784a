/**
 * The audit chain's head anchored outside the database between checkpoints, and incidents:
 * - every AUDIT_ANCHOR_INTERVAL_SECONDS the head, when it moved, is appended to the checkpoint file
 *   as a signed checkpoint line (no e-mail), and /metrics shows it (rf_audit_head_entry);
 * - the newest entries removed together with the head by the database's owner are reported by
 *   "Verificar integridad" right after the next anchor, with no daily or manual checkpoint taken;
 * - a row forged with the app's own rights leaves the trail broken until the configuration
 *   administrator records an incident at that entry (reason required, only that entry, audited):
 *   then verification passes, naming the incident; an incident row not signed with the key is a
 *   finding of its own.
 */
import fs from "node:fs";
import { MSG } from "@registro/contracts";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditar } from "../../src/auditoria/cadena.js";
import { leerPuntos } from "../../src/auditoria/puntos.js";
import { auditoria } from "../../src/db/schema.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { comoDueno } from "../support/auditoria.js";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const URL_VERIFICAR = "/api/Auditoria/Verificar";
const URL_INCIDENTE = "/api/Auditoria/Incidente";

async function escribir(t: TestApp, n: number) {
  for (let i = 0; i < n; i++) {
    await t.db.transaction((tx) =>
      auditar(tx, { idUsuario: null, entidad: "Cargo", idEntidad: i, accion: "editar", antes: { i }, despues: null }),
    );
  }
}

const ultimas = async (t: TestApp) =>
  (await t.db.select({ id: auditoria.idAuditoria }).from(auditoria).orderBy(asc(auditoria.idAuditoria))).map(
    (f) => f.id,
  );

const verificar = async (t: TestApp) => (await t.as("configuracion", { method: "GET", url: URL_VERIFICAR })).json();

describe("the head's anchor", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await crearTestApp({ METRICS_ALLOW: "127.0.0.1" });
  });
  afterAll(() => t.close());

  it("is appended to the checkpoint file when the head moved, signed, and shown in /metrics", async () => {
    expect(t.config.auditAnchorIntervalSeconds).toBe(60);
    await escribir(t, 3);
    expect(await t.app.avisos.anclarAuditoria()).toBe(true);
    // The head did not move: no second line.
    expect(await t.app.avisos.anclarAuditoria()).toBe(false);
    const puntos = leerPuntos(fs.readFileSync(t.config.auditCheckpointFile, "utf8"));
    const ids = await ultimas(t);
    expect(puntos).toHaveLength(1);
    expect(puntos[0].entrada).toBe(ids.at(-1));
    const [cabeza] = await t.db
      .select()
      .from(auditoria)
      .where(eq(auditoria.idAuditoria, ids.at(-1)!));
    expect(puntos[0].hash).toBe(cabeza.hash);
    const metricas = await t.app.inject({ method: "GET", url: "/metrics" });
    const m = /^rf_audit_head_entry (\d+)$/m.exec(metricas.body);
    expect(m?.[1]).toBe(String(ids.at(-1)));
  });

  it("the newest entries removed with the head by the owner: reported right after the next anchor", async () => {
    // Signed in first: the sign-in's own entries come before the anchor.
    await t.token("configuracion");
    await escribir(t, 4);
    await t.app.avisos.anclarAuditoria();
    const ids = await ultimas(t);
    const quedan = ids.at(-3)!;
    await comoDueno(
      t.db,
      `delete from auditoria_sello where id_auditoria > ${quedan}`,
      `delete from auditoria where id_auditoria > ${quedan}`,
      `update auditoria_cabeza set ultimo_id = ${quedan}, ultimo_hash = (select hash from auditoria where id_auditoria = ${quedan}) where id = 1`,
    );
    const r = await verificar(t);
    expect(r).toMatchObject({
      integra: false,
      idAuditoria: quedan,
      message: MSG.auditoriaTruncada(quedan, ids.at(-1)!),
    });
  });
});

describe("an incident", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await crearTestApp();
    await escribir(t, 2);
  });
  afterAll(() => t.close());

  it("a row forged with the app's rights breaks the trail; the configuration administrator records an incident; it passes, naming it", async () => {
    const [{ id }] = (
      (await t.db.execute(
        sql`insert into auditoria (entidad, id_entidad, accion) values ('Cargo', '1', 'eliminar') returning id_auditoria::int as id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    await escribir(t, 1);
    const rota = await verificar(t);
    expect(rota).toMatchObject({ integra: false, idAuditoria: id, message: MSG.auditoriaSinSello(id) });

    const registrar = (usuario: string, payload: Record<string, unknown>) =>
      t.as(usuario, { method: "POST", url: URL_INCIDENTE, payload });
    const motivo = "Fila insertada sin sello el 29/11; revisada con el DBA, ticket 4411.";
    // Only the configuration administrator (the Auditoría view).
    expect((await registrar("consultor", { idAuditoria: id, motivo })).statusCode).toBe(403);
    // A reason is required, and only the entry where the trail breaks.
    const sinMotivo = await registrar("configuracion", { idAuditoria: id, motivo: " " });
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json().errors.motivo).toEqual([MSG.incidenteMotivoRequerido]);
    const otra = await registrar("configuracion", { idAuditoria: id - 1, motivo });
    expect(otra.statusCode).toBe(400);
    expect(otra.json().errors.idAuditoria).toEqual([MSG.incidenteNoEsLaRotura(id - 1)]);

    const ok = await registrar("configuracion", { idAuditoria: id, motivo });
    expect(ok.json(), ok.body).toEqual({ success: true, message: MSG.incidenteRegistrado(id) });
    const r = await verificar(t);
    expect(r.integra).toBe(true);
    expect(r.idAuditoria).toBeNull();
    expect(r.message).toContain(MSG.auditoriaIncidente(id, motivo));
    expect(r.incidentes).toEqual([{ idAuditoria: id, motivo, fecha: expect.any(String), usuario: "configuracion" }]);
    // The incident is itself an audit entry.
    const [entrada] = await t.db
      .select()
      .from(auditoria)
      .where(eq(auditoria.accion, "registrar_incidente"))
      .orderBy(asc(auditoria.idAuditoria));
    expect(entrada).toMatchObject({ entidad: "Auditoria", idEntidad: String(id) });

    // A later break is still found past the incident.
    await escribir(t, 1);
    const ids = await ultimas(t);
    const victima = ids.at(-1)!;
    await comoDueno(t.db, `update auditoria set despues = '{"x":1}'::jsonb where id_auditoria = ${victima}`);
    expect(await verificar(t)).toMatchObject({ integra: false, idAuditoria: victima });
  });

  it("an incident row written with the owner's rights (not signed with the key) excuses nothing and is reported", async () => {
    const t2 = await crearTestApp();
    try {
      await escribir(t2, 1);
      const [{ id }] = (
        (await t2.db.execute(
          sql`insert into auditoria (entidad, id_entidad, accion) values ('Cargo', '1', 'eliminar') returning id_auditoria::int as id`,
        )) as unknown as { rows: { id: number }[] }
      ).rows;
      await escribir(t2, 1);
      await comoDueno(
        t2.db,
        `insert into auditoria_incidentes (id_auditoria, motivo, firma) values (${id}, 'falso', '${"0".repeat(64)}')`,
      );
      const r = await verificar(t2);
      expect(r).toMatchObject({ integra: false, idAuditoria: id });
      expect([MSG.auditoriaSinSello(id), MSG.auditoriaIncidenteFalso(id)]).toContain(r.message);
    } finally {
      await t2.close();
    }
  });
});
