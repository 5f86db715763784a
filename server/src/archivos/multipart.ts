/**
 * The one multipart reader of the originator's forms: text fields (nested by their dotted or
 * bracketed names, `InfoIncumbente.Cedula`, `SelectedFirms[0]`) and the files of the known file
 * fields, each held in memory only up to the call's per-file limit. Field names match
 * case-insensitively. A file over the limit, or a second file in one field, is refused on that
 * field; no file is kept beyond its limit. A JSON body (no files) is read as the fields.
 */

import type { FastifyMultipartBaseOptions } from "@fastify/multipart";
import { MSG, textoAdmisible, textosInadmisibles } from "@registro/contracts";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError, ErroresCampo, Validacion } from "../shared/errors.js";
import { bindCaseInsensitive } from "../shared/validation.js";
import { erroresDeZod } from "../shared/zod-errors.js";

export interface ArchivoSubido {
  /** The canonical file field name (OficioFile, Evidencia…). */
  campo: string;
  /** The name the client gave the file. */
  nombre: string;
  contenido: Buffer;
}

export interface FormularioMultipart {
  /** Text fields, nested by their names: `{ InfoIncumbente: { Cedula: "…" }, SelectedFirms: ["1"] }`. */
  campos: Record<string, unknown>;
  /** Files by canonical field name (at most one each once read). */
  archivos: Map<string, ArchivoSubido>;
}

export interface OpcionesFormulario {
  /** Canonical names of the file fields this call accepts; other files are discarded unread. */
  archivos: readonly string[];
  /** Per-file limit in bytes. */
  maxBytes: number;
}

export async function leerFormulario(
  request: FastifyRequest,
  opciones: OpcionesFormulario,
): Promise<FormularioMultipart> {
  if (!request.isMultipart()) {
    const body = request.body;
    const campos = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const inadmisibles = textosInadmisibles(campos);
    if (inadmisibles.length > 0) {
      throw Validacion(Object.fromEntries(inadmisibles.map((c) => [c, [MSG.caracteresInvalidos]])));
    }
    return { campos: anidar(Object.entries(comoTexto(campos) as Record<string, unknown>)), archivos: new Map() };
  }
  const canonico = new Map(opciones.archivos.map((c) => [c.toLowerCase(), c]));
  const pares: [string, unknown][] = [];
  const archivos = new Map<string, ArchivoSubido>();
  const errores = new ErroresCampo();

  // throwFileSizeLimit off: a truncated file is reported on its own field after the stream is
  // drained, instead of one anonymous error for the whole request.
  // (The option is honoured by parts() at run time; its type only declares it on file()/files().)
  const limites: FastifyMultipartBaseOptions = { limits: { fileSize: opciones.maxBytes }, throwFileSizeLimit: false };
  try {
    await leerPartes(request, limites, canonico, pares, archivos, errores);
  } catch (error) {
    // Limits (413…) keep their own answer; a malformed body (no boundary, truncated, garbage) is the
    // client's fault: a general Spanish 400.
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof AppError || (status && status >= 400 && status < 500)) throw error;
    throw Validacion({ general: [MSG.formularioInvalido] });
  }
  // NUL characters and lone surrogates (in a value or a file name) cannot be stored.
  for (const [nombre, valor] of pares) {
    if (!textoAdmisible(nombre) || textosInadmisibles(valor).length > 0) errores.add(nombre, MSG.caracteresInvalidos);
  }
  for (const a of archivos.values()) if (!textoAdmisible(a.nombre)) errores.add(a.campo, MSG.caracteresInvalidos);
  errores.throwIfAny();
  return { campos: anidar(pares), archivos };
}

async function leerPartes(
  request: FastifyRequest,
  limites: FastifyMultipartBaseOptions,
  canonico: Map<string, string>,
  pares: [string, unknown][],
  archivos: Map<string, ArchivoSubido>,
  errores: ErroresCampo,
): Promise<void> {
  const parts = request.parts(limites as Parameters<FastifyRequest["parts"]>[0]);
  for await (const part of parts) {
    if (part.type === "field") {
      pares.push([part.fieldname, part.value]);
      continue;
    }
    const campo = canonico.get(part.fieldname.toLowerCase());
    if (!campo) {
      for await (const _ of part.file) {
        // Drained, not kept.
      }
      continue;
    }
    const trozos: Buffer[] = [];
    for await (const trozo of part.file) trozos.push(trozo as Buffer);
    const contenido = Buffer.concat(trozos);
    // A form's empty file input arrives as a part with no name and no bytes: no file.
    if (!part.filename && contenido.length === 0) continue;
    if (part.file.truncated) {
      errores.add(campo, MSG.archivoTamano(limites.limits?.fileSize ?? 0));
      continue;
    }
    if (archivos.has(campo)) {
      errores.add(campo, MSG.archivoUnico);
      continue;
    }
    archivos.set(campo, { campo, nombre: part.filename ?? "", contenido });
  }
}

