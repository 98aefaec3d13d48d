// The Worker's copy of @multichannel/schema (scripts/worker-schema.ts, wrangler.jsonc `alias`): the same
// manifest and code as the package, without the documentation only the OpenAPI document reads.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ActionDef, FieldDef, KindDef } from "@multichannel/schema";
import * as source from "@multichannel/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWorkerSchema } from "../../scripts/worker-schema.ts";

type Fields = Readonly<Record<string, FieldDef>>;

// What the copy should hold: the source's values without the fields' and kinds' documentation.
const field = ({ description: _, example: __, ...rest }: FieldDef): FieldDef => ({
  ...rest,
  ...(rest.items ? { items: field(rest.items) } : {}),
  ...(rest.fields ? { fields: fields(rest.fields) } : {}),
});
const fields = (map: Fields): Fields =>
  Object.fromEntries(Object.entries(map).map(([k, d]) => [k, field(d)]));
const action = (a: ActionDef): ActionDef => ({
  ...a,
  input: fields(a.input),
  output:
    "fields" in a.output
      ? { ...a.output, fields: fields(a.output.fields) }
      : { ...a.output, ...(a.output.extra ? { extra: fields(a.output.extra) } : {}) },
});
const kind = ({ description: _, ...rest }: KindDef): Omit<KindDef, "description"> => ({
  ...rest,
  fields: fields(rest.fields),
  ...(rest.actions ? { actions: rest.actions.map(action) } : {}),
  ...(rest.createAnswer ? { createAnswer: fields(rest.createAnswer) } : {}),
});

/** Every field definition of a manifest, with where it is. */
function allFields(kinds: readonly KindDef[]): [string, FieldDef][] {
  const found: [string, FieldDef][] = [];
  const walk = (where: string, map: Fields | undefined) => {
    for (const [name, def] of Object.entries(map ?? {})) {
      found.push([`${where}.${name}`, def]);
      if (def.items) walk(`${where}.${name}[]`, { item: def.items });
      walk(`${where}.${name}`, def.fields);
    }
  };
  for (const k of kinds) {
    walk(k.name, k.fields);
    walk(`${k.name} create answer`, k.createAnswer);
    for (const a of k.actions ?? []) {
      walk(`${k.name} ${a.name} input`, a.input);
      walk(`${k.name} ${a.name} output`, "fields" in a.output ? a.output.fields : a.output.extra);
    }
  }
  return found;
}

const dist = fileURLToPath(new URL("../../dist/", import.meta.url));
let dir: string;
let text: string;
let copy: typeof source;

beforeAll(async () => {
  // Under the server, as wrangler's copy is, so that its `valibot` import resolves the same way.
  mkdirSync(dist, { recursive: true });
  dir = mkdtempSync(join(dist, "worker-schema-test-"));
  const outfile = await buildWorkerSchema(join(dir, "worker-schema.js"), { force: true });
  text = readFileSync(outfile, "utf8");
  copy = await import(pathToFileURL(outfile).href);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the Worker's copy of the schema package", () => {
  it("exports what the package does, the OpenAPI builder being the Worker's stand-in", () => {
    const openApiOnly = ["actionOutputKind", "pascalCase"];
    expect(Object.keys(copy).sort()).toEqual(
      Object.keys(source)
        .filter((name) => !openApiOnly.includes(name))
        .sort(),
    );
    expect(() => copy.buildOpenApiDocument({ serverUrl: "/" })).toThrow(/static asset/);
  });

  it("has the same kinds: fields (types, required, enums, references, derived texts), states, actions", () => {
    expect(copy.kinds.length).toBe(source.kinds.length);
    expect(copy.kinds).toEqual(source.kinds.map(kind));
    expect(copy.actions.map(({ kind: k, action: a }) => `${k.name} ${a.name}`)).toEqual(
      source.actions.map(({ kind: k, action: a }) => `${k.name} ${a.name}`),
    );
    expect(copy.scopeGroups).toEqual(source.scopeGroups);
    // A derived field's text is what a refused write quotes (409): it stays.
    const derived = allFields(source.kinds).filter(([, def]) => def.derived);
    expect(derived.length).toBeGreaterThan(0);
    const copied = new Map(allFields(copy.kinds));
    for (const [where, def] of derived) expect(copied.get(where)?.derived, where).toBe(def.derived);
  });

  it("validates as the package does", () => {
    const carrier = { carrierType: 5 };
    const theirs = source.kindSchemas(source.kindByName("carrier")!).create;
    const ours = copy.kindSchemas(copy.kindByName("carrier")!).create;
    expect(ours["~standard"].validate(carrier)).toEqual(theirs["~standard"].validate(carrier));
    expect(ours["~standard"].validate({ name: "Parcel Express" })).toEqual(
      theirs["~standard"].validate({ name: "Parcel Express" }),
    );
  });

  it("holds no description or example of a field or kind, neither as a member nor as text", () => {
    const documented = allFields(copy.kinds).filter(([, def]) => "description" in def || "example" in def);
    expect(documented.map(([where]) => where)).toEqual([]);
    expect(copy.kinds.filter((k) => "description" in k).map((k) => k.name)).toEqual([]);
    // Every text of the source's documentation is gone from the bundle, but for the few that are also
    // values the manifest holds (an example equal to an enum value).
    const values = JSON.stringify(copy.kinds);
    const texts = [
      ...source.kinds.map((k) => k.description),
      ...allFields(source.kinds).flatMap(([, def]) => [def.description, def.example]),
    ].filter(
      (t): t is string => typeof t === "string" && t.length >= 12 && !values.includes(JSON.stringify(t)),
    );
    expect(texts.length).toBeGreaterThan(500);
    expect(texts.filter((t) => text.includes(t))).toEqual([]);
  });
});
