// A write-only credential the server sends when it calls out (an inventory feed's login, with each
// fetch of its url) goes to no other origin than the one it was given for: an update that points the
// url elsewhere clears the credentials it does not send again. Fetches go to file servers on 127.0.0.1.
import { beforeAll, describe, expect, it } from "vitest";
import { createDispatcher } from "../../src/services/webhooks/dispatcher.ts";
import { serveLocally } from "../local-server.ts";
import { type Api, apiOf, setupApp, type Tenant } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
/** What each file server was sent: its name and the Authorization header, if any. */
const seen: { server: string; authorization: string | undefined }[] = [];
let supplier = "";
let other = "";
beforeAll(async () => {
  setup = await setupApp({ outbound: { allowLocal: true } });
  const serve = (server: string) =>
    serveLocally((req, res) => {
      seen.push({ server, authorization: req.headers.authorization });
      res.writeHead(200, { "Content-Type": "text/csv" }).end("sku;quantity\nA;1\n");
    });
  supplier = await serve("supplier");
  other = await serve("other");
});

const LOGIN = {
  authenticationToken: "reseller-7-long-user",
  authenticationSecret: "supplier-password-s3cret",
};
const BASIC = `Basic ${btoa(`${LOGIN.authenticationToken}:${LOGIN.authenticationSecret}`)}`;

async function keyWith(t: Tenant, scopes: string[]): Promise<Api> {
  const made = await t.json("POST", "/api-keys.json", { name: scopes.join(" "), scopes });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return apiOf((path, init) => setup.app.request(path, init), made.body.secret);
}

/** A feed of `t` on the supplier's server, with its login. */
async function feedOf(t: Tenant): Promise<number> {
  const made = await t.json("POST", "/inventory-feeds.json", {
    name: "Northwind",
    url: `${supplier}/stock.csv`,
    delimiter: ";",
    csvHasHeader: true,
    fetchFrequency: "never",
    ...LOGIN,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.id;
}

/** Fetches the feed now (its action, then one run of the dispatcher); answers what the servers saw. */
async function fetched(api: Api, id: number) {
  seen.length = 0;
  expect((await api.json("POST", `/inventory-feeds/${id}/fetch.json`, {})).status).toBe(200);
  const dispatcher = createDispatcher({
    db: setup.db,
    fileStore: setup.fileStore,
    policy: { allowLocal: true },
  });
  await dispatcher.runOnce();
  return [...seen];
}

describe("credentials bound to the origin they were given for", () => {
  it("sends a feed's login to its own server", async () => {
    const t = await setup.tenant();
    const id = await feedOf(t);
    expect(await fetched(t, id)).toEqual([{ server: "supplier", authorization: BASIC }]);
  });

  it("clears the login when a key that may not read it points the feed at another server", async () => {
    const t = await setup.tenant();
    const id = await feedOf(t);
    const inventory = await keyWith(t, ["inventory:write"]);
    const moved = await inventory.json("PUT", `/inventory-feeds/${id}.json`, { url: `${other}/collect` });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ authenticationToken: null, authenticationSecret: null });
    expect(await fetched(inventory, id)).toEqual([{ server: "other", authorization: undefined }]);
    // Pointed back, the login stays gone: it is given again, or not sent.
    await inventory.json("PUT", `/inventory-feeds/${id}.json`, { url: `${supplier}/stock.csv` });
    expect(await fetched(inventory, id)).toEqual([{ server: "supplier", authorization: undefined }]);
  });

  it("clears it when the record is sent back whole with another url (its hints keep nothing)", async () => {
    const t = await setup.tenant();
    const id = await feedOf(t);
    const read = (await t.json("GET", `/inventory-feeds/${id}.json`)).body;
    const moved = await t.json("PUT", `/inventory-feeds/${id}.json`, { ...read, url: `${other}/stock.csv` });
    expect(moved.body).toMatchObject({ authenticationToken: null, authenticationSecret: null });
  });

  it("keeps the login for another path of the same origin, and takes one sent with the new url", async () => {
    const t = await setup.tenant();
    const id = await feedOf(t);
    const path = await t.json("PUT", `/inventory-feeds/${id}.json`, { url: `${supplier}/today/stock.csv` });
    expect(path.body.authenticationSecret).not.toBeNull();
    expect(await fetched(t, id)).toEqual([{ server: "supplier", authorization: BASIC }]);
    const moved = await t.json("PUT", `/inventory-feeds/${id}.json`, { url: `${other}/stock.csv`, ...LOGIN });
    expect(moved.body.authenticationSecret).not.toBeNull();
    expect(await fetched(t, id)).toEqual([{ server: "other", authorization: BASIC }]);
  });

  it("refuses to move the URL of a record that cannot be without its credential, unless it is sent again", async () => {
    const t = await setup.tenant();
    const made = await t.json("POST", "/platform-b-stores.json", {
      clientId: "client-1",
      clientSecret: "a-long-client-secret",
      name: "Outlet",
      storeId: "store-1",
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const path = `/platform-b-stores/${made.body.id}.json`;
    const moved = await t.json("PUT", path, { fulfillmentEndpoint: "https://shop.example/fulfil" });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toEqual([expect.objectContaining({ path: "clientSecret" })]);
    expect((await t.json("GET", path)).body).toMatchObject({ fulfillmentEndpoint: null });
    const sent = await t.json("PUT", path, {
      fulfillmentEndpoint: "https://shop.example/fulfil",
      clientSecret: "another-long-secret",
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.clientSecret).not.toBeNull();
  });
});
