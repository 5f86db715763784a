/**
 * Build-time plugins for a light first screen:
 * - `fuentesLigeras`: the PrimeReact theme's own @font-face (the whole Inter variable font and its
 *   italic file) is dropped — web/src/app/fonts.css declares the Latin subset instead — and the icon
 *   font keeps only its woff2 source (every supported browser reads woff2); the first screen's font
 *   is preloaded from index.html.
 * - `precomprimir`: every compressible file of the build gets a brotli (.br) and a gzip (.gz) twin,
 *   which the server sends as they are (@fastify/static preCompressed).
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Plugin } from "vite";

/** The file of the first screen's font (see src/app/fonts.css). */
const FUENTE_PRECARGADA = /inter-latin-wght-normal-[\w-]+\.woff2$/;

export function fuentesLigeras(): Plugin {
  return {
    name: "rf-fuentes-ligeras",
    enforce: "pre",
    transform(code, id) {
      const file = id.split("?")[0].replaceAll("\\", "/");
      if (/primereact\/resources\/themes\/[^/]+\/theme\.css$/.test(file)) {
        return { code: code.replace(/@font-face\s*\{[^}]*\}/g, ""), map: null };
      }
      if (file.endsWith("primeicons/primeicons.css")) {
        const woff2Only = code.replace(
          /@font-face\s*\{[^}]*\}/,
          `@font-face {
    font-family: 'primeicons';
    font-display: block;
    src: url('./fonts/primeicons.woff2') format('woff2');
    font-weight: normal;
    font-style: normal;
}`,
        );
        return { code: woff2Only, map: null };
      }
      return null;
    },
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((f) => FUENTE_PRECARGADA.test(f));
        if (!font) return html;
        return html.replace(
          "</title>",
          `</title>\n    <link rel="preload" href="./${font}" as="font" type="font/woff2" crossorigin />`,
        );
      },
    },
  };
}

const COMPRIMIBLE = /\.(js|mjs|css|html|svg|json|txt|map|xml|ico)$/;
/** Files this small gain nothing from compression (and the server sends them as they are). */
const MINIMO_BYTES = 512;

export function precomprimir(): Plugin {
  let outDir = "dist";
  return {
    name: "rf-precomprimir",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!COMPRIMIBLE.test(file)) continue;
        const raw = fs.readFileSync(file);
        if (raw.length < MINIMO_BYTES) continue;
        const br = zlib.brotliCompressSync(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        const gz = zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION });
        // A compressed twin larger than the original would only cost the client.
        if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}
