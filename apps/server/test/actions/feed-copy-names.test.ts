import { beforeAll, describe, expect, it } from "vitest";
import { createDispatcher } from "../../src/services/webhooks/dispatcher.ts";
import { get, make } from "../actions/channels-fixtures.ts";
import { serveLocally } from "../local-server.ts";
import { setupApp, type Tenant } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
const files = new Map<string, string>();
let fileServer = "";
beforeAll(async () => {
  setup = await setupApp({ outbound: { allowLocal: true } }, { checkResponses: true });
  fileServer = await serveLocally((req, res) => {
    const body = files.get(req.url ?? "");
    if (body === undefined) return void res.writeHead(404).end("no");
    res.writeHead(200, { "Content-Type": "text/csv" }).end(body);
  });
});
const STOCK = ["Item;Code;Stock", "NW-1;1042;36", ""].join("\n");

async function cachedFeedAt(t: Tenant, path: string) {
  files.set(path, STOCK);
  const feed = await make(t, "inventory-feeds", {
    name: "N",
    url: `${fileServer}${path}`,
    delimiter: ";",
    csvHasHeader: true,
    fetchFrequency: "never",
    cacheImports: true,
  });
  for (const [column, target] of [
    ["Item", "externalId"],
    ["Code", "sku"],
    ["Stock", "quantity"],
  ]) {
    await make(t, "inventory-feed-fields", { inventoryFeedId: feed.id, column, target });
  }
  return feed;
}

const dispatcher = (offsetMs = 0) =>
  createDispatcher({
    db: setup.db,
    fileStore: setup.fileStore,
    policy: { allowLocal: true },
    now: () => Date.now() + offsetMs,
    feeds: { timeoutMs: 5000, maxBytes: 65536 },
  });

describe("the kept copy of a fetched feed file: its name", () => {
  it("a file name of 199 letters and an emoji (cut at 200 inside the emoji) does not wedge the fetch", async () => {
    const t = await setup.tenant();
    const feed = await cachedFeedAt(t, `/feeds/${"a".repeat(199)}%F0%9F%98%80.csv`);
    const queued = await t.json("POST", `/inventory-feeds/${feed.id}/fetch.json`, {});
    expect(queued.status).toBe(200);
    // Cut inside the pair, the name made encodeURIComponent throw at every attempt: pending for ever.
    await expect(dispatcher().runOnce()).resolves.not.toThrow();
    await dispatcher(3 * 3600_000)
      .runOnce()
      .catch(() => {});
    const fetched = await get(t, "inventory-feed-files", queued.body.id);
    expect(fetched.status).toBe("processed");
    // Cut before the emoji, which does not fit whole in 200 UTF-16 units.
    expect(fetched.fileName).toBe("a".repeat(199));
  });

  it("a name decoded from the URL obeys the rule uploads keep (no slash, no control character)", async () => {
    const t = await setup.tenant();
    const feed = await cachedFeedAt(t, "/feeds/..%2F..%2Fetc%0Apasswd.csv");
    const queued = await t.json("POST", `/inventory-feeds/${feed.id}/fetch.json`, {});
    await dispatcher().runOnce();
    const fetched = await get(t, "inventory-feed-files", queued.body.id);
    expect(fetched.status).toBe("processed");
    expect(fetched.fileName).toBe(".._.._etc_passwd.csv");
    const copy = await t.request("GET", fetched.url);
    expect(copy.status).toBe(200);
    expect(copy.headers.get("content-disposition")).not.toContain("../");
  });
});

describe("the kept copy of a fetched feed file whose URL names no file", () => {
  it("is named for its feed", async () => {
    const t = await setup.tenant();
    const feed = await cachedFeedAt(t, "/feeds/");
    const queued = await t.json("POST", `/inventory-feeds/${feed.id}/fetch.json`, {});
    await dispatcher().runOnce();
    const fetched = await get(t, "inventory-feed-files", queued.body.id);
    expect(fetched.status).toBe("processed");
    expect(fetched.fileName).toBeNull();
    const copy = await t.request("GET", fetched.url);
    expect(copy.headers.get("content-disposition")).toContain(`inventory-feed-${feed.id}.csv`);
  });
});
