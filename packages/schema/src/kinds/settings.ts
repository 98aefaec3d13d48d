import { defineKind, f } from "../define.ts";
import { rotateSigningSecret, signingSecret } from "../secrets.ts";

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
  recordOnly: true,
  fields: {
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The application's name, as shown when it asks for access.",
      example: "Warehouse scanner app",
    }),
    description: f.string({ maxLength: 2000, description: "What the application does." }),
    contactEmail: f.string({
      maxLength: 200,
      format: "email",
      description: "Who to contact about the application.",
      example: "it@example.com",
    }),
    redirectUrls: f.array(f.string({ maxLength: 2000, format: "url" }), {
      maxLength: 20,
      description: "Where the application may be sent back to after a user grants it access.",
      example: ["https://scanner.example.com/callback"],
    }),
    scopes: f.array(f.enum(["read", "write"]), {
      maxLength: 2,
      description: "What the application may do: `read`, `write`, or both.",
      example: ["read", "write"],
    }),
    enabled: f.boolean({
      required: true,
      default: true,
      description: "Whether the application is allowed to call the API.",
    }),
    lastUsedAt: f.datetime({
      readOnly: true,
      description: "When the application last called the API. Set by the server.",
    }),
  },
});

export const companyReferral = defineKind({
  name: "company-referral",
  plural: "company-referrals",
  group: "settings",
  source: "seed",
  description: "Another business the company referred to the service, and the reward it earned.",
  fields: {
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The referred business.",
      example: "Harbor Home Goods",
    }),
    contactName: f.string({
      maxLength: 200,
      description: "The person at the referred business.",
      example: "Lee Park",
    }),
    email: f.string({
      maxLength: 200,
      format: "email",
      description: "The contact's e-mail address.",
      example: "lee@harborhome.example",
    }),
    referralCode: f.string({
      maxLength: 100,
      description: "The code the referred business signed up with.",
      example: "REF-4821",
    }),
    status: f.enum(["invited", "signedUp", "qualified", "rewarded", "declined"], {
      required: true,
      default: "invited",
      description: "`invited`, `signedUp`, `qualified` (earned the reward), `rewarded`, or `declined`.",
    }),
    rewardAmount: f.money({ min: 0, description: "The reward earned, in `currency`.", example: 100 }),
    currency: f.string({
      required: true,
      default: "USD",
      format: "currency",
      description: "ISO 4217 code of `rewardAmount`.",
      example: "USD",
    }),
    signedUpAt: f.datetime({ description: "When the referred business signed up." }),
    notes: f.string({ maxLength: 2000, description: "Notes on the referral." }),
  },
});

export const companySetting = defineKind({
  name: "company-setting",
  plural: "company-settings",
  group: "settings",
  source: "seed",
  description: "One named setting of the company, as a key and a text value.",
  unique: [["key"]],
  recordOnly: true,
  fields: {
    key: f.string({
      required: true,
      minLength: 1,
      maxLength: 100,
      description: "The setting's name, unique within the company, e.g. `defaultWarehouseId`.",
      example: "defaultWarehouseId",
    }),
    value: f.string({ maxLength: 4000, description: "The setting's value, as text.", example: "3" }),
    description: f.string({
      maxLength: 500,
      description: "What the setting is for.",
      example: "Warehouse used when an order names none.",
    }),
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
    body: f.string({
      required: true,
      minLength: 1,
      maxLength: 5000,
      description: "The comment's text.",
      example: "Customer called: the parcel may be left with a neighbour.",
    }),
    author: f.string({ maxLength: 200, description: "Who wrote the comment.", example: "Sam (support)" }),
    internal: f.boolean({
      required: true,
      default: true,
      description: "Hidden from providers and resellers.",
      recordOnly: true,
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
      example: "inventory-feed",
    }),
    code: f.string({
      maxLength: 100,
      description: "A short code for the kind of error, e.g. `fetch_failed`.",
      example: "fetch_failed",
    }),
    message: f.string({
      required: true,
      minLength: 1,
      maxLength: 2000,
      description: "What went wrong, in words.",
      example: "The feed's URL answered 404.",
    }),
    details: f.map({
      description: 'More about the error as keys and values, e.g. `{"row": 12, "status": 404}`.',
    }),
    subjectKind: f.string({
      maxLength: 100,
      description: "Kind of the record concerned, e.g. `purchase`.",
      example: "inventory-feed",
    }),
    subjectId: f.integer({
      min: 1,
      subjectOf: "subjectKind",
      description: "The id of the record concerned: a record of your company of the kind subjectKind names.",
      example: 12,
    }),
    resolved: f.boolean({
      required: true,
      default: false,
      description: "Whether someone has dealt with the error.",
    }),
    resolvedAt: f.datetime({ description: "When the error was dealt with." }),
    occurredAt: f.datetime({ description: "When the error happened." }),
  },
});

