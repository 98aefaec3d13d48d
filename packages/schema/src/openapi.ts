import { type JsonSchema, toJsonSchema } from "@valibot/to-json-schema";
import type * as v from "valibot";
import { type ActionDoc, actionDocs } from "./action-docs.ts";
import { actionSamples, crudSamples, eventSamples, fetchSample, inboundSample } from "./code-samples.ts";
import {
  type ActionDef,
  answersOneRecord,
  answersSecretOnce,
  type FieldDef,
  type KindDef,
  operationWrites,
  takesWriteHeaders,
} from "./define.ts";
import { GETTING_STARTED } from "./guide.ts";
import { actionInputIn, actionPath, camelCase, kindByName, kinds, recordBodyFields } from "./manifest.ts";
import { filePaths, fileSchemas } from "./openapi-files.ts";
import { apiKeyPaths } from "./openapi-keys.ts";
import { problemMembers } from "./problem.ts";
import { relationsOf } from "./relations.ts";
import { actionInputSchema, fieldSchema, kindSchemas, MEMBERS } from "./validators.ts";

type Json = Record<string, unknown>;

/** `dropship-provider` → `DropshipProvider`: the component name of a kind. */
export function pascalCase(kebab: string): string {
  const camel = camelCase(kebab);
  return camel.charAt(0).toUpperCase() + camel.slice(1);
}

/** "an accounting integration", "a purchase": the article English gives the noun. */
function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;
}

function jsonSchema(schema: v.GenericSchema): Json {
  const { $schema: _, ...rest } = toJsonSchema(schema, {
    target: "draft-2020-12",
    errorMode: "ignore",
  }) as Json;
  return withAcceptedMembers(rest);
}

/**
 * An input's validator drops the members it accepts and ignores before its object schema looks (see
 * `MEMBERS`): they are listed here, in their place, as members that take any value.
 */
function withAcceptedMembers(node: Json): Json {
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) if (isJson(item)) withAcceptedMembers(item);
    if (isJson(value)) withAcceptedMembers(value);
  }
  const members = node[MEMBERS] as string[] | undefined;
  if (members) {
    const properties = (node.properties ?? {}) as Record<string, Json>;
    node.properties = Object.fromEntries(members.map((name) => [name, properties[name] ?? {}]));
    delete node[MEMBERS];
  }
  return node;
}

