/**
 * Every package a file imports is declared by the package.json of its workspace (the root's for
 * scripts/). npm hoists the whole tree into the root node_modules, so an undeclared import works
 * by accident until the package that brought it in drops it (puppeteer-core came only with lighthouse).
 */
import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
/** Folder scanned → the folder of the package.json that must declare its imports. */
const AREAS: [string, string][] = [
  ["scripts", "."],
  ["server", "server"],
  ["e2e", "e2e"],
  ["web", "web"],
  ["contracts", "contracts"],
];
const NOMBRE = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*/;
const IMPORTACION =
  /\bfrom\s*["']([^"'\n]+)["']|\bimport\s*\(\s*["']([^"'\n]+)["']\s*\)|^\s*import\s+["']([^"'\n]+)["']/gm;

function declarados(carpeta: string): Set<string> {
  const p = JSON.parse(fs.readFileSync(path.join(raiz, carpeta, "package.json"), "utf8"));
  return new Set([
    p.name,
    ...Object.keys(p.dependencies ?? {}),
    ...Object.keys(p.devDependencies ?? {}),
    ...Object.keys(p.peerDependencies ?? {}),
  ]);
}

function fuentes(carpeta: string): string[] {
  return fs.readdirSync(carpeta, { withFileTypes: true }).flatMap((e) => {
    if (["node_modules", "dist", "data", "screenshots"].includes(e.name) || e.name.startsWith(".")) return [];
    const ruta = path.join(carpeta, e.name);
    if (e.isDirectory()) return fuentes(ruta);
    return /\.(m?[jt]sx?)$/.test(e.name) && !/\.d\.m?ts$/.test(e.name) ? [ruta] : [];
  });
}

/**
 * The packages a source imports (bare specifiers only, without Node's own modules nor the build's
 * generated `virtual:` modules, which a Vite plugin of the workspace provides).
 */
function paquetesImportados(texto: string): string[] {
  const sinComentarios = texto.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const nombres = new Set<string>();
  for (const m of sinComentarios.matchAll(IMPORTACION)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec.startsWith("node:") || spec.startsWith("virtual:") || builtinModules.includes(spec.split("/")[0]))
      continue;
    const nombre = NOMBRE.exec(spec)?.[0];
    if (nombre) nombres.add(nombre);
  }
  return [...nombres];
}

describe("declared dependencies", () => {
  it("finds the packages of static, dynamic and side-effect imports", () => {
    const texto = [
      'import a from "lighthouse";',
      'import { b } from "@scope/pkg/sub.js";',
      'const c = await import("esbuild");',
      'import "./local.css";',
      'import fs from "node:fs";',
      'import path from "path";',
      'import "side-effect";',
      'import "virtual:generated.css";',
      '// import x from "in-a-comment";',
    ].join("\n");
    expect(paquetesImportados(texto).sort()).toEqual(["@scope/pkg", "esbuild", "lighthouse", "side-effect"]);
  });

  it("every package a file imports is in its workspace's package.json", () => {
    const faltan: string[] = [];
    for (const [carpeta, paquete] of AREAS) {
      const propios = declarados(paquete);
      // This file's own examples are strings, not imports.
      for (const archivo of fuentes(path.join(raiz, carpeta)).filter((a) => a !== fileURLToPath(import.meta.url))) {
        for (const nombre of paquetesImportados(fs.readFileSync(archivo, "utf8"))) {
          if (!propios.has(nombre)) faltan.push(`${path.relative(raiz, archivo)}: ${nombre}`);
        }
      }
    }
    expect(faltan).toEqual([]);
  });
});
