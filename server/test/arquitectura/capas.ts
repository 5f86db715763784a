/**
 * The folders of server/src in their documented order (docs/ARCHITECTURE.md, "Folders of
 * server/src", shows the same list): a folder may import only folders of a LATER layer, so every
 * arrow runs down and no two folders import each other. A file directly under server/src (app.ts,
 * config.ts…) is a node of its own, named with its extension. And the measurement the rule reads:
 * folder → folder imports over relative imports, type-only ones and re-exports included.
 */
import fs from "node:fs";
import path from "node:path";

/** Top to bottom. Same layer: may not import each other either. */
export const CAPAS: readonly (readonly string[])[] = [
  ["main.ts"],
  ["app.ts", "bootstrap.ts"],
  ["routes.ts", "seed"],
  ["importacion", "operacion", "documentos-firmados"],
  ["adjuntos"],
  ["funcionarios"],
  ["verificacion"],
  ["exportar", "documentos"],
  ["solicitudes", "configuracion", "catalogos", "tablero", "salud"],
  ["auth", "archivos"],
  ["claves", "avisos"],
  ["notificaciones"],
  ["auditoria", "registro", "tareas"],
  ["llamante", "secretos", "deps.ts"],
  ["shared", "web"],
  ["db", "config.ts"],
];

/** The node a file belongs to: its first folder under the root, or the file itself at the top. */
export function carpetaDe(raiz: string, archivo: string): string {
  return path.relative(raiz, archivo).split(path.sep)[0];
}

/** The relative specifiers a source imports or re-exports (type-only and dynamic imports included). */
export function importaciones(texto: string): string[] {
  const codigo = texto.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const r: string[] = [];
  for (const m of codigo.matchAll(/\bfrom\s*["']([^"']+)["']|\bimport\s*\(?\s*["']([^"']+)["']/g)) {
    const spec = m[1] ?? m[2];
    if (spec.startsWith("./") || spec.startsWith("../")) r.push(spec);
  }
  return r;
}

/** Every .ts source under a folder (tests aside). */
export function fuentes(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const ruta = path.join(dir, e.name);
    if (e.isDirectory()) return fuentes(ruta);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [ruta] : [];
  });
}

/** Folder → folder arrows of the tree under `raiz`, each with one file that makes it (for the message). */
export function flechas(raiz: string): Map<string, string> {
  const r = new Map<string, string>();
  for (const archivo of fuentes(raiz)) {
    const desde = carpetaDe(raiz, archivo);
    for (const spec of importaciones(fs.readFileSync(archivo, "utf8"))) {
      const destino = path.resolve(path.dirname(archivo), spec.replace(/\.js$/, ".ts"));
      if (path.relative(raiz, destino).startsWith("..")) continue;
      const hasta = carpetaDe(raiz, destino);
      const clave = `${desde} → ${hasta}`;
      if (desde !== hasta && !r.has(clave)) r.set(clave, `${path.relative(raiz, archivo)} imports ${spec}`);
    }
  }
  return r;
}

/** Pairs of folders that import each other. */
export function lazosDobles(arcos: Map<string, string>): string[] {
  const r: string[] = [];
  for (const clave of arcos.keys()) {
    const [a, b] = clave.split(" → ");
    if (a < b && arcos.has(`${b} → ${a}`)) r.push(`${a} ↔ ${b}`);
  }
  return r.sort();
}

/** Every arrow that does not run down the order, and every node the order does not place. */
export function contraElOrden(arcos: Map<string, string>, capas: readonly (readonly string[])[]): string[] {
  const capa = new Map<string, number>();
  capas.forEach((c, i) => {
    for (const n of c) capa.set(n, i);
  });
  const r: string[] = [];
  const sinLugar = new Set<string>();
  for (const [clave, ejemplo] of arcos) {
    const [a, b] = clave.split(" → ");
    for (const n of [a, b]) if (!capa.has(n)) sinLugar.add(n);
    const ia = capa.get(a);
    const ib = capa.get(b);
    if (ia !== undefined && ib !== undefined && ia >= ib)
      r.push(`${clave} runs ${ia === ib ? "across" : "up"} (${ejemplo})`);
  }
  for (const n of [...sinLugar].sort()) r.push(`${n} has no place in the order (add it to CAPAS and ARCHITECTURE.md)`);
  return r.sort();
}
