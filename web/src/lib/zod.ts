/**
 * What "zod" means in the web build (an alias in web/vite.config.ts): zod itself, set to jitless
 * first (see zod-sin-eval.ts). The server keeps zod's compiled parsers.
 */
import "./zod-sin-eval";

export * from "zod/v4";
export { default } from "zod/v4";
