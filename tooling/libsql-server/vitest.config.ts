import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Concurrency tests contend with other suites for two cores in CI: give them room, not a race.
    testTimeout: 60_000,
    reporters: ["default", ["json", { outputFile: ".test-results/vitest.json" }]],
  },
});
