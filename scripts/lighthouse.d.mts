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
  fallos: string[];
  error: string | null;
  hilo: string[];
  guiones: string[];
}
export function medirLighthouse(o: {
  base: string;
  token: string;
  paginas?: PaginaLighthouse[];
}): Promise<ResultadoLighthouse[]>;
export function imprimirLighthouse(resultados: ResultadoLighthouse[]): void;
