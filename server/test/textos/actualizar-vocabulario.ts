/**
 * Lists the words users read that docs/vocabulario.txt lacks, with where each appears; with
 * `--escribir`, adds them. Check each word's spelling before adding it:
 *   npx tsx server/test/textos/actualizar-vocabulario.ts [--escribir]
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { palabras, textosUsuario } from "./textos-usuario.js";

const archivo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../docs/vocabulario.txt");
const lineas = fs.readFileSync(archivo, "utf8").split("\n");
const cabecera = lineas.filter((l) => l.startsWith("#"));
const actuales = new Set(lineas.filter((l) => l && !l.startsWith("#")));
const nuevas = new Map<string, string>();
for (const { origen, textos } of textosUsuario())
  for (const t of textos)
    for (const w of palabras(t))
      if (!actuales.has(w) && !nuevas.has(w)) nuevas.set(w, `${origen}: ${t.trim().slice(0, 80)}`);
for (const [w, donde] of nuevas) console.log(`${w}\t${donde}`);
if (process.argv.includes("--escribir")) {
  const todas = [...actuales, ...nuevas.keys()].sort((a, b) => a.localeCompare(b, "es"));
  fs.writeFileSync(archivo, `${[...cabecera, ...todas].join("\n")}\n`);
}
