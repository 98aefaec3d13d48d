/**
 * TypeScript samples of each operation with `@multichannel/client` (the OpenAPI `x-codeSamples`), built
 * from the manifest: the client's namespace and method, and a body made of the fields' declared examples.
 */
import type { ActionDef, FieldDef, KindDef } from "./define.ts";
import { camelCase } from "./manifest.ts";

/** An OpenAPI `x-codeSamples` entry. */
export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

const PREAMBLE = `import { createClient } from "@multichannel/client";

const client = createClient({ baseUrl: "http://127.0.0.1:8787", token: process.env.MCS_TOKEN! });

`;

/** The id the samples read and write: any record's. */
const SAMPLE_ID = 1042;

/** A value of a field for a sample: its declared example, else a plain one of its type. */
export function sampleValue(field: FieldDef): unknown {
  if (field.example !== undefined) return field.example;
  if (field.default !== undefined && field.default !== null) return field.default;
  switch (field.type) {
    case "ref":
      return 7;
    case "integer":
      return Math.max(field.min ?? 1, 1);
    case "number":
    case "money":
      return Math.max(field.min ?? 10, 10);
    case "boolean":
      return true;
    case "enum":
      return field.values?.[0];
    case "datetime":
      return "2026-03-02T14:05:09.000Z";
    case "date":
      return "2026-03-02";
    case "array":
      return field.items ? [sampleValue(field.items)] : [];
    case "object":
      return sampleBody(field.fields ?? {});
    case "map":
    case "json":
      return {};
    default:
      return stringSample(field);
  }
}

function stringSample(field: FieldDef): string {
  if (field.suggested?.[0]) return field.suggested[0];
  switch (field.format) {
    case "email":
      return "ana@example.com";
    case "url":
      return "https://example.com";
    case "country":
      return "US";
    case "currency":
      return "USD";
    case "phone":
      return "+1 303 555 0142";
    case "event-type":
      return "purchase.sent";
    case "hs-code":
      return "6205.20";
    default:
      return "Example";
  }
}

/**
 * A body for a field set: the fields a create must send, then (up to `extra`) writable fields with a
 * declared example, so the sample shows the shape of a real record without listing every field.
 */
export function sampleBody(fields: Readonly<Record<string, FieldDef>>, extra = 3): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const entries = Object.entries(fields).filter(([, field]) => !field.readOnly && !field.tenant);
  for (const [name, field] of entries) {
    if (field.required && field.default === undefined) body[name] = sampleValue(field);
  }
  let added = 0;
  for (const [name, field] of entries) {
    if (added >= extra) break;
    if (name in body || field.example === undefined) continue;
    body[name] = field.example;
    added++;
  }
  return body;
}

/** A value as TypeScript source: bare keys where they are identifiers, one line when it fits. */
export function literal(value: unknown, indent = ""): string {
  const inner = `${indent}  `;
  let parts: string[];
  let open: string;
  let close: string;
  if (Array.isArray(value)) {
    parts = value.map((item) => literal(item, inner));
    [open, close] = ["[", "]"];
  } else if (typeof value === "object" && value !== null) {
    parts = Object.entries(value).map(
      ([key, item]) =>
        `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: ${literal(item, inner)}`,
    );
    [open, close] = ["{ ", " }"];
    if (parts.length === 0) return "{}";
  } else {
    return JSON.stringify(value);
  }
  const line = `${open}${parts.join(", ")}${close}`;
  if (line.length + indent.length <= 90 && !line.includes("\n")) return line;
  return `${open.trim()}\n${parts.map((part) => `${inner}${part},`).join("\n")}\n${indent}${close.trim()}`;
}

const sample = (code: string): CodeSample[] => [
  { lang: "TypeScript", label: "@multichannel/client", source: `${PREAMBLE}${code}\n` },
];

