import { beforeAll, describe, expect, it } from "vitest";
import { setupApp } from "../support.ts";
import { feedSetup, item, list, make, sale } from "./channels-fixtures.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp({}, { checkResponses: true });
});

describe("tenancy and read-only tokens", () => {
  it("answers 404 for another company's channel, feed and export", async () => {
    const owner = await ctx.tenant();
    const { feed } = await feedSetup(owner);
    const channel = await make(owner, "channels", { name: "Theirs" });
    const definition = await make(owner, "inventory-exports", { name: "Theirs" });
    const t = await ctx.tenant();
    await make(t, "warehouses", { name: "Mine" });
    await make(t, "variants", { sku: "D" });
    const calls: [string, string, unknown?][] = [
      ["POST", `/channels/${channel.id}/rates.json`, { destination: { country: "US" }, items: [] }],
      ["POST", `/channels/${channel.id}/manual-sale.json`, sale("O", [{ sku: "D", quantity: 1, price: 1 }])],
      ["POST", `/channels/${channel.id}/import-connector-variant-batch.json`, { items: [item(1)] }],
      ["PUT", `/channels/${channel.id}/acknowledge-variant.json`, { externalId: "E", sku: "S" }],
      ["GET", `/channels/${channel.id}/variant-levels.json`],
      ["PUT", `/channels/${channel.id}/variant-set-level.json`, { sku: "D", quantity: 1 }],
      ["PUT", `/inventory-feeds/${feed.id}/publish-all.json`, {}],
      ["DELETE", `/inventory-feeds/${feed.id}/remove-by-external-id.json?externalId=F1`],
      ["GET", `/inventory-exports/${definition.id}/export.json`],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.json(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    expect(await list(t, "sales")).toEqual([]);
    expect(await list(owner, "channel-variants")).toEqual([]);
    expect(await list(owner, "data-exports")).toEqual([]);
  });

  it("answers 403 to a read-only token on the writing actions and 200 on variant-levels", async () => {
    const t = await ctx.tenant();
    const { feed } = await feedSetup(t);
    const channel = await make(t, "channels", { name: "Store" });
    const definition = await make(t, "inventory-exports", { name: "Levels" });
    const calls: [string, string, unknown?][] = [
      ["POST", `/channels/${channel.id}/rates.json`, { destination: { country: "US" }, items: [] }],
      [
        "POST",
        `/channels/${channel.id}/manual-sale.json`,
        sale("O", [{ sku: "OLD1", quantity: 1, price: 1 }]),
      ],
      ["POST", `/channels/${channel.id}/import-connector-variant-batch.json`, { items: [item(1)] }],
      ["PUT", `/channels/${channel.id}/acknowledge-variant.json`, { externalId: "E", sku: "S" }],
      ["PUT", `/channels/${channel.id}/variant-set-level.json`, { sku: "OLD1", quantity: 1 }],
      ["PUT", `/inventory-feeds/${feed.id}/publish-all.json`, {}],
      ["DELETE", `/inventory-feeds/${feed.id}/remove-by-external-id.json?externalId=F1`],
      ["GET", `/inventory-exports/${definition.id}/export.json`],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.readOnly.json(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect(await list(t, "channel-variants")).toEqual([]);
    expect(await list(t, "sales")).toEqual([]);
    expect(await list(t, "data-exports")).toEqual([]);
    const levels = await t.readOnly.json("GET", `/channels/${channel.id}/variant-levels.json`);
    expect(levels.status).toBe(200);
    expect(levels.body).toEqual([]);
  });
});
