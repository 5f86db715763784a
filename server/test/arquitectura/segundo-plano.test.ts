/**
 * One mechanism for background work (decision 0044): the only timers of server/src that repeat
 * are the scheduler's (tareas/planificador.ts). A repeating timer is a `setInterval`, or a
 * `setTimeout` that re-arms a function declared in the same file (a loop). One-shot timeouts (a
 * call's time limit, a pause) are not loops and stay where they are needed. The rule is also shown
 * to catch a planted offence.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../src");

/** Files allowed a repeating timer, each with its reason. */
const PERMITIDOS: Record<string, string> = {
  "tareas/planificador.ts": "the scheduler's own loop and the lease renewal of a run",
  "db/alta.ts":
    "the probe of which PostgreSQL node is the primary: beneath the database the scheduler itself needs, so it cannot be one of its tasks",
};

/** The repeating timers of a source text: `setInterval(`, or `setTimeout(f` where f is declared in the text. */
function temporizadoresRepetidos(texto: string): string[] {
  const hallados: string[] = [];
  for (const m of texto.matchAll(/\bsetInterval\s*\(/g)) hallados.push(m[0]);
  for (const m of texto.matchAll(/\bsetTimeout\s*\(\s*([A-Za-z_$][\w$]*)\s*,/g)) {
    const nombre = m[1];
    const declarada = new RegExp(
      `(function\\s+${nombre}\\b|(const|let|var)\\s+${nombre}\\s*=\\s*(async\\s*)?(\\(|function))`,
    );
    if (declarada.test(texto)) hallados.push(`setTimeout(${nombre}`);
  }
  return hallados;
}

const fuentes = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const ruta = path.join(dir, e.name);
    if (e.isDirectory()) return fuentes(ruta);
    return e.name.endsWith(".ts") ? [ruta] : [];
  });

describe("one scheduler", () => {
  it("no file of server/src but the scheduler (and the database probe) has a repeating timer", () => {
    const archivos = fuentes(raiz);
    expect(archivos.length).toBeGreaterThan(200);
    const fuera = archivos
      .map((a) => path.relative(raiz, a).split(path.sep).join("/"))
      .filter((a) => !(a in PERMITIDOS))
      .filter((a) => temporizadoresRepetidos(fs.readFileSync(path.join(raiz, a), "utf8")).length > 0);
    expect(fuera).toEqual([]);
  });

  it("catches an interval and a self re-arming timeout; a one-shot timeout or pause is not one", () => {
    expect(temporizadoresRepetidos("const t = setInterval(() => ronda(), 5_000);")).toEqual(["setInterval("]);
    expect(
      temporizadoresRepetidos("const vuelta = async () => {\n  await x();\n  setTimeout(vuelta, 1000);\n};"),
    ).toEqual(["setTimeout(vuelta"]);
    expect(temporizadoresRepetidos("function paso() { setTimeout(paso, 10); }")).toEqual(["setTimeout(paso"]);
    expect(temporizadoresRepetidos("await new Promise((r) => setTimeout(r, 100));")).toEqual([]);
    expect(temporizadoresRepetidos("const limite = setTimeout(() => req.destroy(), ms);")).toEqual([]);
  });
});
