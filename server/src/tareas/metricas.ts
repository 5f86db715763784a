/**
 * The scheduler's figures on /metrics (registered by operacion/metricas.ts on its registry): runs
 * and failures of each task in this process, the last success of each (for a task one process runs
 * at a time, whichever process ran it), and how late its last run started.
 */
import client from "prom-client";
import type { Planificador } from "./planificador.js";

export function registrarMetricasTareas(registro: client.Registry, planificador: Planificador | undefined) {
  if (!planificador) return;
  const etiquetas = ["task"] as const;
  new client.Counter({
    name: "rf_task_runs_total",
    help: "Runs of each background task ended in this process, failures included",
    labelNames: etiquetas,
    registers: [registro],
    collect() {
      this.reset();
      for (const e of planificador.estado()) this.inc({ task: e.nombre }, e.ejecuciones);
    },
  });
  new client.Counter({
    name: "rf_task_failures_total",
    help: "Runs of each background task that failed in this process (each is tried again later)",
    labelNames: etiquetas,
    registers: [registro],
    collect() {
      this.reset();
      for (const e of planificador.estado()) this.inc({ task: e.nombre }, e.fallos);
    },
  });
  new client.Gauge({
    name: "rf_task_last_success_timestamp_seconds",
    help: "When each background task last succeeded (Unix time; 0 when never)",
    labelNames: etiquetas,
    registers: [registro],
    async collect() {
      const exitos = await planificador.ultimosExitos();
      for (const e of planificador.estado())
        this.set({ task: e.nombre }, (exitos.get(e.nombre)?.getTime() ?? 0) / 1000);
    },
  });
  new client.Gauge({
    name: "rf_task_lag_seconds",
    help: "How late the last run of each background task started after it was due",
    labelNames: etiquetas,
    registers: [registro],
    collect() {
      for (const e of planificador.estado()) this.set({ task: e.nombre }, e.retrasoSegundos ?? 0);
    },
  });
}
