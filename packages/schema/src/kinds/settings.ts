import { defineKind, f } from "../define.ts";

const commentableKinds = [
  "sale",
  "purchase",
  "dropshipment",
  "fulfillment",
  "customer",
  "dropship-provider",
  "variant",
] as const;

export const companyClient = defineKind({
  name: "company-client",
  plural: "company-clients",
  group: "settings",
  source: "seed",
  description: "An application registered by the company to call the API on its behalf.",
  fields: {
    name: f.string({ required: true, maxLength: 200 }),
    description: f.string({ maxLength: 2000 }),
    contactEmail: f.string({ maxLength: 200, format: "email" }),
    redirectUrls: f.array(f.string({ maxLength: 2000, format: "url" }), { maxLength: 20 }),
    scopes: f.array(f.enum(["read", "write"]), { maxLength: 2 }),
    enabled: f.boolean({ required: true, default: true }),
    lastUsedAt: f.datetime({ readOnly: true }),
  },
});

export const companyReferral = defineKind({
  name: "company-referral",
  plural: "company-referrals",
  group: "settings",
  source: "seed",
  description: "Another business the company referred to the service, and the reward it earned.",
  fields: {
    name: f.string({ required: true, maxLength: 200, description: "The referred business." }),
    contactName: f.string({ maxLength: 200 }),
    email: f.string({ maxLength: 200, format: "email" }),
    referralCode: f.string({ maxLength: 100 }),
    status: f.enum(["invited", "signedUp", "qualified", "rewarded", "declined"], {
      required: true,
      default: "invited",
    }),
    rewardAmount: f.money({ min: 0 }),
    currency: f.string({ required: true, default: "USD", format: "currency" }),
    signedUpAt: f.datetime(),
    notes: f.string({ maxLength: 2000 }),
  },
});

export const companySetting = defineKind({
  name: "company-setting",
  plural: "company-settings",
  group: "settings",
  source: "seed",
  description: "One named setting of the company, as a key and a text value.",
  unique: [["key"]],
  fields: {
    key: f.string({ required: true, minLength: 1, maxLength: 100 }),
    value: f.string({ maxLength: 4000 }),
    description: f.string({ maxLength: 500 }),
  },
});

export const comment = defineKind({
  name: "comment",
  plural: "comments",
  group: "settings",
  source: "seed",
  description: "A note left on a record such as a sale, purchase or customer.",
  fields: {
    subjectKind: f.enum(commentableKinds, {
      required: true,
      description: "The kind of the record commented on.",
    }),
    subjectId: f.integer({
      required: true,
      min: 1,
      subjectOf: "subjectKind",
      description:
        "The id of the record commented on: a record of your company of the kind subjectKind names.",
    }),
    body: f.string({ required: true, minLength: 1, maxLength: 5000 }),
    author: f.string({ maxLength: 200 }),
    internal: f.boolean({
      required: true,
      default: true,
      description: "Hidden from providers and resellers.",
    }),
  },
});

export const error = defineKind({
  name: "error",
  plural: "errors",
  group: "settings",
  source: "seed",
  description:
    "A processing error recorded for follow-up (an import that failed, a feed that could not be read).",
  fields: {
    source: f.string({
      maxLength: 100,
      description: "What was running, e.g. `inventory-feed` or `purchase-send`.",
    }),
    code: f.string({ maxLength: 100 }),
    message: f.string({ required: true, minLength: 1, maxLength: 2000 }),
    details: f.map(),
    subjectKind: f.string({ maxLength: 100, description: "Kind of the record concerned, e.g. `purchase`." }),
    subjectId: f.integer({
      min: 1,
      subjectOf: "subjectKind",
      description: "The id of the record concerned: a record of your company of the kind subjectKind names.",
    }),
    resolved: f.boolean({ required: true, default: false }),
    resolvedAt: f.datetime(),
    occurredAt: f.datetime(),
  },
});

export const agreement = defineKind({
  name: "agreement",
  plural: "agreements",
  group: "settings",
  source: "seed",
  description: "Terms the company asks its dropship providers, resellers or customers to accept.",
  fields: {
    name: f.string({ required: true, maxLength: 200 }),
    audience: f.enum(["dropshipProvider", "reseller", "customer"], {
      required: true,
      default: "dropshipProvider",
    }),
    version: f.string({ required: true, default: "1", maxLength: 50 }),
    body: f.string({ maxLength: 100_000, description: "The text of the terms." }),
    url: f.string({
      maxLength: 2000,
      format: "url",
      description: "Where the terms are published, if not in the body.",
    }),
    requiresSignature: f.boolean({ required: true, default: false }),
    active: f.boolean({ required: true, default: true }),
    effectiveAt: f.datetime(),
  },
});

export const accountingIntegration = defineKind({
  name: "accounting-integration",
  plural: "accounting-integrations",
  group: "settings",
  source: "seed",
  description:
    "A connection to an accounting system: where sales, dropship and replenishment records are sent.",
  fields: {
    dropshipEndpoint: f.string({ maxLength: 2000, format: "url" }),
    name: f.string({ required: true, maxLength: 200 }),
    replenishmentEndpoint: f.string({ maxLength: 2000, format: "url" }),
    saleEndpoint: f.string({ maxLength: 2000, format: "url" }),
  },
});

export const accountingPayload = defineKind({
  name: "accounting-payload",
  plural: "accounting-payloads",
  group: "settings",
  source: "seed",
  description: "One record sent to an accounting integration, with the body sent and the answer received.",
  owner: { field: "accountingIntegrationId" },
  fields: {
    accountingIntegrationId: f.ref("accounting-integration", { required: true }),
    payloadType: f.enum(["sale", "dropship", "replenishment"], { required: true }),
    saleId: f.ref("sale"),
    purchaseId: f.ref("purchase"),
    payload: f.string({ maxLength: 500_000, description: "The body sent." }),
    status: f.enum(["pending", "sent", "error"], { required: true, default: "pending" }),
    responseStatus: f.integer({ min: 100, max: 599 }),
    responseBody: f.string({ maxLength: 100_000 }),
    errorMessage: f.string({ maxLength: 2000 }),
    sentAt: f.datetime(),
  },
});