export const agreement = defineKind({
  name: "agreement",
  plural: "agreements",
  group: "settings",
  source: "seed",
  description: "Terms the company asks its dropship providers, resellers or customers to accept.",
  fields: {
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The terms' title, e.g. `Dropship terms`.",
      example: "Dropship terms",
    }),
    audience: f.enum(["dropshipProvider", "reseller", "customer"], {
      required: true,
      default: "dropshipProvider",
      description: "Who is asked to accept the terms.",
    }),
    version: f.string({
      required: true,
      default: "1",
      maxLength: 50,
      description: "The terms' version, e.g. `2`; raise it when the text changes.",
      example: "2",
    }),
    body: f.string({ maxLength: 100_000, description: "The text of the terms." }),
    url: f.string({
      maxLength: 2000,
      format: "url",
      description: "Where the terms are published, if not in the body.",
      example: "https://example.com/legal/dropship-terms",
    }),
    requiresSignature: f.boolean({
      required: true,
      default: false,
      description: "Whether accepting needs a signature rather than a click.",
      recordOnly: true,
    }),
    active: f.boolean({
      required: true,
      default: true,
      description: "Whether the terms are in force and shown to their audience.",
      recordOnly: true,
    }),
    effectiveAt: f.datetime({ description: "When the terms take effect." }),
  },
});

export const accountingIntegration = defineKind({
  name: "accounting-integration",
  plural: "accounting-integrations",
  group: "settings",
  source: "seed",
  description:
    "A connection to an accounting system: where sales, dropship and replenishment records are sent.",
  actions: [rotateSigningSecret],
  fields: {
    dropshipEndpoint: f.string({
      maxLength: 2000,
      format: "url",
      called: true,
      description: "Where dropship purchases are sent.",
      example: "https://ledger.example.com/hooks/dropship",
    }),
    name: f.string({
      required: true,
      minLength: 1,
      maxLength: 200,
      description: "The integration's name, e.g. the accounting system's.",
      example: "Ledger sync",
    }),
    replenishmentEndpoint: f.string({
      maxLength: 2000,
      format: "url",
      called: true,
      description: "Where replenishment purchases are sent.",
      example: "https://ledger.example.com/hooks/replenishment",
    }),
    saleEndpoint: f.string({
      maxLength: 2000,
      format: "url",
      called: true,
      description: "Where sales are sent.",
      example: "https://ledger.example.com/hooks/sales",
    }),
    signingSecret: signingSecret(),
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
    accountingIntegrationId: f.ref("accounting-integration", {
      required: true,
      description: "The integration it was sent to.",
    }),
    payloadType: f.enum(["sale", "dropship", "replenishment"], {
      required: true,
      description:
        "What was sent: a sale, a dropship purchase or a replenishment purchase (to the integration's matching endpoint).",
    }),
    saleId: f.ref("sale", { description: "The sale sent, for a `sale` payload." }),
    purchaseId: f.ref("purchase", {
      description: "The purchase sent, for a `dropship` or `replenishment` payload.",
    }),
    // As long as a purchase order may be. A sale's lines carry free JSON, so a body the books build may be
    // longer still: such a body is not sent, and its payload is an `error` that says so.
    payload: f.string({
      maxLength: 20_000_000,
      description:
        "The body sent. A body the books build past this length is not sent: the payload is an `error` without one.",
    }),
    status: f.enum(["pending", "sent", "error"], {
      required: true,
      default: "pending",
      description: "`pending` until sent, then `sent` or `error`.",
    }),
    responseStatus: f.integer({
      min: 100,
      max: 599,
      description: "The HTTP status the endpoint answered.",
      example: 200,
    }),
    responseBody: f.string({ maxLength: 100_000, description: "The body the endpoint answered." }),
    errorMessage: f.string({
      maxLength: 2000,
      description: "Why sending failed; null unless `status` is `error`.",
    }),
    sentAt: f.datetime({ description: "When it was sent." }),
  },
});
