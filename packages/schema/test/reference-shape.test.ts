// Every field fact of the reference service (test/fixtures/resources.json) against the OpenAPI document
// this package generates: names, types, enum values, defaults and writability. Where the project
// departs from a fact on purpose, the departure is listed below with its reason (and in the README).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { kindByName, kinds } from "../src/index.ts";
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

interface Lifecycle {
  statusFields?: Record<string, unknown> | null;
  otherEnums?: Record<string, unknown> | null;
}

const reference = JSON.parse(readFileSync(new URL("./fixtures/resources.json", import.meta.url), "utf8")) as {
  kinds: KindFacts[];
  lifecycles: Record<string, Lifecycle>;
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
 * Deliberate departures, by `kind.field` and the aspect that differs (`"sale.x readOnly": "why"`),
 * each said in docs/http-api.md with its reason. Derived values the reference lets clients write are writable here as requests
 * (`FieldDef.derived`), and free-text states are text with their values listed (`asText`).
 */
const DEPARTURES: Record<string, string> = {
  ...Object.fromEntries(
    [
      "added",
      "updated",
      "skipped",
      "errors",
      "errorMessages",
      "errorUri",
      "skippedUri",
      "startedAt",
      "completedAt",
      "statusMessage",
      "statusProblem",
    ].map((field) => [
      `data-import.${field} readOnly`,
      "the runner's account of the import's file, set as it applies the rows: a client's value is ignored (docs/imports-exports.md, Data imports)",
    ]),
  ),
  "custom-channel.webhookHash readOnly":
    "made by the server (32 random bytes) and answered once: a client's value is ignored (docs/security.md, Secrets at rest)",
};

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

/**
 * Every set of values the reference gives, by `kind.field`: the enums of its field facts, and the lists
 * of its lifecycles (status fields and other enums; a key naming several kinds, `a / b / c tracking`,
 * gives the set to each).
 */
const givenSets = new Map<string, { values: string[]; from: string }>();
for (const kind of reference.kinds) {
  for (const field of kind.fields ?? []) {
    if (field.enum)
      givenSets.set(`${kind.kind}.${field.name}`, { values: field.enum, from: "its field facts" });
  }
}
for (const [key, lifecycle] of Object.entries(reference.lifecycles)) {
  const kindNames = key.split("/").map((part) => part.trim().split(" ")[0]!);
  for (const [field, values] of Object.entries({ ...lifecycle.statusFields, ...lifecycle.otherEnums })) {
    if (!Array.isArray(values) || !values.length) continue;
    for (const kindName of kindNames) {
      const name = `${kindName}.${field}`;
      if (!givenSets.has(name)) givenSets.set(name, { values, from: `the ${key} lifecycle` });
    }
  }
}

/**
 * Sets the reference gives only in part, and why. What it lists is accepted; a field here is either
 * open (text, its known values listed: `f.openEnum`) or this service's own closed set that holds them.
 */
const GIVEN_IN_PART: Record<string, string> = {
  "carrier.carrierType":
    "the reference lists national postal services by name: third parties are not declared here, so any text is kept and this service's own kinds of carrier are listed (open)",
  "channel-variant.source":
    "the reference lists store platforms by name besides `custom`: only `custom` is neutral, so any text is kept (open)",
  "transfer.source":
    "the reference lists payment processors by name besides `check`, `other` and `ost`: this service's neutral set holds those three (closed)",
  "purchase.paymentStatus":
    "the lifecycle shows `notPaid` only: the books derive `partiallyPaid` and `paid` too (closed, this service's states)",
  "purchase-item.returnStatus": "the lifecycle shows one value: this service's states hold it (closed)",
  "purchase-item.invoiceStatus": "the lifecycle shows one value: this service's states hold it (closed)",
  "purchase-item.inventoryStatus": "the lifecycle shows one value: this service's states hold it (closed)",
  "fulfillment.status":
    "the lifecycle shows `finalized` only: a fulfillment's lifecycle here holds it (closed, this service's states)",
  "data-export.status":
    "the reference lists `pending` and `complete`; an export here can also fail (`error`): closed, with that state added",
};

/** Fields that hold a set the reference gives whole for another field of the same meaning. */
const SAME_SET: Record<string, string> = {
  "fulfillment.trackingStatus": "dropshipment.trackingStatus",
  "fulfillment.requiresShippingApproval": "dropshipment.requiresShippingApproval",
};

/** Text fields with known values where the reference gives no set at all (open), and why. */
const NO_SET_GIVEN: Record<string, string> = {
  "channel.imageSync": "free text in the reference: its pages list no values",
  "channel.inventorySync":
    "free text in the reference: its pages list no values (`all` is seen in an example)",
  "carrier-pickup.status": "free text in the reference: its pages list no values",
};

/** Whether the reference gives `name`'s set whole (itself, or through a field of the same meaning). */
function closedBy(name: string): boolean {
  const target = SAME_SET[name] ?? name;
  return givenSets.has(target) && !(target in GIVEN_IN_PART);
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
    if (!field.enum && ours.enum && !departs("enum") && !closedBy(`${kind}.${field.name}`)) {
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

describe("the reference's value sets", () => {
  const declared = (name: string) => {
    const [kind, field] = [name.slice(0, name.indexOf(".")), name.slice(name.indexOf(".") + 1)];
    return kindByName(kind)?.fields[field];
  };
  const property = (name: string) => {
    const [kind, field] = [name.slice(0, name.indexOf(".")), name.slice(name.indexOf(".") + 1)];
    return branch(document.components.schemas[pascalCase(kind)]!.properties![field]!);
  };
  const whole = [...givenSets.keys(), ...Object.keys(SAME_SET)]
    .filter((name) => closedBy(name) && declared(name))
    .sort();

  it.each(whole)("%s is closed: the reference gives its set whole", (name) => {
    const field = declared(name)!;
    const given = givenSets.get(SAME_SET[name] ?? name)!;
    expect(field.type, `${name} is an enum (any other value is a 422)`).toBe("enum");
    expect(field.values, `${name} takes every value ${given.from} lists`).toEqual(
      expect.arrayContaining(given.values),
    );
    if (!field.asText) expect(property(name).enum, `${name} in the document`).toEqual([...field.values!]);
  });

  it.each(Object.entries(GIVEN_IN_PART))("%s: given in part (%s)", (name) => {
    const field = declared(name);
    expect(field, `${name} is declared`).toBeDefined();
    const given = givenSets.get(name)!;
    expect(given, `${name}: the reference gives some values`).toBeDefined();
    // Closed: this service's set holds every value listed. Open: any text is kept, its known values listed.
    if (field!.type === "enum") expect(field!.values).toEqual(expect.arrayContaining(given.values));
    else expect(field!.suggested, `${name} is open with its known values listed`).toBeDefined();
  });

  it("keeps open only the sets given in part or not given at all, each with its reason", () => {
    const open = kinds
      .flatMap((kind) =>
        Object.entries(kind.fields)
          .filter(([, field]) => field.suggested)
          .map(([field]) => `${kind.name}.${field}`),
      )
      .sort();
    const reasoned = open.filter(
      (name) => name in NO_SET_GIVEN || (name in GIVEN_IN_PART && declared(name)?.type !== "enum"),
    );
    expect(open).toEqual(reasoned);
    for (const name of Object.keys(NO_SET_GIVEN)) {
      expect(givenSets.has(name), `${name}: the reference gives no set`).toBe(false);
      expect(open, `${name} is open`).toContain(name);
    }
  });
});
