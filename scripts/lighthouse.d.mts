// Types of lighthouse.mjs for the TypeScript that imports it (e2e/tests/lighthouse.test.ts).
export interface PaginaLighthouse {
  nombre: string;
  ruta: string;
  conSesion: boolean;
}
export interface ResultadoLighthouse {
  nombre: string;
  url: string;
  puntos: Record<"performance" | "accessibility" | "best-practices" | "seo", number>;
  metricas: Record<string, string>;
  valores: Record<"FCP" | "LCP" | "TBT" | "CLS" | "SI", number | null>;
  bytes: number;
  peticiones: number;
  /** Scripts loaded: their own (uncompressed) bytes, the bytes sent, the number of files. */
  js: { bytes: number; transferidos: number; archivos: number };
  fallos: string[];
  error: string | null;
  hilo: string[];
  guiones: string[];
}
export function medirLighthouse(o: {
  base: string;
  token: string;
  paginas?: PaginaLighthouse[];
  /** A folder for each page's whole report (JSON) and its layout shifts. */
  informes?: string;
}): Promise<ResultadoLighthouse[]>;
export function imprimirLighthouse(resultados: ResultadoLighthouse[]): void;
