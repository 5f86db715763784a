/**
 * The small subset of Markdown the user manual is written in: headings, paragraphs, bullet and
 * numbered lists, pipe tables, quotes, rules, fenced code and `![caption](path)` images on their
 * own line; inline **bold**, *italic*, `code` and [links](url). Anything else reads as plain text,
 * so a chapter written by someone else never breaks the manual.
 */

export type Bloque =
  | { tipo: "titulo"; nivel: 1 | 2 | 3 | 4; texto: string }
  | { tipo: "parrafo"; texto: string }
  | { tipo: "lista"; ordenada: boolean; items: string[] }
  | { tipo: "imagen"; ruta: string; pie: string }
  | { tipo: "tabla"; encabezado: string[]; filas: string[][] }
  | { tipo: "cita"; texto: string }
  | { tipo: "codigo"; lineas: string[] }
  | { tipo: "separador" };

export interface Segmento {
  texto: string;
  negrita: boolean;
  cursiva: boolean;
}

const RE_TITULO = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const RE_IMAGEN = /^!\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)\s*$/;
const RE_VINETA = /^\s*[-*+]\s+(.*)$/;
const RE_NUMERO = /^\s*\d+[.)]\s+(.*)$/;
const RE_SEPARADOR = /^\s*([-*_])(\s*\1){2,}\s*$/;
const RE_FILA_SEPARADORA = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

function celdas(linea: string): string[] {
  let s = linea.trim();
  if (s.startsWith("|")) s = s.slice(1);
  if (s.endsWith("|") && !s.endsWith("\\|")) s = s.slice(0, -1);
  return s.split(/(?<!\\)\|/).map((c) => c.replace(/\\\|/g, "|").trim());
}

export function parsearMarkdown(fuente: string): Bloque[] {
  const lineas = fuente.replace(/\r\n?/g, "\n").split("\n");
  const bloques: Bloque[] = [];
  let parrafo: string[] = [];
  let lista: Extract<Bloque, { tipo: "lista" }> | null = null;

  const cerrar = () => {
    if (parrafo.length > 0) bloques.push({ tipo: "parrafo", texto: parrafo.join(" ") });
    parrafo = [];
    lista = null;
  };

  for (let i = 0; i < lineas.length; i++) {
    const linea = lineas[i];
    if (linea.trim() === "") {
      cerrar();
      continue;
    }
    if (/^\s*```/.test(linea)) {
      cerrar();
      const codigo: string[] = [];
      for (i++; i < lineas.length && !/^\s*```/.test(lineas[i]); i++) codigo.push(lineas[i]);
      bloques.push({ tipo: "codigo", lineas: codigo });
      continue;
    }
    const titulo = RE_TITULO.exec(linea);
    if (titulo) {
      cerrar();
      const nivel = Math.min(titulo[1].length, 4) as 1 | 2 | 3 | 4;
      bloques.push({ tipo: "titulo", nivel, texto: titulo[2] });
      continue;
    }
    const imagen = RE_IMAGEN.exec(linea.trim());
    if (imagen) {
      cerrar();
      bloques.push({ tipo: "imagen", pie: imagen[1].trim(), ruta: imagen[2] });
      continue;
    }
    if (RE_SEPARADOR.test(linea)) {
      cerrar();
      bloques.push({ tipo: "separador" });
      continue;
    }
    if (linea.trim().startsWith("|") && i + 1 < lineas.length && RE_FILA_SEPARADORA.test(lineas[i + 1])) {
      cerrar();
      const encabezado = celdas(linea);
      const filas: string[][] = [];
      for (i += 2; i < lineas.length && lineas[i].trim().startsWith("|"); i++) {
        const fila = celdas(lineas[i]);
        filas.push(encabezado.map((_, k) => fila[k] ?? ""));
      }
      i--;
      bloques.push({ tipo: "tabla", encabezado, filas });
      continue;
    }
    if (/^\s*>/.test(linea)) {
      cerrar();
      const cita: string[] = [];
      for (; i < lineas.length && /^\s*>/.test(lineas[i]); i++) cita.push(lineas[i].replace(/^\s*>\s?/, ""));
      i--;
      bloques.push({ tipo: "cita", texto: cita.join(" ").trim() });
      continue;
    }
    const vineta = RE_VINETA.exec(linea);
    const numero = vineta ? null : RE_NUMERO.exec(linea);
    if (vineta || numero) {
      const ordenada = numero !== null;
      const texto = (vineta ?? numero)![1];
      if (parrafo.length > 0) cerrar();
      const actual = lista as Extract<Bloque, { tipo: "lista" }> | null;
      if (actual && actual.ordenada === ordenada) {
        actual.items.push(texto);
      } else {
        const nueva = { tipo: "lista" as const, ordenada, items: [texto] };
        bloques.push(nueva);
        lista = nueva;
      }
      continue;
    }
    const abierta = lista as Extract<Bloque, { tipo: "lista" }> | null;
    if (abierta && /^\s+\S/.test(linea)) {
      // An indented line continues the last item.
      abierta.items[abierta.items.length - 1] += ` ${linea.trim()}`;
      continue;
    }
    lista = null;
    parrafo.push(linea.trim());
  }
  cerrar();
  return bloques;
}

/** Inline marks as segments; links keep their text, code reads as plain text. */
export function segmentosEnLinea(texto: string): Segmento[] {
  const limpio = texto
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/<br\s*\/?>/gi, " ");
  const out: Segmento[] = [];
  const re = /(\*\*|__)(.+?)\1|(?<![\w*])([*_])(?!\s)(.+?)(?<!\s)\3(?![\w*])/g;
  let ultimo = 0;
  for (const m of limpio.matchAll(re)) {
    if (m.index > ultimo) out.push({ texto: limpio.slice(ultimo, m.index), negrita: false, cursiva: false });
    if (m[2] !== undefined) out.push({ texto: m[2], negrita: true, cursiva: false });
    else out.push({ texto: m[4], negrita: false, cursiva: true });
    ultimo = m.index + m[0].length;
  }
  if (ultimo < limpio.length) out.push({ texto: limpio.slice(ultimo), negrita: false, cursiva: false });
  return out.map((s) => ({ ...s, texto: s.texto.replace(/\\([\\`*_{}[\]()#+\-.!|])/g, "$1") }));
}

/** The text a reader sees, without marks. */
export function textoPlano(texto: string): string {
  return segmentosEnLinea(texto)
    .map((s) => s.texto)
    .join("");
}
