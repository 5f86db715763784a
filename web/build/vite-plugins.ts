/**
 * Build-time plugins for a light first screen:
 * - `fuentesLigeras`: the PrimeReact theme's own @font-face (the whole Inter variable font and its
 *   italic file) is dropped — web/src/app/fonts.css declares the Latin subset instead — and the icon
 *   font keeps only its woff2 source (every supported browser reads woff2); the first screen's font
 *   is preloaded from index.html.
 * - `estructuraPrimeReact`: the layout rules PrimeReact 10 writes into a `<style>` in a mount effect
 *   (after the first paint can already have happened), shipped instead in a stylesheet that loads
 *   with the signed-in frame, before any screen mounts.
 * - `estilosSinReescribir`: PrimeReact's runtime styles written once, not again by every component
 *   that mounts.
 * - `precargaApp`: the app's chunk, which the entry imports apart so that it is evaluated in a task of
 *   its own (src/main.tsx), and the chunks it imports are fetched with the entry, not after it
 *   (`<link rel="modulepreload" fetchpriority="low">` in index.html: after the stylesheet, the
 *   entry and the font, which the first paint needs, and before the app needs them).
 * - `precomprimir`: every compressible file of the build gets a brotli (.br) and a gzip (.gz) twin,
 *   which the server sends as they are (@fastify/static preCompressed).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
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

/** The id screens import the static copy of PrimeReact's layout rules by. */
export const ESTRUCTURA_PRIMEREACT = "virtual:primereact-estructura.css";
/** The same for the table's rules, imported with the inbox table (components/bandeja/BandejaTabla.tsx). */
export const ESTRUCTURA_PRIMEREACT_TABLA = "virtual:primereact-estructura-tabla.css";

/**
 * Components whose layout rules the first screens need (a Dropdown, an input group, a number
 * field…): PrimeReact 10 injects them in a passive effect, so without this copy a screen can be
 * painted once without them and shift when they arrive (Verificar firma: 0.08). The runtime copy
 * PrimeReact still writes is the same text, in the same `@layer primereact`.
 */
const COMPONENTES_CON_ESTRUCTURA = [
  "dropdown",
  "inputnumber",
  "calendar",
  "progressspinner",
  "menu",
  "overlaypanel",
  "badge",
  "tag",
];

/**
 * The table and its paginator, in a stylesheet of their own that comes with the inbox's code: without
 * them the table's loading overlay was painted once over the whole screen (the base rules' fixed
 * `.p-component-overlay`) and then moved into the table, a layout shift of 0.23 on a phone.
 */
const COMPONENTES_TABLA = ["datatable", "paginator"];

/** A top-level `var NAME = "…"` string of a PrimeReact module, or the expression joining them. */
function variablesDeCadena(codigo: string): string {
  return codigo
    .split("\n")
    .filter((linea) => /^var \w+ = "/.test(linea))
    .join("\n");
}

/** A component's own rules: its module's `styles` string (`styles$1` when the module has two). */
function estilosDe(codigo: string, componente: string): string {
  const declaraciones = codigo.split("\n").filter((linea) => /^var styles(\$\d+)? = "/.test(linea));
  const estilos = declaraciones
    .map((linea) => new Function(`${linea}\nreturn ${linea.slice(4, linea.indexOf(" = "))};`)())
    .filter((texto) => typeof texto === "string" && texto.includes("@layer primereact"));
  if (estilos.length !== 1) {
    throw new Error(
      `PrimeReact's ${componente} no longer declares its rules as one 'var styles': update estructuraPrimeReact`,
    );
  }
  return estilos[0];
}

export function estructuraPrimeReact(): Plugin {
  const require = createRequire(import.meta.url);
  // Path-like ids inside src/, so Vite's CSS pipeline treats them as any other stylesheet.
  const idResuelto = fileURLToPath(new URL("../src/app/__primereact-estructura.css", import.meta.url));
  const idTabla = fileURLToPath(new URL("../src/app/__primereact-estructura-tabla.css", import.meta.url));
  const leer = (modulo: string) => fs.readFileSync(require.resolve(`primereact/${modulo}/${modulo}.esm.js`), "utf8");
  return {
    name: "rf-estructura-primereact",
    enforce: "pre",
    resolveId(id) {
      if (id === ESTRUCTURA_PRIMEREACT) return idResuelto;
      return id === ESTRUCTURA_PRIMEREACT_TABLA ? idTabla : null;
    },
    load(id) {
      // Evaluated at build time from the installed package: the rules follow the version installed.
      if (id === idTabla) return COMPONENTES_TABLA.map((c) => estilosDe(leer(c), c)).join("\n");
      if (id !== idResuelto) return null;
      const base = new Function(`${variablesDeCadena(leer("componentbase"))}\nreturn [baseStyle, commonStyle];`)();
      return [...base, ...COMPONENTES_CON_ESTRUCTURA.map((c) => estilosDe(leer(c), c))].join("\n");
    },
  };
}

/** The line of PrimeReact 10's `useStyle` that writes a style element's text on every component's mount. */
const REESCRITURA_ESTILO = /^(\s*)styleRef\.current\.textContent = css;$/m;

/**
 * PrimeReact 10 writes its shared styles (base, common, each component's) into their `<style>`
 * elements again on every mount of every component, the same text each time: the browser parses the
 * stylesheet again and recalculates the page's styles (in Verificar firma's form's first task, at
 * 4× CPU slow-down, 30 of 352 samples were these writes, before the recalculations they cause). The
 * text is now written only when it differs (the first mount, or a changed style).
 */
export function estilosSinReescribir(): Plugin {
  return {
    name: "rf-estilos-sin-reescribir",
    enforce: "pre",
    transform(code, id) {
      const file = id.split("?")[0].replaceAll("\\", "/");
      if (!/\/primereact\/hooks\/hooks\.esm\.js$/.test(file)) return null;
      if (!REESCRITURA_ESTILO.test(code)) {
        throw new Error(
          "PrimeReact's useStyle no longer writes `styleRef.current.textContent = css`: update estilosSinReescribir",
        );
      }
      return {
        code: code.replace(
          REESCRITURA_ESTILO,
          "$1if (styleRef.current.textContent !== css) styleRef.current.textContent = css;",
        ),
        map: null,
      };
    },
  };
}

/**
 * The module the entry imports dynamically so that its evaluation is a task of its own. Lighthouse's
 * mobile run (docs/benchmarks): without these links a first visit waited one more round trip for the
 * router's chunk (the public page's largest paint 2.7 → 3.2 s); with them at the default (high)
 * priority, the first paint waited for them (1.5 → 2.0 s); at low priority, neither.
 */
const MODULO_APP = /\/src\/app\/App\.tsx$/;

export function precargaApp(): Plugin {
  return {
    name: "rf-precarga-app",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
        const app = chunks.find((c) => c.facadeModuleId && MODULO_APP.test(c.facadeModuleId));
        // Without the chunk the entry no longer imports the app apart: the build must say so.
        if (!app) throw new Error("precargaApp: no chunk for src/app/App.tsx");
        const porNombre = new Map(chunks.map((c) => [c.fileName, c]));
        const vistos = new Set<string>();
        const visitar = (nombre: string) => {
          if (vistos.has(nombre)) return;
          vistos.add(nombre);
          for (const i of porNombre.get(nombre)?.imports ?? []) visitar(i);
        };
        visitar(app.fileName);
        const enlaces = [...vistos]
          .filter((f) => !html.includes(`./${f}"`))
          .map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="./${f}">\n    `);
        return html.replace('<link rel="stylesheet"', `${enlaces.join("")}<link rel="stylesheet"`);
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
