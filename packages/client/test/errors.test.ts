import { beforeAll, describe, expect, it } from "vitest";
import { ApiError, createClient, etagOf, isApiError, isNetworkError, NetworkError } from "../src/index.ts";
import { setupServer } from "./setup.ts";

let server: Awaited<ReturnType<typeof setupServer>>;
beforeAll(async () => {
  server = await setupServer();
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a failure, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

async function apiFailure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await failure(promise);
  if (!isApiError(error)) throw error;
  return error;
}

describe("API errors", () => {
  it("maps a 422 to an ApiError with the failing fields", async () => {
    const { client } = await server.tenantClient();
    const error = await apiFailure(client.carriers.create({ name: 5, color: "red" } as never));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      name: "ApiError",
      status: 422,
      title: "Validation failed",
      type: "urn:multichannel:problem:validation_failed",
    });
    expect(error.errors).toEqual(
      expect.arrayContaining([
        { path: "name", message: expect.any(String) },
        { path: "color", message: "is not a known field" },
      ]),
    );
    expect(error.requestId).toEqual(error.headers.get("X-Request-Id"));
    expect(error.requestId).toBeTruthy();
    expect(error.message).toContain("POST http://localhost/carriers.json");
    expect(error.detail).toBeTruthy();
    expect(error.state).toBeUndefined();
    expect(error.allowedActions).toBeUndefined();
  });

  it("gives a state conflict's state and allowed actions on the error", async () => {
    const { client } = await server.tenantClient();
    const purchase = await client.purchases.create({});
    const error = await apiFailure(client.purchases.ship(purchase.id, { trackingNumber: "TRACK-9" }));
    expect(error).toMatchObject({
      status: 409,
      type: "urn:multichannel:problem:conflict",
      title: expect.any(String),
      detail: expect.stringContaining("pending"),
      state: "pending",
      errors: [],
    });
    // What the state allows: sending it, not shipping it.
    expect(error.allowedActions).toContain("send");
    expect(error.allowedActions).not.toContain("ship");
    expect(error.allowedActions).toEqual((error.body as { allowedActions: string[] }).allowedActions);
  });

  it("maps a 404 with the problem's detail", async () => {
    const { client } = await server.tenantClient();
    const error = await apiFailure(client.carriers.get(987654));
    expect(error).toMatchObject({
      status: 404,
      title: "Not found",
      detail: "No carrier with id 987654.",
      errors: [],
    });
  });

  it("maps a 401 for a bad token, with the challenge header", async () => {
    const client = createClient({
      baseUrl: "http://localhost",
      token: "not-a-real-token",
      fetch: server.fetch,
      retry: false,
    });
    const error = await apiFailure(client.carriers.list());
    expect(error.status).toBe(401);
    expect(error.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
  });

  it("maps a 409 with its problem members typed on the error, and keeps the whole body", async () => {
    const { client } = await server.tenantClient();
    const channel = await client.channels.create({ name: "Web store" });
    await client.channelSites.create({ channelId: channel.id, name: "Regional site" });
    const error = await apiFailure(client.channels.delete(channel.id));
    expect(error.status).toBe(409);
    expect(error.references).toEqual([{ kind: "channel-site", count: 1 }]);
    expect(error.state).toBeUndefined();
    expect(error.body).toMatchObject({ references: [expect.objectContaining({ kind: "channel-site" })] });
    await expect(client.channels.get(channel.id)).resolves.toMatchObject({ id: channel.id });
  });

  it("sends If-Match from etagOf: a stale ETag gets 412, the current one succeeds", async () => {
    const { client } = await server.tenantClient();
    const carrier = await client.carriers.create({ name: "Courier Co" });
    const etag = etagOf(carrier);
    expect(etag).toBeTruthy();
    const updated = await client.carriers.update(
      carrier.id,
      { name: "Courier Co Express" },
      { ifMatch: etag },
    );
    const stale = await apiFailure(client.carriers.update(carrier.id, { name: "Late" }, { ifMatch: etag }));
    expect(stale.status).toBe(412);
    await expect(client.carriers.delete(carrier.id, { ifMatch: etag })).rejects.toMatchObject({
      status: 412,
    });
    await client.carriers.delete(carrier.id, { ifMatch: etagOf(updated) });
    await expect(client.carriers.get(carrier.id)).rejects.toMatchObject({ status: 404 });
  });

  it("maps an error answer that is not problem+json with what is known", async () => {
    const client = createClient({
      baseUrl: "https://api.example.com",
      token: "t",
      retry: false,
      fetch: async () =>
        new Response("<html>upstream down</html>", {
          status: 502,
          statusText: "Bad Gateway",
          headers: { "X-Request-Id": "req-7" },
        }),
    });
    const error = await apiFailure(client.carriers.get(1));
    expect(error).toMatchObject({
      status: 502,
      title: "Bad Gateway",
      type: "about:blank",
      detail: "<html>upstream down</html>",
      body: "<html>upstream down</html>",
      requestId: "req-7",
      errors: [],
    });
  });

  it("recognises errors by brand, also from another copy of the package", () => {
    const foreign = Object.assign(new Error("x"), { [Symbol.for("@multichannel/client/ApiError")]: true });
    expect(isApiError(foreign)).toBe(true);
    expect(isApiError(new Error("plain"))).toBe(false);
    expect(isApiError({ status: 404 })).toBe(false);
    expect(isApiError(null)).toBe(false);
    expect(isNetworkError(new NetworkError("GET", "u", new TypeError("x")))).toBe(true);
    expect(isNetworkError(new ApiError({ status: 500 }))).toBe(false);
  });
});

describe("network errors", () => {
  it("wraps a fetch failure in a NetworkError with its cause", async () => {
    const cause = new TypeError("fetch failed");
    const client = createClient({
      baseUrl: "https://api.example.com",
      token: "t",
      retry: false,
      fetch: async () => {
        throw cause;
      },
    });
    const error = await failure(client.carriers.get(3));
    expect(isNetworkError(error)).toBe(true);
    expect(isApiError(error)).toBe(false);
    expect(error).toMatchObject({
      name: "NetworkError",
      method: "GET",
      url: "https://api.example.com/carriers/3.json",
      cause,
    });
  });

  it("reports a refused connection through the real fetch as a NetworkError", async () => {
    const client = createClient({ baseUrl: "http://127.0.0.1:9", token: "t", retry: false });
    const error = await failure(client.carriers.get(1));
    expect(isNetworkError(error)).toBe(true);
  });

  it("rejects with the abort reason, not a NetworkError, when the caller aborts", async () => {
    const controller = new AbortController();
    const reason = new Error("user gave up");
    const client = createClient({
      baseUrl: "https://api.example.com",
      token: "t",
      fetch: async (_, init) => {
        controller.abort(reason);
        throw init.signal?.reason;
      },
    });
    await expect(client.carriers.get(1, { signal: controller.signal })).rejects.toBe(reason);
  });
});
