/** The catalogue (products, variants, vendors) and the stock held in own warehouses. */
import { defineKind, f } from "../define.ts";

const group = "catalog";

const tagList = () => f.array(f.string({ required: true, minLength: 1, maxLength: 100 }), { maxLength: 250 });

export const product = defineKind({
  name: "product",
  plural: "products",
  description: "A catalogue product: the shared name, description and options of a group of variants.",
  group,
  source: "implied",
  fields: {
    name: f.string({ required: true, minLength: 1, maxLength: 500, example: "Linen shirt" }),
    description: f.string({ maxLength: 20_000 }),
    brand: f.string({ maxLength: 200 }),
    productType: f.string({ maxLength: 200 }),
    vendorId: f.ref("vendor"),
    externalId: f.string({ maxLength: 100 }),
    optionNames: f.array(f.string({ required: true, minLength: 1, maxLength: 100 }), {
      maxLength: 10,
      description: "Names of the options its variants differ by (size, colour).",
    }),
    imageUrl: f.string({ format: "url", maxLength: 2000 }),
    tags: tagList(),
    status: f.enum(["active", "draft", "archived"], { default: "active" }),
  },
});

export const variant = defineKind({
  name: "variant",
  plural: "variants",
  description:
    "A sellable item identified by its SKU, with its prices, weight and who ships it when dropshipped.",
  group,
  source: "implied",
  unique: [["sku"]],
  fields: {
    productId: f.ref("product"),
    sku: f.string({ required: true, minLength: 1, maxLength: 100, example: "SHIRT-LIN-M-BLU" }),
    name: f.string({ maxLength: 500 }),
    barcode: f.string({ maxLength: 100 }),
    price: f.money({ min: 0 }),
    compareAtPrice: f.money({ min: 0 }),
    costPrice: f.money({ min: 0 }),
    weight: f.number({ min: 0, description: "Weight in grams." }),
    dropshipProviderId: f.ref("dropship-provider", { description: "Who ships it when it is dropshipped." }),
    vendorId: f.ref("vendor"),
    externalId: f.string({ maxLength: 100 }),
    tags: tagList(),
  },
});

export const bundleVariant = defineKind({
  name: "bundle-variant",
  plural: "bundle-variants",
  description:
    "One component of a bundle: a variant contained, in a quantity, in a variant sold as a bundle.",
  group,
  source: "seed",
  owner: { field: "variantId" },
  unique: [["variantId", "componentVariantId"]],
  fields: {
    variantId: f.ref("variant", { required: true, description: "The bundle." }),
    componentVariantId: f.ref("variant", { required: true, description: "The variant the bundle contains." }),
    quantity: f.integer({ required: true, default: 1, min: 1, max: 1_000_000 }),
  },
});

export const optionValue = defineKind({
  name: "option-value",
  plural: "option-values",
  description: "The value of one product option for a variant (size: M, colour: blue).",
  group,
  source: "seed",
  owner: { field: "variantId" },
  unique: [["variantId", "name"]],
  fields: {
    variantId: f.ref("variant", { required: true }),
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 100,
      description: "The option's name, one of the product's optionNames.",
    }),
    value: f.string({ required: true, maxLength: 200 }),
    position: f.integer({ min: 0, default: 0 }),
  },
});

export const variantParcel = defineKind({
  name: "variant-parcel",
  plural: "variant-parcels",
  description: "A parcel a variant ships in: its packed dimensions and weight, used for labels and rates.",
  group,
  source: "seed",
  owner: { field: "variantId" },
  fields: {
    distanceUnit: f.enum(["in", "cm"], { required: true, default: "in", nullable: true }),
    packingDepth: f.number({ required: true, default: 2.4, nullable: true, min: 0 }),
    packingHeight: f.number({ required: true, default: 13.3, nullable: true, min: 0 }),
    packingWidth: f.number({ required: true, default: 11.5, nullable: true, min: 0 }),
    source: f.enum(["import", "internal"], { required: true, default: "internal", nullable: true }),
    tags: f.array(f.string({ required: true, minLength: 1, maxLength: 100 }), {
      required: true,
      default: [],
      nullable: true,
      maxLength: 250,
    }),
    variantId: f.ref("variant", { required: true }),
    weight: f.number({ required: true, default: 0, nullable: true, min: 0 }),
    weightUnit: f.enum(["g", "kg", "oz", "lb"], { required: true, default: "g", nullable: true }),
  },
});

export const variantWarehouseUpdate = defineKind({
  name: "variant-warehouse-update",
  plural: "variant-warehouse-updates",
  description:
    "A stock level reported for a variant at a warehouse (by a warehouse tool or a file), and whether it was applied.",
  group,
  source: "seed",
  fields: {
    variantId: f.ref("variant", { required: true }),
    warehouseId: f.ref("warehouse", { required: true }),
    quantity: f.integer({
      required: true,
      min: 0,
      max: 100_000_000,
      description: "The absolute on-hand level reported.",
    }),
    quantityBefore: f.integer({ readOnly: true, description: "On hand before the update was applied." }),
    status: f.enum(["pending", "applied", "skipped", "error"], { default: "pending" }),
    statusMessage: f.string({ maxLength: 2000 }),
    adjustmentId: f.ref("adjustment", { description: "The adjustment that applied it." }),
    appliedAt: f.datetime(),
    notes: f.string({ maxLength: 2000 }),
  },
});

