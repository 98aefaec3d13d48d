import { describe, expect, it } from "vitest";
import { problemJson } from "../../../apps/server/src/http/problem.ts";
import { keyInUse } from "../../../apps/server/src/services/idempotency.ts";
import { type ClientOptions, createClient, isApiError, isNetworkError } from "../src/index.ts";
import { backoffDelay, parseRetryAfter, retryPolicy } from "../src/retry.ts";
import { newIdempotencyKey } from "../src/transport.ts";
import { json, problem, recordingSleep, scriptedFetch } from "./scripted.ts";

const carrier = {
  id: 1,
  name: "Courier Co",
  createdAt: "2024-01-01T00:00:00.000Z",
  updatedAt: "2024-01-01T00:00:00.000Z",
};

/** The server's own answer to a write whose Idempotency-Key another request is still running under. */
function keyInUseAnswer(): Response {
  const error = keyInUse();
  return new Response(problemJson(error, "req-1"), {
    status: error.status,
    headers: { "Content-Type": "application/problem+json", ...error.headers },
  });
}

/** A 200 whose body stops after `start`: the connection dropped. */
function cutShort(start: string): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(start));
      controller.error(new TypeError("terminated"));
    },
  });
  return new Response(body, { status: 200, headers: { "Content-Type": "application/json" } });
}

function clientWith(fetch: ClientOptions["fetch"], retry: ClientOptions["retry"] = {}) {
  return createClient({ baseUrl: "https://api.example.com", token: "t0ken", fetch, retry });
}

