// docs/background-work.md's table "Kinds that are records only" and the manifest's `recordOnly` marks say
// the same: every kind, field and value the table names is marked, and every marked one is in the table.
// The marks are what tell the OpenAPI document's readers that nothing runs behind them.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument, kindByName, kinds } from "../src/index.ts";
import { pascalCase } from "../src/openapi.ts";

/**
 * What the table's first column names: whole kinds (`carrier-pickup`), fields (`channel` `lockIso`) and
 * values of a field (`channel-variant-update` `type` `cost_price`, `purchase-notification` `status: opened`).
 * A row whose first column names nothing in backticks (the pipes) is prose. Parts of a row are separated
 * by `;`, each led by its kind.
 */
function tableEntries() {
  const text = readFileSync(new URL("../../../docs/background-work.md", import.meta.url), "utf8");
  const start = text.indexOf("## Kinds that are records only");
  expect(start, "the section of docs/background-work.md").toBeGreaterThan(0);
  const end = text.indexOf("\n## ", start + 1);
  const rows = text
    .slice(start, end < 0 ? undefined : end)
    .split("\n")
    .filter((line) => line.startsWith("| `"));
  const wholeKinds: string[] = [];
  const fields: string[] = [];
  const values: string[] = [];
  const unknown: string[] = [];
  for (const row of rows) {
    for (const part of row.split("|")[1]!.split(";")) {
      const tokens = [...part.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
      if (!tokens.length) continue;
      if (tokens.every((token) => kindByName(token))) {
        wholeKinds.push(...tokens);
        continue;
      }
      const kind = kindByName(tokens[0]!);
      if (!kind) {
        unknown.push(tokens[0]!);
        continue;
      }
      let last: string | undefined;
      for (const token of tokens.slice(1)) {
        const [name, value] = token.split(": ");
        if (value !== undefined) {
          values.push(`${kind.name}.${name}=${value}`);
        } else if (name! in kind.fields) {
          fields.push(`${kind.name}.${name}`);
          last = name;
        } else if (last) {
          // A value of the field named before it: only those values are records only, not the field.
          if (fields.at(-1) === `${kind.name}.${last}`) fields.pop();
          values.push(`${kind.name}.${last}=${name}`);
        } else {
          unknown.push(`${kind.name}.${name}`);
        }
      }
    }
  }
  return { wholeKinds, fields, values, unknown };
}

const marked = {
  wholeKinds: kinds.filter((kind) => kind.recordOnly).map((kind) => kind.name),
  fields: kinds.flatMap((kind) =>
    Object.entries(kind.fields)
      .filter(([, field]) => field.recordOnly)
      .map(([name]) => `${kind.name}.${name}`),
  ),
  values: kinds.flatMap((kind) =>
    Object.entries(kind.fields).flatMap(([name, field]) =>
      (field.recordOnlyValues ?? []).map((value) => `${kind.name}.${name}=${value}`),
    ),
  ),
};

type Schemas = Record<string, { description?: string; properties: Record<string, { description?: string }> }>;
const schemas = (buildOpenApiDocument() as { components: { schemas: Schemas } }).components.schemas;
const SENTENCE = "Kept as a record: the service does not act on it";

describe("records only: the manifest and docs/background-work.md", () => {
  const table = tableEntries();

  it("name nothing the manifest does not have", () => {
    expect(table.unknown).toEqual([]);
    expect(table.fields.length).toBeGreaterThan(100);
  });

  it("mark the same kinds, fields and values", () => {
    expect(marked.wholeKinds.sort()).toEqual([...new Set(table.wholeKinds)].sort());
    expect(marked.fields.sort()).toEqual([...new Set(table.fields)].sort());
    expect(marked.values.sort()).toEqual([...new Set(table.values)].sort());
  });

  it("are told in the OpenAPI document, and no record-only URL is one the service calls", () => {
    for (const name of marked.wholeKinds)
      expect(schemas[pascalCase(name)]!.description, name).toContain(SENTENCE);
    for (const entry of marked.fields) {
      const [kind, field] = entry.split(".");
      const description = schemas[pascalCase(kind!)]!.properties[field!]!.description;
      expect(description, entry).toContain(SENTENCE);
      expect(description, entry).not.toContain("The service calls it");
    }
    for (const entry of marked.values) {
      const [kind, rest] = entry.split(".");
      const [field, value] = rest!.split("=");
      expect(schemas[pascalCase(kind!)]!.properties[field!]!.description, entry).toMatch(
        new RegExp(`never set nor acted on by the service: .*\`${value}\``),
      );
    }
    // A URL the service does call keeps saying so.
    expect(schemas.CustomChannel!.properties.inventoryEndpoint!.description).toContain(
      "The service calls it",
    );
  });
});
