// A smoke test under Deno: the client, imported through deno.json, against a tiny local mock server.
// Run from the repository root (type-checked by Deno too):
//   npx -y deno@2.9.6 run --check --allow-net --allow-read --allow-env --config packages/client/deno.json packages/client/test/deno-smoke.ts
import { createClient, isApiError } from "@multichannel/client";

const carrier = {
  id: 7,
  name: "Courier Co",
  carrierType: null,
  platform: "manual",
  externalId: null,
  createdAt: "2024-01-01T00:00:00.000Z",
  updatedAt: "2024-01-01T00:00:00.000Z",
};
let busy = 1;

const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, async (request) => {
  const url = new URL(request.url);
  if (request.headers.get("Authorization") !== "Bearer smoke-token") return problem(401, "Unauthorized");
  if (request.method === "POST" && url.pathname === "/v1/carriers.json") {
    return Response.json({ ...carrier, ...(await request.json()) }, { status: 201 });
  }
  if (request.method === "GET" && url.pathname === "/v1/carriers/7.json") {
    if (busy-- > 0) return problem(503, "Warming up", { "Retry-After": "0" });
    return Response.json(carrier, { headers: { ETag: '"abc"' } });
  }
  if (request.method === "GET" && url.pathname === "/v1/carriers.json") {
    const from = Number(url.searchParams.get("from") ?? 0);
    const next = new URL(url);
    next.searchParams.set("from", String(from + 1));
    const headers = from === 0 ? { Link: `<${next}>; rel="next"` } : undefined;
    return Response.json([{ ...carrier, id: from + 1 }], { headers });
  }
  return problem(404, `No route for ${request.method} ${url.pathname}`);
});

function problem(status: number, title: string, headers: Record<string, string> = {}): Response {
  return new Response(
    JSON.stringify({ type: "about:blank", title, status, detail: title, requestId: "smoke" }),
    {
      status,
      headers: { "Content-Type": "application/problem+json", ...headers },
    },
  );
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`deno smoke: ${what}`);
  console.log(`ok - ${what}`);
}

try {
  const baseUrl = `http://127.0.0.1:${server.addr.port}/v1`;
  const client = createClient({ baseUrl, token: "smoke-token", retry: { sleep: async () => {} } });
  const created = await client.carriers.create({ name: "Parcel Express" });
  check(created.name === "Parcel Express" && created.id === 7, "create sends JSON and returns the record");
  const read = await client.carriers.get(7);
  check(read.id === 7, "get retries a 503 and returns the record");
  const ids: number[] = [];
  for await (const record of client.carriers.listAll({ limit: 1 })) ids.push(record.id);
  check(ids.join(",") === "1,2", "listAll follows the Link header");
  const missing = await client.carriers.get(8).catch((error: unknown) => error);
  check(
    isApiError(missing) && missing.status === 404 && missing.requestId === "smoke",
    "errors are ApiErrors",
  );
  const anonymous = createClient({ baseUrl, token: "wrong", retry: false });
  const denied = await anonymous.carriers.list().catch((error: unknown) => error);
  check(isApiError(denied) && denied.status === 401, "a bad token is a 401");
} finally {
  await server.shutdown();
}