function isJson(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The members every record has, set by the server: typed and read-only wherever they appear (a record,
 * a create or update body that may carry them as read, an action body that copies a record).
 */
const SERVER_FIELDS: Record<string, Json> = {
  id: {
    type: "integer",
    minimum: 1,
    description: "The record's id, set by the server.",
    examples: [1042],
  },
  createdAt: {
    type: "string",
    format: "date-time",
    description: "When the record was created (UTC), set by the server.",
    examples: ["2026-03-02T14:05:09.000Z"],
  },
  updatedAt: {
    type: "string",
    format: "date-time",
    description: "When the record last changed (UTC), set by the server.",
    examples: ["2026-03-04T09:31:47.000Z"],
  },
};

/**
 * A read-only member of an input is accepted whatever it holds and dropped (`MEMBERS`), so its schema
 * is empty: it gets the type the record answers with, and `readOnly` so that request examples leave
 * it out. `json` placeholders (a documented body's ignored members) keep taking any value.
 */
function readOnlyProperty(property: Json, field: FieldDef): Json {
  const typed =
    Object.keys(property).length === 0 && field.type !== "json" ? jsonSchema(fieldSchema(field)) : property;
  typed.readOnly = true;
  return typed;
}

/**
 * Ends the description of a field or kind that is a record only (`FieldDef.recordOnly`): the table
 * named gives each one's reason. Written here once, not per field: the manifest is in the Worker's bundle.
 */
const RECORDS_ONLY_TABLE = "see “Kinds that are records only” in docs/background-work.md";
const RECORD_ONLY = `Kept as a record: the service does not act on it (${RECORDS_ONLY_TABLE}).`;
/** Leads the values of an enum field the service never sets (`FieldDef.recordOnlyValues`). */
const RECORD_ONLY_VALUES = "Kept as records, never set nor acted on by the service";

/** What a record of a kind is, and that it is a record only when it is (`KindInput.recordOnly`). */
function kindDescription(kind: KindDef): string {
  return kind.recordOnly ? `${kind.description} ${RECORD_ONLY}` : kind.description;
}

/** Adds what valibot cannot say: descriptions, read-only flags, references, money and date formats. */
function annotate(schema: Json, fields: Readonly<Record<string, FieldDef>>): Json {
  const properties = schema.properties as Record<string, Json> | undefined;
  if (!properties) return schema;
  for (const [name, found] of Object.entries(properties)) {
    const field = fields[name];
    if (!field || (field.readOnly && SERVER_FIELDS[name])) {
      if (SERVER_FIELDS[name]) properties[name] = { ...SERVER_FIELDS[name], readOnly: true };
      continue;
    }
    const property = field.readOnly ? readOnlyProperty(found, field) : found;
    properties[name] = property;
    if (field.description) property.description = field.description;
    if (field.derived) {
      property.description = `${field.description ? `${field.description} ` : ""}Derived from ${field.derived} A write may send the value it has (as read); another is a 409.`;
    }
    if (field.asText) {
      // Free text in the reference: shown as text, with the values this service takes.
      const text = nonNull(property);
      delete text.enum;
      text.type = "string";
      text.examples = [...field.values!];
      property.description = `${property.description ? `${property.description} ` : ""}One of ${field.values!.map((value) => `\`${value}\``).join(", ")} (any other is a 422).`;
    }
    if (field.sameAs) {
      property["x-same-as"] = field.sameAs;
      property.description = `${property.description ? `${property.description} ` : ""}Another name of \`${field.sameAs}\`: writing either sets both, and both read the same.`;
    }
    if (field.takenFrom) {
      property["x-taken-from"] = field.takenFrom;
      property.description = `${property.description ? `${property.description} ` : ""}A create may leave it out and name \`${field.takenFrom}\` instead: it is then that record's. One of the two is required.`;
    }
    if (field.sameOwner) {
      const { on, through } = field.sameOwner;
      const words = (name: string) => name.replace(/Id$/, "").replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
      const whose = through
        ? `the ${words(through)}'s ${words(on)}`
        : `this record's ${words(on)} (\`${on}\`)`;
      property["x-same-owner"] = { ...field.sameOwner };
      property.description = `${property.description ? `${property.description} ` : ""}Must be a line of ${whose}: another is a 422.`;
    }
    if (field.default !== undefined) property.default = field.default;
    if (field.suggested) {
      nonNull(property).examples = [...field.suggested];
      property.description = `${field.description ? `${field.description} ` : ""}Known values: ${field.suggested.map((value) => `\`${value}\``).join(", ")}; other text is kept as sent.`;
    }
    // A declared example comes first: documentation tools build request and response examples from it.
    if (field.example !== undefined) property.examples = [field.example];
    if (field.secret) describeSecret(property, field);
    if (field.called && !property.description?.toString().includes("private, loopback")) {
      // A record-only URL is checked all the same: a connector may call it.
      const how = field.recordOnly ? "Checked as a URL the service calls" : "The service calls it";
      property.description = `${property.description ? `${property.description} ` : ""}${how}: an https URL on the default port that does not resolve to a private, loopback or link-local address (else a 422).`;
    }
    if (field.recordOnly) {
      property.description = `${property.description ? `${property.description} ` : ""}${RECORD_ONLY}`;
    }
    if (field.recordOnlyValues) {
      property.description = `${property.description ? `${property.description} ` : ""}${RECORD_ONLY_VALUES}: ${codes(field.recordOnlyValues)} (${RECORDS_ONLY_TABLE}).`;
    }
    if (field.type === "ref") property["x-references"] = field.ref;
    if (field.type === "money") property["x-money"] = true;
    if (field.type === "datetime") setFormat(property, "date-time");
    if (field.format === "url") describeWebUrl(property);
    if (field.type === "array" && field.items?.format === "url") {
      const items = nonNull(property).items as Json | undefined;
      if (items) describeWebUrl(items);
    }
    if (field.type === "string" && field.acceptNumber) {
      // The validator takes an integer too (store ids often are), and keeps its decimal text. The
      // union is the property itself when it cannot be null, its non-null branch when it can.
      const nullable = (property.anyOf as Json[] | undefined)?.some((branch) => branch.type === "null");
      const anyOf = (nullable ? nonNull(property) : property).anyOf as Json[] | undefined;
      if (anyOf?.length === 2) anyOf[1] = { type: "integer" };
    }
    if (field.type === "object" && field.fields) annotate(nonNull(property), field.fields);
    if (field.type === "array" && field.items?.type === "object" && field.items.fields) {
      const items = nonNull(property).items as Json | undefined;
      if (items) annotate(items, field.items.fields);
    }
  }
  return schema;
}

/** The fields of the record an action's body may copy (`recordBody`): accepted, ignored, so read-only here. */
function recordBodyMembers(action: ActionDef): Record<string, FieldDef> {
  const kind = action.recordBody ? kindByName(action.recordBody) : undefined;
  return Object.fromEntries(
    Object.entries(kind?.fields ?? {}).map(([name, field]) => [name, { ...field, readOnly: true }]),
  );
}

/**
 * A secret field: its bounds (the validator also takes the sealed form the server writes, which JSON
 * Schema cannot say), write-only for credentials, read-only for what the server makes, and how reads show it.
 */
function describeSecret(property: Json, field: FieldDef): void {
  const text = nonNull(property);
  if (field.maxLength !== undefined) text.maxLength = field.maxLength;
  if (field.minLength !== undefined) text.minLength = field.minLength;
  const shown =
    "reads, lists, includes, events and webhooks show only a hint (`…` and its last 4 characters, when it has at least 12), or null";
  if (field.secret === "shownOnce") {
    property.description = `${field.description ? `${field.description} ` : ""}Only this answer carries it: events and webhooks show the record's hint instead. The answer is not kept, so the operation takes no \`Idempotency-Key\` (a 400).`;
  } else if (field.secret === "writeOnly") {
    property.writeOnly = true;
    property.description = `${field.description ? `${field.description} ` : ""}Write-only: stored encrypted; ${shown}. A hint sent back as read keeps the stored value.`;
  } else {
    property.readOnly = true;
    property.description = `${field.description ? `${field.description} ` : ""}A value sent is ignored; ${shown}.`;
  }
}

function nonNull(property: Json): Json {
  const anyOf = property.anyOf as Json[] | undefined;
  return anyOf?.find((branch) => branch.type !== "null") ?? property;
}

/**
 * A URL field: `uri`. Written, it must be an absolute http or https URL (the validator's check); read,
 * a link to a stored file may be relative to the server (one with no public URL configured).
 */
function describeWebUrl(property: Json): void {
  setFormat(property, "uri");
}

function setFormat(property: Json, format: string): void {
  nonNull(property).format = format;
}

const problem = {
  type: "object",
  description: "An RFC 9457 problem document.",
  required: ["type", "title", "status"],
  properties: {
    type: { type: "string", description: "A URI naming the kind of problem." },
    title: { type: "string" },
    status: { type: "integer" },
    detail: { type: "string" },
    requestId: { type: "string" },
    ...problemMembers,
  },
};

const ERRORS: Record<string, string> = {
  "400": "Malformed JSON, a bad query or a bad id.",
  "401": "Missing, unknown, revoked or expired bearer token.",
  "403":
    "The API key's scopes do not reach this request (`scope` names the one needed), or its company is suspended.",
  "404": "No such record in your company.",
  "405": "Method not allowed on this path.",
  "409":
    "The record's state does not allow this, others still refer to it, or it would pass a limit (a record's lines, a company's webhook endpoints or its file quota).",
  "412": "If-Match does not match the current ETag.",
  "413": "The body is over the size limit.",
  "415": "The body is not JSON.",
  "422": "The body failed validation.",
  "429": "Too many requests; see Retry-After.",
  "500": "Unexpected failure; quote the request id.",
  "503": "Stopped past its database time (`DB_TIME_LIMIT`), having written nothing; see Retry-After.",
};

