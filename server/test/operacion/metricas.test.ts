/**
 * GET /metrics: never answered outside METRICS_ALLOW (nor on the app's port by default), served on
 * METRICS_PORT when set; its counters move as calls are made, also under concurrent load; its
 * database figures follow the outbox, sessions and backups; and every metric the shipped alert
 * rules and Grafana dashboard read is one the app exports.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { correos } from "../../src/db/schema.js";
import { LimiteExportaciones } from "../../src/exportar/limite.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { idUsuario } from "../support/factories.js";

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** The value of one sample in Prometheus' text format (0 when absent). */
function valor(texto: string, nombre: string, etiquetas: Record<string, string> = {}): number {
  for (const linea of texto.split("\n")) {
    if (!linea.startsWith(nombre)) continue;
    const m = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/.exec(linea);
    if (!m || m[1] !== nombre) continue;
    const tiene = Object.entries(etiquetas).every(([k, v]) => (m[3] ?? "").includes(`${k}="${v}"`));
    if (tiene) return Number(m[4]);
  }
  return 0;
}

function puertoLibre(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe("GET /metrics on the app's port", () => {
  let cerrado: TestApp;
  let t: TestApp;
  const carpeta = fs.mkdtempSync(path.join(os.tmpdir(), "rf-metricas-"));
  beforeAll(async () => {
    cerrado = await crearTestApp();
    t = await crearTestApp({ METRICS_ALLOW: "127.0.0.1,10.0.0.0/8", BACKUP_DIR: carpeta });
  });
  afterAll(async () => {
    await cerrado.close();
    await t.close();
    fs.rmSync(carpeta, { recursive: true, force: true });
  });

  const leer = async (app = t) => {
    const r = await app.app.inject({ method: "GET", url: "/metrics" });
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toMatch(/^text\/plain/);
    return r.body;
  };

  it("is not answered by default, nor to addresses outside METRICS_ALLOW", async () => {
    const r = await cerrado.app.inject({ method: "GET", url: "/metrics" });
    expect(r.statusCode).toBe(404);
    expect(r.body).not.toContain("rf_");
    const fuera = await t.app.inject({ method: "GET", url: "/metrics", remoteAddress: "203.0.113.9" });
    expect(fuera.statusCode).toBe(404);
    expect(fuera.body).not.toContain("rf_");
    const dentro = await t.app.inject({ method: "GET", url: "/metrics", remoteAddress: "10.1.2.3" });
    expect(dentro.statusCode).toBe(200);
  });

  it("counts calls by route and status, and refused sign-ins, also under concurrent load", async () => {
    const antes = await leer();
    const ruta = { method: "GET", route: "/api/health", status: "200" };
    const n0 = valor(antes, "rf_http_requests_total", ruta);
    const f0 = valor(antes, "rf_login_failures_total");
    const h0 = valor(antes, "rf_http_request_duration_seconds_count", ruta);
    // 60 health calls and 3 refused sign-ins, in parallel with scrapes.
    await Promise.all([
      ...Array.from({ length: 60 }, () => t.app.inject({ method: "GET", url: "/api/health" })),
      ...Array.from({ length: 3 }, () =>
        t.app.inject({
          method: "POST",
          url: "/api/Account/LogIn",
          payload: { userName: "analista", password: "no-es-la-clave-correcta" },
        }),
      ),
      ...Array.from({ length: 5 }, () => leer()),
    ]);
    const despues = await leer();
    expect(valor(despues, "rf_http_requests_total", ruta) - n0).toBe(60);
    expect(valor(despues, "rf_http_request_duration_seconds_count", ruta) - h0).toBe(60);
    expect(valor(despues, "rf_login_failures_total") - f0).toBe(3);
    expect(despues).toContain('route="/api/Account/LogIn"');
  });

  it("reads the outbox, the sessions and the last backup from the database", { timeout: 120_000 }, async () => {
    const antes = await leer();
    await t.token("consultor");
    await t.db.insert(correos).values({ idUsuario: await idUsuario(t.db, "consultor"), asunto: "Prueba de métricas" });
    const despues = await leer();
    expect(valor(despues, "rf_mail_outbox_pending")).toBe(valor(antes, "rf_mail_outbox_pending") + 1);
    expect(valor(despues, "rf_sessions_active")).toBeGreaterThanOrEqual(1);
    expect(despues).toMatch(/^rf_backup_last_success_age_seconds \+Inf$/m);
    expect(valor(despues, "rf_backup_last_success_timestamp_seconds")).toBe(0);

    await t.app.respaldos.respaldarAhora();
    const tras = await leer();
    expect(valor(tras, "rf_backup_last_success_timestamp_seconds")).toBeGreaterThan(0);
    expect(valor(tras, "rf_backup_last_success_age_seconds")).toBeLessThan(120);
  });

  it("reads each subscription's change notifications and the import runs from the database", async () => {
    const ejecutar = (q: string) => t.db.execute(q) as unknown as Promise<{ rows: Record<string, unknown>[] }>;
    const [clave] = (
      await ejecutar(`insert into claves_sistema (nombre, prefijo, hash, alcances)
        values ('Métricas', 'rfmetric', 'x', '{}') returning id_clave`)
    ).rows;
    const [sus] = (
      await ejecutar(`insert into suscripciones (id_clave, url, instituciones, secreto)
        values (${clave.id_clave}, 'https://parte.example/cambios', '{1}', 'x') returning id_suscripcion`)
    ).rows;
    const id = String(sus.id_suscripcion);
    const fila = (n: number, extra: string) =>
      ejecutar(`insert into notificaciones (id_evento, id_suscripcion, id_funcionario, secuencia, tipo, carga, creado, intentos, entregado, fallido)
        values (gen_random_uuid(), ${id}, 1, ${n}, 'prueba', '{}', ${extra})`);
    await fila(1, "now() - interval '2 hours', 0, now(), false");
    await fila(2, "now() - interval '1 hour', 3, null, false");
    await fila(3, "now() - interval '10 minutes', 0, null, false");
    await fila(4, "now() - interval '3 days', 9, null, true");
    await ejecutar(`insert into importaciones (archivo, sha256, estado, latido)
      values ('m.csv', 'x', 'validando', now() - interval '10 minutes'), ('n.csv', 'y', 'terminada', now())`);
    const texto = await leer();
    expect(valor(texto, "rf_webhook_pending", { suscripcion: id })).toBe(2);
    expect(valor(texto, "rf_webhook_failing", { suscripcion: id })).toBe(1);
    expect(valor(texto, "rf_webhook_failed", { suscripcion: id })).toBe(1);
    const edad = valor(texto, "rf_webhook_oldest_pending_seconds", { suscripcion: id });
    expect(edad).toBeGreaterThanOrEqual(3600);
    expect(edad).toBeLessThan(3700);
    expect(valor(texto, "rf_import_runs", { estado: "validando" })).toBeGreaterThanOrEqual(1);
    expect(valor(texto, "rf_import_runs", { estado: "terminada" })).toBeGreaterThanOrEqual(1);
    expect(valor(texto, "rf_import_running_silent_seconds")).toBeGreaterThanOrEqual(600);
  });

  it("exports every metric the shipped alert rules and dashboard read", async () => {
    const texto = await leer();
    const exportadas = new Set(
      texto
        .split("\n")
        .filter((l) => l.startsWith("# TYPE "))
        .map((l) => l.split(" ")[2]),
    );
    const base = (m: string) => m.replace(/_(bucket|sum|count)$/, "");
    const usadas = new Set<string>();
    const reglas = parse(fs.readFileSync(path.join(raiz, "deploy/prometheus/alertas.yml"), "utf8"));
    for (const g of reglas.groups)
      for (const r of g.rules) for (const m of String(r.expr).match(/rf_\w+/g) ?? []) usadas.add(m);
    const tablero = JSON.parse(fs.readFileSync(path.join(raiz, "deploy/grafana/registro-firmas.json"), "utf8"));
    for (const p of tablero.panels)
      for (const q of p.targets) for (const m of String(q.expr).match(/rf_\w+/g) ?? []) usadas.add(m);
    expect(usadas.size).toBeGreaterThan(10);
    for (const m of usadas) expect(exportadas.has(base(m)) || exportadas.has(m), m).toBe(true);
    const nombres = reglas.groups.flatMap((g: { rules: { alert: string }[] }) => g.rules.map((r) => r.alert));
    expect(nombres).toEqual(
      expect.arrayContaining([
        "RegistroFirmasCorreosAtrasados",
        "RegistroFirmasRespaldoAntiguo",
        "RegistroFirmasErrores5xx",
        "RegistroFirmasPoolEnEspera",
      ]),
    );
  });
});

describe("GET /metrics on METRICS_PORT", () => {
  it("is served on its own loopback port, and nowhere else on the app's", async () => {
    const puerto = await puertoLibre();
    const t = await crearTestApp({ METRICS_PORT: String(puerto) });
    try {
      const r = await fetch(`http://127.0.0.1:${puerto}/metrics`);
      expect(r.status).toBe(200);
      const texto = await r.text();
      expect(texto).toContain("rf_process_resident_memory_bytes");
      expect(texto).toContain("rf_nodejs_eventloop_lag_p99_seconds");
      expect((await fetch(`http://127.0.0.1:${puerto}/otra`)).status).toBe(404);
      expect((await t.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe("rf_exports_running", () => {
  it("follows the exports holding a place in this process", async () => {
    const t = await crearTestApp({ METRICS_ALLOW: "127.0.0.1" });
    try {
      const leer = async () =>
        valor((await t.app.inject({ method: "GET", url: "/metrics" })).body, "rf_exports_running");
      const antes = await leer();
      const limite = new LimiteExportaciones(5);
      const a = limite.tomar(1);
      const b = limite.tomar(2);
      expect(await leer()).toBe(antes + 2);
      if ("liberar" in a) a.liberar();
      if ("liberar" in a) a.liberar();
      expect(await leer()).toBe(antes + 1);
      if ("liberar" in b) b.liberar();
      expect(await leer()).toBe(antes);
    } finally {
      await t.close();
    }
  });
});
