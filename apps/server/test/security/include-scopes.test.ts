// A key reads through `include` only what its scopes let it read by path: every relation of the manifest
// that crosses groups, one level deep and nested, is a 403 naming the scope it lacks, and the same include
// answers once the key has that scope.
import { kinds, modelName, relationsOf } from "@multichannel/schema";
import { beforeAll, describe, expect, it } from "vitest";
import { type Api, apiOf, setupApp, type Tenant } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
let t: Tenant;
const keys = new Map<string, Api>();

beforeAll(async () => {
  setup = await setupApp();
  t = await setup.tenant();
});

/** A key of the tenant with exactly these scopes (made once). */
async function keyWith(scopes: string[]): Promise<Api> {
  const name = [...scopes].sort().join(" ");
  const known = keys.get(name);
  if (known) return known;
  const made = await t.json("POST", "/api-keys.json", { name, scopes });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const api = apiOf((path, init) => setup.app.request(path, init), made.body.secret);
  keys.set(name, api);
  return api;
}

const crossing = kinds.flatMap((kind) =>
  relationsOf(kind)
    .filter((relation) => relation.kind.group !== kind.group)
    .map((relation) => ({ kind, included: relation.kind })),
);

describe("include across scope groups", () => {
  it("covers the manifest's relations that cross groups", () => {
    // Not a fixed number: only that the manifest has such relations and every one is tried below.
    expect(crossing.length).toBeGreaterThan(100);
  });

  it.each(crossing.map(({ kind, included }) => [`${kind.plural} ⟶ ${modelName(included)}`, kind, included]))(
    "%s: 403 naming the included kind's scope, 200 with it",
    async (_name, kind, included) => {
      const path = `/${kind.plural}.json?include=${modelName(included)}`;
      const narrow = await keyWith([`${kind.group}:write`]);
      const refused = await narrow.json("GET", path);
      expect(refused.status, JSON.stringify(refused.body)).toBe(403);
      expect(refused.headers.get("Content-Type")).toContain("application/problem+json");
      expect(refused.body.scope).toBe(`${included.group}:read`);
      expect(refused.body.detail).toContain(modelName(included));

      const wide = await keyWith([`${kind.group}:read`, `${included.group}:read`]);
      const answered = await wide.json("GET", path);
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    },
  );
});

describe("what an include would have shown", () => {
  it("a catalog key reads a variant but not its dropship provider through it", async () => {
    const provider = await t.json("POST", "/dropship-providers.json", {
      name: "Acme Supply",
      email: "orders@acme.example",
    });
    const product = await t.json("POST", "/products.json", { name: "Mug" });
    const variant = await t.json("POST", "/variants.json", {
      productId: product.body.id,
      sku: "MUG-INC-1",
      dropshipProviderId: provider.body.id,
    });
    expect(variant.status, JSON.stringify(variant.body)).toBe(200);

    const catalog = await keyWith(["catalog:write"]);
    expect((await catalog.json("GET", "/dropship-providers.json")).status).toBe(403);
    for (const path of [
      "/variants.json?include=DropshipProvider",
      `/variants/${variant.body.id}.json?include=DropshipProvider`,
      `/variants/${variant.body.id}.json?include[0][model]=DropshipProvider&include[0][attributes][0]=id`,
    ]) {
      const refused = await catalog.request("GET", path);
      const text = await refused.text();
      expect(refused.status, path).toBe(403);
      expect(JSON.parse(text).scope).toBe("dropship:read");
      expect(text).not.toContain("orders@acme.example");
    }
    const plain = await catalog.json("GET", `/variants/${variant.body.id}.json`);
    expect(plain.status).toBe(200);
    expect(JSON.stringify(plain.body)).not.toContain("orders@acme.example");

    const both = await keyWith(["catalog:read", "dropship:read"]);
    const shown = await both.json("GET", `/variants/${variant.body.id}.json?include=DropshipProvider`);
    expect(shown.status).toBe(200);
    expect(shown.body.dropship_provider.email).toBe("orders@acme.example");
  });

  it("a nested include is checked at every level: Sale → SaleItem → Variant", async () => {
    const product = await t.json("POST", "/products.json", { name: "Cup" });
    const variant = await t.json("POST", "/variants.json", {
      productId: product.body.id,
      sku: "CUP-INC-1",
      name: "Secret cup recipe",
    });
    expect(variant.status, JSON.stringify(variant.body)).toBe(200);
    const channel = await t.json("POST", "/channels.json", { name: "Phone", currency: "USD" });
    const sale = await t.json("POST", "/sales.json", { channelId: channel.body.id });
    expect(sale.status, JSON.stringify(sale.body)).toBe(200);
    const item = await t.json("POST", "/sale-items.json", {
      saleId: sale.body.id,
      variantId: variant.body.id,
      sku: "CUP-INC-1",
      quantity: 1,
      price: 4,
    });
    expect(item.status, JSON.stringify(item.body)).toBe(200);

    const path = `/sales/${sale.body.id}.json?include[0][model]=SaleItem&include[0][include][0][model]=Variant`;
    const refused = await (await keyWith(["orders:write"])).request("GET", path);
    const text = await refused.text();
    expect(refused.status).toBe(403);
    expect(JSON.parse(text).scope).toBe("catalog:read");
    expect(text).not.toContain("Secret cup recipe");

    const shown = await (await keyWith(["orders:read", "catalog:read"])).json("GET", path);
    expect(shown.status).toBe(200);
    expect(shown.body.sale_items[0].variant.name).toBe("Secret cup recipe");
  });

  it("every two-level chain whose second step leaves the key's group is refused", async () => {
    const chains = kinds.flatMap((kind) =>
      relationsOf(kind)
        .filter((first) => first.kind.group === kind.group)
        .flatMap((first) =>
          relationsOf(first.kind)
            .filter((second) => second.kind.group !== kind.group)
            .map((second) => ({ kind, first: first.kind, second: second.kind })),
        ),
    );
    expect(chains.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const { kind, first, second } of chains) {
      const path = `/${kind.plural}.json?include[0][model]=${modelName(first)}&include[0][include][0][model]=${modelName(second)}`;
      const answer = await (await keyWith([`${kind.group}:write`])).json("GET", path);
      if (answer.status !== 403 || answer.body.scope !== `${second.group}:read`) {
        wrong.push(`${path}: ${answer.status} ${answer.body?.scope}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
