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
  fewPerCompany: true,
  fields: {
    fieldType: f.enum(["string", "text", "image", "file", "options"], {
      required: true,
      default: "string",
      nullable: true,
      description:
        "What its values are: short `string`, long `text`, an `image` or `file` URL, or one of `options`.",
    }),
    helpText: f.string({
      maxLength: 2000,
      description: "Help shown beside the field in forms.",
      recordOnly: true,
    }),
    icon: f.string({ maxLength: 100, description: "The name of an icon shown with the field." }),
    label: f.string({
      maxLength: 200,
      description: "The field's label in forms; `name` when null.",
      example: "Care instructions",
    }),
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The field's name, as integrations refer to it.",
      example: "care_instructions",
    }),
    namespace: f.string({
      maxLength: 100,
      description: "A group the field belongs to, so names may repeat across groups.",
    }),
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
    showInResellerPortal: f.boolean({ description: "Shown to resellers in their portal.", recordOnly: true }),
    showInReturnPortal: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description: "Shown to customers when they request a return.",
      recordOnly: true,
    }),
    showInVendorPortal: f.boolean({
      required: true,
      default: false,
      nullable: true,
      description: "Shown to vendors in their portal.",
      recordOnly: true,
    }),
  },
});

export const customFieldScope = defineKind({
  name: "custom-field-scope",
  plural: "custom-field-scopes",
  description:
    "Where a custom field applies: one kind of record, optionally only for one channel or dropship provider, and whether forms should ask for a value there (advisory: not enforced).",
  group,
  source: "seed",
  owner: { field: "customFieldId" },
  fields: {
    customFieldId: f.ref("custom-field", { required: true, description: "The custom field it scopes." }),
    resource: f.enum(resources, {
      required: true,
      description: "The kind of record the field applies to here.",
    }),
    channelId: f.ref("channel", { description: "Only records of this channel; null for all." }),
    dropshipProviderId: f.ref("dropship-provider", {
      description: "Only records of this dropship provider; null for all.",
    }),
    valueRequired: f.boolean({
      default: false,
      description:
        "Whether records in the scope should have a value: advisory, a hint for forms (the service does not refuse a record without a value).",
    }),
    position: f.integer({
      min: 0,
      default: 0,
      description: "Where the field is listed among the scope's fields (from 0).",
    }),
  },
});

/** The two fields every custom field value has; the record it is on is the third. */
const customFieldId = () =>
  f.ref("custom-field", { required: true, description: "The custom field this is a value of." });
const value = () =>
  f.string({
    maxLength: 4000,
    description: "The value, as text (an `options` field's value is one of its options).",
    example: "Hand wash only",
  });

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
    dropshipProviderId: f.ref("dropship-provider", {
      required: true,
      description: "The dropship provider the value is on.",
    }),
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
    dropshipmentId: f.ref("dropshipment", {
      required: true,
      description: "The dropshipment the value is on.",
    }),
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
    dropshipmentItemId: f.ref("dropshipment-item", {
      required: true,
      description: "The dropshipment item the value is on.",
    }),
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
    purchaseId: f.ref("purchase", { required: true, description: "The purchase the value is on." }),
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
    purchaseItemId: f.ref("purchase-item", {
      required: true,
      description: "The purchase item the value is on.",
    }),
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
    resellerId: f.ref("reseller", { required: true, description: "The reseller the value is on." }),
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
    saleId: f.ref("sale", { required: true, description: "The sale the value is on." }),
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
    saleItemId: f.ref("sale-item", { required: true, description: "The sale item the value is on." }),
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
    saleReturnId: f.ref("sale-return", { required: true, description: "The sale return the value is on." }),
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
    saleReturnItemId: f.ref("sale-return-item", {
      required: true,
      description: "The sale return item the value is on.",
    }),
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
    variantId: f.ref("variant", { required: true, description: "The variant the value is on." }),
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
    vendorId: f.ref("vendor", { required: true, description: "The vendor the value is on." }),
    value: value(),
  },
});
