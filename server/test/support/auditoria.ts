/**
 * The audit trail's test helpers: `npm run audit:verify` run as a process against a test app's
 * database, and changes made as the database's owner (who may switch the guards off; the app never does).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { Db } from "../../src/db/client.js";
import { CLAVE_AUDITORIA_PRUEBAS, type TestApp } from "./app.js";
import { urlConBase } from "./plantilla.js";

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** The environment without any database or audit setting of the one running the tests. */
function sinBase(entorno: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const resto = { ...entorno };
  for (const k of Object.keys(resto)) {
    if (k.startsWith("DATABASE_") || k.startsWith("AUDIT_") || k === "DATA_DIR") delete resto[k];
  }
  return resto;
}

/** Runs `npm run audit:verify -- …archivos` against the test app's database, with the tests' key. */
export async function auditVerify(
  t: TestApp,
  archivos: string[] = [],
  entorno: Record<string, string> = {},
): Promise<{ status: number | null; salida: string }> {
  let env: Record<string, string>;
  let limpiar = () => {};
  if (t.kind === "postgres") {
    const r = (await t.db.execute(sql`select current_database() as base`)) as unknown as { rows: { base: string }[] };
    env = { DATABASE_URL: urlConBase(process.env.TEST_PG_URL!, r.rows[0].base) };
  } else {
    // The embedded database is in memory: its dump (a tar of the data folder) is unpacked into a
    // data folder the command can open, without booting a second PGlite just to write it out.
    const cliente = (t.db as unknown as { $client: PGlite }).$client;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rf-audit-"));
    const tar = path.join(dir, "copia.tar");
    fs.writeFileSync(tar, Buffer.from(await (await cliente.dumpDataDir("none")).arrayBuffer()));
    fs.mkdirSync(path.join(dir, "pgdata"));
    const desempaque = spawnSync("tar", ["-xf", tar, "-C", path.join(dir, "pgdata")], { encoding: "utf8" });
    if (desempaque.status !== 0) throw new Error(`tar: ${desempaque.stderr}`);
    fs.rmSync(tar);
    env = { DATA_DIR: dir };
    limpiar = () => fs.rmSync(dir, { recursive: true, force: true });
  }
  try {
    const r = spawnSync("npm", ["run", "--silent", "audit:verify", "--", ...archivos], {
      cwd: RAIZ,
      env: {
        ...sinBase(process.env),
        AUDIT_KEY: CLAVE_AUDITORIA_PRUEBAS,
        AUDIT_CHECKPOINT_FILE: t.config.auditCheckpointFile,
        ...env,
        ...entorno,
      },
      encoding: "utf8",
      timeout: 90_000,
    });
    return { status: r.status, salida: `${r.stdout}${r.stderr}` };
  } finally {
    limpiar();
  }
}

/**
 * Runs SQL as the database's owner with the audit tables' own triggers switched off (the owner can;
 * the app's role cannot, see test-sistema/roles.test.ts), and switches them back on.
 */
export async function comoDueno(db: Db, ...sentencias: string[]): Promise<void> {
  const tablas = ["auditoria", "auditoria_sello", "auditoria_cabeza"];
  for (const tabla of tablas) await db.execute(sql.raw(`alter table ${tabla} disable trigger user`));
  try {
    for (const s of sentencias) await db.execute(sql.raw(s));
  } finally {
    for (const tabla of tablas) await db.execute(sql.raw(`alter table ${tabla} enable trigger user`));
  }
}

/** SQL that rewrites the chain from entry `desde` on, as its trigger would, and points the head at its end. */
export function recalcularDesde(desde: number): string {
  return `DO $$
DECLARE
  r auditoria;
  previo text := coalesce((SELECT hash FROM auditoria WHERE id_auditoria < ${desde} ORDER BY id_auditoria DESC LIMIT 1), '');
BEGIN
  FOR r IN SELECT * FROM auditoria WHERE id_auditoria >= ${desde} ORDER BY id_auditoria LOOP
    r.hash_anterior := previo;
    previo := auditoria_hash(r);
    UPDATE auditoria SET hash_anterior = r.hash_anterior, hash = previo WHERE id_auditoria = r.id_auditoria;
  END LOOP;
  UPDATE auditoria_cabeza SET ultimo_id = (SELECT max(id_auditoria) FROM auditoria), ultimo_hash = previo WHERE id = 1;
END
$$`;
}
