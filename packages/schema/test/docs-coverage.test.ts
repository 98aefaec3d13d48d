import * as v from "valibot";
import { describe, expect, it } from "vitest";
import type { FieldDef } from "../src/define.ts";
import { actions, buildOpenApiDocument, fieldSchema, kinds } from "../src/index.ts";
import { pascalCase } from "../src/openapi.ts";

type Operation = { summary?: string; description?: string; "x-codeSamples"?: { lang: string }[] };
const document = buildOpenApiDocument() as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties: Record<string, { description?: string }> }> };
};
const METHODS = ["get", "put", "post", "delete", "patch"];
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
);

/** Every field of every kind's record schema, with whether the document describes it. */
const recordFields = kinds.flatMap((kind) =>
  Object.entries(document.components.schemas[pascalCase(kind.name)]!.properties).map(([field, schema]) => ({
    name: `${kind.name}.${field}`,
    described: Boolean(schema.description?.trim()),
  })),
);

describe("the API reference's text", () => {
  it("describes at least 90% of the record fields", () => {
    const described = recordFields.filter((field) => field.described).length;
    const share = described / recordFields.length;
    expect(recordFields.length).toBeGreaterThan(1500);
    expect(
      share,
      `${described} of ${recordFields.length}; not described: ${recordFields
        .filter((field) => !field.described)
        .map((field) => field.name)
        .join(", ")}`,
    ).toBeGreaterThanOrEqual(0.9);
  });

  it("gives every operation a short summary, a longer description and a TypeScript sample", () => {
    expect(operations.length).toBeGreaterThan(500);
    for (const { name, operation } of operations) {
      // The summary is what the sidebar lists: a few words, not a sentence.
      expect(operation.summary, name).toMatch(/^[A-Z][^.]{2,59}$/);
      expect(operation.description?.length ?? 0, name).toBeGreaterThan(operation.summary!.length);
      // A TypeScript sample: the client's call, or fetch where the client has no method.
      expect(operation["x-codeSamples"]?.[0]?.lang, name).toBe("TypeScript");
    }
  });

  it("declares only examples that are valid values of their fields", () => {
    const checked: string[] = [];
    const check = (name: string, field: FieldDef) => {
      if (field.example !== undefined) {
        const result = v.safeParse(fieldSchema(field), field.example);
        expect(
          result.issues?.map((issue) => issue.message),
          name,
        ).toBeUndefined();
        checked.push(name);
      }
      if (field.items) check(`${name}[]`, field.items);
      for (const [key, member] of Object.entries(field.fields ?? {})) check(`${name}.${key}`, member);
    };
    for (const kind of kinds) {
      for (const [name, field] of Object.entries(kind.fields)) check(`${kind.name}.${name}`, field);
    }
    for (const { kind, action } of actions) {
      for (const [name, field] of Object.entries(action.input))
        check(`${kind.name}.${action.name}.${name}`, field);
    }
    expect(checked.length).toBeGreaterThan(20);
  });
});
