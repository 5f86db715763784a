/**
 * The runbook's commands, run as docs/operacion.md writes them: every `sh` block of it, against
 * the built server as a real process on an embedded database with demo data. The backup is asked
 * of the running app through its control socket, the restore goes into a new data folder and
 * signs a user in there, the metrics come from METRICS_PORT, and the audit trail verifies once the
 * app is stopped. A plain `sh` block added to the runbook and not run here fails the test; the
 * `sh runbook:…` blocks (installation and recovery on PostgreSQL) are runbook.test.ts's.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { iniciarServidor, iniciarSesion, llamar, type Proceso, puertoLibre, raiz } from "./support/sistema.js";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "rf-runbook-"));
const vivos: Proceso[] = [];
afterAll(() => {
  for (const p of vivos) p.hijo.kill("SIGKILL");
  fs.rmSync(tmp, { recursive: true, force: true });
});

const runbook = fs.readFileSync(path.join(raiz, "docs/operacion.md"), "utf8");
const bloques = [...runbook.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1].trim());

function ejecutar(
  comando: string,
  env: Record<string, string>,
  cwd = raiz,
): Promise<{ codigo: number | null; salida: string }> {
  return new Promise((resolve) => {
    const hijo = spawn("bash", ["-euo", "pipefail", "-c", comando], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let salida = "";
    hijo.stdout.on("data", (d) => {
      salida += d;
    });
    hijo.stderr.on("data", (d) => {
      salida += d;
    });
    hijo.on("exit", (codigo) => resolve({ codigo, salida }));
  });
}

const bloque = (patron: RegExp) => {
  const b = bloques.filter((x) => patron.test(x));
  expect(b, String(patron)).toHaveLength(1);
  return b[0];
};

describe("docs/operacion.md", () => {
  it("every sh block runs as written and does what the runbook says", { timeout: 300_000 }, async () => {
    const entorno = {
      DATA_DIR: path.join(tmp, "datos"),
      RESPALDOS: path.join(tmp, "respaldos"),
      RESTAURADA: path.join(tmp, "restaurada"),
      METRICS_PORT: String(await puertoLibre()),
      AUDIT_KEY_FILE: path.join(tmp, "auditoria", "audit.key"),
      AUDIT_CHECKPOINT_FILE: path.join(tmp, "auditoria", "puntos.txt"),
      LOG_LEVEL: "warn",
    };
    const ejecutados = new Set<string>();
    const correr = async (b: string) => {
      const r = await ejecutar(b, entorno);
      expect(r.codigo, `${b}\n${r.salida}`).toBe(0);
      ejecutados.add(b);
      return r.salida;
    };

    const app = await iniciarServidor(entorno);
    vivos.push(app);

    // Backup of the running embedded app, then a restore into a new folder.
    const respaldo = await correr(bloque(/npm run backup/));
    expect(respaldo).toContain("La aplicación está en marcha");
    expect(respaldo).toContain(`Respaldo escrito en ${path.join(entorno.RESPALDOS, "respaldo-manual.tar")}`);
    const restaurada = await correr(bloque(/npm run restore/));
    expect(restaurada).toContain("Restaurado:");
    expect(restaurada).toContain("sellos y puntos de control comprobados");

    // Metrics from the process's own port.
    const metricas = await correr(bloque(/\/metrics/));
    expect(metricas).toMatch(/^rf_http_requests_total\{/m);
    expect(metricas).toMatch(/^rf_mail_outbox_pending \d+/m);

    // A constancia the app issues, checked with pdfsig as the seal's section says.
    const token = await iniciarSesion(app.puerto, "originador");
    const bandeja = await llamar(app.puerto, "GET", "/api/SolicitudFirma/GetBandejaOriginador?page=0&rows=100", {
      token,
    });
    const activa = (bandeja.body.rows as { idSolicitud: number; estatusSolitud: number }[]).find(
      (r) => r.estatusSolitud === 106,
    );
    if (!activa) throw new Error("no approved demo request of originador");
    const pdf = await fetch(`http://127.0.0.1:${app.puerto}/api/Verificacion/GetConstancia/${activa.idSolicitud}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(pdf.status).toBe(200);
    const carpeta = path.join(tmp, "constancia");
    fs.mkdirSync(carpeta);
    fs.writeFileSync(
      path.join(carpeta, "Constancia de Registro de Firmas 123.pdf"),
      Buffer.from(await pdf.arrayBuffer()),
    );
    const sello = bloque(/^pdfsig /);
    const comprobada = await ejecutar(sello, entorno, carpeta);
    expect(comprobada.codigo, comprobada.salida).toBe(0);
    expect(comprobada.salida).toContain("Signature Validation: Signature is Valid.");
    expect(comprobada.salida).toContain("solo para pruebas");
    ejecutados.add(sello);

    // The restored folder serves, and its users sign in.
    const copia = await iniciarServidor({ ...entorno, DATA_DIR: entorno.RESTAURADA, METRICS_PORT: "" });
    vivos.push(copia);
    expect(await iniciarSesion(copia.puerto, "analista")).toMatch(/\S{20,}/);
    copia.hijo.kill("SIGTERM");
    await copia.fin;

    // The audit trail of the embedded database verifies with the app stopped.
    app.hijo.kill("SIGTERM");
    expect((await app.fin)[0]).toBe(0);
    const verificacion = await correr(bloque(/npm run audit:verify/));
    expect(verificacion).toMatch(/Íntegra: \d+ entradas?$/m);

    expect([...ejecutados].sort()).toEqual([...bloques].sort());
  });

  it("the installation's console block installs what the runbook's blocks use", async () => {
    const comandos = [...runbook.matchAll(/```console\n([\s\S]*?)```/g)]
      .flatMap((m) => m[1].trim().split("\n"))
      .map((l) => l.replace(/^# /, ""));
    expect(comandos).toHaveLength(1);
    const paquetes = comandos[0].replace("apt-get install ", "").split(" ");
    expect(paquetes).toEqual(["postgresql", "postgresql-client", "nginx", "curl", "openssl"]);
    // What runbook.test.ts runs from those packages is here (npm test installs them).
    for (const programa of ["psql", "createdb", "pg_dump", "nginx", "curl", "openssl", "runuser", "useradd"]) {
      const r = await ejecutar(`command -v ${programa} || ls /usr/lib/postgresql/*/bin/${programa}`, {});
      expect(r.codigo, programa).toBe(0);
    }
  });
});