/** What an operation is, as far as the errors it can answer go. */
interface OperationShape {
  method: string;
  /** Reads a record by its id in the path. */
  item: boolean;
  /** Can refuse a value (a body field, or what an action's rules check): 422. */
  validates: boolean;
  /** Refused to a read-only token. */
  forbidden: boolean;
  /** Honours If-Match. */
  precondition: boolean;
  /** Can meet a state, uniqueness, reference or history conflict. */
  conflicts: boolean;
}

/**
 * The one table of the errors an operation can answer, from what it is: every operation can be
 * malformed, unauthenticated, rate limited or fail; reading by id can miss; a body can be too large, not
 * JSON or invalid; a write can be refused to a read-only token, be stale (If-Match) or conflict.
 */
export function errorCodesOf(op: OperationShape): string[] {
  // Any request may meet a key whose scopes do not reach it (or a suspended company): 403.
  const codes = ["400", "401", "403", "429", "500"];
  // A request past its database time (`DB_TIME_LIMIT`) is stopped before its next statement: 503.
  codes.push("503");
  if (op.item) codes.push("404");
  if (op.precondition) codes.push("412");
  if (op.conflicts) codes.push("409");
  // Any request but a GET may carry a body, which is read (bounded) and must be JSON.
  if (op.method !== "GET") codes.push("413", "415");
  if (op.validates) codes.push("422");
  return codes.sort();
}

function errorResponses(codes: string[]): Json {
  return Object.fromEntries(codes.map((code) => [code, { $ref: `#/components/responses/Problem${code}` }]));
}

const ID_PARAM = {
  name: "id",
  in: "path",
  required: true,
  schema: { type: "integer", format: "int64", minimum: 1 },
};

const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Makes a write safe to retry: a repeat with the same key, method, path, query and body answers the first result again (`Idempotent-Replayed: true`) instead of running twice; the same key with another request is a 422. Kept 24 hours, per company.",
  schema: { type: "string", minLength: 1, maxLength: 200 },
};

const IF_MATCH = {
  name: "If-Match",
  in: "header",
  required: false,
  description:
    "Run only if the record's current ETag is one of these (strong comparison: a weak `W/` tag never matches); else 412.",
  schema: { type: "string" },
};

/** A create has no current record for `If-Match` to match (RFC 9110 §13.1.1). */
const IF_MATCH_CREATE = {
  name: "If-Match",
  in: "header",
  required: false,
  description:
    "A create has no current record for it to match: any `If-Match`, even `*`, is a 412, and nothing is created.",
  schema: { type: "string" },
};

/** The `Idempotency-Key` parameter of a writing operation, unless it answers a secret once (`answersSecretOnce`). */
function idempotencyKey(kind: KindDef, action?: ActionDef): Json[] {
  return answersSecretOnce(kind, action) ? [] : [IDEMPOTENCY_KEY];
}

/** What a 429 carries: when to retry, and (IETF RateLimit fields) the policy and where its bucket stands. */
const RATE_LIMIT_HEADERS = {
  "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } },
  "RateLimit-Policy": {
    description:
      'The request\'s class and its quota per window in seconds, e.g. `"get";q=2;w=1`; on every authenticated answer when rate limits are on.',
    schema: { type: "string" },
  },
  RateLimit: {
    description:
      'Requests left in the class and seconds until its bucket is full, e.g. `"get";r=0;t=1`; on every authenticated answer when rate limits are on.',
    schema: { type: "string" },
  },
};

const ETAG = { ETag: { description: "The record's entity tag, for If-Match.", schema: { type: "string" } } };

const ATTRIBUTES_PARAM = {
  name: "attributes",
  in: "query",
  description:
    "The fields each record carries: `attributes[0]=id&attributes[1]=reference` (as the reference's clients send it), `attributes[]=id`, or `attributes=id,reference`; `attributes[exclude][0]=notes` leaves fields out. An unknown field is a 400. With `include`, the fields an include joins on (`saleId`, `id`) are answered too.",
  schema: { anyOf: [{ type: "array", items: { type: "string" } }, { type: "string" }] },
};

const INCLUDE_PARAM = {
  name: "include",
  in: "query",
  description:
    "Related records to embed, named by model (PascalCase singular: `SaleItem`, `Customer`): `include=SaleItem`, or `include[0][model]=PurchaseItem&include[0][attributes][0]=id&include[1][model]=Sale&include[1][include][0][model]=Customer`. Many-to-one relations (this record's `saleId`) embed one record or null under the singular snake_case key (`sale`); one-to-many relations (records of the model that refer to this one) embed an array under the plural snake_case key (`sale_items`). Includes nest 3 levels deep at most (`PurchaseItem` → `Variant` → `OptionValue`), 8 per request; one-to-many includes embed at most 100 records per parent (the first by id) and 5,000 per request (more is a 400: ask for a smaller page). An unknown model, or one with no relation to the kind, is a 400.",
  schema: {
    anyOf: [
      { type: "string" },
      {
        type: "array",
        items: {
          anyOf: [
            { type: "string" },
            {
              type: "object",
              properties: {
                model: { type: "string" },
                attributes: { type: "array", items: { type: "string" } },
                include: { type: "array", items: { type: "object" } },
              },
              required: ["model"],
            },
          ],
        },
      },
    ],
  },
};

