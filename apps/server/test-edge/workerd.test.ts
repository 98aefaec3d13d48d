// The contract, in workerd: src/worker.ts under `wrangler dev --local` (BASE_PATH=/v1 from its bindings),
// talking to the dev libSQL server through @libsql/client/web. Every request is real HTTP.
import { connect } from "node:net";
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { type Answer, api, baseUrl, closeDatabase, type Tenant, tenant } from "./support.ts";

afterAll(closeDatabase);

async function create(t: Tenant, plural: string, body: Record<string, unknown>): Promise<any> {
  const response = await t.json("POST", `/${plural}.json`, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

function expectProblem(response: Answer, status: number): void {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  expect(response.body).toMatchObject({ status, requestId: response.headers.get("x-request-id") });
}

describe("public routes", () => {
  it("answers /health, /openapi.json and /docs under the base path from the bindings", async () => {
    const anonymous = api();
    expect(await anonymous.json("GET", "/health")).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(await anonymous.json("GET", "/ready")).toMatchObject({ status: 200, body: { status: "ready" } });
    // No Prometheus endpoint in a Worker (Workers Logs and analytics stand in for it).
    expect((await anonymous.request("GET", "/metrics")).status).toBe(404);
    const openapi = await anonymous.json("GET", "/openapi.json");
    expect(openapi.status).toBe(200);
    expect(openapi.body.openapi).toMatch(/^3\./);
    expect(Object.keys(openapi.body.paths)).toContain("/carriers.json");
    expect(openapi.body.servers[0].url).toBe(baseUrl);
    const docs = await anonymous.request("GET", "/docs");
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain(`${new URL(baseUrl).pathname}/openapi.json`);
    expect((await fetch(`${new URL(baseUrl).origin}/health`)).status).toBe(404);
  });

  it("echoes the client's request id", async () => {
    const response = await api().request("GET", "/health", undefined, { "X-Request-Id": "edge-check-1" });
    expect(response.headers.get("x-request-id")).toBe("edge-check-1");
  });
});

interface KindCase {
  plural: string;
  /** Makes the records the create body refers to; returns the body. */
  body: (t: Tenant) => Promise<Record<string, unknown>>;
  update: Record<string, unknown>;
}

const kindCases: KindCase[] = [
  { plural: "carriers", body: async () => ({ name: "Parcel Express" }), update: { name: "Courier Co" } },
  {
    plural: "customers",
    body: async () => ({ email: "ada@example.com", firstName: "Ada", tags: ["vip"] }),
    update: { status: "disabled", notes: "moved away" },
  },
  {
    plural: "channels",
    body: async (t) => ({
      name: "Web Store",
      warehouseId: (await create(t, "warehouses", { name: "Main" })).id,
    }),
    update: { safetyStock: 3, freeShippingThreshold: 49.99 },
  },
  {
    plural: "variants",
    body: async (t) => ({
      sku: "MUG-1",
      name: "Mug",
      price: 12.5,
      productId: (await create(t, "products", { name: "Mug" })).id,
    }),
    update: { price: 14.25, tags: ["ceramic"] },
  },
  {
    plural: "purchases",
    body: async (t) => ({
      dropshipProviderId: (await create(t, "dropship-providers", { name: "Harbour Goods" })).id,
      shippingPrice: 10.1,
    }),
    update: { notes: "rush", internalReference: "PO-7" },
  },
];

describe.each(kindCases)("$plural: every standard operation", ({ plural, body, update }) => {
  it("creates, reads, updates (with If-Match), lists and deletes", async () => {
    const t = await tenant();
    const sent = await body(t);
    const created = await t.json("POST", `/${plural}.json`, sent);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ ...sent, id: expect.any(Number), createdAt: expect.any(String) });
    const id = created.body.id;
    expect(created.headers.get("location")).toMatch(new RegExp(`/${plural}/${id}\\.json$`));

    const read = await t.json("GET", `/${plural}/${id}.json`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    const etag = read.headers.get("etag");
    expect(etag).toBeTruthy();

    const updated = await t.json(
      "PUT",
      `/${plural}/${id}.json`,
      { ...read.body, ...update },
      { "If-Match": etag! },
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toEqual({ ...read.body, ...update, updatedAt: expect.any(String) });
    expectProblem(await t.json("PUT", `/${plural}/${id}.json`, update, { "If-Match": etag! }), 412);
    expect((await t.json("GET", `/${plural}/${id}.json`)).body).toEqual(updated.body);

    const listed = await t.json("GET", `/${plural}.json`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([updated.body]);

    expect((await t.request("DELETE", `/${plural}/${id}.json`)).status).toBe(204);
    expectProblem(await t.json("GET", `/${plural}/${id}.json`), 404);
    expectProblem(await t.json("DELETE", `/${plural}/${id}.json`), 404);
    expect((await t.json("GET", `/${plural}.json`)).body).toEqual([]);
  });
});

describe("Location", () => {
  it("names the new record under the base path", async () => {
    const t = await tenant();
    const created = await t.json("POST", "/carriers.json", { name: "Parcel Express" });
    expect(created.headers.get("location")).toBe(`${baseUrl}/carriers/${created.body.id}.json`);
    expect((await t.json("GET", created.headers.get("location")!)).body).toEqual(created.body);
  });
});

describe("purchase items", () => {
  it("belong to their purchase: listed by purchaseId, deleted with it; a referenced variant is kept (409)", async () => {
    const t = await tenant();
    const provider = await create(t, "dropship-providers", { name: "Harbour Goods" });
    const purchase = await create(t, "purchases", { dropshipProviderId: provider.id });
    const other = await create(t, "purchases", { dropshipProviderId: provider.id });
    const variant = await create(t, "variants", { sku: "CAP-1", name: "Cap" });
    const items = [
      await create(t, "purchase-items", {
        purchaseId: purchase.id,
        variantId: variant.id,
        sku: "CAP-1",
        quantity: 2,
        price: 3.1,
      }),
      await create(t, "purchase-items", { purchaseId: purchase.id, sku: "PIN-1", quantity: 1, price: 0.2 }),
      await create(t, "purchase-items", { purchaseId: other.id, sku: "PIN-1", quantity: 5, price: 0.2 }),
    ];
    expect(items[0]).toMatchObject({ quantity: 2, price: 3.1, quantityShipped: 0 });

    const own = await t.json("GET", `/purchase-items.json?where[purchaseId]=${purchase.id}`);
    expect(own.body.map((item: { id: number }) => item.id)).toEqual([items[0].id, items[1].id]);

    const blocked = await t.json("DELETE", `/variants/${variant.id}.json`);
    expectProblem(blocked, 409);
    expect(JSON.stringify(blocked.body)).toContain("purchase-item");

    expect((await t.request("DELETE", `/purchases/${purchase.id}.json`)).status).toBe(204);
    expectProblem(await t.json("GET", `/purchase-items/${items[0].id}.json`), 404);
    expect((await t.json("GET", "/purchase-items.json")).body.map((item: { id: number }) => item.id)).toEqual(
      [items[2].id],
    );
    expect((await t.request("DELETE", `/variants/${variant.id}.json`)).status).toBe(204);
  });
});

describe("lists", () => {
  it("filter with where, $in and $gte, order, and page with limit and the Link header", async () => {
    const t = await tenant();
    const names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo"];
    const carriers = [];
    for (const name of names)
      carriers.push(await create(t, "carriers", { name, carrierType: name < "C" ? "courier" : undefined }));
    const ids = (answer: Answer) => answer.body.map((record: { id: number }) => record.id);

    expect(ids(await t.json("GET", "/carriers.json?where[name]=Charlie"))).toEqual([carriers[2].id]);
    expect(ids(await t.json("GET", "/carriers.json?where[carrierType]=courier"))).toEqual([
      carriers[0].id,
      carriers[1].id,
    ]);
    expect(ids(await t.json("GET", "/carriers.json?where[name][$in]=Alpha,Echo"))).toEqual([
      carriers[0].id,
      carriers[4].id,
    ]);
    // The reference's indexed array form, read by qs (on its side-channel stand-in in the Worker).
    expect(
      ids(await t.json("GET", "/carriers.json?where[name][$in][0]=Alpha&where[name][$in][1]=Echo")),
    ).toEqual([carriers[0].id, carriers[4].id]);
    expect(ids(await t.json("GET", `/carriers.json?where[id][$gte]=${carriers[3].id}`))).toEqual([
      carriers[3].id,
      carriers[4].id,
    ]);
    expect(ids(await t.json("GET", "/carriers.json?order=-name&limit=2"))).toEqual([
      carriers[4].id,
      carriers[3].id,
    ]);

    const seen: number[] = [];
    const pages: number[] = [];
    let next: string | undefined = "/carriers.json?limit=2";
    while (next) {
      const page: Answer = await t.json("GET", next);
      expect(page.status).toBe(200);
      seen.push(...ids(page));
      pages.push(page.body.length);
      next = /^<([^>]+)>;\s*rel="next"$/.exec(page.headers.get("link") ?? "")?.[1];
      if (next) expect(next.startsWith(`${baseUrl}/carriers.json?`)).toBe(true);
    }
    expect(pages).toEqual([2, 2, 1]);
    expect(seen).toEqual(carriers.map((carrier) => carrier.id));
    expect(ids(await t.json("GET", "/carriers.json?limit=2&from=4"))).toEqual([carriers[4].id]);

    expectProblem(await t.json("GET", "/carriers.json?where[nope]=1"), 400);
    expectProblem(await t.json("GET", "/carriers.json?where[name][$regex]=A"), 400);
    expectProblem(await t.json("GET", "/carriers.json?limit=251"), 400);
  });
});

describe("auth", () => {
  it("answers 401 without or with a wrong token, and 403 to a read-only token's writes", async () => {
    const anonymous = await api().json("GET", "/carriers.json");
    expectProblem(anonymous, 401);
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expectProblem(await api("mcs_not-a-real-token-at-all").json("GET", "/carriers.json"), 401);
    expectProblem(await api().json("POST", "/carriers.json", { name: "Parcel Express" }), 401);

    const t = await tenant();
    const carrier = await create(t, "carriers", { name: "Parcel Express" });
    expect((await t.readOnly.json("GET", `/carriers/${carrier.id}.json`)).body).toEqual(carrier);
    expectProblem(await t.readOnly.json("POST", "/carriers.json", { name: "Courier Co" }), 403);
    expectProblem(await t.readOnly.json("PUT", `/carriers/${carrier.id}.json`, { name: "Courier Co" }), 403);
    expectProblem(await t.readOnly.json("DELETE", `/carriers/${carrier.id}.json`), 403);
    expect((await t.json("GET", "/carriers.json")).body).toEqual([carrier]);
  });
});

describe("bad input", () => {
  it("answers 422 naming unknown and mistyped fields, and stores nothing", async () => {
    const t = await tenant();
    const unknown = await t.json("POST", "/carriers.json", { name: "Parcel Express", colour: "red" });
    expectProblem(unknown, 422);
    expect(unknown.body.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: "colour" })]),
    );
    const mistyped = await t.json("POST", "/customers.json", { email: 42, status: "sleeping" });
    expectProblem(mistyped, 422);
    expect(mistyped.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      "email",
      "status",
    ]);
    expectProblem(await t.json("POST", "/customers.json", {}), 422);
    expect((await t.json("GET", "/carriers.json")).body).toEqual([]);
    expect((await t.json("GET", "/customers.json")).body).toEqual([]);
  });

  it("answers 400 to malformed JSON and bad ids, 413 over the BODY_LIMIT binding, 415 to non-JSON", async () => {
    const t = await tenant();
    expectProblem(
      await t.json("POST", "/carriers.json", '{"name": "Parcel', { "Content-Type": "application/json" }),
      400,
    );
    expectProblem(await t.json("GET", "/carriers/abc.json"), 400);
    expectProblem(await t.json("GET", "/carriers/0.json"), 400);
    expectProblem(await t.json("POST", "/carriers.json", { name: "x".repeat(70_000) }), 413);
    expectProblem(
      await t.json("POST", "/carriers.json", "name=Parcel", { "Content-Type": "text/plain" }),
      415,
    );
    expect((await t.json("GET", "/carriers.json")).body).toEqual([]);
  });
});

