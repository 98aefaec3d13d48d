/**
 * The members a problem document (RFC 9457) may carry beyond `type`, `title`, `status`, `detail` and
 * `requestId`, as JSON Schema. The OpenAPI document's Problem schema is built from this, and the server's
 * error type allows exactly these members, so a member the server sends is always documented.
 */
export const problemMembers = {
  errors: {
    type: "array",
    description:
      "422 (400 for a query): every failing field, by its path in the body (`items.2.sku`); at most 100.",
    items: {
      type: "object",
      required: ["path", "message"],
      properties: { path: { type: "string" }, message: { type: "string" } },
    },
  },
  errorsOmitted: {
    type: "integer",
    description: "422: how many more failing fields there were beyond the 100 listed in `errors`.",
  },
  state: { type: "string", description: "409: the record's current state." },
  allowedActions: {
    type: "array",
    description:
      "409 on a state conflict: the actions the record's current state allows; when what the record holds refuses an action (nothing left to return), all but that one.",
    items: { type: "string" },
  },
  allowedStates: {
    type: "array",
    description: "409: the states from which the request would be allowed.",
    items: { type: "string" },
  },
  rule: {
    type: "string",
    description:
      "409 or 422: the rule of the books the request would break (`shipped + cancelled <= quantity`).",
  },
  references: {
    type: "array",
    description: "409 on delete: the kinds still referring to the record, and how many of each.",
    items: {
      type: "object",
      required: ["kind", "count"],
      properties: { kind: { type: "string" }, count: { type: "integer" } },
    },
  },
  fields: {
    type: "array",
    description: "409 on a unique conflict: the fields whose values another record already has.",
    items: { type: "string" },
  },
  scope: {
    type: "string",
    description:
      "403: the scope the API key lacks for the request (`catalog:write`; `*:write` grants every group).",
  },
  purchaseIds: {
    type: "array",
    description: "409 on settle-invoices: the purchases that cannot be settled.",
    items: { type: "integer" },
  },
  lines: {
    type: "array",
    description: "409 on manual-sale: imported lines whose quantity the order changes.",
    items: {
      type: "object",
      properties: {
        index: { type: "integer" },
        saleItemId: { type: "integer" },
        sku: { type: "string" },
        quantity: { type: "integer" },
        requested: { type: "integer" },
      },
    },
  },
} as const;

/** The name of a member a problem document may carry. */
export type ProblemMember = keyof typeof problemMembers;