const WHERE_PARAM = {
  name: "where",
  in: "query",
  style: "deepObject",
  explode: true,
  description:
    "Filters, in the nested-bracket form the `qs` package writes (brackets may be percent-encoded: `where%5BchannelId%5D=87`). The reference's forms: `where[field]=value`; `where[field][$in][0]=a&where[field][$in][1]=b` (or `[$in][]=a&[$in][]=b`); `where[field][$like]=%25ABC%25` (SQL LIKE on text fields, `%` and `_` wildcards, `\\` escapes them, ASCII case-insensitive; at most 4 wildcards and 200 characters); `$gte`, `$lte`, `$gt`, `$lt`, `$ne`, `$eq`. Extensions: `where[field][$in]=a,b`, `where[field][$null]=true|false`, and a list of values for a field meaning `$in`. At most 40 terms; unknown fields or operators, and values of the wrong type: 400.",
  schema: { type: "object", additionalProperties: true },
};

const ORDER_PARAM = {
  name: "order",
  in: "query",
  description:
    "Up to three sort fields, each once, ties broken by id in the direction of the last one (or as a last `id` / `-id` says): `order[0][0]=createdAt&order[0][1]=DESC` (the reference's ORM form; a second field is `order[1][0]=...`), `order=createdAt DESC`, `order=-createdAt` / `order=createdAt`, or several joined by commas (`order=status,-createdAt`); default `id`. An order of several fields sorts every match: an expensive request.",
  schema: { anyOf: [{ type: "string" }, { type: "array", items: {} }] },
};

const FROM_PARAM = {
  name: "from",
  in: "query",
  description:
    "Offset of the first record (kept for compatibility; `cursor` pages at the same cost however deep).",
  schema: { type: "integer", minimum: 0 },
};

const CURSOR_PARAM = {
  name: "cursor",
  in: "query",
  description:
    "Where the page starts: the opaque cursor of the `Link` header's next page. Valid with the same filters and order only; not with `from`.",
  schema: { type: "string" },
};

/** The query parameters of lists and reads, once in `components.parameters`; operations refer to them. */
const QUERY_PARAMETERS: Record<string, Json> = {
  ListWhere: WHERE_PARAM,
  ListOrder: ORDER_PARAM,
  Attributes: ATTRIBUTES_PARAM,
  Include: INCLUDE_PARAM,
  ListLimit: {
    name: "limit",
    in: "query",
    schema: { type: "integer", minimum: 1, maximum: 250, default: 50 },
  },
  ListFrom: FROM_PARAM,
  ListCursor: CURSOR_PARAM,
};

const parameterRef = (name: keyof typeof QUERY_PARAMETERS) => ({ $ref: `#/components/parameters/${name}` });
const LIST_PARAMS = [
  "ListWhere",
  "ListOrder",
  "Attributes",
  "Include",
  "ListLimit",
  "ListFrom",
  "ListCursor",
].map(parameterRef);
const READ_PARAMS = ["Attributes", "Include"].map(parameterRef);

/**
 * A record as `attributes` and `include` shape it: any of its fields, each as the record declares it,
 * and the related records under their keys.
 */
function shapedSchema(kind: KindDef, name: string, record: Json): Json {
  const properties: Record<string, Json> = {};
  for (const field of Object.keys((record.properties as Json | undefined) ?? {})) {
    properties[field] = { $ref: `#/components/schemas/${name}/properties/${field}` };
  }
  for (const relation of relationsOf(kind)) {
    const target = ref(`${pascalCase(relation.kind.name)}Shaped`);
    properties[relation.key] = relation.many
      ? { type: "array", items: target }
      : { anyOf: [target, { type: "null" }] };
  }
  return {
    type: "object",
    description: `${withArticle(kind.name.replace(/-/g, " ")).replace(/^a/, "A")} as \`attributes\` and \`include\` shape it: the fields asked for (and those its includes join on), and the included records under their snake_case keys.`,
    properties,
    additionalProperties: false,
  };
}

function recordOrShaped(name: string): Json {
  return { anyOf: [ref(name), ref(`${name}Shaped`)] };
}

function ref(name: string): Json {
  return { $ref: `#/components/schemas/${name}` };
}

function jsonBody(schema: Json, description: string): Json {
  return { description, content: { "application/json": { schema } } };
}

function actionOutput(action: ActionDef, name: string): Json {
  const output = action.output;
  if ("kind" in output) {
    const schema = ref(output.extra ? `${name}Result` : pascalCase(output.kind));
    return output.list ? { type: "array", items: schema } : schema;
  }
  const schema = ref(`${name}Result`);
  return output.list ? { type: "array", items: schema } : schema;
}

/** An action's input as query parameters; `onlyThere`: the query is its only way in (not a body too). */
function queryParameters(input: Readonly<Record<string, FieldDef>>, onlyThere = true): Json[] {
  const properties = (jsonSchema(actionInputSchema(input)).properties ?? {}) as Record<string, Json>;
  return Object.entries(input).map(([name, field]) => ({
    name,
    in: "query",
    required: onlyThere && field.required && field.default === undefined,
    schema: nonNull(properties[name] ?? {}),
  }));
}

export interface OpenApiOptions {
  /** The URL clients call, e.g. `https://api.example.com/v1`. */
  serverUrl?: string;
  version?: string;
}

/**
 * What each group of operations is about, as the sidebar of `/docs` shows it under the group's name.
 * An API key's scopes are these groups (`orders:read`, `catalog:write`).
 */
