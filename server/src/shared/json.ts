/**
 * The JSON body parser: Fastify's own (prototype-poisoning checks included) behind a cheap depth
 * scan, so a body nested thousands of levels deep is a Spanish 400 instead of a stack overflow
 * somewhere downstream.
 */
import { MSG } from "@registro/contracts";
import type { FastifyInstance } from "fastify";
import { Validacion } from "./errors.js";

/** The deepest nesting of arrays and objects a request body may have. */
export const MAX_ANIDAMIENTO = 32;

/** True when `texto` (JSON) nests arrays/objects deeper than `max`; strings are skipped. */
export function anidamientoExcede(texto: string, max: number): boolean {
  let nivel = 0;
  let enCadena = false;
  for (let i = 0; i < texto.length; i++) {
    const c = texto.charCodeAt(i);
    if (enCadena) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) enCadena = false;
    } else if (c === 34) {
      enCadena = true;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++nivel > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      nivel--;
    }
  }
  return false;
}

export function registrarParserJson(app: FastifyInstance): void {
  const parsear = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (anidamientoExcede(body as string, MAX_ANIDAMIENTO)) {
      done(Validacion({ general: [MSG.anidamientoExcesivo] }), undefined);
      return;
    }
    parsear(request, body as string, done);
  });
}
