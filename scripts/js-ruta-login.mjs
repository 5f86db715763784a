// The JavaScript the Login route loads, as built in web/dist: the entry script of index.html, the
// Login chunk, and every file either imports statically (what the browser fetches before the
// sign-in form can work), each file's size raw and gzipped (level 9). Used by `npm run bench:web`
// and by the browser tests' budget check (e2e/tests/presupuesto-login.test.ts).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** The Login route's budget: gzipped JavaScript, in KB (docs/benchmarks). */
export const PRESUPUESTO_LOGIN_KB = 120;

/** Relative specifiers of a chunk's static imports (`import … from "./x.js"`, `import "./x.js"`). */
function staticImports(code) {
  const found = new Set();
  // Minified ESM: static imports and re-exports sit at statement starts; import("…") is dynamic.
  for (const m of code.matchAll(
    /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w${}\s,*]+?\s*from\s*)?["']([^"']+\.js)["']/g,
  )) {
    found.add(m[1]);
  }
  return [...found];
}

/** Every file reachable by static imports from the given files (paths relative to dist). */
export function staticClosure(dist, entries) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length) {
    const rel = queue.shift();
    if (seen.has(rel)) continue;
    seen.add(rel);
    const code = fs.readFileSync(path.join(dist, rel), "utf8");
    for (const spec of staticImports(code)) {
      queue.push(path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec)));
    }
  }
  return seen;
}

/** A file's gzipped size (level 9), in bytes. */
export const gzipDe = (dist, rel) => zlib.gzipSync(fs.readFileSync(path.join(dist, rel)), { level: 9 }).length;

const relativo = (href) => path.posix.normalize(href.replace(/^\.\//, "").replace(/^\//, ""));

/**
 * The entry scripts of dist/index.html and the modules it preloads (paths relative to dist): every
 * page fetches them, the app's chunk among them (the entry imports it apart, src/main.tsx).
 */
export function entryScripts(dist) {
  const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");
  const scripts = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => relativo(m[1]));
  if (scripts.length === 0) throw new Error("index.html no tiene un script de entrada (type=module).");
  const precargados = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) =>
    relativo(m[1]),
  );
  return [...new Set([...scripts, ...precargados])];
}

/**
 * The Login route's files (largest gzipped first) and their totals, in bytes. Throws when dist has
 * no build or no Login chunk.
 */
export function jsRutaLogin(dist) {
  if (!fs.existsSync(path.join(dist, "index.html")))
    throw new Error(`No hay compilación web en ${dist}: ejecute primero "npm run build -w web".`);
  const loginChunk = fs.readdirSync(path.join(dist, "assets")).find((f) => /^LoginPage-[\w-]+\.js$/.test(f));
  if (!loginChunk) throw new Error("No se encontró el fragmento de Login (assets/LoginPage-*.js).");
  const archivos = [...staticClosure(dist, [...entryScripts(dist), `assets/${loginChunk}`])]
    .map((rel) => {
      const buf = fs.readFileSync(path.join(dist, rel));
      return { rel, raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
  return {
    archivos,
    raw: archivos.reduce((s, r) => s + r.raw, 0),
    gzip: archivos.reduce((s, r) => s + r.gzip, 0),
  };
}
