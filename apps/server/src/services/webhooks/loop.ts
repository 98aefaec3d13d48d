import type { Dispatcher } from "./dispatcher.ts";

/**
 * Runs a dispatcher in the server process (Node, Deno): woken shortly after writes, and every
 * `intervalMs` for retries that come due, pruning once an hour. One run at a time; a wake-up during a
 * run makes another run follow it. Errors are logged and retried at the next tick: requests never wait
 * on it, and what it did not finish is still in the tables.
 */
export function startDispatchLoop(
  dispatcher: Dispatcher,
  {
    intervalMs = 1000,
    settleMs = 100,
    log = console.error,
  }: { intervalMs?: number; settleMs?: number; log?: (...args: unknown[]) => void } = {},
) {
  let running = false;
  let again = false;
  let stopped = false;
  let lastPrune = 0;
  let woken: ReturnType<typeof setTimeout> | undefined;

  async function run(): Promise<void> {
    if (running) {
      // The run under way fans out the new events at its next pass, now; another run follows it.
      again = true;
      dispatcher.wake();
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const { more } = await dispatcher.runOnce();
        if (more) again = true;
        if (Date.now() - lastPrune > 3_600_000) {
          lastPrune = Date.now();
          await dispatcher.prune();
        }
      } while (again && !stopped);
    } catch (error) {
      log("webhook dispatcher:", error instanceof Error ? error.message : error);
    } finally {
      running = false;
    }
  }

  const timer = setInterval(run, intervalMs);
  (timer as { unref?: () => void }).unref?.();
  queueMicrotask(run);
  return {
    /**
     * Wake the dispatcher (after a write committed events): once, `settleMs` after the first wake-up
     * of a burst, so a busy server runs it a few times a second for all its writes, not once for each.
     */
    notify: () => {
      if (stopped || woken) return;
      woken = setTimeout(() => {
        woken = undefined;
        void run();
      }, settleMs);
    },
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
    /** Resolves when the current run (if any) is over. */
    idle: async () => {
      while (running) await new Promise((resolve) => setTimeout(resolve, 10));
    },
  };
}
