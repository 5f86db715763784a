/**
 * Zod compiles its object parsers with `new Function` where a page allows it, and finds out by
 * trying once. The app's Content-Security-Policy forbids eval (`script-src 'self'`), so the try
 * fails quietly but still files a CSP violation (a browser issue that costs Lighthouse's best
 * practices score). Jitless mode skips both the try and the compiled parsers. It has to be set
 * before the first schema is built: the web build resolves "zod" to ./zod.ts, which imports this
 * module before zod itself (web/vite.config.ts).
 */
import { config } from "zod/v4/core";

config({ jitless: true });
