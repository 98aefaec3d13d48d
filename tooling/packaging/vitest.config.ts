import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    // Packing, npm install and two runtimes: slow steps on two shared cores, not hangs.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    reporters: ["default", ["json", { outputFile: ".test-results/vitest.json" }]],
  },
});