/** The samples of a kind's five CRUD operations. */
export function crudSamples(
  kind: KindDef,
): Record<"list" | "create" | "read" | "update" | "delete", CodeSample[]> {
  const ns = `client.${camelCase(kind.plural)}`;
  const one = camelCase(kind.name);
  const create = sampleBody(kind.fields);
  const [firstKey, firstValue] = Object.entries(sampleBody(kind.fields, 1)).at(-1) ?? [];
  const change = firstKey === undefined ? {} : { [firstKey]: firstValue };
  return {
    list: sample(
      `const page = await ${ns}.list({ order: "-createdAt", limit: 50 });\nfor (const ${one} of page.records) console.log(${one}.id);\n// page.next is the query of the next page; ${ns}.listAll(query) follows them all.`,
    ),
    create: sample(`const ${one} = await ${ns}.create(${literal(create)});`),
    read: sample(`const ${one} = await ${ns}.get(${SAMPLE_ID});`),
    update: sample(`const ${one} = await ${ns}.update(${SAMPLE_ID}, ${literal(change)});`),
    delete: sample(`await ${ns}.delete(${SAMPLE_ID});`),
  };
}

/** The sample of an action: the documented example input when there is one. */
export function actionSamples(kind: KindDef, action: ActionDef, example?: unknown): CodeSample[] {
  const call = `client.${camelCase(kind.plural)}.${camelCase(action.name)}`;
  const input = example ?? sampleBody(action.input, 0);
  const args = Object.keys(input as object).length ? `${SAMPLE_ID}, ${literal(input)}` : `${SAMPLE_ID}`;
  return sample(`const result = await ${call}(${args});`);
}

/** The samples of the event operations (`client.events`). */
export const eventSamples = {
  list: sample(
    `const page = await client.events.list({ types: ["purchase.sent"], since: "2026-03-01T00:00:00Z", limit: 50 });\nfor (const event of page.events) console.log(event.id, event.type);`,
  ),
  read: sample(`const event = await client.events.get(${SAMPLE_ID});`),
};

/** A sample of an inbound webhook (no client method: it authenticates by the record's hash). */
export function inboundSample(path: string, body: unknown): CodeSample[] {
  return [
    {
      lang: "TypeScript",
      label: "fetch",
      source: `const response = await fetch("http://127.0.0.1:8787${path}", {
  method: "POST",
  headers: { "Content-Type": "application/json", "webhook-hash": process.env.MCS_WEBHOOK_HASH! },
  body: JSON.stringify(${literal(body).replace(/\n/g, "\n  ")}),
});
console.log(response.status, await response.json());
`,
    },
  ];
}

/** A value shaped by a JSON schema, for an operation with no manifest fields behind it: required members only. */
function schemaSample(
  schema: Record<string, unknown> | undefined,
  schemas: Record<string, unknown>,
): unknown {
  if (!schema) return undefined;
  const ref = schema.$ref as string | undefined;
  if (ref) return schemaSample(schemas[ref.split("/").at(-1)!] as Record<string, unknown>, schemas);
  if (schema.examples) return (schema.examples as unknown[])[0];
  if (schema.enum) return (schema.enum as unknown[])[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "object") {
    const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
    const required = (schema.required ?? []) as string[];
    return Object.fromEntries(required.map((name) => [name, schemaSample(properties[name], schemas)]));
  }
  if (type === "array") return [schemaSample(schema.items as Record<string, unknown>, schemas)];
  if (type === "boolean") return true;
  if (type === "integer" || type === "number") return 1;
  return "Example";
}

/**
 * A `fetch` sample of an operation the client has no method for (API keys, the operator's routes): its
 * method, path (ids as 1042), bearer token and, for a body, one made from its schema.
 */
export function fetchSample(
  method: string,
  path: string,
  body: Record<string, unknown> | undefined,
  schemas: Record<string, unknown>,
): CodeSample[] {
  const token = path.startsWith("/admin/") ? "MCS_ADMIN_TOKEN" : "MCS_TOKEN";
  const value = schemaSample(body, schemas);
  const init = [
    `  method: "${method.toUpperCase()}",`,
    `  headers: { Authorization: \`Bearer \${process.env.${token}}\`${value === undefined ? "" : ', "Content-Type": "application/json"'} },`,
    ...(value === undefined ? [] : [`  body: JSON.stringify(${literal(value, "  ")}),`]),
  ];
  return [
    {
      lang: "TypeScript",
      label: "fetch",
      source: `const response = await fetch("http://127.0.0.1:8787${path.replace(/\{id\}/g, String(SAMPLE_ID))}", {
${init.join("\n")}
});
${method === "delete" ? "console.log(response.status); // 204: no body" : "console.log(response.status, await response.json());"}
`,
    },
  ];
}
