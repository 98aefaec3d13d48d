import { beforeAll, describe, expect, it } from "vitest";
import { create, expectStatus, list, read } from "../requests.ts";
import { setupApp } from "../support.ts";
import { download, expectPdf, expectRefused, sentWorld, ship, world } from "./orders-fixtures.ts";
import { pageTexts } from "./pdf-texts.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  setup = await setupApp({}, { checkResponses: true });
});

describe("labels", () => {
  it("return-label: a return shipment with a downloadable PDF label and a sale return, counted as returned when received", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    await expectStatus(ship(t, w.purchase.id), 200);
    const returnShipment = await expectStatus(
      t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {
        items: [{ purchaseItemId: w.items.mug.id, quantity: 2 }],
        reason: "Damaged in transit",
      }),
      200,
    );
    expect(returnShipment).toMatchObject({
      purchaseId: w.purchase.id,
      dropshipProviderId: w.provider.id,
      status: "requested",
      reason: "Damaged in transit",
      carrier: "Parcel Express",
      items: [{ purchaseItemId: w.items.mug.id, quantity: 2 }],
    });
    expect(returnShipment.trackingNumber).toMatch(/^MC\d{16}$/);
    const label = await read(t, "labels", returnShipment.labelId);
    expect(label).toMatchObject({
      returnShipmentId: returnShipment.id,
      purchaseId: w.purchase.id,
      direction: "return",
      carrier: "Parcel Express",
      service: "Ground",
      trackingNumber: returnShipment.trackingNumber,
      version: 1,
      provider: "built-in-pdf",
      format: "pdf",
    });
    await expectPdf(t, label.url);
    const stranger = await setup.tenant();
    expect((await download(stranger, label.url)).status).toBe(404);

    const saleReturn = await read(t, "sale-returns", returnShipment.saleReturnId);
    expect(saleReturn).toMatchObject({
      saleId: w.sale.id,
      purchaseId: w.purchase.id,
      type: "return",
      status: "requested",
      total: 59.98,
    });
    // Nothing counts as returned until the goods arrive.
    expect((await read(t, "purchase-items", w.items.mug.id)).quantityReturned).toBe(0);
    // A warehouse named must be the company's, though no unit of a dropshipped return goes on hand.
    const nowhere = await expectStatus(
      t.json("POST", `/sale-returns/${saleReturn.id}/receive.json`, { warehouseId: 999_999 }),
      422,
    );
    expect(nowhere.errors).toEqual([expect.objectContaining({ path: "warehouseId" })]);
    expect((await read(t, "sale-returns", saleReturn.id)).status).toBe("requested");
    const received = await expectStatus(
      t.json("POST", `/sale-returns/${saleReturn.id}/receive.json`, {}),
      200,
    );
    expect(received).toMatchObject({ status: "received", receivedAt: expect.any(String) });
    expect(await read(t, "purchase-items", w.items.mug.id)).toMatchObject({
      quantityReturned: 2,
      returnStatus: "partiallyReturned",
    });
    expect(await read(t, "sale-items", w.saleItems.mug.id)).toMatchObject({ quantityReturned: 2 });
    expect(await read(t, "sales", w.sale.id)).toMatchObject({ returnStatus: "partiallyReturned" });
    expect(await read(t, "return-shipments", returnShipment.id)).toMatchObject({ status: "received" });
    // The reference's documented body, its return-shipment record: its members are taken and ignored.
    const rest = await expectStatus(
      t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {
        purchaseId: w.purchase.id,
        dropshipmentId: 2,
        fulfillmentId: null,
        trackingCompany: "Parcel Express",
        trackingNumber: "R1",
        serviceLevel: "Ground",
        labelUrl: null,
        labelFileFormat: "pdf",
        price: 0,
      }),
      200,
    );
    expect(rest.trackingNumber).not.toBe("R1");
    expect(rest.items).toEqual([
      { purchaseItemId: w.items.mug.id, quantity: 1 },
      { purchaseItemId: w.items.cap.id, quantity: 1 },
      { purchaseItemId: w.items.pin.id, quantity: 1 },
    ]);
    // Everything shipped is on its way back: no third label.
    await expectRefused(t, 409, () => t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {}));
    await expectStatus(t.json("POST", `/sale-returns/${rest.saleReturnId}/receive.json`, {}), 200);
    expect((await read(t, "purchase-items", w.items.mug.id)).returnStatus).toBe("returned");
    expect(await read(t, "sales", w.sale.id)).toMatchObject({ returnStatus: "returned" });
  });

  it("return-label: prints the return's number among its purchase's, and names its file after its return shipment", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    await expectStatus(ship(t, w.purchase.id), 200);
    // Another company's return shipment first: the numbers are the purchase's own.
    const other = await setup.tenant();
    const elsewhere = await create(other, "purchases", {});
    await create(other, "return-shipments", { purchaseId: elsewhere.id, status: "requested" });
    const returnOf = (purchaseItemId: number) =>
      expectStatus(
        t.json("POST", `/purchases/${w.purchase.id}/return-label.json`, {
          items: [{ purchaseItemId, quantity: 1 }],
        }),
        200,
      );
    for (const [n, item] of [w.items.mug, w.items.cap].entries()) {
      const returnShipment = await returnOf(item.id);
      const label = await read(t, "labels", returnShipment.labelId);
      expect(label.url).toMatch(new RegExp(`/return-label-${returnShipment.id}-v1\\.pdf$`));
      const texts = await pageTexts(await expectPdf(t, label.url));
      expect(texts).toContain(`REF: Return ${n + 1} / purchase ${w.purchase.id}`);
    }
  });

  it("default-label: the provider's carrier and service, a new version each time", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const first = await expectStatus(
      t.json("PUT", `/purchases/${w.purchase.id}/default-label.json`, {}),
      200,
    );
    expect(first).toMatchObject({
      purchaseId: w.purchase.id,
      dropshipmentId: null,
      direction: "outbound",
      carrier: "Parcel Express",
      service: "Ground",
      version: 1,
    });
    const second = await expectStatus(
      t.json("PUT", `/purchases/${w.purchase.id}/default-label.json`, {}),
      200,
    );
    expect(second.version).toBe(2);
    expect(second.url).not.toBe(first.url);
    await expectPdf(t, first.url);
    await expectPdf(t, second.url);
    const stranger = await setup.tenant();
    expect((await download(stranger, second.url)).status).toBe(404);
  });

  it("default-label: the version after one that shipped a parcel is the next, each a file of its own", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const label = (body: Record<string, unknown>) =>
      expectStatus(t.json("PUT", `/purchases/${w.purchase.id}/default-label.json`, body), 200);
    const first = await label({});
    const shipped = await label({ inventoryStatus: "shipped", ids: [w.items.mug.id] });
    const third = await label({});

    expect(shipped.dropshipmentId).not.toBeNull();
    expect([first, shipped, third].map((each) => each.version)).toEqual([1, 2, 3]);
    expect(new Set([first.url, shipped.url, third.url]).size).toBe(3);
    for (const each of [first, shipped, third]) await expectPdf(t, each.url);
  });

  it("regenerate-label: versions n+1 and n+2, both files kept, the tracking number kept", async () => {
    const t = await setup.tenant();
    const w = await sentWorld(t);
    const dropshipment = await expectStatus(ship(t, w.purchase.id, { trackingNumber: "PX-0042" }), 200);
    expect(dropshipment.labelVersion).toBe(0);

    const first = await expectStatus(
      t.json("GET", `/dropshipments/${dropshipment.id}/regenerate-label.json`),
      200,
    );
    const second = await expectStatus(
      t.json("GET", `/dropshipments/${dropshipment.id}/regenerate-label.json`),
      200,
    );
    expect(first).toMatchObject({
      id: dropshipment.id,
      labelVersion: 1,
      trackingNumber: "PX-0042",
      labelPrintStatus: "notPrinted",
    });
    expect(second).toMatchObject({ id: dropshipment.id, labelVersion: 2, trackingNumber: "PX-0042" });
    expect(second.labelUrl).not.toBe(first.labelUrl);
    const labels = (await list(t, "labels")).filter((label) => label.dropshipmentId === dropshipment.id);
    expect(labels.map((label) => [label.id, label.version, label.trackingNumber, label.url])).toEqual([
      [first.labelId, 1, "PX-0042", first.labelUrl],
      [second.labelId, 2, "PX-0042", second.labelUrl],
    ]);
    await expectPdf(t, first.labelUrl);
    await expectPdf(t, second.labelUrl);
    const stranger = await setup.tenant();
    expect((await download(stranger, first.labelUrl)).status).toBe(404);
  });

  it("refuses a label without a provider, carrier or address, saying after each field what is missing", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const regenerate = (dropshipment: { id: number }) =>
      expectRefused(t, 422, () => t.json("GET", `/dropshipments/${dropshipment.id}/regenerate-label.json`));

    const alone = await create(t, "dropshipments", {});
    const noProvider = await regenerate(alone);
    expect(noProvider.errors).toEqual([
      {
        path: "dropshipProviderId",
        message: `is not set on dropshipment ${alone.id} or its purchase: set it first`,
      },
    ]);
    expect(noProvider.detail).toBe(
      `Dropshipment ${alone.id} has no dropship provider: set its dropshipProviderId first.`,
    );

    const bare = await create(t, "dropship-providers", { name: "Bare Supply" });
    const undecided = await create(t, "dropshipments", { dropshipProviderId: bare.id });
    expect((await regenerate(undecided)).errors).toEqual([
      {
        path: "carrier",
        message: `is not set on dropshipment ${undecided.id}, and its dropship provider has no default: set one first`,
      },
    ]);

    const nowhere = await create(t, "dropshipments", { dropshipProviderId: w.provider.id });
    expect((await regenerate(nowhere)).errors).toEqual([
      {
        path: "saleId",
        message: `is not set on dropshipment ${nowhere.id}, nor is its purchaseId: set one of them`,
      },
    ]);
    const unaddressed = await create(t, "sales", { channelId: w.channel.id, externalId: "WEB-NO-ADDRESS" });
    const toSale = await create(t, "dropshipments", {
      dropshipProviderId: w.provider.id,
      saleId: unaddressed.id,
    });
    const noShipping = await regenerate(toSale);
    expect(noShipping.errors).toEqual([
      {
        path: "saleId",
        message: `names sale ${unaddressed.id}, which has no complete shipping address, and dropshipment ${toSale.id} has no purchase: set the sale's shipping address`,
      },
    ]);
    expect(noShipping.detail).toBe(
      `Dropshipment ${toSale.id} has no address to ship to: set its purchase's receiver address or its sale's shipping address.`,
    );
    const unreceived = await create(t, "purchases", { dropshipProviderId: w.provider.id });
    const toPurchase = await create(t, "dropshipments", { purchaseId: unreceived.id });
    expect((await regenerate(toPurchase)).errors).toEqual([
      {
        path: "purchaseId",
        message: `names purchase ${unreceived.id}, and neither its receiver address nor the shipping address of the dropshipment's sale is complete: set one of them`,
      },
    ]);

    const noReceiver = await expectRefused(t, 422, () =>
      t.json("PUT", `/purchases/${unreceived.id}/default-label.json`, {}),
    );
    expect(noReceiver.errors).toEqual([
      {
        path: "receiverAddressLineOne",
        message: `must be set on purchase ${unreceived.id}, with receiverCity and receiverCountry: the label needs the receiver's address`,
      },
    ]);
    expect(noReceiver.detail).toBe(
      `Purchase ${unreceived.id} has no receiver address: set its receiverAddressLineOne, receiverCity and receiverCountry.`,
    );
  });

  it("takes text of only spaces for none: a blank street is refused, a blank carrier gives way to the default", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const blank = await create(t, "purchases", {
      dropshipProviderId: w.provider.id,
      receiverName: "Ada",
      receiverAddressLineOne: "   ",
      receiverCity: "Portland",
      receiverCountry: "US",
    });
    const street = await expectRefused(t, 422, () =>
      t.json("PUT", `/purchases/${blank.id}/default-label.json`, {}),
    );
    expect(street.errors).toEqual([expect.objectContaining({ path: "receiverAddressLineOne" })]);

    const addressed = await create(t, "purchases", {
      dropshipProviderId: w.provider.id,
      receiverName: "Ada",
      receiverAddressLineOne: "1 Main St",
      receiverCity: "Portland",
      receiverCountry: "US",
    });
    const dropshipment = await create(t, "dropshipments", {
      purchaseId: addressed.id,
      carrier: "",
      service: " ",
    });
    const label = await expectStatus(
      t.json("GET", `/dropshipments/${dropshipment.id}/regenerate-label.json`),
      200,
    );
    expect(label).toMatchObject({ carrier: w.provider.defaultCarrier, service: w.provider.defaultService });
  });

  it("regenerate-label gives a dropshipment without tracking a tracking number and keeps it", async () => {
    const t = await setup.tenant();
    const w = await world(t);
    const dropshipment = await create(t, "dropshipments", {
      purchaseId: w.purchase.id,
      dropshipProviderId: w.provider.id,
    });
    const first = await expectStatus(
      t.json("GET", `/dropshipments/${dropshipment.id}/regenerate-label.json`),
      200,
    );
    expect(first.trackingNumber).toMatch(/^MC\d{16}$/);
    expect(first).toMatchObject({ carrier: "Parcel Express", service: "Ground", labelVersion: 1 });
    const second = await expectStatus(
      t.json("GET", `/dropshipments/${dropshipment.id}/regenerate-label.json`),
      200,
    );
    expect(second.trackingNumber).toBe(first.trackingNumber);
    await expectPdf(t, second.labelUrl);
  });
});
