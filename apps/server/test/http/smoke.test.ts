import { beforeAll, describe, expect, it } from "vitest";
import { setupApp, type Tenant } from "../support.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
let t: Tenant;
beforeAll(async () => {
  ctx = await setupApp();
  t = await ctx.tenant();
});

describe("smoke", () => {
  it("creates and reads a carrier", async () => {
    const created = await t.json("POST", "/carriers.json", { name: "Parcel Co" });
    expect(created.status).toBe(200);
    const read = await t.json("GET", `/carriers/${created.body.id}.json`);
    expect(read.body).toEqual(created.body);
  });
});
