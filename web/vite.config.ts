import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { estilosSinReescribir, estructuraPrimeReact, fuentesLigeras, precomprimir } from "./build/vite-plugins";

// Relative base: the server injects <base href> for BASE_PATH, so one build serves any base path.
export default defineConfig({
  base: "./",
  plugins: [react(), fuentesLigeras(), estructuraPrimeReact(), estilosSinReescribir(), precomprimir()],
  // Zod without eval under the app's CSP, set before any schema is built (src/lib/zod-sin-eval.ts).
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL("./src/lib/zod.ts", import.meta.url)) }] },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 900 },
});
