import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    reporters: ["default", ["json", { outputFile: ".test-results/vitest.json" }]],
    include: ["test/**/*.test.ts"],
    typecheck: { include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
