import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    reporters: ["default", ["json", { outputFile: ".test-results/vitest.json" }]],
    include: ["test/**/*.test.ts"],
    // Each test file's `atEnd` steps (its server's database), run once its tests are over.
    setupFiles: ["../../apps/server/test/file-end.ts"],
    typecheck: { include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
