/** The catalogue (products, variants, vendors) and the stock held in own warehouses. */
import { defineKind, f, MAX_WEIGHT, tagList } from "../define.ts";

const group = "catalog";

/** Free labels (at most 250 of up to 100 characters each), for filters and routing rules. */
export const product = defineKind({
  name: "product",
  plural: "products",
  description: "A catalogue product: the shared name, description and options of a group of variants.",
  group,
  source: "implied",
  // An inventory feed's publish finds the products it made by their handle (`externalId`).
  lookups: ["externalId"],
  fields: {
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 500,
      description: "The product's name, as shoppers see it.",
      example: "Linen shirt",
    }),
    description: f.string({
      maxLength: 20_000,
      description: "Long text describing the product (plain text or HTML, kept as sent).",
    }),
    brand: f.string({ maxLength: 200, description: "The brand it is sold under.", example: "Northwind" }),
    productType: f.string({
      maxLength: 200,
      description: "A free category of the product (shirts, mugs), for filters and reports.",
      example: "Shirts",
    }),
    vendorId: f.ref("vendor", { description: "The vendor that supplies it." }),
    externalId: f.string({
      maxLength: 100,
      description:
        "The product's id in another system (a store or a supplier's catalogue); for a product an inventory feed's publish made, the handle that groups the feed's items into it (see inventory-feed `handleStrategy`).",
    }),
    optionNames: f.array(f.string({ required: true, minLength: 1, maxLength: 100 }), {
      maxLength: 10,
      description:
        "Names of the options its variants differ by (size, colour): an option value's `name` is one of them. An option stays while option values name it (else 409).",
    }),
    imageUrl: f.string({
      format: "url",
      maxLength: 2000,
      description: "The URL of its main image.",
      example: "https://cdn.example.com/images/linen-shirt.jpg",
    }),
    tags: tagList(),
    status: f.enum(["active", "draft", "archived"], {
      default: "active",
      description:
        "`active` products are sold, `draft` ones are being prepared, `archived` ones are kept for history.",
    }),
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
  // Inventory feeds connect their items by SKU and by the vendor's code whatever their case
  // (`caseInsensitiveSkus`), and by barcode.
  caselessLookups: ["sku", "vendorSku"],
  lookups: ["barcode"],
  fields: {
    productId: f.ref("product", { description: "The product it is a variant of." }),
    sku: f.string({
      required: true,
      minLength: 1,
      maxLength: 100,
      description:
        "The stock keeping unit: the code that names the variant in orders, feeds and stock; unique in your company.",
      example: "SHIRT-LIN-M-BLU",
    }),
    name: f.string({
      maxLength: 500,
      description: "The variant's own name; the product's name when empty.",
      example: "Linen shirt, M, blue",
    }),
    barcode: f.string({
      maxLength: 100,
      description: "Its barcode (EAN, UPC or GTIN).",
      example: "0012345678905",
    }),
    price: f.money({ min: 0, description: "The selling price, in the company's currency.", example: 49.9 }),
    compareAtPrice: f.money({
      min: 0,
      description: "A former or list price shown struck through beside `price`.",
      example: 59.9,
    }),
    costPrice: f.money({
      min: 0,
      description: "What one unit costs the company; purchases are priced at it.",
      example: 18.5,
    }),
    weight: f.number({
      min: 0,
      max: MAX_WEIGHT,
      description: "Weight in grams.",
      example: 320,
    }),
    dropshipProviderId: f.ref("dropship-provider", { description: "Who ships it when it is dropshipped." }),
    vendorId: f.ref("vendor", { description: "The vendor that supplies it." }),
    vendorSku: f.string({
      maxLength: 100,
      description:
        "The vendor's own code for the item (its SKU in the vendor's catalogue): an item of the vendor's inventory feed with this SKU connects to the variant.",
      example: "NW-1042",
    }),
    externalId: f.string({
      maxLength: 100,
      description: "The variant's id in another system (a store or a supplier's catalogue).",
    }),
    hsCode: f.string({
      maxLength: 14,
      format: "hs-code",
      description:
        "The Harmonized System (tariff) code the item is declared under at customs: 6 to 10 digits, groups of them separated by dots.",
      example: "6205.20",
    }),
    countryOfOrigin: f.string({
      format: "country",
      description: "Where the item was made, for customs (ISO 3166-1 alpha-2).",
      example: "PT",
    }),
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
    componentVariantId: f.ref("variant", {
      required: true,
      description: "The variant the bundle contains: another variant, never the bundle itself (else 422).",
    }),
    quantity: f.integer({
      required: true,
      default: 1,
      min: 1,
      max: 1_000_000,
      description: "How many units of the component one bundle holds.",
      example: 2,
    }),
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
    variantId: f.ref("variant", { required: true, description: "The variant this option value belongs to." }),
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 100,
      description:
        "The option's name, one of its variant's product's `optionNames` as written there (else 422); any name on a variant without a product.",
    }),
    value: f.string({
      required: true,
      maxLength: 200,
      description: "The option's value for the variant.",
      example: "Blue",
    }),
    position: f.integer({
      min: 0,
      default: 0,
      description: "Where the option is listed among the variant's options (from 0).",
    }),
  },
});