export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  catalog:
    "The catalogue: products and their variants (one SKU each), warehouses, stock levels and the adjustments that move them, vendors and bundles.",
  channels:
    'Where the business sells: channels and their listings (channel variants), prices, shipping rates and store accounts. Orders come in through a channel\'s `manual-sale` ("Import an order").',
  "custom-fields":
    "Fields a company adds to its records (sales, purchases, variants, ...), and their values per record.",
  dropship:
    "Dropship providers, the suppliers that ship orders themselves: their addresses, warehouses, agreements and platform accounts; settling their invoices.",
  events:
    "The log of every change (`/events.json`) and the webhook endpoints that receive it, signed with Standard Webhooks.",
  inventory:
    "Supplier inventory feeds and their items, and inventory exports: stock going in and out as files and webhooks.",
  orders:
    "Sales (a customer's orders) and their lines, customers, returns and sale imports. An order that should be routed to providers and warehouses is imported with `POST /channels/{id}/manual-sale.json`.",
  purchasing:
    "Purchases to dropship providers and their lines: sending, shipping, cancelling, invoices, payments and transfers; goods receipts.",
  settings: "Company settings, accounting integrations, comments and the errors recorded on records.",
  shipping:
    "Shipments: dropshipments and fulfillments with their tracking, labels (PDF), carriers, pickups and return shipments.",
  "api-keys": "The company's API keys and their scopes.",
  admin: "The operator's routes of a hosted, multi-company install (`ADMIN_TOKEN`).",
};

/** The tags the operations of `paths` name. */
function usedTags(paths: Record<string, Json>): string[] {
  return Object.values(paths).flatMap((operations) =>
    Object.values(operations).flatMap((operation) =>
      isJson(operation) && Array.isArray(operation.tags) ? (operation.tags as string[]) : [],
    ),
  );
}

/**
 * The OpenAPI 3.1 document of the whole interface, derived from the manifest.
 *
 * @example
 * const doc = buildOpenApiDocument({ serverUrl: "http://127.0.0.1:8787" });
 */
export function buildOpenApiDocument(options: OpenApiOptions = {}): Json {
  const schemas: Record<string, Json> = { Problem: problem };
  const paths: Record<string, Json> = {};
  const tags = new Map<string, string>();

  schemas.Event = EVENT_SCHEMA;
  paths["/events.json"] = EVENT_PATHS.list;
  paths["/events/{id}.json"] = EVENT_PATHS.item;
  tags.set("events", "events");
  for (const kind of kinds) {
    const name = pascalCase(kind.name);
    const validators = kindSchemas(kind);
    schemas[name] = {
      description: kindDescription(kind),
      ...annotate(jsonSchema(validators.record), kind.fields),
    };
    schemas[`${name}Shaped`] = shapedSchema(kind, name, schemas[name]);
    if (kind.createAnswer) {
      schemas[`${name}Created`] = recordWith(
        schemas[name]!,
        kind.createAnswer,
        `${kindDescription(kind)} As the create answer, with what only it shows.`,
      );
    }
    schemas[`${name}CreateInput`] = annotate(jsonSchema(validators.create), kind.fields);
    schemas[`${name}UpdateInput`] = annotate(jsonSchema(validators.update), kind.fields);
    tags.set(kind.group, kind.group);
    paths[kind.path] = collectionPaths(kind, name);
    paths[`/${kind.plural}/{id}.json`] = itemPaths(kind, name);
    for (const action of kind.actions ?? []) {
      const actionName = `${name}${pascalCase(action.name)}`;
      if ("kind" in action.output && action.output.extra) {
        // The record, and the members its answer carries besides (the cancel answer's `purchase`).
        schemas[`${actionName}Result`] = recordWith(
          schemas[pascalCase(action.output.kind)]!,
          action.output.extra,
          `The ${action.output.kind.replace(/-/g, " ")}, with ${Object.keys(action.output.extra)
            .map((key) => `\`${key}\``)
            .join(" and ")}.`,
        );
      }
      if ("fields" in action.output) {
        schemas[`${actionName}Result`] = annotate(
          jsonSchema(actionInputSchema(action.output.fields)),
          action.output.fields,
        );
      }
      const inputIn = actionInputIn(action);
      const hasBody = inputIn.body;
      const writes = operationWrites(action.method, action);
      const answersRecord = answersOneRecord(action);
      if (hasBody)
        schemas[`${actionName}Input`] = annotate(
          jsonSchema(actionInputSchema(action.input, recordBodyFields(action))),
          { ...recordBodyMembers(action), ...action.input },
        );
      const doc = (actionDocs as Record<string, ActionDoc<unknown>>)[`${kind.name}.${action.name}`]!;
      const input = jsonBody(ref(`${actionName}Input`), "Action input.") as { content: Record<string, Json> };
      const media = input.content["application/json"]!;
      if (doc.reference && doc.example) {
        media.examples = {
          service: { summary: "This service's form", value: doc.example },
          reference: doc.reference,
        };
      } else if (doc.example) media.example = doc.example;
      if (action.arrayBody) {
        // The reference's bare array stands for `{ "<arrayBody>": [...] }`.
        media.schema = {
          oneOf: [
            media.schema,
            (schemas[`${actionName}Input`] as { properties: Record<string, Json> }).properties[
              action.arrayBody
            ],
          ],
        };
      }
      paths[actionPath(kind, action)] = {
        [action.method.toLowerCase()]: {
          operationId: camelCase(`${kind.name}-${action.name}`),
          summary: doc.summary,
          description: `${action.summary}\n\n${doc.description}`,
          tags: [kind.group],
          "x-codeSamples": actionSamples(kind, action, doc.example),
          parameters: [
            ID_PARAM,
            ...(takesWriteHeaders(action.method, action) ? [...idempotencyKey(kind, action), IF_MATCH] : []),
            ...(inputIn.query ? queryParameters(action.input, !hasBody) : []),
          ],
          ...(hasBody ? { requestBody: { required: !inputIn.query, ...input } } : {}),
          ...(action.from ? { "x-allowed-states": action.from } : {}),
          "x-writes": writes,
          responses: {
            "200": {
              ...jsonBody(actionOutput(action, actionName), "The result of the action."),
              ...(answersRecord ? { headers: ETAG } : {}),
            },
            ...errorResponses(
              errorCodesOf({
                method: action.method,
                item: true,
                validates: true,
                forbidden: writes || action.method !== "GET",
                precondition: true,
                conflicts: true,
              }),
            ),
          },
        },
      };
    }
  }

  Object.assign(paths, inboundPaths(schemas));
  Object.assign(paths, apiKeyPaths(schemas));
  Object.assign(paths, filePaths());
  Object.assign(schemas, fileSchemas);
  // Operations the client has no method for: a fetch sample each.
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item as Record<string, Json>)) {
      if (!["get", "put", "post", "delete"].includes(method) || operation["x-codeSamples"]) continue;
      const body = (operation.requestBody as { content?: Record<string, { schema?: Json }> } | undefined)
        ?.content?.["application/json"]?.schema;
      operation["x-codeSamples"] = fetchSample(method, path, body, schemas);
    }
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "Multichannel Commerce Service",
      version: options.version ?? "0.1.0",
      description: `Channels, catalogue, inventory feeds, sales, purchases to dropship providers, dropshipments and fulfillments. Every path ends in \`.json\`; errors are \`application/problem+json\`.\n\n${GETTING_STARTED}`,
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: options.serverUrl ?? "http://127.0.0.1:8787" }],
    security: [{ bearer: [] }],
    tags: [...new Set([...tags.keys(), ...usedTags(paths)])]
      .sort()
      .map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? "" })),
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description:
            "An API key of your company, within its scopes: `<group>:read` or `<group>:write` for the group (tag) of the path, or `*:read`, `*:write`.",
        },
        adminToken: {
          type: "http",
          scheme: "bearer",
          description:
            "The operator's `ADMIN_TOKEN` (hosted, multi-company installs): the `/admin` routes only.",
        },
        webhookHash: {
          type: "apiKey",
          in: "header",
          name: "webhook-hash",
          description:
            "The inbound webhooks' secret: a custom channel's `webhookHash` or an inventory feed's `hash`. A header named `<name>-webhook-hash` is taken too. A call may also be signed as Standard Webhooks says (`webhook-id`, `webhook-timestamp`, `webhook-signature`, keyed with the hash's text as raw bytes): a signed call whose signature is not its body's, or whose timestamp is more than 5 minutes from the server's clock (a replay), is a 401.",
        },
      },
      schemas,
      parameters: QUERY_PARAMETERS,
      responses: Object.fromEntries(
        Object.entries(ERRORS).map(([code, description]) => [
          `Problem${code}`,
          {
            description,
            ...(code === "401" ? { headers: { "WWW-Authenticate": { schema: { type: "string" } } } } : {}),
            ...(code === "429" ? { headers: RATE_LIMIT_HEADERS } : {}),
            ...(code === "503" ? { headers: { "Retry-After": RATE_LIMIT_HEADERS["Retry-After"] } } : {}),
            content: { "application/problem+json": { schema: ref("Problem") } },
          },
        ]),
      ),
    },
  };
}

