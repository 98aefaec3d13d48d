// A download's waits on its server, bounded in all (`withinWaitingTime`): only the time a read is
// pending counts, not its reader's own time between reads. A clock the test moves stands in for time.
import { describe, expect, it } from "vitest";
import { DownloadFailed, withinWaitingTime } from "../../src/services/downloads.ts";

/**
 * A body whose server takes `waitMs` (on `clock`) for each piece, or never sends one (no `waitMs`);
 * `cancelled`: why its reader cancelled it.
 */
function serverBody(clock: { ms: number }, waitMs?: number) {
  let cancelled: unknown;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (waitMs === undefined) return new Promise<void>(() => {});
        clock.ms += waitMs;
        controller.enqueue(new Uint8Array([1]));
      },
      cancel(reason) {
        cancelled = reason;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, cancelled: () => cancelled };
}

describe("withinWaitingTime", () => {
  it("counts the time each read waits on the server, not the reader's own time between reads", async () => {
    const clock = { ms: 0 };
    const server = serverBody(clock, 40);
    const reader = withinWaitingTime(server.stream, 100, () => clock.ms).getReader();
    for (let piece = 0; piece < 3; piece++) {
      expect(await reader.read()).toMatchObject({ done: false });
      // The reader applying what it read: far past the limit, and not counted.
      clock.ms += 1_000;
    }
    // 120 ms waited in all: the next read fails, and the download is cancelled.
    const failure = await reader.read().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DownloadFailed);
    expect(failure).toMatchObject({
      reason: "timeout",
      message: "The server took more than 0.1 s in all to send the file.",
    });
    expect(server.cancelled()).toBe(failure);
  });

  it("gives up a read still waiting when the time left runs out, cancelling the download", async () => {
    const server = serverBody({ ms: 0 });
    const reader = withinWaitingTime(server.stream, 20).getReader();
    const failure = await reader.read().catch((error: unknown) => error);
    expect(failure).toMatchObject({
      reason: "timeout",
      message: "The server took more than 0.02 s in all to send the file.",
    });
    expect(server.cancelled()).toBe(failure);
  });
});
