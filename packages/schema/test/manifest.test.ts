import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { actionPath, actions, kindByName, kinds } from "../src/index.ts";

const interfaceText = readFileSync(new URL("./fixtures/interface.md", import.meta.url), "utf8");

const seedKinds = [...interfaceText.matchAll(/^\| ([a-z-]+) \| (\/[a-z-]+\.json) \|$/gm)].map((m) => ({
  name: m[1]!,
  path: m[2]!,
}));
const seedActions = [
  ...interfaceText.matchAll(
    /^\| ([a-z-]+) \| (GET|POST|PUT|DELETE) \| (\/[a-z-]+\/\{id\}\/[a-z-]+\.json) \|$/gm,
  ),
].map((m) => ({ kind: m[1]!, method: m[2]!, path: m[3]! }));

const IMPLIED = [
  "product",
  "variant",
  "vendor",
  "reseller",
  "warehouse",
  "sale",
  "sale-item",
  "sale-return",
  "sale-return-item",
  "purchase-item",
  "inventory-level",
  "transfer",
  "purchase-notification",
  "return-shipment",
  "label",
  "purchase-return",
  "purchase-return-item",
];

describe("the manifest against the interface", () => {
  it("reads 91 kinds and 19 actions from interface.md", () => {
    expect(seedKinds).toHaveLength(91);
    expect(seedActions).toHaveLength(19);
  });

  it.each(seedKinds)("declares $name at exactly $path", ({ name, path }) => {
    const kind = kindByName(name);
    expect(kind, name).toBeDefined();
    expect(kind!.path).toBe(path);
    expect(kind!.source).toBe("seed");
  });

  it("declares no other seed kinds", () => {
    const declared = kinds
      .filter((kind) => kind.source === "seed")
      .map((kind) => kind.name)
      .sort();
    expect(declared).toEqual(seedKinds.map((kind) => kind.name).sort());
  });

  it("declares the kinds DESIGN.md implies", () => {
    for (const name of IMPLIED) expect(kindByName(name)?.source, name).toBe("implied");
  });

  it.each(seedActions)("declares $method $path", ({ kind, method, path }) => {
    const found = actions.find(
      (entry) => entry.kind.name === kind && actionPath(entry.kind, entry.action) === path,
    );
    expect(found, path).toBeDefined();
    expect(found!.action.method).toBe(method);
  });

  it("declares exactly the interface's actions, and marks the others as extensions", () => {
    const declared = (source: "seed" | "extension") =>
      actions
        .filter(({ action }) => (action.source ?? "seed") === source)
        .map(({ kind, action }) => `${action.method} ${actionPath(kind, action)}`)
        .sort();
    expect(declared("seed")).toEqual(seedActions.map((action) => `${action.method} ${action.path}`).sort());
    expect(declared("extension")).toEqual([
      "GET /webhook-endpoints/{id}/deliveries.json",
      "POST /accounting-integrations/{id}/rotate-signing-secret.json",
      "POST /custom-channels/{id}/rotate-signing-secret.json",
      "POST /custom-channels/{id}/rotate-webhook-hash.json",
      "POST /dropship-providers/{id}/rotate-signing-secret.json",
      "POST /fulfillments/{id}/ship.json",
      "POST /inventory-exports/{id}/rotate-signing-secret.json",
      "POST /inventory-feeds/{id}/fetch.json",
      "POST /inventory-feeds/{id}/rotate-hash.json",
      "POST /sale-returns/{id}/receive.json",
      "POST /webhook-endpoints/{id}/replay.json",
      "POST /webhook-endpoints/{id}/rotate-secret.json",
      "POST /webhook-endpoints/{id}/test.json",
      "PUT /fulfillments/{id}/cancel.json",
      "PUT /inventory-feeds/{id}/parse-webhook.json",
      "PUT /sale-returns/{id}/cancel.json",
      "PUT /sales/{id}/cancel.json",
    ]);
  });
});

