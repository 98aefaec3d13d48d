// The provider's side of a purchase's outbound label: the address the purchase names
// (`dropshipProviderAddressId`) when it is one of its provider's, else the provider's default ship-from
// address. A return label still goes to the provider's return address.
import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, read } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";
import { expectPdf, send, ship, type World, world } from "./orders-fixtures.ts";
import { pageTexts } from "./pdf-texts.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

/** A world whose provider ships from a default depot and a second one, the purchase sent. */
async function twoDepots(t: Tenant): Promise<World & { west: { id: number } }> {
  const w = await world(t);
  await create(t, "dropship-provider-addresses", {
    dropshipProviderId: w.provider.id,
    purpose: "shipFrom",
    isDefault: true,
    name: "Main Depot",
    lineOne: "1 Main Depot Road",
    city: "Reno",
    country: "US",
  });
  const west = await create(t, "dropship-provider-addresses", {
    dropshipProviderId: w.provider.id,
    purpose: "shipFrom",
    name: "West Depot",
    lineOne: "9 West Depot Road",
    city: "Sacramento",
    country: "US",
  });
  await expectStatus(send(t, w.purchase.id), 200);
  return { ...w, west };
}

const labelTexts = async (t: Tenant, url: string) => (await pageTexts(await expectPdf(t, url))).join("\n");

const assign = (t: Tenant, purchaseId: number, dropshipProviderAddressId: number) =>
  expectStatus(t.json("PUT", `/purchases/${purchaseId}.json`, { dropshipProviderAddressId }), 200);

describe("a purchase's outbound label ships from the provider address the purchase names", () => {
  it("default-label and regenerate-label print the named depot, not the provider's default one", async () => {
    const t = await setup.tenant();
    const w = await twoDepots(t);
    await assign(t, w.purchase.id, w.west.id);

    const label = await expectStatus(
      t.json("PUT", `/purchases/${w.purchase.id}/default-label.json`, {}),
      200,
    );
    const printed = await labelTexts(t, label.url);
    expect(printed).toContain("9 West Depot Road");
    expect(printed).not.toContain("1 Main Depot Road");

    const dropshipment = await expectStatus(ship(t, w.purchase.id), 200);
    const regenerated = await expectStatus(
      t.json("GET", `/dropshipments/${dropshipment.id}/regenerate-label.json`),
      200,
    );
    const reprinted = await labelTexts(t, regenerated.labelUrl);
    expect(reprinted).toContain("9 West Depot Road");
    expect(reprinted).not.toContain("1 Main Depot Road");
  });

  it("an address of another provider is not the purchase's provider's: the label ships from its default depot", async () => {
    const t = await setup.tenant();
    const w = await twoDepots(t);
    const other = await create(t, "dropship-providers", { name: "Other Supply" });
    const elsewhere = await create(t, "dropship-provider-addresses", {
      dropshipProviderId: other.id,
      purpose: "shipFrom",
      lineOne: "4 Elsewhere Street",
      city: "Austin",
      country: "US",
    });
    await assign(t, w.purchase.id, elsewhere.id);
    const label = await expectStatus(
      t.json("PUT", `/purchases/${w.purchase.id}/default-label.json`, {}),
      200,
    );
    const printed = await labelTexts(t, label.url);
    expect(printed).toContain("1 Main Depot Road");
    expect(printed).not.toContain("4 Elsewhere Street");
  });

  it("a return label still goes to the provider's return address", async () => {
    const t = await setup.tenant();
    const w = await twoDepots(t);
    await assign(t, w.purchase.id, w.west.id);
    await expectStatus(ship(t, w.purchase.id), 200);
    const returned = await expectStatus(
      t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {}),
      200,
    );
    const label = await read(t, "labels", returned.labelId);
    const printed = await labelTexts(t, label.url);
    expect(printed).toContain("9 Returns Way");
    expect(printed).not.toContain("9 West Depot Road");
  });
});
