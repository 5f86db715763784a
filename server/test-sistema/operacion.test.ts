/**
 * The runbook's commands, run as docs/operacion.md writes them: every `sh` block of it, against
 * the built server as a real process on an embedded database with demo data. The backup is asked
 * of the running app through its control socket, the restore goes into a new data folder and
 * signs a user in there, the metrics come from METRICS_PORT, and the audit trail verifies once the
 * app is stopped. A block added to the runbook and not run here fails the test; so does a line of
 * the installation's console block that the second test does not check.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  iniciarPostgres,
  iniciarServidor,
  iniciarSesion,
  llamar,
  type Proceso,
  puertoLibre,
  raiz,
} from "./support/sistema.js";

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

/** A free port below 6000 whose "1"-prefixed metrics port (the unit's METRICS_PORT=1%i) is free too. */
async function puertoDeInstancia(): Promise<number> {
  const libre = (puerto: number) =>
    new Promise<boolean>((resolve) => {
      const s = net.createServer();
      s.once("error", () => resolve(false));
      s.listen(puerto, "127.0.0.1", () => s.close(() => resolve(true)));
    });
  for (let i = 0; i < 200; i++) {
    const puerto = 2000 + Math.floor(Math.random() * 4000);
    if ((await libre(puerto)) && (await libre(Number(`1${puerto}`)))) return puerto;
  }
  throw new Error("no free instance port");
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

  it("the installation's console block, each command as far as a machine without systemd allows", {
    timeout: 180_000,
  }, async () => {
    const comandos = [...runbook.matchAll(/```console\n([\s\S]*?)```/g)]
      .flatMap((m) => m[1].trim().split("\n"))
      .map((l) => l.replace(/^# /, ""));
    const hechos = new Set<string>();
    const hecho = (patron: RegExp) => {
      const c = comandos.filter((x) => patron.test(x));
      expect(c, String(patron)).toHaveLength(1);
      hechos.add(c[0]);
      return c[0];
    };

    // apt-get: the packages give the commands the next lines use.
    const paquetes = hecho(/^apt-get install /)
      .replace("apt-get install ", "")
      .split(" ");
    expect(paquetes).toEqual(["postgresql", "postgresql-client", "nginx"]);
    for (const programa of ["createuser", "createdb", "psql", "nginx"]) {
      expect((await ejecutar(`command -v ${programa}`, {})).codigo, programa).toBe(0);
    }

    // createuser and createdb, as written but against a cluster of this test (the postgres user's
    // socket becomes -h/-p/-U): the password typed at the prompt opens the new database.
    const pg = await iniciarPostgres();
    try {
      const servidor = new URL(pg.url);
      const como = `-h ${servidor.hostname} -p ${servidor.port} -U postgres`;
      const usuario = hecho(/createuser/).replace("sudo -u postgres ", "");
      const clave = "Clave.de.prueba.2026";
      const alta = await ejecutar(`printf '%s\n%s\n' '${clave}' '${clave}' | ${usuario} ${como}`, {});
      expect(alta.codigo, alta.salida).toBe(0);
      const base = await ejecutar(`${hecho(/createdb/).replace("sudo -u postgres ", "")} ${como}`, {});
      expect(base.codigo, base.salida).toBe(0);
      // (The test's cluster trusts its connections, so the password itself is not checked here.)
      const entra = await ejecutar(`psql ${como} -Atc "select current_user" registro_firmas`, {});
      expect(entra.codigo, entra.salida).toBe(0);

      // The build line names the package's own scripts (the suite has run them already).
      const scripts = JSON.parse(fs.readFileSync(path.join(raiz, "package.json"), "utf8")).scripts;
      const build = hecho(/npm ci && npm run build/);
      for (const [, nombre] of build.matchAll(/npm run (\S+)/g)) expect(scripts[nombre], nombre).toBeTypeOf("string");

      // The two files copied into place exist where the lines say.
      for (const patron of [/systemd\/registro-firmas@\.service/, /nginx\/registro-firmas\.conf/]) {
        const archivo = hecho(patron).split(" ")[1];
        expect(fs.existsSync(path.join(raiz, archivo)), archivo).toBe(true);
      }

      // systemctl enable --now registro-firmas@N: the unit's ExecStart with its Environment lines,
      // %i as the instance, its state folder and the environment file's DATABASE_URL: it serves,
      // answers ready on the new database and shows its metrics on port 1%i.
      const instancias = hecho(/^systemctl enable --now /).match(/registro-firmas@(\d+)/g) ?? [];
      expect(instancias).toEqual(["registro-firmas@3001", "registro-firmas@3002"]);
      const unidad = fs.readFileSync(path.join(raiz, "deploy/systemd/registro-firmas@.service"), "utf8");
      const instancia = await puertoDeInstancia();
      const estado = path.join(tmp, "estado");
      const entorno: Record<string, string> = {
        DATABASE_URL: `postgres://registro_firmas:${clave}@${servidor.hostname}:${servidor.port}/registro_firmas`,
        DATA_DIR: path.join(tmp, "datos-unidad"),
      };
      for (const [, linea] of unidad.matchAll(/^Environment=(.*)$/gm)) {
        for (const par of linea.split(" ")) {
          const [clave_, ...valor] = par.split("=");
          entorno[clave_] = valor
            .join("=")
            .replaceAll("%i", String(instancia))
            .replaceAll("/var/lib/registro-firmas", estado);
        }
      }
      expect(unidad).toMatch(/^ExecStart=\/usr\/bin\/node server\/dist\/main\.js$/m);
      expect(unidad).toMatch(/^StateDirectory=registro-firmas$/m);
      fs.mkdirSync(estado, { recursive: true, mode: 0o700 });
      const servicio = await iniciarServidor(entorno);
      vivos.push(servicio);
      expect(servicio.puerto).toBe(instancia);
      expect((await llamar(instancia, "GET", "/api/ready")).status).toBe(200);
      const metricas = await fetch(`http://127.0.0.1:1${instancia}/metrics`);
      expect(metricas.status).toBe(200);
      expect(await metricas.text()).toMatch(/^rf_http_requests_total\{/m);
      expect(fs.existsSync(path.join(estado, "audit.key"))).toBe(true);
      servicio.hijo.kill("SIGTERM");
      expect((await servicio.fin)[0]).toBe(0);
    } finally {
      pg.detener();
    }
    expect([...hechos].sort()).toEqual([...comandos].sort());
  });
});