/**
 * Builds a nested object from flat form names: `A.B` and `A[B]` nest, `A[0]`/`A[]` and a repeated
 * `A` collect into a list. Other repeated names keep their last value.
 */
export function anidar(pares: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const repetidos = new Map<string, number>();
  for (const [nombre] of pares) repetidos.set(nombre.toLowerCase(), (repetidos.get(nombre.toLowerCase()) ?? 0) + 1);
  for (const [nombre, valor] of pares) {
    const lista = /^(.+?)\[(\d*)\]$/.exec(nombre);
    if (lista) {
      const ruta = partes(lista[1]);
      const actual = leer(out, ruta);
      const arr = Array.isArray(actual) ? actual : actual === undefined ? [] : [actual];
      if (lista[2] === "") arr.push(valor);
      else arr[Number(lista[2])] = valor;
      escribir(out, ruta, arr);
      continue;
    }
    const ruta = partes(nombre);
    if ((repetidos.get(nombre.toLowerCase()) ?? 0) > 1 && ruta.length === 1) {
      const actual = leer(out, ruta);
      escribir(
        out,
        ruta,
        Array.isArray(actual) ? [...actual, valor] : actual === undefined ? [valor] : [actual, valor],
      );
      continue;
    }
    escribir(out, ruta, valor);
  }
  // Sparse lists (`A[0]`, `A[2]`) lose their holes.
  for (const [k, v] of Object.entries(out)) if (Array.isArray(v)) out[k] = v.filter((x) => x !== undefined);
  return out;
}

/** JSON numbers and booleans as the text a form would send, so both bodies read alike. */
function comoTexto(v: unknown): unknown {
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return v.map(comoTexto);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, comoTexto(x)]));
  return v;
}

function partes(nombre: string): string[] {
  return nombre
    .replace(/\[([^\]]+)\]/g, ".$1")
    .split(".")
    .filter((p) => p !== "");
}

/** The key of `obj` equal to `clave` ignoring case (the first spelling seen wins), or `clave`. */
function claveDe(obj: Record<string, unknown>, clave: string): string {
  const l = clave.toLowerCase();
  return Object.keys(obj).find((k) => k.toLowerCase() === l) ?? clave;
}

function leer(obj: Record<string, unknown>, ruta: string[]): unknown {
  let cur: unknown = obj;
  for (const p of ruta) {
    if (cur === null || typeof cur !== "object") return undefined;
    const o = cur as Record<string, unknown>;
    cur = o[claveDe(o, p)];
  }
  return cur;
}

const PROHIBIDAS = new Set(["__proto__", "constructor", "prototype"]);

function escribir(obj: Record<string, unknown>, ruta: string[], valor: unknown): void {
  if (ruta.length === 0 || ruta.some((p) => PROHIBIDAS.has(p))) return;
  let cur = obj;
  for (const parte of ruta.slice(0, -1)) {
    const p = claveDe(cur, parte);
    const next = cur[p];
    if (next === null || typeof next !== "object" || Array.isArray(next)) cur[p] = {};
    cur = cur[p] as Record<string, unknown>;
  }
  cur[claveDe(cur, ruta[ruta.length - 1])] = valor;
}

/** The form's fields renamed to the schema's keys, ignoring case (nested blocks too). */
export function camposDe<S extends z.ZodTypeAny>(schema: S, campos: Record<string, unknown>): Record<string, unknown> {
  return bindCaseInsensitive(schema, campos) as Record<string, unknown>;
}

/** Parses bound fields with `schema`; failures are added to `errores` under their dotted field names. */
export function validarCampos<S extends z.ZodTypeAny>(
  schema: S,
  campos: Record<string, unknown>,
  errores: ErroresCampo,
): z.output<S> | null {
  const r = schema.safeParse(campos);
  if (r.success) return r.data;
  for (const [campo, mensajes] of Object.entries(erroresDeZod(r.error)))
    for (const m of mensajes) errores.add(campo, m);
  return null;
}
