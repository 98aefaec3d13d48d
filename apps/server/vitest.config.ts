import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The WinAnsi table of the Worker's stand-in for @pdf-lib/standard-fonts, which its build writes.
  resolve: { alias: { "worker-win-ansi": fileURLToPath(new URL("test/win-ansi.ts", import.meta.url)) } },
  test: {
    reporters: ["default", ["json", { outputFile: ".test-results/vitest.json" }]],
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    // Each test file's `atEnd` steps (its databases, its servers), run once its tests are over.
    setupFiles: ["test/file-end.ts"],
    // The suite waits more than it computes (servers started and stopped, timeouts run out): with one
    // test file per core, two cores stood half idle. Three at once on two cores, one per core beyond.
    maxWorkers: Math.max(3, availableParallelism()),
    // The files a worker runs share its modules, evaluated once: each file has its own database and
    // companies (`setupApp`), and puts back what it changes of the process (timers, environment). Each
    // file evaluating the app's modules anew took about half the suite's time.
    isolate: false,
    // Room for a test slowed by the files beside it: on a loaded two-core machine the tests that start
    // processes (servers, the CLI) have taken three times as long as on a quiet one, 15 s becoming over
    // 45. A test that waits on something that never comes still fails, two minutes in; a slow test names
    // its own.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
