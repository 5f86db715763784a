/**
 * The audit chain's figure for /metrics: its head's entry number, read at each scrape. A scraper
 * keeps it outside the database, so a head that moves back (newest entries removed by whoever
 * holds the database) shows in its history even between checkpoints.
 */
import { sql } from "drizzle-orm";
import client from "prom-client";
import type { Db } from "../db/client.js";

export function registrarMetricasAuditoria(registro: client.Registry, db: Db) {
  new client.Gauge({
    name: "rf_audit_head_entry",
    help: "The audit chain's head: the number of its last entry (it never goes down)",
    registers: [registro],
    async collect() {
      try {
        const r = (await db.execute(
          sql`select ultimo_id::text as id from auditoria_cabeza where id = 1`,
        )) as unknown as {
          rows: { id: string }[];
        };
        this.set(Number(r.rows[0]?.id ?? 0));
      } catch {
        // The database being down is reported by the other figures; this one keeps its last value.
      }
    },
  });
}
