import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import {
  estilosSinReescribir,
  estructuraPrimeReact,
  fuentesLigeras,
  precargaApp,
  precomprimir,
} from "./build/vite-plugins";

// Relative base: the server injects <base href> for BASE_PATH, so one build serves any base path.
export default defineConfig({
  base: "./",
  plugins: [react(), fuentesLigeras(), estructuraPrimeReact(), estilosSinReescribir(), precargaApp(), precomprimir()],
  // Zod without eval under the app's CSP, set before any schema is built (src/lib/zod-sin-eval.ts).
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL("./src/lib/zod.ts", import.meta.url)) }] },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    // Performance: a screen's chunk brings its imports itself (the browser reads them from the chunk)
    // instead of Vite's helper first writing a <link rel="modulepreload"> for each into the page.
    // Each link cost the main thread 1–3 ms on a fast machine (four times that on a slow phone): more
    // than half of the first script's task and of the signed-in frame's. Lighthouse's simulated slow
    // network shows no later paint for it, and the blocking time falls by a third (docs/benchmarks).
    // The first page's own imports keep their links in index.html, where the parser reads them.
    modulePreload: { resolveDependencies: (_archivo, deps, { hostType }) => (hostType === "html" ? deps : []) },
  },
});
