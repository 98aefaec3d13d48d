/** Custom fields: their definitions, where they apply, and their values on records of each kind. */
import { defineKind, f } from "../define.ts";

const group = "custom-fields";

const resources = [
  "dropship_provider",
  "dropshipment",
  "dropshipment_item",
  "reseller",
  "purchase",
  "purchase_item",
  "sale",
  "sale_item",
  "sale_return",
  "sale_return_item",
  "variant",
  "vendor",
] as const;

export const customField = defineKind({
  name: "custom-field",
  plural: "custom-fields",
  description:
    "The definition of a custom field: its name, value type, choices and the kind of record it applies to.",
  group,
  source: "seed",
  fields: {
    fieldType: f.enum(["string", "text", "image", "file", "options"], {
      required: true,
      default: "string",
      nullable: true,
    }),
    helpText: f.string({ maxLength: 2000 }),
    icon: f.string({ maxLength: 100 }),
    label: f.string({ maxLength: 200 }),
    name: f.string({ required: true, minLength: 1, maxLength: 200 }),
    namespace: f.string({ maxLength: 100 }),
    options: f.array(f.string({ required: true, minLength: 1, maxLength: 200 }), {
      maxLength: 500,
      description: "The allowed values of an `options` field.",
    }),
    resource: f.enum(["any", ...resources], {
      required: true,
      default: "any",
      nullable: true,
      description: "The kind of record the field applies to.",
    }),
    showInResellerPortal: f.boolean(),
    showInReturnPortal: f.boolean({ required: true, default: false, nullable: true }),
    showInVendorPortal: f.boolean({ required: true, default: false, nullable: true }),
  },
});

export const customFieldScope = defineKind({
  name: "custom-field-scope",
  plural: "custom-field-scopes",
  description:
    "Where a custom field applies: one kind of record, optionally only for one channel or dropship provider, and whether a value is required there.",
  group,
  source: "seed",
  owner: { field: "customFieldId" },
  fields: {
    customFieldId: f.ref("custom-field", { required: true }),
    resource: f.enum(resources, { required: true }),
    channelId: f.ref("channel"),
    dropshipProviderId: f.ref("dropship-provider"),
    valueRequired: f.boolean({ default: false }),
    position: f.integer({ min: 0, default: 0 }),
  },
});

const customFieldId = () => f.ref("custom-field", { required: true });
const value = () => f.string({ maxLength: 4000 });

export const customFieldDropshipProvider = defineKind({
  name: "custom-field-dropship-provider",
  plural: "custom-field-dropship-providers",
  description: "The value of a custom field on a dropship provider.",
  group,
  source: "seed",
  owner: { field: "dropshipProviderId" },
  unique: [["customFieldId", "dropshipProviderId"]],
  fields: {
    customFieldId: customFieldId(),
    dropshipProviderId: f.ref("dropship-provider", { required: true }),
    value: value(),
  },
});

export const customFieldDropshipment = defineKind({
  name: "custom-field-dropshipment",
  plural: "custom-field-dropshipments",
  description: "The value of a custom field on a dropshipment.",
  group,
  source: "seed",
  owner: { field: "dropshipmentId" },
  unique: [["customFieldId", "dropshipmentId"]],
  fields: {
    customFieldId: customFieldId(),
    dropshipmentId: f.ref("dropshipment", { required: true }),
    value: value(),
  },
});

export const customFieldDropshipmentItem = defineKind({
  name: "custom-field-dropshipment-item",
  plural: "custom-field-dropshipment-items",
  description: "The value of a custom field on a dropshipment item.",
  group,
  source: "seed",
  owner: { field: "dropshipmentItemId" },
  unique: [["customFieldId", "dropshipmentItemId"]],
  fields: {
    customFieldId: customFieldId(),
    dropshipmentItemId: f.ref("dropshipment-item", { required: true }),
    value: value(),
  },
});