export const vendor = defineKind({
  name: "vendor",
  plural: "vendors",
  description: "A supplier or brand whose products the company sells, who may also send inventory feeds.",
  group,
  source: "implied",
  fields: {
    name: f.string({ required: true, minLength: 1, maxLength: 200 }),
    code: f.string({ maxLength: 100 }),
    email: f.string({ format: "email", maxLength: 254 }),
    phone: f.string({ format: "phone" }),
    website: f.string({ format: "url", maxLength: 2000 }),
    currency: f.string({ format: "currency" }),
    country: f.string({ format: "country" }),
    externalId: f.string({ maxLength: 100 }),
    notes: f.string({ maxLength: 2000 }),
  },
});

export const warehouse = defineKind({
  name: "warehouse",
  plural: "warehouses",
  description: "An own stock location that the company ships from and receives goods into.",
  group,
  source: "implied",
  fields: {
    name: f.string({ required: true, minLength: 1, maxLength: 200 }),
    code: f.string({ maxLength: 100 }),
    company: f.string({ maxLength: 200 }),
    lineOne: f.string({ maxLength: 200 }),
    lineTwo: f.string({ maxLength: 200 }),
    city: f.string({ maxLength: 100 }),
    state: f.string({ maxLength: 100 }),
    zip: f.string({ maxLength: 20 }),
    country: f.string({ format: "country" }),
    phone: f.string({ format: "phone" }),
    email: f.string({ format: "email", maxLength: 254 }),
    isDefault: f.boolean({ default: false }),
  },
});

export const inventoryLevel = defineKind({
  name: "inventory-level",
  plural: "inventory-levels",
  description: "The stock of one variant at one own warehouse: on hand and allocated to open orders.",
  group,
  source: "implied",
  unique: [["variantId", "warehouseId"]],
  fields: {
    variantId: f.ref("variant", { required: true }),
    warehouseId: f.ref("warehouse", { required: true }),
    onHand: f.integer({
      default: 0,
      readOnly: true,
      description:
        "Units in the warehouse; negative when oversold. Changed only by recorded movements: adjustments, shipped fulfillments, received returns.",
    }),
    allocated: f.integer({
      default: 0,
      min: 0,
      readOnly: true,
      description: "Units reserved for unshipped fulfillments.",
    }),
  },
});

export const adjustment = defineKind({
  name: "adjustment",
  plural: "adjustments",
  description:
    "A recorded change of a variant's on-hand stock at a warehouse, with the levels before and after.",
  group,
  source: "seed",
  fields: {
    adjustmentReasonId: f.ref("adjustment-reason"),
    automatedImport: f.boolean({ required: true, default: false, nullable: true }),
    costPrice: f.money({ required: true, default: 0, nullable: true, min: 0 }),
    dataImportId: f.ref("data-import"),
    notes: f.string({ maxLength: 2000 }),
    quantity: f.integer({
      required: true,
      min: -100_000_000,
      max: 100_000_000,
      description: "The change of on-hand units: positive adds stock, negative removes it.",
    }),
    quantityAfter: f.integer({ readOnly: true, description: "On hand after the change." }),
    quantityBefore: f.integer({ readOnly: true, description: "On hand before the change." }),
    stockTakeItemId: f.integer({ min: 1 }),
    userId: f.integer({ min: 1 }),
    variantId: f.ref("variant", { required: true }),
    warehouseId: f.ref("warehouse", { required: true }),
  },
});

export const adjustmentReason = defineKind({
  name: "adjustment-reason",
  plural: "adjustment-reasons",
  description: "A reason that stock adjustments and returns can be filed under (damaged, recount, lost).",
  group,
  source: "seed",
  unique: [["code"]],
  fields: {
    code: f.string({ required: true, minLength: 1, maxLength: 100 }),
    name: f.string({ required: true, minLength: 1, maxLength: 200 }),
    showInReturnsPortal: f.boolean({ required: true, default: true, nullable: true }),
  },
});

export const allowedTag = defineKind({
  name: "allowed-tag",
  plural: "allowed-tags",
  description: "A tag the company allows on its records, optionally only on one kind of record.",
  group,
  source: "seed",
  unique: [["name", "resource"]],
  fields: {
    name: f.string({ required: true, minLength: 1, maxLength: 100 }),
    resource: f.enum(
      ["any", "product", "variant", "sale", "purchase", "dropshipment", "fulfillment", "customer", "vendor"],
      {
        default: "any",
      },
    ),
    color: f.string({ maxLength: 20 }),
    description: f.string({ maxLength: 500 }),
  },
});