describe("body bytes", () => {
  it("leaves out a byte order mark before the JSON of a body framed by its Content-Length", async () => {
    const t = await tenant();
    // fetch sends a text body as UTF-8 with its Content-Length: EF BB BF, then the JSON.
    const created = await t.json("POST", "/carriers.json", '\uFEFF{"name":"Marked"}', {
      "Content-Type": "application/json",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ name: "Marked" });
  });
});

describe("tenancy", () => {
  it("hides another company's records (404) and refuses references to them (422)", async () => {
    const mine = await tenant();
    const theirs = await tenant();
    const carrier = await create(theirs, "carriers", { name: "Parcel Express" });
    const warehouse = await create(theirs, "warehouses", { name: "Their Main" });

    expectProblem(await mine.json("GET", `/carriers/${carrier.id}.json`), 404);
    expectProblem(await mine.json("PUT", `/carriers/${carrier.id}.json`, { name: "Mine now" }), 404);
    expectProblem(await mine.json("DELETE", `/carriers/${carrier.id}.json`), 404);
    expect((await mine.json("GET", "/carriers.json")).body).toEqual([]);
    const reference = await mine.json("POST", "/channels.json", { name: "Store", warehouseId: warehouse.id });
    expectProblem(reference, 422);
    expect(reference.body.errors[0].path).toBe("warehouseId");
    expect((await theirs.json("GET", `/carriers/${carrier.id}.json`)).body).toEqual(carrier);
  });
});

