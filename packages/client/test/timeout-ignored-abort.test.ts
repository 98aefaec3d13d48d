import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createClient, isTimeoutError } from "../src/index.ts";
import { json, scriptedFetch } from "./scripted.ts";

// Fake timers, in a file of its own that makes no real request: `vi.getTimerCount()` then counts only
// the client's timers, not those of the runtime's HTTP connections.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("timeout, whether or not the fetch and the body heed the abort", () => {
  it("times out a fetch that ignores the abort signal (an in-process app's request), leaving no timer behind", async () => {
    let requests = 0;
    const client = createClient({
      baseUrl: "http://localhost",
      token: "t",
      timeout: 200,
      retry: { retries: 3, baseDelayMs: 1 },
      fetch: () => {
        requests++;
        return new Promise<Response>(() => {});
      },
    });
    const call = client.carriers.get(1).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(200);
    const error = await call;
    expect(isTimeoutError(error) && error.timeoutMs).toBe(200);
    expect(requests).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("times out an answer body that ignores the abort, and clears its timer once a call settles", async () => {
    const endless = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"id":'));
          },
        }),
        { status: 200 },
      );
    const { fetch } = scriptedFetch(endless(), json({ id: 4 }), endless());
    const client = createClient({ baseUrl: "http://localhost", token: "t", timeout: 300, fetch });
    const call = client.carriers.get(3).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(300);
    expect(isTimeoutError(await call)).toBe(true);
    await expect(client.carriers.get(4)).resolves.toEqual({ id: 4 });
    expect(vi.getTimerCount()).toBe(0);
    // The caller's own abort ends such a call too, with its reason.
    const controller = new AbortController();
    const aborted = client.carriers.get(3, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort(new Error("user cancelled"));
    expect(((await aborted) as Error).message).toBe("user cancelled");
    expect(vi.getTimerCount()).toBe(0);
  });
});
