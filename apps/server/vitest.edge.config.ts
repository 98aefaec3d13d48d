import { defineConfig } from "vitest/config";

// The workerd suite: the Worker under `wrangler dev --local`, over HTTP, against the dev libSQL server.
export default defineConfig({
  test: {
    reporters: ["default", ["json", { outputFile: ".test-results/edge.json" }]],
    include: ["test-edge/**/*.test.ts"],
    globalSetup: ["test-edge/global-setup.ts"],
    // Each test file's `atEnd` steps (the receivers it started), run once its tests are over.
    setupFiles: ["test/file-end.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
