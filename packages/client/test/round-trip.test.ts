import { camelCase, kinds } from "@multichannel/schema";
import { beforeAll, describe, expect, it } from "vitest";
import { createClient, isApiError } from "../src/index.ts";
import { changeOf, minimalBody, namespaceOf } from "./factory.ts";
import { setupServer } from "./setup.ts";

/** What reads show of a secret: `…` and its last 4 characters (none of one under 12). */
function hintOf(value: string): string {
  return `…${value.length >= 12 ? value.slice(-4) : ""}`;
}

let server: Awaited<ReturnType<typeof setupServer>>;
beforeAll(async () => {
  server = await setupServer();
});

describe("the client has a namespace per kind", () => {
  it("names each by its camelCase plural, with the CRUD operations and the kind's actions", () => {
    const client = createClient({ baseUrl: "http://localhost", token: "unused" });
    expect(Object.keys(client).sort()).toEqual(
      [...kinds.map((kind) => camelCase(kind.plural)), "events", "files"].sort(),
    );
    expect(Object.keys(client)).toContain("dropshipProviders");
    for (const kind of kinds) {
      const namespace = (client as unknown as Record<string, Record<string, unknown>>)[
        camelCase(kind.plural)
      ]!;
      const expected = [
        "create",
        "get",
        "update",
        "delete",
        "list",
        "listAll",
        ...(kind.actions ?? []).map((a) => camelCase(a.name)),
      ];
      expect(Object.keys(namespace).sort(), kind.name).toEqual(expected.sort());
    }
  });
});

describe.each(kinds.map((kind) => [kind.name, kind] as const))("round trip: %s", (_, kind) => {
  it("creates, reads, updates, finds in a list and deletes a record", async () => {
    const { client } = await server.tenantClient();
    const api = namespaceOf(client, kind);
    const body = await minimalBody(client, kind);

    const created = await api.create(body);
    // A secret is answered as its hint (the secrets the server makes: whole, by the create answer only).
    const shown = (name: string, value: unknown) =>
      kind.fields[name]?.secret && typeof value === "string" ? hintOf(value) : value;
    expect(created).toMatchObject(
      Object.fromEntries(Object.entries(body).map(([name, value]) => [name, shown(name, value)])),
    );
    expect(created.id).toBeGreaterThanOrEqual(1);

    // What only the create answer shows (a webhook endpoint's secret, the secrets the server made) is
    // not read back.
    const { secret: _, ...answered } = created as Record<string, unknown>;
    const record = Object.fromEntries(
      Object.entries(answered).map(([name, value]) => [
        name,
        kind.fields[name]?.secret === "serverMade" ? shown(name, value) : value,
      ]),
    );
    expect(await api.get(created.id)).toEqual(record);

    // A stock level has nothing a client writes but its references: its counts move with adjustments.
    const change = kind.name === "inventory-level" ? {} : changeOf(kind, created);
    if (kind.name !== "inventory-level") expect(Object.keys(change)).not.toHaveLength(0);
    const updated = await api.update(created.id, change);
    expect(updated).toMatchObject({ ...change, id: created.id });
    expect(await api.get(created.id)).toEqual(updated);

    const page = await api.list({ where: { id: created.id } });
    expect(page.records).toEqual([updated]);
    expect(page.next).toBeUndefined();

    if (kind.name === "adjustment") {
      // An applied adjustment is part of the books: it is never deleted.
      const refused = await api.delete(created.id).catch((error: unknown) => error);
      expect(isApiError(refused) && refused.status).toBe(409);
      return;
    }
    await api.delete(created.id);
    const gone = await api.get(created.id).catch((error: unknown) => error);
    expect(isApiError(gone) && gone.status).toBe(404);
  });
});
