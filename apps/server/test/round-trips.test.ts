// Database round trips per operation on the remote driver (Workers with Turso): the HTTP requests the
// dev libSQL server receives, counted by a proxy before it. A count, not a timing: deterministic. The
// same table runs in workerd (test-edge/round-trips.test.ts).
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { type RemoteStack, remoteStack } from "./remote.ts";
import { EXPECTED_ROUND_TRIPS, measureTable } from "./round-trip-table.ts";

let stack: RemoteStack;
beforeAll(async () => {
  stack = await remoteStack({ templateDb: inject("templateDb") });
});
afterAll(() => stack?.close());

it("meets the table of issue 23", async () => {
  const t = await stack.tenant();
  const counts = await measureTable(t, async (method, path, body, headers) => {
    stack.proxy.reset();
    const answer = await t.json(method, path, body, headers);
    return { trips: stack.proxy.count, status: answer.status, body: answer.body };
  });
  expect(counts).toEqual(EXPECTED_ROUND_TRIPS);
});
