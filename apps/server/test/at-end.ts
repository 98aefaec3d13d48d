// What the suites' helpers leave to undo once a test file's tests are over: its database files, the
// servers it started. Vitest takes an `afterAll` only while it collects a file's tests, and these
// helpers are called later, from a `beforeAll` or a test, where an `afterAll` would be dropped. The
// steps run from `file-end.ts`, a setup file: vitest runs it before each test file, also where the files
// a worker runs share their modules (`isolate: false`) and this module is evaluated only once.

const steps: (() => unknown)[] = [];

/** Runs `step` once the test file's tests are over (the last one given first). */
export function atEnd(step: () => unknown): void {
  steps.push(step);
}

/**
 * Runs the steps left, the last one given first. Every step runs, even past one that fails (a server
 * that would not close still leaves its database to be removed); the first failure is then the caller's.
 */
export async function runAtEnd(): Promise<void> {
  const failures: unknown[] = [];
  for (const step of steps.splice(0).reverse()) {
    try {
      await step();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length) throw failures[0];
}
