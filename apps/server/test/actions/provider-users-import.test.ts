// The `dropship_provider_users` data import: a provider's people who receive its purchase orders,
// upserted by provider and e-mail from a CSV file the dispatcher reads, and then e-mailed the orders.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { setupApp, type Tenant } from "../support.ts";
import { get, list, make } from "./channels-fixtures.ts";
import { importDispatcher, runImport, storeFile } from "./data-imports-fixtures.ts";
import { send, world } from "./orders-fixtures.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
let drain: () => Promise<void>;

beforeAll(async () => {
  setup = await setupApp();
  drain = importDispatcher(setup).drain;
});

/** Runs a `dropship_provider_users` import of `csv`; answers the import as it ended. */
async function importUsers(t: Tenant, csv: string, name = "users.csv") {
  const fileUri = await storeFile(setup.db, t, name, csv);
  return runImport(t, drain, { importType: "dropship_provider_users", fileUri });
}

/** The provider's users as `[email, name, receivesPurchaseOrders]`, by id. */
async function usersOf(t: Tenant, dropshipProviderId: number) {
  const users = await list(t, "dropship-provider-users", { dropshipProviderId });
  return users.map((user) => [user.email, user.name ?? null, user.receivesPurchaseOrders]);
}

describe("dropship_provider_users", () => {
  it("adds each provider's users by provider name or id, with their name and whether they receive orders", async () => {
    const t = await setup.tenant();
    const acme = await make(t, "dropship-providers", { name: "Acme Supply" });
    const bolt = await make(t, "dropship-providers", { name: "Bolt Parts" });
    const done = await importUsers(
      t,
      [
        "Dropship Provider,User Email,Full Name,Purchase Orders",
        "acme supply,ana@acme.example,Ana Ortiz,yes",
        "ACME SUPPLY,ben@acme.example,,NO",
        `${bolt.id},cleo@bolt.example,Cleo Park,`,
        "Bolt Parts,dev@bolt.example,,0",
      ].join("\n"),
    );
    expect(done).toMatchObject({ status: "complete", added: 4, updated: 0, skipped: 0, errors: 0 });
    expect(await usersOf(t, acme.id)).toEqual([
      ["ana@acme.example", "Ana Ortiz", true],
      ["ben@acme.example", null, false],
    ]);
    // An empty cell: a new user receives purchase orders (the field's default).
    expect(await usersOf(t, bolt.id)).toEqual([
      ["cleo@bolt.example", "Cleo Park", true],
      ["dev@bolt.example", null, false],
    ]);
    // Each user created is an event, as a create through the API makes one.
    const events = await t.json("GET", "/events.json?where[type]=dropship_provider_user.created");
    expect(events.body).toHaveLength(4);
  });

  it("imports the documented sample file (after the dropship providers' sample)", async () => {
    const t = await setup.tenant();
    await make(t, "dropship-providers", { name: "Acme Supply" });
    const sample = readFileSync(
      new URL("../../../../docs/samples/dropship-provider-users.csv", import.meta.url),
      "utf8",
    );
    const done = await importUsers(t, sample);
    expect(done).toMatchObject({ status: "complete", errors: 0, skipped: 0 });
    expect(done.added).toBe(sample.trim().split("\n").length - 1);
  });

  it("imported again, changes nothing twice: rows already so are skipped; a changed row updates its user", async () => {
    const t = await setup.tenant();
    const acme = await make(t, "dropship-providers", { name: "Acme Supply" });
    const csv =
      "provider,email,name,receives_purchase_orders\nAcme Supply,ana@acme.example,Ana,yes\nAcme Supply,ben@acme.example,Ben,no\n";
    expect(await importUsers(t, csv)).toMatchObject({ added: 2, skipped: 0 });

    const again = await importUsers(t, csv);
    expect(again).toMatchObject({ status: "complete", added: 0, updated: 0, skipped: 2, errors: 0 });
    // The e-mail is compared whatever its case; empty cells change nothing.
    const changed = await importUsers(
      t,
      "provider,email,name,receives_purchase_orders\nAcme Supply,ANA@ACME.EXAMPLE,Ana Ortiz,\nAcme Supply,Ben@Acme.example,,true\n",
    );
    expect(changed).toMatchObject({ added: 0, updated: 2, skipped: 0, errors: 0 });
    expect(await usersOf(t, acme.id)).toEqual([
      ["ana@acme.example", "Ana Ortiz", true],
      ["ben@acme.example", "Ben", true],
    ]);
    // A user added through the API is matched as well: no second user of one address.
    await make(t, "dropship-provider-users", { dropshipProviderId: acme.id, email: "Cara@Acme.example" });
    const api = await importUsers(t, "provider,email\nAcme Supply,cara@acme.example\n");
    expect(api).toMatchObject({ added: 0, skipped: 1 });
    expect(await usersOf(t, acme.id)).toHaveLength(3);
  });

  it("fails the bad rows, saying why, and applies the others", async () => {
    const t = await setup.tenant();
    const acme = await make(t, "dropship-providers", { name: "Acme Supply" });
    await make(t, "dropship-providers", { name: "Twin Co" });
    await make(t, "dropship-providers", { name: "twin co" });
    const done = await importUsers(
      t,
      [
        "provider,email,name,receives_purchase_orders",
        "Nowhere Ltd,x@nowhere.example,,",
        "Acme Supply,not-an-email,,",
        "Acme Supply,ok@acme.example,,maybe",
        "Twin Co,t@twin.example,,",
        `Acme Supply,long@acme.example,${"N".repeat(201)},`,
        "Acme Supply,fine@acme.example,Fine,yes",
        "Acme Supply,fine@acme.example,Fine Again,",
        ",nobody@acme.example,,",
        "Acme Supply,,No Mail,",
      ].join("\n"),
    );
    expect(done).toMatchObject({ status: "complete", added: 1, updated: 1, errors: 7 });
    expect(done.errorMessages).toEqual([
      'Row 2: unknown dropship provider "Nowhere Ltd"',
      expect.stringMatching(/^Row 3: email /),
      'Row 4: receives_purchase_orders "maybe" is not yes or no (yes, no, true, false, 1 or 0)',
      'Row 5: 2 dropship providers are named "Twin Co": name the provider by its id',
      expect.stringMatching(/^Row 6: name /),
      "Row 9: no provider: name the dropship provider or give its id",
      "Row 10: no email",
    ]);
    // Two rows of one user in a batch: the second finds the user the first added.
    expect(await usersOf(t, acme.id)).toEqual([["fine@acme.example", "Fine Again", true]]);
    // The failed rows, as a file to fix and import again.
    expect(done.errorUri).toMatch(/\/files\/\d+\//);
  });

  it("ends error, applying nothing, for a file without the provider or e-mail column", async () => {
    const t = await setup.tenant();
    await make(t, "dropship-providers", { name: "Acme Supply" });
    const noEmail = await importUsers(t, "provider,name\nAcme Supply,Ana\n");
    expect(noEmail.status).toBe("error");
    expect(noEmail.statusMessage).toMatch(/lacks the columns? `email`/);
    const neither = await importUsers(t, "vendor name,mail\nAcme Supply,ana@acme.example\n");
    expect(neither.status).toBe("error");
    expect(neither.statusMessage).toMatch(/lacks the columns `provider`, `email`/);
    expect(await list(t, "dropship-provider-users")).toEqual([]);
  });

  it("keeps tenants apart: a provider of another company is unknown, by name or id, and its users untouched", async () => {
    const t = await setup.tenant();
    const other = await setup.tenant();
    const theirs = await make(other, "dropship-providers", { name: "Shared Name Supply" });
    const theirUser = await make(other, "dropship-provider-users", {
      dropshipProviderId: theirs.id,
      email: "ana@shared.example",
      name: "Theirs",
    });
    const done = await importUsers(
      t,
      `provider,email,name\nShared Name Supply,ana@shared.example,Mine\n${theirs.id},bo@shared.example,Mine\n`,
    );
    expect(done).toMatchObject({ status: "complete", added: 0, updated: 0, errors: 2 });
    expect(done.errorMessages).toEqual([
      'Row 2: unknown dropship provider "Shared Name Supply"',
      `Row 3: unknown dropship provider "${theirs.id}"`,
    ]);
    expect(await get(other, "dropship-provider-users", theirUser.id)).toMatchObject({
      name: "Theirs",
      updatedAt: theirUser.updatedAt,
    });
    expect(await list(t, "dropship-provider-users")).toEqual([]);
    expect((await other.json("GET", `/data-imports/${done.id}.json`)).status).toBe(404);
  });

  it("its users then receive the provider's e-mailed purchase orders", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const done = await importUsers(
      t,
      `provider,email,receives_purchase_orders\n${w.provider.name},buyer@harbour-goods.example,yes\n${w.provider.name},accounts@harbour-goods.example,no\n`,
    );
    expect(done).toMatchObject({ added: 2, errors: 0 });
    expect((await send(t, w.purchase.id)).status).toBe(200);
    // No mail server in this suite: one notification per recipient, each an error saying so.
    const notifications = await list(t, "purchase-notifications", { purchaseId: w.purchase.id });
    expect(notifications.map((n) => [n.recipient, n.status])).toEqual([
      ["orders@harbour-goods.example", "error"],
      ["buyer@harbour-goods.example", "error"],
    ]);
  });
});
