/**
 * High-availability figures for /metrics (deploy/patroni; db/alta.ts): the PostgreSQL node this
 * process writes to, primary changes it has seen, and the read replica as the app judges it.
 */
import client from "prom-client";
import type { EstadoAlta } from "../db/alta.js";

export function registrarMetricasAlta(registro: client.Registry, alta: (() => EstadoAlta) | undefined) {
  if (!alta) return;
  new client.Gauge({
    name: "rf_db_primary_node",
    help: "The PostgreSQL node DATABASE_URL led to at the last probe (1 on its address:port)",
    labelNames: ["node"] as const,
    registers: [registro],
    collect() {
      this.reset();
      const nodo = alta().nodoPrimario;
      if (nodo) this.set({ node: nodo }, 1);
    },
  });
  new client.Counter({
    name: "rf_db_primary_changes_total",
    help: "Changes of primary node seen by this process (failovers and switchovers)",
    registers: [registro],
    collect() {
      this.reset();
      this.inc(alta().cambiosPrimario);
    },
  });
  new client.Gauge({
    name: "rf_db_replica_lag_seconds",
    help: "How far behind the primary the read replica (DATABASE_READ_URL) is proven to be (+Inf: unknown or unreachable)",
    registers: [registro],
    collect() {
      const e = alta();
      if (!e.replicaConfigurada) return;
      this.set(e.retrasoReplicaSegundos ?? Number.POSITIVE_INFINITY);
    },
  });
  new client.Gauge({
    name: "rf_db_replica_usable",
    help: "1 while replica-safe reads go to the replica (within DB_READ_MAX_LAG_SECONDS), 0 while they go to the primary",
    registers: [registro],
    collect() {
      const e = alta();
      if (e.replicaConfigurada) this.set(e.replicaUtilizable ? 1 : 0);
    },
  });
  new client.Gauge({
    name: "rf_db_replica_synchronous",
    help: "1 while the replica is the primary's synchronous standby (reads go on there if the primary is lost), 0 otherwise",
    registers: [registro],
    collect() {
      const e = alta();
      if (e.replicaConfigurada) this.set(e.replicaSincrona ? 1 : 0);
    },
  });
  new client.Counter({
    name: "rf_db_reads_total",
    help: "Replica-safe reads (verification, batch verification, public constancia) by where they ran",
    labelNames: ["target"] as const,
    registers: [registro],
    collect() {
      this.reset();
      const e = alta();
      this.inc({ target: "replica" }, e.lecturasReplica);
      this.inc({ target: "primary" }, e.lecturasPrimaria);
      this.inc({ target: "retried" }, e.reintentosLectura);
    },
  });
}
