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

describe("what /docs leads with", () => {
  const full = document as unknown as {
    tags: { name: string; description?: string }[];
    paths: Record<string, Record<string, { tags?: string[]; description?: string }>>;
  };

  it("describes every tag of the sidebar, and lists every tag an operation names", () => {
    const named = new Set(
      Object.values(full.paths).flatMap((item) =>
        Object.values(item).flatMap((operation) => operation.tags ?? []),
      ),
    );
    expect(full.tags.map((tag) => tag.name)).toEqual([...named].sort());
    for (const tag of full.tags) expect(tag.description?.length ?? 0, tag.name).toBeGreaterThan(30);
  });

  it("points the sales create to manual-sale (Import an order), the way orders that should route come in", () => {
    expect(full.paths["/sales.json"]!.post!.description).toContain(
      "imported with **Import an order**, `POST /channels/{id}/manual-sale.json`",
    );
    expect(full.tags.find((tag) => tag.name === "orders")!.description).toContain("manual-sale");
  });

  it("shows no length limit a field does not declare (the default bound of free text stays a check)", () => {
    const declared = kinds.flatMap((kind) =>
      Object.entries(kind.fields)
        .filter(([, field]) => (field as FieldDef).maxLength === 4000)
        .map(([name]) => `${kind.name}.${name}`),
    );
    const shown: string[] = [];
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) for (const item of node) walk(item, where);
      else if (node && typeof node === "object") {
        const record = node as Record<string, unknown>;
        if (record.maxLength === 4000) shown.push(where);
        for (const [key, value] of Object.entries(record))
          walk(value, key === "properties" || key === "anyOf" || key === "items" ? where : `${where}.${key}`);
      }
    };
    for (const kind of kinds) walk(document.components.schemas[pascalCase(kind.name)], kind.name);
    expect(shown.sort()).toEqual(declared.sort());
    // The bound still holds: 4,001 characters of a field that declares none is refused.
    const free = kinds
      .flatMap((kind) => Object.values(kind.fields) as FieldDef[])
      .find((field) => field.type === "string" && field.maxLength === undefined && !field.format)!;
    const schema = fieldSchema(free);
    expect(v.safeParse(schema, "x".repeat(4000)).success).toBe(true);
    expect(v.safeParse(schema, "x".repeat(4001)).success).toBe(false);
  });
});
