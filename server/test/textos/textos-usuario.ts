/**
 * Every text users read, gathered for the vocabulary check: contracts' messages and display texts,
 * the screens' literal texts (titles, labels, headers, dialogs), the user manual, and the documents
 * and e-mails the server writes (constancia, card, exports, notices). Texts the API keeps as SPEC.md
 * §7 fixes them (the statuses' `estatus`, the sign-in's empty-field answer) are not what users read.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  CLASE_FIRMA,
  DOCUMENTOS_OBLIGATORIOS,
  ETAPAS,
  MSG,
  NOMBRE_VISTA_USUARIO,
  TEXTO_USUARIO_ESTATUS,
  TITULO_VISTA,
  textoEstatus,
} from "@registro/contracts";

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** MSG keys whose text the API keeps as SPEC.md gives it; the screens show another. */
const SOLO_API = new Set(["loginCamposVacios"]);

/** The messages as users read them; functions are called with sample arguments. */
function mensajes(): string[] {
  const textos: string[] = [];
  for (const [clave, v] of Object.entries(MSG as Record<string, unknown>)) {
    if (SOLO_API.has(clave)) continue;
    if (typeof v === "string") textos.push(v);
    else if (typeof v === "function") {
      const args = Array.from({ length: v.length }, (_, i) => (i === 0 ? "Ejemplo" : "Ejemplo"));
      for (const muestra of [args, args.map(() => 1), args.map(() => ["Ejemplo"])]) {
        try {
          const r = (v as (...a: unknown[]) => unknown)(...muestra);
          if (typeof r === "string") textos.push(r);
        } catch {
          // A sample of the wrong type: another sample covers it.
        }
      }
    }
  }
  return textos;
}

function archivos(dir: string, ext: RegExp): string[] {
  const r: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) r.push(...archivos(p, ext));
    else if (ext.test(e.name) && !/\.test\.tsx?$/.test(e.name)) r.push(p);
  }
  return r;
}

/** Props and object keys whose string values are user-visible. */
const PROPS =
  "label|header|titulo|etiqueta|placeholder|aria-label|tooltip|emptyMessage|emptyFilterMessage|mensaje|message|acceptLabel|rejectLabel|texto|legend|title|summary|detail|currentPageReportTemplate|etiquetaAceptar|etiquetaCancelar|vacio|descripcion|ayuda|nota";

/** The literal texts of the web's screens: JSX text and the user-visible props' string values. */
function pantallas(): string[] {
  const textos: string[] = [];
  for (const f of archivos(path.join(RAIZ, "web/src"), /\.tsx?$/)) {
    const s = fs
      .readFileSync(f, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "");
    if (f.endsWith(".tsx")) {
      // Text between tags; fragments of code between a `>` and a `<` (arrows, comparisons) are not.
      for (const m of s.matchAll(/(?<![=-])>([^<>{}`=;&|]*\p{L}[^<>{}`=;&|]*)</gu))
        if (!/\p{Ll}\p{Lu}|\w\.\w|\w\(|\bextends\b|Props\b|^\s*\(/u.test(m[1])) textos.push(m[1]);
    }
    for (const m of s.matchAll(new RegExp(`\\b(?:${PROPS})(?:=|:\\s*)"([^"]+)"`, "g")))
      if (!m[1].includes("${")) textos.push(m[1]);
  }
  return textos;
}

/** Modules whose strings are documents, exported files or e-mails users read. */
const DOCUMENTOS_SERVIDOR = [
  "server/src/avisos/eventos.ts",
  "server/src/avisos/plantillas.ts",
  "server/src/verificacion/constancia.pdf.ts",
  "server/src/documentos/tarjeta.ts",
  "server/src/documentos/manual-tablas.ts",
  "server/src/exportar/exportar.service.ts",
];

/** Their string and template literals that read as words (at least one space between letters). */
function documentos(): string[] {
  const textos: string[] = [];
  for (const f of DOCUMENTOS_SERVIDOR) {
    const s = fs
      .readFileSync(path.join(RAIZ, f), "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "");
    for (const m of s.matchAll(/"([^"\n]*)"|`([^`]*)`/g)) {
      // Interpolations and HTML markup are not words users read.
      const t = (m[1] ?? m[2] ?? "").replace(/\$\{[^}]*\}/g, " ").replace(/<[^>]*>/g, " ");
      if (/\p{L}{2,} +\p{L}/u.test(t) && !/\bsql\b|select |insert |update |where |order by/i.test(t)) textos.push(t);
    }
  }
  return textos;
}

/** The user manual, without its image paths and markup. */
function manual(): string[] {
  return archivos(path.join(RAIZ, "docs/manual"), /\.md$/).map((f) =>
    fs
      .readFileSync(f, "utf8")
      .replace(/\]\([^)]*\)/g, "]")
      // Code spans (calls, commands, settings) are not prose.
      .replace(/`[^`]*`/g, " ")
      .replace(/\{\{[^}]*\}\}/g, ""),
  );
}

export function textosUsuario(): { origen: string; textos: string[] }[] {
  return [
    { origen: "mensajes", textos: mensajes() },
    {
      origen: "estatus y títulos",
      textos: [
        ...Object.values(TEXTO_USUARIO_ESTATUS),
        textoEstatus(103, { externo: true }),
        textoEstatus(204, { externo: true }),
        ...Object.values(TITULO_VISTA),
        ...Object.values(NOMBRE_VISTA_USUARIO),
        ...DOCUMENTOS_OBLIGATORIOS,
        ...Object.values(CLASE_FIRMA),
        ...ETAPAS,
      ],
    },
    { origen: "pantallas", textos: pantallas() },
    { origen: "documentos y correos", textos: documentos() },
    { origen: "manual", textos: manual() },
  ];
}

/** The words of a text: letters only (accents kept), lower case; numbers, codes and URLs left out. */
export function palabras(texto: string): string[] {
  return (
    texto
      .replace(/https?:\/\/\S+/g, " ")
      // Settings' names (BACKUP_DIR, PUBLIC_URL) are identifiers, not words.
      .replace(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g, " ")
      // A paginator's placeholders ({first}, {totalRecords}) are filled with numbers.
      .replace(/\{\w+\}/g, " ")
      .replace(/[\w.-]+@[\w.-]+/g, " ")
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 1 && /^\p{L}+$/u.test(w))
      .map((w) => w.toLocaleLowerCase("es"))
  );
}