export const variantParcel = defineKind({
  name: "variant-parcel",
  plural: "variant-parcels",
  description:
    "A parcel a variant ships in: its packed dimensions and weight. A rates quote weighs a variant without a `weight` at what its parcels weigh together.",
  group,
  source: "seed",
  owner: { field: "variantId" },
  fields: {
    distanceUnit: f.enum(["in", "cm"], {
      required: true,
      default: "in",
      nullable: true,
      description: "The unit of the packing dimensions.",
    }),
    packingDepth: f.number({
      required: true,
      default: 2.4,
      nullable: true,
      min: 0,
      description: "Depth of the packed parcel, in `distanceUnit`.",
    }),
    packingHeight: f.number({
      required: true,
      default: 13.3,
      nullable: true,
      min: 0,
      description: "Height of the packed parcel, in `distanceUnit`.",
    }),
    packingWidth: f.number({
      required: true,
      default: 11.5,
      nullable: true,
      min: 0,
      description: "Width of the packed parcel, in `distanceUnit`.",
    }),
    source: f.enum(["import", "internal"], {
      required: true,
      default: "internal",
      nullable: true,
      description: "Where the parcel came from: an `import` or entered here (`internal`).",
    }),
    tags: f.array(f.string({ required: true, minLength: 1, maxLength: 100 }), {
      required: true,
      default: [],
      nullable: true,
      maxLength: 250,
      description: "Free labels on the parcel.",
    }),
    variantId: f.ref("variant", { required: true, description: "The variant that ships in this parcel." }),
    weight: f.number({
      required: true,
      default: 0,
      nullable: true,
      min: 0,
      max: MAX_WEIGHT,
      description: "Weight of the packed parcel, in `weightUnit`.",
    }),
    weightUnit: f.enum(["g", "kg", "oz", "lb"], {
      required: true,
      default: "g",
      nullable: true,
      description: "The unit of `weight`.",
    }),
  },
});

export const variantWarehouseUpdate = defineKind({
  name: "variant-warehouse-update",
  plural: "variant-warehouse-updates",
  description:
    "A stock level reported for a variant at a warehouse (by a warehouse tool or a file), applied when it is created, and whether it was.",
  group,
  source: "seed",
  fields: {
    variantId: f.ref("variant", { required: true, description: "The variant whose stock is reported." }),
    warehouseId: f.ref("warehouse", {
      required: true,
      description: "The warehouse the level is reported for.",
    }),
    quantity: f.integer({
      required: true,
      min: 0,
      max: 100_000_000,
      description: "The absolute on-hand level reported.",
    }),
    quantityBefore: f.integer({ readOnly: true, description: "On hand before the update was applied." }),
    status: f.enum(["pending", "applied", "skipped", "error"], {
      default: "pending",
      description:
        "Created `pending` (the default), the level is applied at once: on hand is set to `quantity` through an adjustment (`applied`), left alone (`skipped`: the same as on hand) or not set (`error`, see `statusMessage`). Created with another status, the record is kept as sent (a level applied elsewhere).",
    }),
    statusMessage: f.string({ maxLength: 2000, description: "Why it was skipped or failed." }),
    adjustmentId: f.ref("adjustment", { description: "The adjustment that applied it." }),
    appliedAt: f.datetime({ description: "When the level was applied." }),
    notes: f.string({ maxLength: 2000, description: "Free notes." }),
  },
});

export const vendor = defineKind({
  name: "vendor",
  plural: "vendors",
  description: "A supplier or brand whose products the company sells, who may also send inventory feeds.",
  group,
  source: "implied",
  fields: {
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The vendor's name.",
      example: "Northwind Textiles",
    }),
    code: f.string({
      maxLength: 100,
      description: "A short code of the vendor, for your own references.",
      example: "NWT",
    }),
    email: f.string({
      format: "email",
      maxLength: 254,
      description: "Where to reach the vendor by e-mail.",
      example: "orders@northwind.example",
    }),
    phone: f.string({ format: "phone", description: "The vendor's phone number." }),
    website: f.string({ format: "url", maxLength: 2000, description: "The vendor's website." }),
    currency: f.string({
      format: "currency",
      description: "The currency the vendor invoices in (ISO 4217).",
      example: "EUR",
    }),
    country: f.string({
      format: "country",
      description: "The vendor's country (ISO 3166-1 alpha-2).",
      example: "PT",
    }),
    externalId: f.string({ maxLength: 100, description: "The vendor's id in another system." }),
    notes: f.string({ maxLength: 2000, description: "Free notes." }),
  },
});

