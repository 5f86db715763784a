/**
 * PostgreSQL with two roles: the owner applies the migrations (DATABASE_MIGRATION_URL) and grants
 * the app's role (DATABASE_URL) only what the app does — reading and writing rows. The app's role
 * owns nothing, so it cannot ALTER a table or DISABLE its triggers; on the audit tables it may only
 * read and append (the chaining trigger writes the head with its owner's rights). Granted again at
 * every start, so tables added by later migrations are covered.
 */
import { sql } from "drizzle-orm";
import type { Db } from "./client.js";

const TABLAS_AUDITORIA = sql.raw("auditoria, auditoria_sello, auditoria_cabeza, auditoria_incidentes");

export async function rolActual(db: Db): Promise<string> {
  const r = (await db.execute(sql`select current_user as rol`)) as unknown as { rows: { rol: string }[] };
  return r.rows[0].rol;
}

/** Grants `rol` the app's rights; refuses when it is the owner itself (revoking would hit the owner). */
export async function concederPermisosApp(owner: Db, rol: string): Promise<void> {
  if ((await rolActual(owner)) === rol) {
    throw new Error("DATABASE_MIGRATION_URL and DATABASE_URL use the same role: give the app a role of its own.");
  }
  const r = sql.identifier(rol);
  await owner.transaction(async (tx) => {
    await tx.execute(sql`GRANT USAGE ON SCHEMA public TO ${r}`);
    await tx.execute(sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r}`);
    await tx.execute(sql`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${r}`);
    await tx.execute(sql`REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ${TABLAS_AUDITORIA} FROM ${r}`);
    await tx.execute(sql`REVOKE INSERT ON auditoria_cabeza FROM ${r}`);
    // Read-only on the migrations' journal: the daily backup (pg_dump as this role) dumps it too.
    const drizzle = (await tx.execute(sql`select 1 from pg_namespace where nspname = 'drizzle'`)) as unknown as {
      rows: unknown[];
    };
    if (drizzle.rows.length > 0) {
      await tx.execute(sql`GRANT USAGE ON SCHEMA drizzle TO ${r}`);
      await tx.execute(sql`GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO ${r}`);
      await tx.execute(sql`GRANT SELECT ON ALL SEQUENCES IN SCHEMA drizzle TO ${r}`);
    }
  });
}

/**
 * True when the app's role could switch the audit trail's guards off: it owns the audit table (or
 * belongs to its owner's role) or is a superuser. The single-URL setup of earlier versions.
 */
export async function puedeAlterarAuditoria(db: Db): Promise<boolean> {
  const r = (await db.execute(sql`
    SELECT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
        OR pg_has_role(current_user, c.relowner, 'MEMBER') AS puede
    FROM pg_class c WHERE c.oid = 'auditoria'::regclass`)) as unknown as { rows: { puede: boolean }[] };
  return r.rows[0]?.puede === true;
}