describe("retries", () => {
  it("waits as long as Retry-After says after a 429, then succeeds", async () => {
    const { fetch, sent } = scriptedFetch(problem(429, "slow down", { "Retry-After": "2" }), json(carrier));
    const { sleep, waits } = recordingSleep();
    await expect(clientWith(fetch, { sleep }).carriers.get(1)).resolves.toEqual(carrier);
    expect(waits).toEqual([2000]);
    expect(sent).toHaveLength(2);
  });

  it("asks a token function before every attempt, so a retry goes with a fresh token", async () => {
    const { fetch, sent } = scriptedFetch(problem(503, "busy"), json(carrier));
    const { sleep } = recordingSleep();
    let asked = 0;
    const client = createClient({
      baseUrl: "https://api.example.com",
      token: () => `token-${++asked}`,
      fetch,
      retry: { sleep },
    });
    await expect(client.carriers.get(1)).resolves.toEqual(carrier);
    expect(sent.map((request) => request.headers.get("Authorization"))).toEqual([
      "Bearer token-1",
      "Bearer token-2",
    ]);
  });

  it("backs off exponentially, with jitter, on 503 twice then succeeds", async () => {
    const { fetch, sent } = scriptedFetch(problem(503, "busy"), problem(503, "busy"), json(carrier));
    const { sleep, waits } = recordingSleep();
    await expect(clientWith(fetch, { sleep, baseDelayMs: 100 }).carriers.get(1)).resolves.toEqual(carrier);
    expect(sent).toHaveLength(2 + 1);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(50);
    expect(waits[0]).toBeLessThanOrEqual(100);
    expect(waits[1]).toBeGreaterThanOrEqual(100);
    expect(waits[1]).toBeLessThanOrEqual(200);
  });

  it("retries PUT and DELETE, which are idempotent", async () => {
    const { fetch, sent } = scriptedFetch(
      problem(503, "busy"),
      json(carrier),
      problem(429, "busy"),
      new Response(null, { status: 204 }),
    );
    const { sleep } = recordingSleep();
    const client = clientWith(fetch, { sleep });
    await client.carriers.update(1, { name: "Courier Co" });
    await client.carriers.delete(1);
    expect(sent.map((s) => s.method)).toEqual(["PUT", "PUT", "DELETE", "DELETE"]);
  });

  it("sends a fresh Idempotency-Key with every write, and the same one with its retries", async () => {
    const { fetch, sent } = scriptedFetch(
      problem(503, "busy"),
      json(carrier, 200),
      new TypeError("reset"),
      json(carrier),
      json({ id: 7, status: "sent" }),
      new Response(null, { status: 204 }),
    );
    const { sleep } = recordingSleep();
    const client = clientWith(fetch, { sleep });
    await client.carriers.create({ name: "Courier Co" });
    await client.carriers.update(1, { name: "Courier Co" });
    await client.purchases.send(7, {});
    await client.carriers.delete(1);
    const keys = sent.map((s) => s.headers.get("Idempotency-Key"));
    expect(sent.map((s) => s.method)).toEqual(["POST", "POST", "PUT", "PUT", "PUT", "DELETE"]);
    expect(keys.every((key) => key !== null && /^[\x21-\x7e]{1,200}$/.test(key))).toBe(true);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).toBe(keys[3]);
    expect(new Set(keys).size).toBe(4);
  });

  it("makes its keys where crypto.randomUUID is missing (a browser page on plain http) as random v4 UUIDs", async () => {
    // As in a page that is not a secure context: getRandomValues only (an own property hides the method).
    Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
    try {
      const keys = Array.from({ length: 200 }, () => newIdempotencyKey());
      for (const key of keys) {
        expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      }
      expect(new Set(keys).size).toBe(keys.length);
      const { fetch, sent } = scriptedFetch(problem(503, "busy"), json(carrier, 200));
      const { sleep } = recordingSleep();
      await clientWith(fetch, { sleep }).carriers.create({ name: "Courier Co" });
      const sentKeys = sent.map((s) => s.headers.get("Idempotency-Key"));
      expect(sentKeys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
      expect(sentKeys[1]).toBe(sentKeys[0]);
    } finally {
      Reflect.deleteProperty(crypto, "randomUUID");
    }
    expect(typeof crypto.randomUUID).toBe("function");
  });

  it("reads carry no Idempotency-Key, and a GET that writes (a new label version) does", async () => {
    const { fetch, sent } = scriptedFetch(json(carrier), json({ id: 3, labelVersion: 2 }));
    const client = clientWith(fetch, { sleep: recordingSleep().sleep });
    await client.carriers.get(1);
    await client.dropshipments.regenerateLabel(3);
    expect(sent.map((s) => s.headers.get("Idempotency-Key") !== null)).toEqual([false, true]);
  });

  it("never retries a write without a key: only reads and keyed writes are retryable", async () => {
    const { isRetryable } = await import("../src/retry.ts");
    expect(isRetryable(true, new Headers())).toBe(false);
    expect(isRetryable(true, new Headers({ "Idempotency-Key": "k" }))).toBe(true);
    expect(isRetryable(false, new Headers())).toBe(true);
  });

  it("with retries off, sends no key of its own and tries a write once", async () => {
    const { fetch, sent } = scriptedFetch(problem(503, "busy"), json(carrier, 200));
    await expect(clientWith(fetch, false).carriers.create({ name: "Courier Co" })).rejects.toMatchObject({
      status: 503,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.get("Idempotency-Key")).toBeNull();
  });

  it("retries a POST that carries an Idempotency-Key, sending the same key again", async () => {
    const { fetch, sent } = scriptedFetch(
      problem(503, "busy"),
      new TypeError("fetch failed"),
      json(carrier, 200),
    );
    const { sleep } = recordingSleep();
    const created = await clientWith(fetch, { sleep }).carriers.create(
      { name: "Courier Co" },
      { idempotencyKey: "key-1" },
    );
    expect(created).toEqual(carrier);
    expect(sent).toHaveLength(3);
    expect(sent.map((s) => s.headers.get("Idempotency-Key"))).toEqual(["key-1", "key-1", "key-1"]);
    expect(sent.map((s) => s.body)).toEqual([
      { name: "Courier Co" },
      { name: "Courier Co" },
      { name: "Courier Co" },
    ]);
  });

  it("also honours an Idempotency-Key passed as a plain header, sending it as given with its retries", async () => {
    const { fetch, sent } = scriptedFetch(
      problem(429, "busy"),
      json({ options: [] }),
      json(carrier),
      new TypeError("reset"),
      json(carrier),
    );
    const { sleep } = recordingSleep();
    const client = clientWith(fetch, { sleep });
    await client.channels.rates(
      4,
      { destination: { country: "US" }, items: [] },
      { headers: { "Idempotency-Key": "q-9" } },
    );
    // The same create sent twice by its caller (after a restart, say) under its own key, in any letter case.
    await client.carriers.create({ name: "Courier Co" }, { headers: { "Idempotency-Key": "order-42" } });
    await client.carriers.create({ name: "Courier Co" }, { headers: { "idempotency-key": "order-42" } });
    expect(sent.map((s) => s.headers.get("Idempotency-Key"))).toEqual([
      "q-9",
      "q-9",
      "order-42",
      "order-42",
      "order-42",
    ]);
  });

  it("takes the idempotencyKey option over a key in the headers", async () => {
    const { fetch, sent } = scriptedFetch(json(carrier));
    await clientWith(fetch, { sleep: recordingSleep().sleep }).carriers.create(
      { name: "Courier Co" },
      { idempotencyKey: "from-option", headers: { "Idempotency-Key": "from-header" } },
    );
    expect(sent[0]!.headers.get("Idempotency-Key")).toBe("from-option");
  });

  it("waits on the server's 409 for a key still in use, then gets the write's answer under that key", async () => {
    const { fetch, sent } = scriptedFetch(
      new TypeError("fetch failed: socket hang up"), // attempt 1 ran on the server; its answer was lost
      keyInUseAnswer(), // the retry, while attempt 1 still runs
      json(carrier, 200, { "Idempotent-Replayed": "true" }), // attempt 1's answer, replayed
    );
    const { sleep, waits } = recordingSleep();
    await expect(clientWith(fetch, { sleep }).carriers.create({ name: "Courier Co" })).resolves.toEqual(
      carrier,
    );
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((s) => s.headers.get("Idempotency-Key"))).size).toBe(1);
    expect(waits.at(-1)).toBe(1000);
  });

  it("throws a 409 without Retry-After, and one the retries do not cover", async () => {
    const lost = problem(409, "The answer to this request was lost; look the result up.");
    const { fetch, sent } = scriptedFetch(lost, keyInUseAnswer(), keyInUseAnswer(), json(carrier));
    const { sleep } = recordingSleep();
    await expect(clientWith(fetch, { sleep }).carriers.create({ name: "Courier Co" })).rejects.toMatchObject({
      status: 409,
      detail: "The answer to this request was lost; look the result up.",
    });
    const error = await clientWith(fetch, { sleep, retries: 1 })
      .carriers.update(1, { name: "Courier Co" })
      .catch((e: unknown) => e);
    expect(isApiError(error) && error.headers.get("Retry-After")).toBe("1");
    expect(sent).toHaveLength(3);
  });

  it("retries a success whose body was cut short, as a network failure", async () => {
    const { fetch, sent } = scriptedFetch(cutShort('{"id":1,"name":"Cour'), json(carrier));
    const { sleep, waits } = recordingSleep();
    await expect(clientWith(fetch, { sleep }).carriers.get(1)).resolves.toEqual(carrier);
    expect(sent).toHaveLength(2);
    expect(waits).toHaveLength(1);
    const once = scriptedFetch(cutShort("{"), json(carrier));
    const error = await clientWith(once.fetch, false)
      .carriers.get(1)
      .catch((e: unknown) => e);
    expect(isNetworkError(error) && (error.cause as Error).message).toBe("terminated");
    expect(once.sent).toHaveLength(1);
  });

  it("throws the last ApiError when the retries run out", async () => {
    const { fetch, sent } = scriptedFetch(
      problem(503, "first"),
      problem(503, "second"),
      problem(503, "third"),
      json(carrier),
    );
    const { sleep, waits } = recordingSleep();
    const error = await clientWith(fetch, { sleep, retries: 2 })
      .carriers.get(1)
      .catch((e: unknown) => e);
    expect(isApiError(error) && error.detail).toBe("third");
    expect(sent).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it("throws the NetworkError when network retries run out", async () => {
    const { fetch, sent } = scriptedFetch(new TypeError("reset"), new TypeError("reset again"));
    const { sleep } = recordingSleep();
    const error = await clientWith(fetch, { sleep, retries: 1 })
      .carriers.get(1)
      .catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(true);
    expect((error as Error).cause).toEqual(new TypeError("reset again"));
    expect(sent).toHaveLength(2);
  });

  it("never retries with retry: false", async () => {
    const { fetch, sent } = scriptedFetch(problem(429, "busy", { "Retry-After": "1" }), json(carrier));
    await expect(clientWith(fetch, false).carriers.get(1)).rejects.toMatchObject({ status: 429 });
    expect(sent).toHaveLength(1);
  });

  it("does not retry other errors", async () => {
    const { fetch, sent } = scriptedFetch(problem(500, "boom"), json(carrier));
    const { sleep } = recordingSleep();
    await expect(clientWith(fetch, { sleep }).carriers.get(1)).rejects.toMatchObject({ status: 500 });
    expect(sent).toHaveLength(1);
  });

  it("gives up at once when Retry-After asks for longer than maxDelayMs", async () => {
    const { fetch, sent } = scriptedFetch(
      problem(429, "come back in an hour", { "Retry-After": "3600" }),
      json(carrier),
    );
    const { sleep, waits } = recordingSleep();
    const error = await clientWith(fetch, { sleep, maxDelayMs: 60_000 })
      .carriers.get(1)
      .catch((e: unknown) => e);
    expect(isApiError(error) && error.headers.get("Retry-After")).toBe("3600");
    expect(sent).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("stops waiting when the caller aborts during a backoff", async () => {
    const { fetch, sent } = scriptedFetch(problem(503, "busy"), json(carrier));
    const controller = new AbortController();
    const reason = new Error("stop");
    const sleep = async (_ms: number, signal?: AbortSignal) => {
      controller.abort(reason);
      throw signal?.reason;
    };
    await expect(clientWith(fetch, { sleep }).carriers.get(1, { signal: controller.signal })).rejects.toBe(
      reason,
    );
    expect(sent).toHaveLength(1);
  });
});

describe("Retry-After and backoff", () => {
  const now = Date.parse("2024-03-01T12:00:00Z");

  it("reads delta-seconds and HTTP dates", () => {
    expect(parseRetryAfter("7", now)).toBe(7000);
    expect(parseRetryAfter("Fri, 01 Mar 2024 12:00:05 GMT", now)).toBe(5000);
    expect(parseRetryAfter("Fri, 01 Mar 2024 11:59:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it("doubles up to maxDelayMs, jittered between half and all of it", () => {
    const policy = retryPolicy({ baseDelayMs: 100, maxDelayMs: 1000 });
    expect([0, 1, 2, 3, 4].map((attempt) => backoffDelay(policy, attempt, () => 1))).toEqual([
      100, 200, 400, 800, 1000,
    ]);
    expect([0, 1, 2, 3, 4].map((attempt) => backoffDelay(policy, attempt, () => 0))).toEqual([
      50, 100, 200, 400, 500,
    ]);
  });
});