export const customFieldPurchase = defineKind({
  name: "custom-field-purchase",
  plural: "custom-field-purchases",
  description: "The value of a custom field on a purchase.",
  group,
  source: "seed",
  owner: { field: "purchaseId" },
  unique: [["customFieldId", "purchaseId"]],
  fields: {
    customFieldId: customFieldId(),
    purchaseId: f.ref("purchase", { required: true }),
    value: value(),
  },
});

export const customFieldPurchaseItem = defineKind({
  name: "custom-field-purchase-item",
  plural: "custom-field-purchase-items",
  description: "The value of a custom field on a purchase item.",
  group,
  source: "seed",
  owner: { field: "purchaseItemId" },
  unique: [["customFieldId", "purchaseItemId"]],
  fields: {
    customFieldId: customFieldId(),
    purchaseItemId: f.ref("purchase-item", { required: true }),
    value: value(),
  },
});

export const customFieldReseller = defineKind({
  name: "custom-field-reseller",
  plural: "custom-field-resellers",
  description: "The value of a custom field on a reseller.",
  group,
  source: "seed",
  owner: { field: "resellerId" },
  unique: [["customFieldId", "resellerId"]],
  fields: {
    customFieldId: customFieldId(),
    resellerId: f.ref("reseller", { required: true }),
    value: value(),
  },
});

export const customFieldSale = defineKind({
  name: "custom-field-sale",
  plural: "custom-field-sales",
  description: "The value of a custom field on a sale.",
  group,
  source: "seed",
  owner: { field: "saleId" },
  unique: [["customFieldId", "saleId"]],
  fields: {
    customFieldId: customFieldId(),
    saleId: f.ref("sale", { required: true }),
    value: value(),
  },
});

export const customFieldSaleItem = defineKind({
  name: "custom-field-sale-item",
  plural: "custom-field-sale-items",
  description: "The value of a custom field on a sale item.",
  group,
  source: "seed",
  owner: { field: "saleItemId" },
  unique: [["customFieldId", "saleItemId"]],
  fields: {
    customFieldId: customFieldId(),
    saleItemId: f.ref("sale-item", { required: true }),
    value: value(),
  },
});

export const customFieldSaleReturn = defineKind({
  name: "custom-field-sale-return",
  plural: "custom-field-sale-returns",
  description: "The value of a custom field on a sale return.",
  group,
  source: "seed",
  owner: { field: "saleReturnId" },
  unique: [["customFieldId", "saleReturnId"]],
  fields: {
    customFieldId: customFieldId(),
    saleReturnId: f.ref("sale-return", { required: true }),
    value: value(),
  },
});

export const customFieldSaleReturnItem = defineKind({
  name: "custom-field-sale-return-item",
  plural: "custom-field-sale-return-items",
  description: "The value of a custom field on a sale return item.",
  group,
  source: "seed",
  owner: { field: "saleReturnItemId" },
  unique: [["customFieldId", "saleReturnItemId"]],
  fields: {
    customFieldId: customFieldId(),
    saleReturnItemId: f.ref("sale-return-item", { required: true }),
    value: value(),
  },
});

export const customFieldVariant = defineKind({
  name: "custom-field-variant",
  plural: "custom-field-variants",
  description: "The value of a custom field on a variant.",
  group,
  source: "seed",
  owner: { field: "variantId" },
  unique: [["customFieldId", "variantId"]],
  fields: {
    customFieldId: customFieldId(),
    variantId: f.ref("variant", { required: true }),
    value: value(),
  },
});

export const customFieldVendor = defineKind({
  name: "custom-field-vendor",
  plural: "custom-field-vendors",
  description: "The value of a custom field on a vendor.",
  group,
  source: "seed",
  owner: { field: "vendorId" },
  unique: [["customFieldId", "vendorId"]],
  fields: {
    customFieldId: customFieldId(),
    vendorId: f.ref("vendor", { required: true }),
    value: value(),
  },
});
