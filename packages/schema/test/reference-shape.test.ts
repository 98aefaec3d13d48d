// Every field fact of the reference service (test/fixtures/resources.json) against the OpenAPI document
// this package generates: names, types, enum values, defaults and writability. Where the project
// departs from a fact on purpose, the departure is listed below with its reason (and in the README).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { kindByName } from "../src/index.ts";
import { pascalCase } from "../src/openapi.ts";

interface FieldFact {
  name: string;
  type: string;
  enum?: string[];
  default?: unknown;
  readOnly?: boolean;
  requiredOnCreate?: boolean;
}
interface KindFacts {
  kind: string;
  fieldsSeen: boolean;
  fields: FieldFact[];
}

const reference = JSON.parse(readFileSync(new URL("./fixtures/resources.json", import.meta.url), "utf8")) as {
  kinds: KindFacts[];
};
const document = JSON.parse(readFileSync(new URL("../openapi.json", import.meta.url), "utf8")) as {
  components: { schemas: Record<string, Schema> };
};
interface Schema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  default?: unknown;
  readOnly?: boolean;
  examples?: unknown[];
  properties?: Record<string, Schema>;
  "x-references"?: string;
  format?: string;
}

/**
 * Deliberate departures, by `kind.field` and the aspect that differs (`"sale.x readOnly": "why"`):
 * none today. Derived values the reference lets clients write are writable here as requests
 * (`FieldDef.derived`), and free-text states are text with their values listed (`asText`).
 */
const DEPARTURES: Record<string, string> = {};

/** The type of a property without its `null` branch, as the document writes it. */
function branch(property: Schema): Schema {
  return property.anyOf?.find((option) => option.type !== "null") ?? property;
}

function typeOf(property: Schema): string {
  const shape = branch(property);
  if (!shape.type && !shape.enum && !shape.anyOf) return "any";
  if (shape.enum) return "string";
  if (shape.anyOf) return "any";
  return Array.isArray(shape.type) ? shape.type.find((type) => type !== "null")! : shape.type!;
}

const kindsWithFacts = reference.kinds.filter((kind) => kind.fieldsSeen);
const facts = kindsWithFacts.flatMap((kind) =>
  kind.fields
    .filter((field) => !["id", "createdAt", "updatedAt"].includes(field.name))
    .map((field) => ({ name: `${kind.kind}.${field.name}`, kind: kind.kind, field })),
);

describe("the reference's field facts", () => {
  it("cover the kinds they name, each declared here", () => {
    expect(facts.length).toBeGreaterThan(500);
    for (const kind of kindsWithFacts) expect(kindByName(kind.kind), kind.kind).toBeDefined();
  });

  it.each(facts)("$name", ({ kind, field }) => {
    const schema = document.components.schemas[pascalCase(kind)]!;
    const property = schema.properties?.[field.name];
    expect(property, `${kind}.${field.name} is in the document`).toBeDefined();
    const departs = (aspect: string) => `${kind}.${field.name} ${aspect}` in DEPARTURES;
    const ours = branch(property!);

    if (!departs("type")) {
      const expected: Record<string, string[]> = {
        any: ["any"],
        string: ["string"],
        integer: ["integer"],
        number: ["number", "integer"],
        boolean: ["boolean"],
        array: ["array", "any"],
        object: ["object", "any"],
      };
      expect(expected[field.type] ?? [field.type], `${kind}.${field.name} type`).toContain(typeOf(property!));
    }
    if (field.enum && !departs("enum")) {
      // A closed enum holds every value of the reference; an open one keeps any text.
      if (ours.enum)
        expect(ours.enum, `${kind}.${field.name} enum`).toEqual(expect.arrayContaining(field.enum));
      else expect(typeOf(property!), `${kind}.${field.name} takes any text`).toBe("string");
    }
    if (!field.enum && ours.enum && !departs("enum")) {
      throw new Error(`${kind}.${field.name}: the reference takes free text here, the document an enum`);
    }
    if (field.default !== undefined && !departs("default")) {
      const declared = kindByName(kind)!.fields[field.name]!;
      if (JSON.stringify(field.default) === "{}" && declared.type === "datetime") {
        expect(declared.defaultNow, `${kind}.${field.name} defaults to now`).toBe(true);
      } else {
        expect(property!.default, `${kind}.${field.name} default`).toEqual(field.default);
      }
    }
    if (field.readOnly === false && !departs("readOnly")) {
      expect(property!.readOnly ?? false, `${kind}.${field.name} writable`).toBe(false);
    }
    if (!field.requiredOnCreate) {
      const declared = kindByName(kind)!.fields[field.name]!;
      const required = declared.required && declared.default === undefined && !declared.readOnly;
      expect(required, `${kind}.${field.name} may be left out of a create`).toBe(false);
    }
  });

  it("lists only departures that still depart", () => {
    for (const key of Object.keys(DEPARTURES)) {
      const [name, aspect] = key.split(" ") as [string, string];
      const [kind, field] = [name.slice(0, name.indexOf(".")), name.slice(name.indexOf(".") + 1)];
      const fact = facts.find((entry) => entry.kind === kind && entry.field.name === field);
      expect(fact, key).toBeDefined();
      expect(["type", "enum", "default", "readOnly"]).toContain(aspect);
    }
  });
});
