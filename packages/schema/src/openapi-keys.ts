/**
 * The OpenAPI paths and schemas of the API keys (`/api-keys.json`) and of the operator's company routes
 * (`/admin/companies.json`, behind `ADMIN_TOKEN`): routes of the server, not kinds of the manifest.
 */
import { apiKeyScopes } from "./scopes.ts";

type Json = Record<string, unknown>;

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const problems = (codes: string[]): Json =>
  Object.fromEntries(codes.map((code) => [code, { $ref: `#/components/responses/Problem${code}` }]));
const json = (schema: Json, description: string): Json => ({
  description,
  content: { "application/json": { schema } },
});
const ID = {
  name: "id",
  in: "path",
  required: true,
  schema: { type: "integer", format: "int64", minimum: 1 },
};
const nullableTime = { type: ["string", "null"], format: "date-time" };

const SCOPE = {
  type: "string",
  enum: apiKeyScopes,
  description:
    "`*:read`, `*:write`, or `<group>:read`, `<group>:write` for a group (a tag of this document). Write implies read.",
};

const API_KEY: Json = {
  type: "object",
  description:
    "An API key of your company. Only a hash of its secret is stored: reads show its last 4 characters (`hint`).",
  required: ["id", "name", "scopes", "hint", "createdAt", "lastUsedAt", "expiresAt"],
  properties: {
    id: { type: "integer", minimum: 1, description: "What events name as their `apiKeyId`." },
    name: { type: "string" },
    scopes: { type: "array", items: SCOPE },
    hint: {
      type: ["string", "null"],
      description: "The secret's last 4 characters (null for keys made before hints).",
    },
    createdAt: { type: "string", format: "date-time" },
    lastUsedAt: { ...nullableTime, description: "The key's last use, to within about a minute and a half." },
    expiresAt: { ...nullableTime, description: "From then on the key is refused (401); null: never." },
  },
  additionalProperties: false,
};

const KEY_INPUT: Json = {
  type: "object",
  required: ["name", "scopes"],
  properties: {
    name: { type: "string", minLength: 1, maxLength: 200 },
    scopes: { type: "array", minItems: 1, maxItems: 50, items: SCOPE },
    expiresAt: {
      ...nullableTime,
      description:
        "In the future, on a day the calendar has (else 422); a key that expires makes keys that expire no later.",
    },
  },
  additionalProperties: false,
};

const COMPANY: Json = {
  type: "object",
  required: ["id", "name", "createdAt", "suspendedAt", "keys"],
  properties: {
    id: { type: "integer", minimum: 1 },
    name: { type: "string" },
    createdAt: { type: "string", format: "date-time" },
    suspendedAt: {
      ...nullableTime,
      description: "Set while the company is suspended: its keys are refused (403).",
    },
    keys: { type: "integer", minimum: 0, description: "Its API keys that are not revoked." },
  },
  additionalProperties: false,
};