describe("actions", () => {
  it("channel variant-set-level records an adjustment and sets the level", async () => {
    const t = await tenant();
    const warehouse = await create(t, "warehouses", { name: "Main", isDefault: true });
    const channel = await create(t, "channels", { name: "Web Store" });
    const variant = await create(t, "variants", { sku: "MUG-1", name: "Mug" });
    await create(t, "channel-variants", {
      channelId: channel.id,
      variantId: variant.id,
      externalId: "EXT-1",
      sku: "MUG-1",
    });
    const path = `/channels/${channel.id}/variant-set-level.json`;

    const first = await t.json("PUT", path, { sku: "MUG-1", quantity: 10, notes: "counted" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      variantId: variant.id,
      warehouseId: warehouse.id,
      quantityBefore: 0,
      quantityAfter: 10,
    });
    const second = await t.json("PUT", path, { externalId: "EXT-1", quantity: 7 });
    expect(second.body).toMatchObject({ quantity: -3, quantityBefore: 10, quantityAfter: 7 });
    expect((await t.json("GET", "/adjustments.json")).body).toHaveLength(2);

    const levels = await t.json("GET", `/channels/${channel.id}/variant-levels.json`);
    expect(levels.body).toEqual([expect.objectContaining({ sku: "MUG-1", externalId: "EXT-1", onHand: 7 })]);
    expectProblem(await t.json("PUT", path, { sku: "NOPE", quantity: 1 }), 404);
    expectProblem(await t.readOnly.json("PUT", path, { sku: "MUG-1", quantity: 1 }), 403);
    expectProblem(await (await tenant()).json("PUT", path, { sku: "MUG-1", quantity: 1 }), 404);
  });

  it("purchase send marks the purchase sent and logs each delivery; a cancelled purchase is refused (409)", async () => {
    const t = await tenant();
    const provider = await create(t, "dropship-providers", {
      name: "Harbour Goods",
      email: "orders@harbour-goods.example",
      purchaseFormat: "email",
    });
    const purchase = await create(t, "purchases", { dropshipProviderId: provider.id });
    await create(t, "purchase-items", {
      purchaseId: purchase.id,
      sku: "MUG-1",
      name: "Mug",
      quantity: 2,
      price: 3.1,
    });

    const sent = await t.json("PUT", `/purchases/${purchase.id}/send.json`, {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ id: purchase.id, status: "sent", sentAt: expect.any(String) });
    const [notification, ...more] = (await t.json("GET", "/purchase-notifications.json")).body;
    expect(more).toEqual([]);
    expect(notification).toMatchObject({
      purchaseId: purchase.id,
      format: "email",
      recipient: "orders@harbour-goods.example",
    });
    expect(notification.payload).toContain("MUG-1");

    const again = await t.json("PUT", `/purchases/${purchase.id}/send.json`, {});
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const notifications = (await t.json("GET", "/purchase-notifications.json")).body;
    expect(notifications.map((n: { purchaseId: number }) => n.purchaseId)).toEqual([
      purchase.id,
      purchase.id,
    ]);

    expect((await t.json("PUT", `/purchases/${purchase.id}/cancel.json`, {})).status).toBe(200);
    const refused = await t.json("PUT", `/purchases/${purchase.id}/send.json`, {});
    expectProblem(refused, 409);
    expect(refused.body.state).toBe("cancelled");
    expect((await t.json("GET", "/purchase-notifications.json")).body).toHaveLength(2);
    expectProblem(await t.readOnly.json("PUT", `/purchases/${purchase.id}/send.json`, {}), 403);
  });
});