const MANUAL_SALE_EXAMPLE = actionDocs["channel.manual-sale"].example;
const FEED_ITEM_EXAMPLE = actionDocs["inventory-feed.parse-webhook"].example;

/** The async inbound imports (`/webhooks/...`): authenticated by a record's hash, not a token. */
function inboundPaths(schemas: Record<string, Json>): Record<string, Json> {
  schemas.InboundFeedSummary = {
    type: "object",
    required: ["received", "created", "updated", "unchanged", "connected", "results"],
    properties: {
      received: { type: "integer" },
      created: { type: "integer" },
      updated: { type: "integer" },
      unchanged: { type: "integer" },
      connected: { type: "integer", description: "Items linked to a catalogue variant by this call." },
      results: {
        type: "array",
        items: {
          type: "object",
          required: ["index", "externalId", "inventoryFeedVariantId", "result", "connected"],
          properties: {
            index: { type: "integer" },
            externalId: { type: "string" },
            inventoryFeedVariantId: { type: "integer", "x-references": "inventory-feed-variant" },
            result: { type: "string", enum: ["created", "updated", "unchanged"] },
            connected: { type: "boolean" },
          },
          additionalProperties: false,
        },
      },
    },
    additionalProperties: false,
  };
  const security = [{ webhookHash: [] }];
  const badHash = {
    "401": {
      description: "Missing or unknown webhook hash; the body is not read.",
      content: { "application/problem+json": { schema: ref("Problem") } },
    },
  };
  return {
    "/webhooks/custom-channels/manual-sale.json": {
      post: {
        operationId: "inboundManualSale",
        summary: "Import an order by webhook",
        description:
          "Imports an order for the custom channel the hash names: the webhook form of manual-sale.\n\nThe body of `POST /channels/{id}/manual-sale.json`, either form; the channel is the custom channel's `channelId`. The import runs at once, in one transaction, and the answer is 200 whatever the order held: the sale import that logs it, `status: success` with its `saleId`, or `status: error` with the `problem` (a problem document) when the order was refused or the body was malformed JSON, in which case nothing of it was written. A missing or unknown hash is a 401.",
        tags: ["orders"],
        security,
        "x-codeSamples": inboundSample("/webhooks/custom-channels/manual-sale.json", MANUAL_SALE_EXAMPLE),
        requestBody: {
          required: true,
          ...jsonBody(ref("ChannelManualSaleInput"), "One order, as manual-sale takes it."),
        },
        responses: {
          "200": jsonBody(ref("SaleImport"), "The sale import that logs the call."),
          ...errorResponses(["400", "405", "413", "415", "500"]),
          ...badHash,
        },
      },
    },
    "/webhooks/inventory-feeds/parse-webhooks.json": {
      post: {
        operationId: "inboundInventoryFeedItems",
        summary: "Upsert feed items by webhook",
        description:
          "Upserts up to 50 items of the inventory feed the hash names: the webhook form of parse-webhook.\n\nA JSON array of feed items, each as `PUT /inventory-feeds/{id}/parse-webhook.json` takes it. They are processed in the request, in one transaction: all or nothing. An invalid item (422, naming `N.field`) or a removed one (409) fails the call and writes nothing. A missing or unknown hash is a 401.",
        tags: ["inventory"],
        security,
        "x-codeSamples": inboundSample("/webhooks/inventory-feeds/parse-webhooks.json", [FEED_ITEM_EXAMPLE]),
        requestBody: {
          required: true,
          ...jsonBody(
            { type: "array", maxItems: 50, items: ref("InventoryFeedParseWebhookInput") },
            "The feed items.",
          ),
        },
        responses: {
          "200": jsonBody(ref("InboundFeedSummary"), "What became of each item."),
          ...errorResponses(["400", "405", "409", "413", "415", "422", "500"]),
          ...badHash,
        },
      },
    },
  };
}