export const warehouse = defineKind({
  name: "warehouse",
  plural: "warehouses",
  description: "An own stock location that the company ships from and receives goods into.",
  group,
  source: "implied",
  fields: {
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The warehouse's name.",
      example: "Main warehouse",
    }),
    code: f.string({ maxLength: 100, description: "A short code of the warehouse.", example: "MAIN" }),
    company: f.string({ maxLength: 200, description: "The company name on its address." }),
    lineOne: f.string({
      maxLength: 200,
      description: "First line of the street address.",
      example: "12 Harbour Road",
    }),
    lineTwo: f.string({ maxLength: 200, description: "Second line of the street address (unit, floor)." }),
    city: f.string({ maxLength: 100, description: "City.", example: "Denver" }),
    state: f.string({ maxLength: 100, description: "State, province or region.", example: "CO" }),
    zip: f.string({ maxLength: 20, description: "Postal code.", example: "80202" }),
    country: f.string({ format: "country", description: "Country (ISO 3166-1 alpha-2).", example: "US" }),
    phone: f.string({ format: "phone", description: "The warehouse's phone number." }),
    email: f.string({ format: "email", maxLength: 254, description: "The warehouse's e-mail address." }),
    isDefault: f.boolean({
      default: false,
      description:
        "Ships what no dropship provider or channel warehouse takes; at most one warehouse is the default.",
    }),
  },
});

export const inventoryLevel = defineKind({
  name: "inventory-level",
  plural: "inventory-levels",
  description:
    "The stock of one variant at one own warehouse: on hand, allocated to open orders, and the bin or shelf it is kept in.",
  group,
  source: "implied",
  unique: [["variantId", "warehouseId"]],
  fields: {
    variantId: f.ref("variant", {
      required: true,
      description: "The variant whose stock this is; set on create, it does not change (409).",
    }),
    warehouseId: f.ref("warehouse", {
      required: true,
      description: "The warehouse that holds it; set on create, it does not change (409).",
    }),
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
    location: f.string({
      maxLength: 100,
      description: "Where the variant is kept in the warehouse: its bin or shelf, as the warehouse names it.",
      example: "A-03-2",
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
    adjustmentReasonId: f.ref("adjustment-reason", { description: "Why the stock changed." }),
    automatedImport: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description: "Made by an automated import rather than by hand.",
    }),
    costPrice: f.money({
      required: true,
      default: 0,
      nullable: true,
      min: 0,
      description: "The unit cost of the units added or removed.",
    }),
    dataImportId: f.ref("data-import", { description: "The data import that made it, if any." }),
    notes: f.string({ maxLength: 2000, description: "Free notes." }),
    quantity: f.integer({
      required: true,
      min: -100_000_000,
      max: 100_000_000,
      description: "The change of on-hand units: positive adds stock, negative removes it.",
    }),
    quantityAfter: f.integer({ readOnly: true, description: "On hand after the change." }),
    quantityBefore: f.integer({ readOnly: true, description: "On hand before the change." }),
    stockTakeItemId: f.integer({ min: 1, description: "The stock take line it comes from, if any." }),
    userId: f.integer({ min: 1, description: "The user who made it, if any." }),
    variantId: f.ref("variant", { required: true, description: "The variant whose stock changed." }),
    warehouseId: f.ref("warehouse", { required: true, description: "The warehouse where it changed." }),
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
    code: f.string({
      required: true,
      minLength: 1,
      maxLength: 100,
      description: "A short code of the reason, unique in your company.",
      example: "damaged",
    }),
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The reason as people read it.",
      example: "Damaged in storage",
    }),
    showInReturnsPortal: f.boolean({
      required: true,
      default: true,
      nullable: true,
      description: "Offered as a reason when customers request returns.",
      recordOnly: true,
    }),
  },
});

export const allowedTag = defineKind({
  name: "allowed-tag",
  plural: "allowed-tags",
  description: "A tag the company allows on its records, optionally only on one kind of record.",
  group,
  source: "seed",
  unique: [["name", "resource"]],
  recordOnly: true,
  fields: {
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 100,
      description: "The tag.",
      example: "wholesale",
    }),
    resource: f.enum(
      ["any", "product", "variant", "sale", "purchase", "dropshipment", "fulfillment", "customer", "vendor"],
      {
        default: "any",
        description: "The kind of record it may be put on; `any` for all.",
      },
    ),
    color: f.string({
      maxLength: 20,
      description: "A colour to show it in, as CSS text.",
      example: "#2f80ed",
    }),
    description: f.string({ maxLength: 500, description: "What the tag means." }),
  },
});
