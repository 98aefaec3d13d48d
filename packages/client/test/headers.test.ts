import { describe, expect, it } from "vitest";
import { createClient } from "../src/index.ts";
import { json, scriptedFetch } from "./scripted.ts";

function clientWith(fetch: ReturnType<typeof scriptedFetch>["fetch"], headers?: Record<string, string>) {
  return createClient({ baseUrl: "https://api.example.com", token: "t0ken", fetch, retry: false, headers });
}

describe("headers", () => {
  it("sends the client's headers with every call, and a call's header replaces the client's whatever its letter case", async () => {
    const { fetch, sent } = scriptedFetch(json([]), json([]));
    const client = clientWith(fetch, { "x-request-id": "from-client", "X-Trace": "t-1" });
    await client.carriers.list();
    await client.carriers.list({}, { headers: { "X-Request-Id": "from-call" } });
    expect(sent.map((request) => request.headers.get("X-Request-Id"))).toEqual(["from-client", "from-call"]);
    expect(sent.map((request) => request.headers.get("X-Trace"))).toEqual(["t-1", "t-1"]);
  });

  it("lets the client's headers and a call's replace the default Accept", async () => {
    const { fetch, sent } = scriptedFetch(json([]), json([]), json([]));
    const client = clientWith(fetch, { accept: "application/json; charset=utf-8" });
    await clientWith(fetch).carriers.list();
    await client.carriers.list();
    await client.carriers.list({}, { headers: { ACCEPT: "application/problem+json" } });
    expect(sent.map((request) => request.headers.get("Accept"))).toEqual([
      "application/json",
      "application/json; charset=utf-8",
      "application/problem+json",
    ]);
  });
});