const EVENT_SCHEMA: Json = {
  type: "object",
  description:
    "Something that happened: a record created, updated or deleted (`<kind>.created`, kind in snake_case), or an action's outcome (`purchase.sent`). Written in the transaction of the change.",
  required: ["id", "type", "createdAt", "apiKeyId", "data"],
  properties: {
    id: { type: "integer", minimum: 1, description: "Grows with every event: page with `after`." },
    apiKeyId: {
      type: ["integer", "null"],
      description:
        "The API key whose request caused it (`/api-keys/{id}.json`): the audit trail. Null when no key did (an inbound webhook, the webhook dispatcher).",
    },
    type: { type: "string", examples: ["purchase.created", "purchase.sent", "sale_item.updated"] },
    createdAt: { type: "string", format: "date-time" },
    data: {
      type: "object",
      required: ["object"],
      properties: {
        object: { description: "The record as the API returns it (for an action, see its `event`)." },
        previous: {
          type: "object",
          additionalProperties: true,
          description: "On an update: the fields that changed, with their values before.",
        },
        result: { description: "An action's answer, when it is not `object`." },
      },
    },
  },
};

const EVENT_PATHS = {
  list: {
    get: {
      operationId: "listEvents",
      summary: "List events",
      description:
        "The company's events in the order they happened (ascending id), kept 30 days. Follow the `Link` (or pass the last id as `after`): a page never shifts as new events arrive.",
      tags: ["events"],
      "x-codeSamples": eventSamples.list,
      parameters: [
        {
          name: "where[type]",
          in: "query",
          schema: { type: "string" },
          description:
            "One event type, or a pattern as a webhook endpoint's `events` takes it: `purchase.*` (a kind's events), `*` (every event).",
        },
        {
          name: "where[type][$in][]",
          in: "query",
          schema: { type: "array", items: { type: "string" } },
          description: "Any of these types or patterns (also `where[type][$in][0]=...`).",
        },
        ...["$gte", "$gt", "$lte", "$lt"].map((op) => ({
          name: `where[createdAt][${op}]`,
          in: "query",
          schema: { type: "string", format: "date-time" },
        })),
        {
          name: "after",
          in: "query",
          schema: { type: "integer", minimum: 1 },
          description: "Events after this id.",
        },
        { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 250, default: 50 } },
      ],
      responses: {
        "200": {
          ...jsonBody({ type: "array", items: ref("Event") }, "One page of events."),
          headers: {
            Link: { description: 'The next page, `<...>; rel="next"`.', schema: { type: "string" } },
          },
        },
        ...readErrors(false),
      },
    },
  },
  item: {
    get: {
      operationId: "getEvent",
      summary: "Read an event",
      description:
        "One event by id, as the list answers it: its type, when it happened and the record (or action answer) it carries.",
      tags: ["events"],
      "x-codeSamples": eventSamples.read,
      parameters: [ID_PARAM],
      responses: {
        "200": jsonBody(ref("Event"), "The event."),
        ...readErrors(true),
      },
    },
  },
};

/** What a read (a list, or one record with `item`) can answer besides 200. */
function readErrors(item: boolean): Json {
  return errorResponses(
    errorCodesOf({
      method: "GET",
      item,
      validates: false,
      forbidden: false,
      precondition: false,
      conflicts: false,
    }),
  );
}

/** A record's schema with more members (a create answer's secret, an action answer's extras). */
function recordWith(record: Json, extra: Readonly<Record<string, FieldDef>>, description: string): Json {
  const base = record as Json & { properties: Json; required?: string[] };
  const more = annotate(jsonSchema(actionInputSchema(extra)), extra);
  return {
    ...base,
    description,
    properties: { ...base.properties, ...(more.properties as Json) },
    required: [...(base.required ?? []), ...((more.required as string[]) ?? [])],
  };
}

const codes = (names: readonly string[]) => names.map((name) => `\`${name}\``).join(", ");

/**
 * The long text of a kind's five CRUD operations, from its declaration: what a record is, what a
 * create must send, what is unique, what the server sets, how its state moves and what a delete takes.
 */
function crudDescriptions(kind: KindDef): Record<"list" | "create" | "read" | "update" | "delete", string> {
  const plural = kind.plural.replace(/-/g, " ");
  const about = kindDescription(kind);
  const fields = Object.entries(kind.fields);
  const required = fields
    .filter(([, field]) => field.required && field.default === undefined && !field.readOnly)
    .map(([name]) => name);
  const serverSet = ["id", "createdAt", "updatedAt", ...fields.filter(([, f]) => f.readOnly).map(([n]) => n)];
  const unique = (kind.unique ?? []).map((set) => `(${codes(set)})`);
  const owned = kinds.filter((other) => other.owner && other.fields[other.owner.field]?.ref === kind.name);
  const states = kind.states;
  const stateText = states
    ? states.byWrite
      ? ` Its \`${states.field}\` moves by its actions; a write may also request ${Object.entries(
          states.byWrite,
        )
          .flatMap(([from, to]) => to.map((target) => `\`${from}\` → \`${target}\``))
          .join(", ")}.`
      : kind.actions?.length
        ? ` Its \`${states.field}\` moves only by its actions (${codes(kind.actions.map((a) => a.name))}).`
        : ` Its \`${states.field}\` is set by the server, never by a write.`
    : "";
  const uniqueText = unique.length
    ? ` Unique within your company: ${unique.join("; ")} (a duplicate is a 409).`
    : "";
  return {
    list: `${about}\n\nLists your company's ${plural}, ${LIST_TEXT}`,
    create: `${about}\n\n${
      required.length
        ? `Required: ${codes(required)}; the other fields are optional.`
        : "Every field is optional."
    } Fields left out take their defaults; the answer is the stored record.${uniqueText} Server-set members (${codes(serverSet)}) may be sent as read and are ignored.${CREATE_NOTES[kind.name] ? `\n\n${CREATE_NOTES[kind.name]}` : ""}`,
    read: `${about}\n\nReads one record by id. \`attributes\` picks the fields answered and \`include\` embeds related records; the ETag is the whole record's, for If-Match.`,
    update: `${about}\n\nChanges the fields sent; the others keep their values. A record read may be sent back whole: server-set members (${codes(serverSet)}) are ignored.${stateText}${uniqueText} With If-Match, only if the record is unchanged since read (else 412).`,
    delete: `${about}\n\nDeletes the record${
      owned.length ? `, and with it its ${codes(owned.map((o) => o.plural))}` : ""
    }. A record other records still refer to is a 409. With If-Match, only if unchanged since read.`,
  };
}

