// Every URL the service calls (the manifest's `called` fields: callouts, webhook endpoints, feeds) is
// checked against the outbound policy when saved, on create and on update: a local file, a script, the
// cloud metadata address or a private one is a 422 naming the field, and nothing is written.
import { kinds } from "@multichannel/schema";
import { beforeAll, describe, expect, it } from "vitest";
import { createBody } from "../factory.ts";
import { expectStatus } from "../requests.ts";
import { countWrites, setupApp, type Tenant } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
let t: Tenant;
let writes: () => Promise<number>;
beforeAll(async () => {
  setup = await setupApp();
  writes = await countWrites(setup.db);
  t = await setup.tenant();
});

const REFUSED = [
  "file:///etc/passwd",
  "javascript:alert(1)",
  "https://169.254.169.254/latest/meta-data/",
  "http://hooks.example/",
  "https://127.0.0.1/",
  "https://[::1]/",
  "https://10.0.0.8/",
  "https://localhost/",
  "https://hooks.example:8443/",
  "https://user:pass@hooks.example/",
];

const called = kinds.flatMap((kind) =>
  Object.entries(kind.fields)
    .filter(([, def]) => def.called)
    .map(([field]) => ({ kind, field })),
);

describe("URLs the service calls", () => {
  it("are marked in the manifest, the custom channel's price endpoint among them", () => {
    const names = called.map(({ kind, field }) => `${kind.name}.${field}`);
    expect(names).toEqual(
      expect.arrayContaining([
        "custom-channel.priceEndpoint",
        "custom-channel.inventoryEndpoint",
        "dropship-provider.purchaseEndpoint",
        "dropship-provider.commissionRateEndpoint",
        "inventory-export.webhookUrl",
        "webhook-endpoint.url",
      ]),
    );
  });

  it.each(called.map(({ kind, field }) => [`${kind.name}.${field}`, kind, field] as const))(
    "%s: refused on create and update, accepted when public https",
    async (_name, kind, field) => {
      // Delivery off where a record has the switch; nothing runs the dispatcher here either.
      const body = {
        ...(await createBody(t, kind)),
        ...("enabled" in kind.fields ? { enabled: false } : {}),
      };
      for (const url of REFUSED) {
        const before = await writes();
        const refused = await t.json("POST", `/${kind.plural}.json`, { ...body, [field]: url });
        expect(refused.status, `${url}: ${JSON.stringify(refused.body)}`).toBe(422);
        expect(refused.body.errors.map((error: { path: string }) => error.path)).toContain(field);
        // Said after the field: "purchaseEndpoint must be an https URL: the service calls it".
        const error = refused.body.errors.find((each: { path: string }) => each.path === field);
        expect(error.message).toMatch(/^(is not a URL|must|has a host|resolves).*: the service calls it$/);
        expect(await writes(), url).toBe(before);
      }
      const made = await expectStatus(
        t.json("POST", `/${kind.plural}.json`, { ...body, [field]: "https://hooks.example/in" }),
        200,
      );
      expect(made[field]).toBe("https://hooks.example/in");
      for (const url of REFUSED) {
        const before = await writes();
        const refused = await t.json("PUT", `/${kind.plural}/${made.id}.json`, { [field]: url });
        expect(refused.status, `${url}: ${JSON.stringify(refused.body)}`).toBe(422);
        expect(await writes(), url).toBe(before);
      }
      const now = await expectStatus(t.json("GET", `/${kind.plural}/${made.id}.json`), 200);
      expect(now[field]).toBe("https://hooks.example/in");
    },
  );

  it("refuses credentials in a URL even where local and plain http ones are let through", async () => {
    const local = await setupApp({ outbound: { allowLocal: true } });
    const tenant = await local.tenant();
    const kind = called.find(({ kind }) => kind.name === "dropship-provider")!.kind;
    const body = await createBody(tenant, kind);
    const refused = await tenant.json("POST", "/dropship-providers.json", {
      ...body,
      purchaseEndpoint: "http://user:pw@127.0.0.1:9/orders",
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      { path: "purchaseEndpoint", message: "must not carry credentials: the service calls it" },
    ]);
    await expectStatus(
      tenant.json("POST", "/dropship-providers.json", {
        ...body,
        purchaseEndpoint: "http://127.0.0.1:9/orders",
      }),
      200,
    );
  });
});
