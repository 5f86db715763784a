import { defineConfig } from "vitest/config";

// System tests: real processes of the built server, PostgreSQL clusters they restart,
// nginx. Run by `npm test` in a step of their own (scripts/test.mjs), one file at a time.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ["*.test.ts"],
    globalSetup: ["./support/construir.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
  },
});