/** What a kind's create says besides, where another operation is what most clients want. */
const CREATE_NOTES: Readonly<Record<string, string>> = {
  sale: "This writes the sale record alone: no customer is looked up, no line is routed, no purchase or fulfillment is made. An order that should be routed (its dropshipped lines to purchases to their providers, the rest to a fulfillment from a warehouse, stock allocated) is imported with **Import an order**, `POST /channels/{id}/manual-sale.json`, keyed by its `externalId`.",
};

const LIST_TEXT =
  "a page at a time (`limit`, default 50; follow the `Link` header's next page or pass its `cursor`), filtered by `where`, sorted by `order` (default `id`); `attributes` and `include` shape each record.";

function collectionPaths(kind: KindDef, name: string): Json {
  const text = crudDescriptions(kind);
  const samples = crudSamples(kind);
  return {
    get: {
      operationId: camelCase(`list-${kind.plural}`),
      description: text.list,
      summary: `List ${kind.plural.replace(/-/g, " ")}`,
      tags: [kind.group],
      "x-codeSamples": samples.list,
      parameters: LIST_PARAMS,
      responses: {
        "200": {
          ...jsonBody(
            { type: "array", items: recordOrShaped(name) },
            "One page of records, shaped by `attributes` and `include` when they are sent.",
          ),
          headers: {
            Link: { description: 'The next page, `<...>; rel="next"`.', schema: { type: "string" } },
          },
        },
        ...readErrors(false),
      },
    },
    post: {
      operationId: camelCase(`create-${kind.name}`),
      description: text.create,
      summary: `Create ${withArticle(kind.name.replace(/-/g, " "))}`,
      tags: [kind.group],
      "x-codeSamples": samples.create,
      parameters: [...idempotencyKey(kind), IF_MATCH_CREATE],
      requestBody: { required: true, ...jsonBody(ref(`${name}CreateInput`), "The new record.") },
      responses: {
        "200": {
          ...jsonBody(
            ref(kind.createAnswer ? `${name}Created` : name),
            kind.createAnswer
              ? `The created record, defaults filled in, with ${Object.keys(kind.createAnswer)
                  .map((member) => `\`${member}\``)
                  .join(", ")} (shown only here).`
              : "The created record, defaults filled in.",
          ),
          headers: { Location: { schema: { type: "string" } } },
        },
        ...errorResponses(
          errorCodesOf({
            method: "POST",
            item: false,
            validates: true,
            forbidden: true,
            precondition: true,
            conflicts: true,
          }),
        ),
      },
    },
  };
}

function itemPaths(kind: KindDef, name: string): Json {
  const text = crudDescriptions(kind);
  const samples = crudSamples(kind);
  const label = kind.name.replace(/-/g, " ");
  const etag = ETAG;
  const ifMatch = IF_MATCH;
  return {
    parameters: [ID_PARAM],
    get: {
      operationId: camelCase(`get-${kind.name}`),
      description: text.read,
      summary: `Read ${withArticle(label)}`,
      tags: [kind.group],
      "x-codeSamples": samples.read,
      parameters: READ_PARAMS,
      responses: {
        "200": {
          ...jsonBody(
            recordOrShaped(name),
            "The record, shaped by `attributes` and `include` when they are sent. The ETag is the whole record's.",
          ),
          headers: etag,
        },
        ...readErrors(true),
      },
    },
    put: {
      operationId: camelCase(`update-${kind.name}`),
      description: text.update,
      summary: `Update ${withArticle(label)}`,
      tags: [kind.group],
      "x-codeSamples": samples.update,
      parameters: [ifMatch, IDEMPOTENCY_KEY],
      requestBody: { required: true, ...jsonBody(ref(`${name}UpdateInput`), "The fields to change.") },
      responses: {
        "200": { ...jsonBody(ref(name), "The updated record."), headers: etag },
        ...errorResponses(
          errorCodesOf({
            method: "PUT",
            item: true,
            validates: true,
            forbidden: true,
            precondition: true,
            conflicts: true,
          }),
        ),
      },
    },
    delete: {
      operationId: camelCase(`delete-${kind.name}`),
      description: text.delete,
      summary: `Delete ${withArticle(label)}`,
      tags: [kind.group],
      "x-codeSamples": samples.delete,
      parameters: [ifMatch, IDEMPOTENCY_KEY],
      responses: {
        "204": { description: "Deleted." },
        ...errorResponses(
          errorCodesOf({
            method: "DELETE",
            item: true,
            validates: false,
            forbidden: true,
            precondition: true,
            conflicts: true,
          }),
        ),
      },
    },
  };
}

/** The kind an action answers with, if it answers records. */
export function actionOutputKind(action: ActionDef): KindDef | undefined {
  return "kind" in action.output ? kindByName(action.output.kind) : undefined;
}

export type { JsonSchema };
