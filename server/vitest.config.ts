import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    globalSetup: ["test/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    // Each worker process runs its files one after another without a new process per file: a new
    // one spent about 2 s importing the server per file (165 s of the PGlite step). Every file
    // still gets its own app and its own copy of the template database (test/support/app.ts).
    isolate: false,
  },
});
