/**
 * `npm run importar`: the command line runs the same engine on the configured database — a test run
 * by default, --aplicar to apply, the counts and refusals on the terminal, the report beside the
 * file, exit code 1 when a row or the file is refused; --documentos attaches the ZIP's signature cards.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MSG_IMPORTACION } from "@registro/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLAVE_AUDITORIA_PRUEBAS } from "../support/app.js";
import { cedula, deflarRepetido, FIN_CADENAS, INICIO_CADENAS, libroXlsx, pdf, zip } from "../support/importacion.js";
import { baseParaProcesos } from "../support/proceso.js";

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
let base: Awaited<ReturnType<typeof baseParaProcesos>>;
let carpeta: string;
beforeAll(async () => {
  base = await baseParaProcesos();
  carpeta = fs.mkdtempSync(path.join(os.tmpdir(), "rf-importar-"));
});
afterAll(async () => {
  await base?.borrar();
  fs.rmSync(carpeta, { recursive: true, force: true });
});

function importar(...args: string[]): Promise<{ codigo: number; salida: string; errores: string }> {
  return new Promise((ok) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "src/importacion/importar.cli.ts", "--", ...args],
      {
        cwd: SERVER,
        env: {
          ...process.env,
          ...base.env,
          AUDIT_KEY: CLAVE_AUDITORIA_PRUEBAS,
          INIT_CWD: carpeta,
          LOG_LEVEL: "silent",
        },
      },
      (error, salida, errores) => ok({ codigo: error ? (error.code as number) : 0, salida, errores }),
    );
  });
}

describe("npm run importar", () => {
  it("a test run, the apply, and the same file again unchanged; refusals with exit code 1", {
    timeout: 120_000,
  }, async () => {
    fs.writeFileSync(
      path.join(carpeta, "registro.csv"),
      [
        "Institución;Tipo;Cédula;Nombres;Apellidos;Cargo;Firmas;Fecha de registro",
        `Ministerio de Hacienda;Incumbente;${cedula("8010000011")};Rosa;Peña;Ministro;;05/05/2021`,
        `Ministerio de Hacienda;Funcionario;${cedula("8010000021")};Luis;Mota;Tesorero;Cheques;05/05/2021`,
      ].join("\n"),
    );
    fs.writeFileSync(
      path.join(carpeta, "tarjetas.zip"),
      zip([{ nombre: `${cedula("8010000021")}.pdf`, contenido: pdf("Luis Mota") }]),
    );
    const prueba = await importar("registro.csv", "--documentos", "tarjetas.zip");
    expect(prueba.codigo, prueba.errores).toBe(0);
    expect(prueba.salida).toContain("se crean 2");
    expect(prueba.salida).toContain("tarjetas de firmas por adjuntar: 1");
    expect(prueba.salida).toContain("no se cambió nada");
    expect(fs.existsSync(path.join(carpeta, "registro.csv.informe.csv"))).toBe(true);
    const aplicar = await importar("registro.csv", "--aplicar", "--documentos", "tarjetas.zip");
    expect(aplicar.codigo, aplicar.errores).toBe(0);
    expect(aplicar.salida).toContain("El registro quedó actualizado.");
    expect(aplicar.salida).toContain("tarjetas de firmas adjuntadas: 1");
    const otra = await importar("registro.csv", "--documentos", "tarjetas.zip", "--aplicar");
    expect(otra.salida).toContain("sin cambios 2");
    expect(otra.salida).toContain("tarjetas de firmas adjuntadas: 0");
    fs.writeFileSync(path.join(carpeta, "malo.zip"), zip([{ nombre: "../../etc/x.pdf", contenido: pdf("x") }]));
    const zipMalo = await importar("registro.csv", "--documentos", "malo.zip");
    expect(zipMalo.codigo).toBe(1);
    expect(zipMalo.errores).toContain(MSG_IMPORTACION.zipRuta("../../etc/x.pdf"));

    fs.writeFileSync(path.join(carpeta, "malo.csv"), "Institución;Cédula\nx;y\n");
    const malo = await importar("malo.csv");
    expect(malo.codigo).toBe(1);
    expect(malo.errores).toContain(
      MSG_IMPORTACION.columnasFaltantes(["Nombres", "Apellidos", "Cargo", "Fecha de registro"]),
    );
    const uso = await importar();
    expect(uso.codigo).toBe(2);
    expect(uso.errores).toContain("Uso: npm run importar");
  });

  it("a workbook past the limits (a decompression bomb) is refused before it is read, exit code 1", {
    timeout: 60_000,
  }, async () => {
    const bomba = await deflarRepetido(INICIO_CADENAS, "<si><t>Funcionario</t></si>".repeat(40_000), 300, FIN_CADENAS);
    fs.writeFileSync(
      path.join(carpeta, "bomba.xlsx"),
      libroXlsx(
        [
          ["Institución", "Cédula", "Nombres", "Apellidos", "Cargo", "Fecha de registro"],
          ["Ministerio de Hacienda", cedula("8010000031"), "Ana", "Gil", "Tesorero", "05/05/2021"],
        ],
        bomba,
      ),
    );
    const r = await importar("bomba.xlsx");
    expect(r.codigo).toBe(1);
    expect(r.errores).toContain(MSG_IMPORTACION.excelExcesivo);
  });
});
