/**
 * The "Getting started" page of the API reference (a section of the document's description): the order
 * flow from a token to a paid purchase, with `@multichannel/client`. The client package's tests run its
 * code blocks against a real server, so the page cannot drift from what the API does.
 */
export const GETTING_STARTED = `## Getting started

The whole order flow in TypeScript with \`@multichannel/client\`. Until it is published on npm, install
it from a local build of the server's repository: \`npx -y pnpm@10.34.8 pack:packages\` there writes
\`dist-packages/multichannel-schema-<version>.tgz\` and \`multichannel-client-<version>.tgz\`; give
both to \`npm install\` in your project. Then: a catalogue, a channel, an order that routes one line to a dropship provider and one to your warehouse,
both shipped, and the provider paid. Every step is one request; the same requests work with any HTTP
client (each operation below shows its path and body).

### 1. A token

Every request carries \`Authorization: Bearer <token>\`. The server prints a token for the company
\`default\` when it first starts; \`npx -y pnpm@10.34.8 token:create --company acme\` makes more
(\`--read-only\` for one that cannot write).

\`\`\`ts
import { createClient } from "@multichannel/client";

const client = createClient({ baseUrl: "http://127.0.0.1:8787", token: process.env.MCS_TOKEN! });
\`\`\`

### 2. What you sell, and who ships it

A warehouse of your own, a dropship provider (purchase orders go to it by e-mail), a product with two
variants (the mug ships from the provider, the T-shirt from the warehouse) and ten T-shirts on hand.

\`\`\`ts
const warehouse = await client.warehouses.create({
  name: "Main",
  isDefault: true,
  lineOne: "1 Dock Rd",
  city: "Austin",
  country: "US",
});
const provider = await client.dropshipProviders.create({
  name: "Acme Supply",
  email: "orders@acme.example",
  defaultCarrier: "Parcel Express",
  defaultService: "Ground",
});
await client.dropshipProviderAddresses.create({
  dropshipProviderId: provider.id,
  lineOne: "9 Mill St",
  city: "Dayton",
  state: "OH",
  zip: "45402",
  country: "US",
  isDefault: true,
});
const product = await client.products.create({ name: "Everyday basics" });
await client.variants.create({
  productId: product.id,
  sku: "MUG-1",
  name: "Mug",
  price: 12.5,
  costPrice: 6.25,
  dropshipProviderId: provider.id,
});
const tee = await client.variants.create({ productId: product.id, sku: "TEE-1", name: "T-shirt", price: 20 });
await client.adjustments.create({ variantId: tee.id, warehouseId: warehouse.id, quantity: 10 });
\`\`\`

### 3. A channel

Where orders come from (here a store whose orders you post yourself), and what it charges for shipping.

\`\`\`ts
const channel = await client.channels.create({ name: "Web store" });
await client.channelShippingRates.create({ channelId: channel.id, name: "Standard", price: 4.99 });
\`\`\`

### 4. An order

\`manual-sale\` imports one order, keyed by its \`externalId\` (sending it again updates it, never
duplicates). The mug's line becomes a purchase to the provider, at cost; the T-shirt's a fulfillment
from the warehouse, which reserves the stock.

\`\`\`ts
const sale = await client.channels.manualSale(channel.id, {
  externalId: "1001",
  customer: { email: "ana@example.com", firstName: "Ana" },
  shippingAddress: { name: "Ana Ruiz", lineOne: "5 Elm St", city: "Denver", state: "CO", zip: "80202", country: "US" },
  shippingPrice: 4.99,
  items: [
    { sku: "MUG-1", quantity: 2, price: 12.5 },
    { sku: "TEE-1", quantity: 1, price: 20 },
  ],
});
const [purchase] = (await client.purchases.list({ where: { saleId: sale.id } })).records;
const [fulfillment] = (await client.fulfillments.list({ where: { saleId: sale.id } })).records;
\`\`\`

### 5. Send and ship

Send the purchase order to the provider, record what the provider and the warehouse shipped; the
sale follows its lines (\`partiallyFulfilled\`, then \`fulfilled\`). An action a record's state does not
allow is a 409 whose \`allowedActions\` say what it does allow.

\`\`\`ts
await client.purchases.send(purchase!.id, { format: "email" });
await client.purchases.ship(purchase!.id, { trackingNumber: "PX123456789" });
await client.fulfillments.ship(fulfillment!.id, { trackingNumber: "PX3", carrier: "Parcel Express" });
console.log((await client.sales.get(sale.id)).status); // "fulfilled"
\`\`\`

### 6. Pay the provider

The provider invoices the purchase; one transfer pays every invoiced purchase it is owed.

\`\`\`ts
await client.purchases.update(purchase!.id, { invoiceStatus: "invoiced" });
await client.dropshipProviders.settleInvoices(provider.id, {});
console.log((await client.purchases.get(purchase!.id)).paymentStatus); // "paid"
\`\`\`

### Next

Lists take \`where\`, \`order\`, \`limit\` and a \`cursor\` (see any list operation); \`attributes\` and
\`include\` shape what a read answers. Errors are \`application/problem+json\` naming the field at fault.
Changes are also published as events (\`GET /events.json\`) and to webhook endpoints.
`;