describe("the manifest is consistent", () => {
  it("has unique names, plurals and kebab-case paths", () => {
    expect(new Set(kinds.map((kind) => kind.name)).size).toBe(kinds.length);
    expect(new Set(kinds.map((kind) => kind.plural)).size).toBe(kinds.length);
    for (const kind of kinds) expect(kind.path).toMatch(/^\/[a-z0-9]+(-[a-z0-9]+)*\.json$/);
  });

  it("declares camelCase fields and never the automatic ones", () => {
    for (const kind of kinds) {
      for (const [name, field] of Object.entries(kind.fields)) {
        // The reference spells one field in snake_case, and integrations send it so.
        if (name !== "inventory_import_id")
          expect(name, `${kind.name}.${name}`).toMatch(/^[a-z][A-Za-z0-9]*$/);
        expect(["id", "createdAt", "updatedAt"]).not.toContain(name);
        // `companyId`, where the reference shows it, is the tenant: never a column of its own.
        if (name === "companyId") expect(field.tenant, `${kind.name}.companyId`).toBe(true);
      }
    }
  });

  it("points every reference at a declared kind, and ref fields end in Id", () => {
    for (const kind of kinds) {
      for (const [name, field] of Object.entries(kind.fields)) {
        if (field.type !== "ref") continue;
        expect(kindByName(field.ref!), `${kind.name}.${name} → ${field.ref}`).toBeDefined();
        expect(name, `${kind.name}.${name}`).toMatch(/Id$/);
      }
    }
  });

  it("has no cycle of required references (parents can always be created first)", () => {
    const requiredRefs = (name: string) =>
      Object.values(kindByName(name)!.fields)
        .filter((field) => field.type === "ref" && field.required && field.default === undefined)
        .map((field) => field.ref!);
    const visit = (name: string, path: string[]): void => {
      expect(path, `cycle through ${path.join(" → ")}`).not.toContain(name);
      for (const parent of requiredRefs(name)) visit(parent, [...path, name]);
    };
    for (const kind of kinds) visit(kind.name, []);
  });

  it("owns items through a required reference, and unique sets name real fields", () => {
    for (const kind of kinds) {
      if (kind.owner) expect(kind.fields[kind.owner.field]?.type, `${kind.name} owner`).toBe("ref");
      for (const set of kind.unique ?? [])
        for (const field of set) expect(kind.fields[field], `${kind.name}.${field}`).toBeDefined();
    }
  });

  it("takes no empty name: a required `name` is at least one character", () => {
    const empty = kinds.flatMap((kind) => {
      const name = kind.fields.name;
      return name?.type === "string" && name.required && !name.readOnly && !name.minLength ? [kind.name] : [];
    });
    expect(empty).toEqual([]);
  });

  it("gives every enum its values and every default a valid value", () => {
    for (const kind of kinds) {
      for (const [name, field] of Object.entries(kind.fields)) {
        if (field.type === "enum") {
          expect(field.values?.length, `${kind.name}.${name}`).toBeGreaterThan(0);
          if (field.default !== undefined) expect(field.values).toContain(field.default);
        }
      }
    }
  });

  it("declares lifecycles whose states, transitions and actions agree", () => {
    const stateful = kinds.filter((kind) => kind.states);
    expect(stateful.map((kind) => kind.name).sort()).toEqual([
      "channel-variant",
      "data-export",
      "data-import",
      "dropshipment",
      "fulfillment",
      "inventory-feed-variant",
      "purchase",
      "purchase-return",
      "sale",
      "sale-return",
      "transfer",
    ]);
    for (const kind of stateful) {
      const states = kind.states!;
      const field = kind.fields[states.field]!;
      // Writable exactly when a write may request some transitions, and those are declared ones; else
      // read-only, or derived (a write may send the state it has, another is a 409).
      expect(
        field.readOnly || field.derived !== undefined,
        `${kind.name}.${states.field} read-only or derived unless byWrite`,
      ).toBe(!states.byWrite);
      for (const [from, targets] of Object.entries(states.byWrite ?? {}))
        for (const to of targets)
          expect(states.transitions[from], `${kind.name} ${from} → ${to}`).toContain(to);
      expect(field.default).toBe(states.initial);
      expect(Object.keys(states.transitions).sort()).toEqual([...field.values!].sort());
      for (const targets of Object.values(states.transitions))
        for (const to of targets) expect(field.values).toContain(to);
      for (const action of kind.actions ?? [])
        for (const from of action.from ?? []) expect(field.values).toContain(from);
    }
  });

  it("uses no third-party brand names", () => {
    const brands =
      /\b(shopify|amazon|ebay|etsy|walmart|woocommerce|bigcommerce|magento|wayfair|ups|fedex|usps|dhl|quickbooks|xero|netsuite|paypal|stripe|square|tiktok|google|facebook|instagram)\b/i;
    const text = JSON.stringify(kinds, (key, value) => (key === "description" ? undefined : value));
    const words = text.split(/[^A-Za-z]+/).flatMap((word) => word.split(/(?=[A-Z])/));
    for (const word of words) expect(word, "brand name in the manifest").not.toMatch(brands);
  });
});