/** Adds the schemas to `schemas` and answers the paths. */
export function apiKeyPaths(schemas: Record<string, unknown>): Record<string, Json> {
  schemas.ApiKey = API_KEY;
  schemas.ApiKeyCreated = {
    ...API_KEY,
    description: "The new API key with its `secret`: only this answer shows it.",
    required: [...(API_KEY.required as string[]), "secret"],
    properties: {
      ...(API_KEY.properties as Json),
      secret: { type: "string", description: "The bearer token. Shown once, never again." },
    },
  };
  schemas.ApiKeyCreateInput = KEY_INPUT;
  schemas.Company = COMPANY;
  schemas.CompanyCreated = {
    ...COMPANY,
    required: [...(COMPANY.required as string[]), "apiKey"],
    properties: { ...(COMPANY.properties as Json), apiKey: ref("ApiKeyCreated") },
  };
  schemas.CompanyCreateInput = {
    type: "object",
    required: ["name"],
    properties: {
      name: { type: "string", minLength: 1, maxLength: 200, description: "Unique (else 409)." },
      key: {
        type: "object",
        description: "The first key: named `first key`, with `*:write`, unless said here.",
        properties: {
          name: { type: "string", minLength: 1, maxLength: 200 },
          scopes: (KEY_INPUT.properties as Json).scopes,
          expiresAt: (KEY_INPUT.properties as Json).expiresAt,
        },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };
  schemas.CompanyUpdateInput = {
    type: "object",
    required: ["suspended"],
    properties: {
      suspended: { type: "boolean", description: "true: refuse every key of the company (403)." },
    },
    additionalProperties: false,
  };
  const tags = ["api-keys"];
  const admin = { tags: ["admin"], security: [{ adminToken: [] }] };
  const adminErrors = (codes: string[]) => ({
    ...problems(codes),
    "401": { $ref: "#/components/responses/Problem401" },
  });
  const body = (name: string) => ({
    required: true,
    content: { "application/json": { schema: ref(name) } },
  });
  return {
    "/api-keys.json": {
      get: {
        operationId: "listApiKeys",
        summary: "List your company's API keys",
        description:
          "Every key that is not revoked (a company has at most 500), oldest first, never with a secret. Any key may list them.",
        tags,
        responses: {
          "200": json({ type: "array", items: ref("ApiKey") }, "The keys."),
          ...problems(["400", "401", "403", "429", "500", "503"]),
        },
      },
      post: {
        operationId: "createApiKey",
        summary: "Make an API key",
        description:
          'Answers the key with its `secret`, this once. A key makes keys only within its own scopes (else 403 naming the scope); a read-only key makes none. A company has at most 500 keys that are not revoked: past that, a 409 (`rule: "api_key_limit"`) until one is revoked. Not replayable: an `Idempotency-Key` is a 400, since the secret is never stored to answer a replay.',
        tags,
        requestBody: body("ApiKeyCreateInput"),
        "x-writes": true,
        responses: {
          "200": {
            ...json(ref("ApiKeyCreated"), "The new key and its secret."),
            headers: { Location: { schema: { type: "string" } } },
          },
          ...problems(["400", "401", "403", "409", "413", "415", "422", "429", "500", "503"]),
        },
      },
    },
    "/api-keys/{id}.json": {
      get: {
        operationId: "getApiKey",
        summary: "Read an API key",
        description:
          "One of your company's keys that is not revoked, by id: its name, scopes, the last 4 characters of its secret, its last use and expiry; never the secret, which only the answer that made it shows.",
        tags,
        parameters: [ID],
        responses: {
          "200": json(ref("ApiKey"), "The key, without its secret."),
          ...problems(["400", "401", "403", "404", "429", "500", "503"]),
        },
      },
      delete: {
        operationId: "revokeApiKey",
        summary: "Revoke an API key",
        description:
          "The key is refused at once by the server that answered, and everywhere within the token cache's lifetime (30 s). A key revokes only keys within its own scopes; a read-only key none.",
        tags,
        parameters: [ID],
        "x-writes": true,
        responses: {
          "204": { description: "Revoked." },
          ...problems(["400", "401", "403", "404", "409", "413", "415", "422", "429", "500", "503"]),
        },
      },
    },
    "/admin/companies.json": {
      get: {
        operationId: "adminListCompanies",
        summary: "List the companies (operator)",
        description:
          "The companies of the install by id, a page at a time (`limit`, default 50; follow the `Link` header's next page), with whether each is suspended and how many of its API keys are not revoked. Only with the operator's `ADMIN_TOKEN` as the bearer token; a server without `ADMIN_TOKEN` answers these routes 404.",
        ...admin,
        parameters: [
          { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 250, default: 50 } },
          {
            name: "from",
            in: "query",
            description: "How many companies to skip (by id): the next page's `from` is in its `Link`.",
            schema: { type: "integer", minimum: 0, default: 0 },
          },
        ],
        responses: {
          "200": {
            ...json({ type: "array", items: ref("Company") }, "A page of companies, oldest first."),
            headers: {
              Link: {
                description: 'The next page, `<...>; rel="next"`, when there is one.',
                schema: { type: "string" },
              },
            },
          },
          ...adminErrors(["400", "500"]),
        },
      },
      post: {
        operationId: "adminCreateCompany",
        summary: "Make a company and its first API key (operator)",
        description:
          "Makes a company and its first API key (named `first key`, with `*:write`, unless `key` says otherwise) and answers both, the key with its secret this once. Not replayable: an `Idempotency-Key` is a 400, since the secret is never stored to answer a replay. Operator only (`ADMIN_TOKEN`).",
        ...admin,
        requestBody: body("CompanyCreateInput"),
        responses: {
          "200": json(ref("CompanyCreated"), "The company, and its first key with the secret, this once."),
          ...adminErrors(["400", "409", "413", "415", "422", "500"]),
        },
      },
    },
    "/admin/companies/{id}.json": {
      get: {
        operationId: "adminGetCompany",
        summary: "Read a company (operator)",
        description:
          "One company by id: its name, when it was made, whether it is suspended, and how many of its API keys are not revoked. Operator only (`ADMIN_TOKEN`).",
        ...admin,
        parameters: [ID],
        responses: { "200": json(ref("Company"), "The company."), ...adminErrors(["400", "404", "500"]) },
      },
      put: {
        operationId: "adminUpdateCompany",
        summary: "Suspend a company, or lift its suspension (operator)",
        description:
          "While suspended, every key of the company is refused (403): at once by the server that answered, everywhere within the token cache's lifetime (30 s).",
        ...admin,
        parameters: [ID],
        requestBody: body("CompanyUpdateInput"),
        responses: {
          "200": json(ref("Company"), "The company."),
          ...adminErrors(["400", "404", "413", "415", "422", "500"]),
        },
      },
    },
    "/admin/companies/{id}/api-keys.json": {
      post: {
        operationId: "adminCreateApiKey",
        summary: "Make another API key for a company (operator)",
        description:
          "Makes another API key for the company (when it has lost its keys, say) and answers it with its secret this once; a 409 when the company has its 500 keys that are not revoked. Not replayable: an `Idempotency-Key` is a 400, since the secret is never stored to answer a replay. Operator only (`ADMIN_TOKEN`).",
        ...admin,
        parameters: [ID],
        requestBody: body("ApiKeyCreateInput"),
        responses: {
          "200": json(ref("ApiKeyCreated"), "The new key and its secret, this once."),
          ...adminErrors(["400", "404", "409", "413", "415", "422", "500"]),
        },
      },
    },
  };
}
