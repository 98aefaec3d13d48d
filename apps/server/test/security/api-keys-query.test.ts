// The keys' reads take the query every route takes: the token as `?access_token=` and the reference's
// `scope` (ignored). They answer whole, so a list's paging, filters or shape is a 400 naming the parameter.
import { beforeAll, describe, expect, it } from "vitest";
import { expectProblem } from "../factory.ts";
import { setupApp } from "../support.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp();
});

/** A company with two keys made through the API beside its two tokens: the list has four. */
async function company() {
  const t = await ctx.tenant();
  for (const name of ["Stock tool", "Reports"]) {
    expect((await t.json("POST", "/api-keys.json", { name, scopes: ["catalog:read"] })).status).toBe(200);
  }
  const list = await t.json("GET", "/api-keys.json");
  expect(list.body).toHaveLength(4);
  return { t, keys: list.body as { id: number; name: string }[] };
}

describe("the API keys' query", () => {
  it("takes the token as ?access_token=, without an Authorization header", async () => {
    const { t, keys } = await company();
    const listed = await ctx.anonymous.json("GET", `/api-keys.json?access_token=${t.token}`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual(keys);
    const read = await ctx.anonymous.json("GET", `/api-keys/${keys[1]!.id}.json?access_token=${t.token}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(keys[1]);
    // Still a token like any other: a wrong one is a 401.
    const wrong = await ctx.anonymous.json("GET", "/api-keys.json?access_token=mcs_not-a-token");
    expectProblem(wrong, 401);
  });

  it("accepts the reference's scope and ignores it, however it is sent", async () => {
    const { t, keys } = await company();
    for (const query of ["scope=export", "scope=export&scope=orders", "scope[0]=export", "scope="]) {
      const listed = await t.json("GET", `/api-keys.json?${query}`);
      expect(listed.status, query).toBe(200);
      expect(listed.body).toEqual(keys);
      const read = await t.json("GET", `/api-keys/${keys[2]!.id}.json?${query}`);
      expect(read.status, query).toBe(200);
      expect(read.body).toEqual(keys[2]);
    }
    const both = await ctx.anonymous.json("GET", `/api-keys.json?scope=export&access_token=${t.token}`);
    expect(both.body).toEqual(keys);
  });

  it("answers the whole list: limit, paging, filters, order or fields are a 400 naming the parameter", async () => {
    const { t, keys } = await company();
    const refused = [
      ["limit=1", "limit"],
      ["from=0", "from"],
      ["cursor=abc", "cursor"],
      ["where[name]=Reports", "where"],
      ["order=-id", "order"],
      ["attributes=id", "attributes"],
      ["scope=export&limit=250", "limit"],
    ] as const;
    for (const [query, name] of refused) {
      const listed = await t.json("GET", `/api-keys.json?${query}`);
      expectProblem(listed, 400);
      expect(listed.body.detail).toBe(
        `Unknown query parameter "${name}": API keys are listed whole, oldest first, with no paging, filters or order; it takes only access_token and scope.`,
      );
      const read = await t.json("GET", `/api-keys/${keys[0]!.id}.json?${query}`);
      expectProblem(read, 400);
      expect(read.body.detail).toContain(`"${name}": an API key is read whole`);
    }
  });

  it("reads the query as every route does: its limits are the same 400s", async () => {
    const { t } = await company();
    const malformed = await t.json("GET", "/api-keys.json?scope=%E0%A4%A");
    expectProblem(malformed, 400);
    expect(malformed.body.detail).toContain("percent-encoding");
    const deep = await t.json("GET", `/api-keys.json?scope${"[a]".repeat(9)}=x`);
    expectProblem(deep, 400);
  });
});
