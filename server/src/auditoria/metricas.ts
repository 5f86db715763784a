/**
 * The audit chain's figure for /metrics: its head's entry number, read at each scrape. A scraper
 * keeps it outside the database, so a head that moves back (newest entries removed by whoever
 * holds the database) shows in its history even between checkpoints.
 */
import client from "prom-client";
import type { Db } from "../db/client.js";
import { entradaDeCabeza } from "./cadena.repository.js";

export function registrarMetricasAuditoria(registro: client.Registry, db: Db) {
  new client.Gauge({
    name: "rf_audit_head_entry",
    help: "The audit chain's head: the number of its last entry (it never goes down)",
    registers: [registro],
    async collect() {
      try {
        this.set(await entradaDeCabeza(db));
      } catch {
        // The database being down is reported by the other figures; this one keeps its last value.
      }
    },
  });
}
