// Types of js-ruta-login.mjs for the TypeScript that imports it (e2e/tests/presupuesto-login.test.ts).
export const PRESUPUESTO_LOGIN_KB: number;
export function staticClosure(dist: string, entries: string[]): Set<string>;
export function gzipDe(dist: string, rel: string): number;
export function entryScripts(dist: string): string[];
export interface ArchivoJs {
  /** Path relative to dist. */
  rel: string;
  raw: number;
  gzip: number;
}
export function jsRutaLogin(dist: string): { archivos: ArchivoJs[]; raw: number; gzip: number };