describe("labels", () => {
  it("renders a PDF label in workerd and serves it back only to its company", async () => {
    const t = await tenant();
    const provider = await create(t, "dropship-providers", {
      name: "Harbour Goods",
      email: "orders@harbour-goods.example",
      defaultCarrier: "Parcel Express",
      defaultService: "Ground",
      addressLineOne: "1 Depot Lane",
      city: "Reno",
      state: "NV",
      zip: "89501",
      country: "US",
    });
    const purchase = await create(t, "purchases", {
      dropshipProviderId: provider.id,
      receiverName: "Dana Buyer",
      receiverAddressLineOne: "12 Harbour Road",
      receiverCity: "Portland",
      receiverState: "OR",
      receiverZip: "97201",
      receiverCountry: "US",
    });
    await create(t, "purchase-items", { purchaseId: purchase.id, sku: "MUG-1", quantity: 1, price: 3.1 });
    expect((await t.json("PUT", `/purchases/${purchase.id}/send.json`, {})).status).toBe(200);

    const label = await t.json("PUT", `/purchases/${purchase.id}/default-label.json`, {});
    expect(label.status, JSON.stringify(label.body)).toBe(200);
    expect(label.body.url.startsWith(`${baseUrl}/`)).toBe(true);
    const file = await t.request("GET", label.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    // Compressed in the Worker by its zlib stand-in (src/labels/pako-lite.ts), read here by pdf-lib's
    // own decoder: a page whose text operators name the receiver (WinAnsi hex), measured in Helvetica.
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const contents = doc.getPage(0).node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    let operators = "";
    for (const stream of streams) {
      expect(stream).toBeInstanceOf(PDFRawStream);
      operators += new TextDecoder("latin1").decode(decodePDFRawStream(stream as PDFRawStream).decode());
    }
    const hex = (text: string) =>
      [...text].map((c) => c.charCodeAt(0).toString(16).padStart(2, "0")).join("");
    expect(operators.toLowerCase()).toMatch(new RegExp(`<${hex("Dana Buyer")}>\\s*tj`));
    expect((await (await tenant()).request("GET", label.body.url)).status).toBe(404);
  });
});

describe("files in workerd", () => {
  it("uploads a file to the bucket, raw and multipart (in parts), past BODY_LIMIT, within FILES_UPLOAD_LIMIT_MB", async () => {
    const t = await tenant();
    // 100 KB: over the Worker's BODY_LIMIT (64 KiB), which uploads do not take.
    const csv = `sku,quantity\n${"MUG-1,4\n".repeat(12_500)}`;
    const raw = await t.json("POST", "/files.json?name=stock.csv", csv, { "Content-Type": "text/csv" });
    expect(raw.status, JSON.stringify(raw.body)).toBe(201);
    expect(raw.body).toMatchObject({ name: "stock.csv", contentType: "text/csv", byteSize: csv.length });
    const back = await t.request("GET", raw.body.url);
    expect(back.status).toBe(200);
    expect(await back.text()).toBe(csv);
    expect((await (await tenant()).request("GET", raw.body.url)).status).toBe(404);

    const boundary = "edge-boundary-3f9a";
    const form = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="levels.json"\r\nContent-Type: application/json\r\n\r\n{"levels":[]}\r\n--${boundary}--\r\n`;
    const part = await t.json("POST", "/files.json", form, {
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
    });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect(await (await t.request("GET", part.body.url)).text()).toBe('{"levels":[]}');

    // A multipart file of 17 MiB goes to the bucket in parts as it arrives (its length is not known ahead).
    const big = "0123456789abcdef".repeat(17 * 65_536);
    const bigForm = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n${big}\r\n--${boundary}--\r\n`;
    const inParts = await t.json("POST", "/files.json", bigForm, {
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
    });
    expect(inParts.status, JSON.stringify(inParts.body)).toBe(201);
    expect(inParts.body.byteSize).toBe(big.length);
    expect(await (await t.request("GET", inParts.body.url)).text()).toBe(big);

    // Over the limit: a 413. Sent by hand, the answer is read however the sending ends (a fetch still
    // sending the body when the answer comes and the connection closes fails with EPIPE instead).
    const status = await statusOfUpload(t, "/files.json?name=big.csv", "x".repeat(20 * 1024 * 1024 + 1));
    expect(status).toBe(413);
  });
});

/**
 * The status a POST of `body` to `path` is answered with, sent over a socket of its own and read as it
 * comes, whether or not the server read the whole body before it answered.
 */
async function statusOfUpload(t: Tenant, path: string, body: string): Promise<number> {
  const url = new URL(`${baseUrl}${path}`);
  const socket = connect(Number(url.port), url.hostname);
  socket.on("error", () => {});
  let answer = "";
  socket.setEncoding("latin1").on("data", (chunk: string) => {
    answer += chunk;
  });
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.write(
    `POST ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${t.token}\r\nContent-Type: text/csv\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  socket.write(body);
  const answered = async () => {
    while (!answer.includes("\r\n")) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  await Promise.race([answered(), closed]);
  socket.destroy();
  return Number(answer.split(" ")[1]);
}

describe("secrets in workerd", () => {
  it("seals a credential with the Worker's WebCrypto and answers its hint only; makes a custom channel's hash", async () => {
    const t = await tenant();
    const channel = await create(t, "channels", { name: "Shop A" });
    const token = "edge-access-token-0123456789-WXYZ";
    const store = await create(t, "platform-a-stores", {
      channelId: channel.id,
      shop: "a",
      accessToken: token,
    });
    expect(store.accessToken).toBe("…WXYZ");
    const read = await t.json("GET", `/platform-a-stores/${store.id}.json`);
    expect(read.body.accessToken).toBe("…WXYZ");
    expect(JSON.stringify((await t.json("GET", "/events.json")).body)).not.toContain(token);
    const custom = await create(t, "custom-channels", { name: "Own", channelId: channel.id });
    expect(custom.webhookHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const order = await api().json(
      "POST",
      "/webhooks/custom-channels/manual-sale.json",
      {},
      {
        "webhook-hash": custom.webhookHash,
      },
    );
    expect(order.body).toMatchObject({ channelId: channel.id });
  });
});
