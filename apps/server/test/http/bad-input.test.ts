import { type KindDef, kindByName } from "@multichannel/schema";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { type Body, createBody, createRecordOf, refFields } from "../factory.ts";
import { expectMatchesResponseSchema } from "../openapi-response.ts";
import { countWrites, setupApp, type Tenant } from "../support.ts";

/** Kinds with every field type between them: arrays, objects, maps, money, enums, datetimes, references. */
const SAMPLE = [
  "purchase",
  "sale",
  "channel",
  "variant",
  "channel-variant",
  "dropshipment",
  "purchase-item",
  "address-validation",
  "channel-price-list",
  "channel-shipment-update",
  "transfer",
  "carrier-pickup",
  "currency",
  "inventory-feed-mapping",
  "data-import",
].map((name) => kindByName(name)!);

const RUNS = { seed: 20_240_601, numRuns: 150 };

interface Target {
  kind: KindDef;
  tenant: Tenant;
  record: Body & { id: number };
  valid: Body;
  /** A record of the same kind that belongs to another company, every reference set. */
  foreign: Body & { id: number };
}

let ctx: Awaited<ReturnType<typeof setupApp>>;
let writes: () => Promise<number>;
const targets = new Map<string, Target>();

beforeAll(async () => {
  ctx = await setupApp();
  const other = await ctx.tenant();
  for (const kind of SAMPLE) {
    const tenant = await ctx.tenant();
    const record = await createRecordOf(tenant, kind, { full: true });
    const valid = await createBody(tenant, kind, { full: true });
    const foreign = await createRecordOf(other, kind, { full: true });
    // Counterexamples print the kind's name, not the tenant and its tokens.
    targets.set(kind.name, {
      kind,
      tenant,
      record,
      valid,
      foreign,
      [fc.toStringMethod]: () => kind.name,
    } as Target);
  }
  writes = await countWrites(ctx.db);
});

interface Sent {
  method: string;
  path: string;
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

async function send(
  target: Target,
  { method, path, body, contentType, headers: extra }: Sent,
): Promise<Response> {
  const headers: Record<string, string> = { ...extra, Authorization: `Bearer ${target.tenant.token}` };
  if (contentType !== undefined) headers["Content-Type"] = contentType;
  return ctx.app.request(path, {
    method,
    headers,
    body: method === "GET" || method === "HEAD" ? undefined : body,
  });
}

/**
 * Sends the request and checks the answer: never a 5xx, a problem document with the same status on every
 * 4xx, and no write to any table unless the request was accepted.
 */
async function expectSafe(target: Target, sent: Sent): Promise<number> {
  // An update that changes nothing writes nothing: it answers the record as it was, its ETag unchanged.
  const etagBefore =
    sent.method === "PUT"
      ? (await send(target, { method: "GET", path: sent.path })).headers.get("ETag")
      : null;
  const before = await writes();
  const response = await send(target, sent);
  const text = await response.text();
  const where = `${sent.method} ${sent.path.slice(0, 300)} ${sent.contentType ?? ""} ${String(sent.body).slice(0, 300)}`;
  expect(response.status, `${where} → ${text.slice(0, 500)}`).toBeLessThan(500);
  // Whatever the input, the status is one the document declares for the operation.
  expectMatchesResponseSchema(sent.method, sent.path, response.status, undefined);
  if (response.status >= 400 && sent.method !== "HEAD") {
    expect(response.headers.get("Content-Type"), where).toMatch(/^application\/problem\+json/);
    const problem = JSON.parse(text);
    expect(problem.status, where).toBe(response.status);
  }
  if (response.status >= 400 || sent.method === "GET" || sent.method === "HEAD") {
    expect(await writes(), `${where} → ${response.status} wrote to the database`).toBe(before);
  } else if (etagBefore === null || response.headers.get("ETag") !== etagBefore) {
    // An accepted write shows in the counter: the check above can see writes.
    expect(await writes(), where).toBeGreaterThan(before);
  } else {
    expect(await writes(), `${where} → changed nothing, yet wrote to the database`).toBe(before);
  }
  return response.status;
}

const targetArb = fc.constantFrom(...SAMPLE.map((kind) => kind.name)).map((name) => targets.get(name)!);

const edgeNumbers = fc.constantFrom(
  0,
  -0,
  -1,
  0.5,
  0.005,
  0.1 + 0.2,
  1e13,
  1e13 + 0.01,
  -1e13 - 1,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.EPSILON,
  123456789.12345679,
);
const numberLikeStrings = fc.constantFrom(
  "NaN",
  "Infinity",
  "-Infinity",
  "1e309",
  "-0",
  "0x1F",
  "1_000",
  "",
  " ",
  "null",
  "undefined",
  "[]",
  "{}",
  "12",
  "1.5",
  "true",
);
const unicode = fc.oneof(
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.constantFrom(
    "\ud800",
    "\udfff",
    "a\u0000b",
    "🙂",
    "e\u0301",
    "\u202eevil",
    "👨‍👩‍👧",
    "\ufeff",
    "'; DROP TABLE sales; --",
    "%00",
    "../../etc",
  ),
);
const hugeString = fc.integer({ min: 4001, max: 400_000 }).map((n) => "x".repeat(n));
const dateLike = fc.constantFrom(
  "2024-02-30",
  "2024-13-01T00:00:00Z",
  "2024-01-01T25:00:00Z",
  "0000-00-00",
  "2024-01-01",
  "9999-12-31T23:59:59.999Z",
  "+275760-09-13T00:00:00.000Z",
  "1970-01-01T00:00:00Z",
);

function nested(depth: number, leaf: "array" | "object"): unknown {
  let value: unknown = leaf === "array" ? [] : {};
  for (let i = 0; i < depth; i++) value = leaf === "array" ? [value] : { a: value };
  return value;
}
const deep = fc
  .tuple(fc.integer({ min: 2, max: 3000 }), fc.constantFrom("array" as const, "object" as const))
  .map(([depth, leaf]) => nested(depth, leaf));

// Far past any declared bound: their length must be refused before their items are looked at.
const hugeArray = fc
  .tuple(fc.integer({ min: 1001, max: 100_000 }), fc.constantFrom<unknown>({}, null, "x", 1, []))
  .map(([length, item]) => Array.from({ length }, () => item));
const wideObject = fc
  .integer({ min: 101, max: 20_000 })
  .map((keys) => Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, i])));

const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 3 },
  { arbitrary: hugeArray, weight: 1 },
  { arbitrary: wideObject, weight: 1 },
  { arbitrary: edgeNumbers, weight: 3 },
  { arbitrary: numberLikeStrings, weight: 3 },
  { arbitrary: unicode, weight: 2 },
  { arbitrary: hugeString, weight: 1 },
  { arbitrary: dateLike, weight: 2 },
  { arbitrary: deep, weight: 1 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { "": 1 }), weight: 2 },
);

/** JSON number spellings that JSON.stringify cannot produce: put in the text in place of a marker string. */
const rawNumbers = fc.constantFrom(
  "1e309",
  "-1e309",
  "1e-400",
  "123456789012345678901234567890",
  "-0",
  "5e-324",
  "1E2",
  "0.1e1",
  "1.0",
  "-0.0",
  "1e13",
  "9007199254740993",
);

const weirdKey = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "toString",
    "hasOwnProperty",
    "",
    " ",
    "id",
    "createdAt",
    "updatedAt",
    "companyId",
    "company_id",
  ),
  unicode,
);

type Mutation =
  | { path: number; op: "set" | "delete" | "raw"; value: unknown; raw: string }
  | { op: "extra"; key: string; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    path: fc.nat(),
    op: fc.constantFrom("set" as const, "set" as const, "delete" as const, "raw" as const),
    value: weirdValue,
    raw: rawNumbers,
  }),
  fc.record({ op: fc.constant("extra" as const), key: weirdKey, value: weirdValue }),
);

/** Every path into a value, to depth 3: `["payload", "country"]`, `["prices", 0, "price"]`. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (prefix.length >= 3 || typeof value !== "object" || value === null) return [];
  const entries = Array.isArray(value) ? value.map((item, i) => [i, item] as const) : Object.entries(value);
  return entries.flatMap(([key, item]) => [[...prefix, key], ...pathsOf(item, [...prefix, key])]);
}

/** encodeURIComponent; a lone surrogate becomes its (invalid UTF-8) percent-encoded bytes. */
function encodePart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ""))}%ED%A0%80`;
  }
}

const MARKER = "\u0001raw-number\u0001";

/** A valid body with some values replaced, removed or added; serialized, with raw number spellings put in. */
function mutate(valid: Body, mutations: Mutation[]): string {
  const body = structuredClone(valid);
  const raws: string[] = [];
  for (const change of mutations) {
    if (change.op === "extra") {
      Object.defineProperty(body, change.key, {
        value: change.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      continue;
    }
    const paths = pathsOf(body);
    if (!paths.length) continue;
    const path = paths[change.path % paths.length]!;
    let parent: any = body;
    for (const key of path.slice(0, -1)) parent = parent[key];
    const last = path[path.length - 1]!;
    if (change.op === "delete") {
      if (Array.isArray(parent)) parent.splice(last as number, 1);
      else delete parent[last];
    } else if (change.op === "raw") {
      parent[last] = `${MARKER}${raws.length}`;
      raws.push(change.raw);
    } else parent[last] = change.value;
  }
  let text = JSON.stringify(body);
  raws.forEach((raw, i) => {
    text = text.replace(JSON.stringify(`${MARKER}${i}`), raw);
  });
  return text;
}

const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.anything({ maxDepth: 4, withObjectString: true }).map((value) => JSON.stringify(value) ?? ""),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.dictionary(weirdKey, weirdValue, { maxKeys: 6 }).map((value) => JSON.stringify(value)),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.constantFrom(
    "",
    "{",
    "}",
    "[",
    '{"a":}',
    '{"a":1,}',
    "{'a':1}",
    "NaN",
    '{"a":NaN}',
    '{"a":1}{"b":2}',
    "\ufeff{}",
    "null",
    "[]",
    "0",
  ),
);

/** A reference field set to a record that does not exist or belongs to the other company. */
function refMutation(target: Target): fc.Arbitrary<Mutation>[] {
  const refs = refFields(target.kind).map(([name]) => name);
  if (!refs.length) return [];
  const foreignIds = refs
    .map((name) => target.foreign[name])
    .filter((id): id is number => typeof id === "number");
  const id = fc.oneof(fc.integer({ min: 1, max: 2_000_000_000 }), fc.constantFrom(...foreignIds));
  return [fc.record({ op: fc.constant("extra" as const), key: fc.constantFrom(...refs), value: id })];
}

function bodyText(target: Target): fc.Arbitrary<string> {
  const change = fc.oneof(mutation, ...refMutation(target));
  return fc.oneof(
    { arbitrary: anyText, weight: 2 },
    {
      arbitrary: fc
        .array(change, { minLength: 1, maxLength: 4 })
        .map((mutations) => mutate(target.valid, mutations)),
      weight: 3,
    },
    {
      arbitrary: fc
        .array(change, { minLength: 1, maxLength: 4 })
        .map((mutations) => mutate(target.record, mutations)),
      weight: 2,
    },
  );
}

const targetAndBody = targetArb.chain((target) => fc.tuple(fc.constant(target), bodyText(target)));

describe("bad input never breaks the server and never changes stored data", () => {
  it("on create", async () => {
    await fc.assert(
      fc.asyncProperty(targetAndBody, async ([target, body]) => {
        await expectSafe(target, {
          method: "POST",
          path: target.kind.path,
          body,
          contentType: "application/json",
        });
      }),
      RUNS,
    );
  });

  it("on update", async () => {
    await fc.assert(
      fc.asyncProperty(targetAndBody, async ([target, body]) => {
        await expectSafe(target, {
          method: "PUT",
          path: `/${target.kind.plural}/${target.record.id}.json`,
          body,
          contentType: "application/json",
        });
      }),
      RUNS,
    );
  });

  it("in If-Match on update: only the current strong ETag (or *) lets it through", async () => {
    const tagArb = targetArb.chain((target) =>
      fc.tuple(
        fc.constant(target),
        fc.oneof(
          fc.constant("weak"),
          fc.constant("stale"),
          // Header values are visible ASCII: anything else never reaches the server.
          fc
            .string({ unit: "grapheme-ascii", maxLength: 40 })
            .map((text) => text.replace(/[^\x21-\x7e ]/g, "")),
          fc.constantFrom('""', "W/", ",", "*, W/", '"a", "b"'),
        ),
      ),
    );
    await fc.assert(
      fc.asyncProperty(tagArb, async ([target, kindOfTag]) => {
        const path = `/${target.kind.plural}/${target.record.id}.json`;
        const current = (await send(target, { method: "GET", path })).headers.get("ETag")!;
        const tag =
          kindOfTag === "weak" ? `W/${current}` : kindOfTag === "stale" ? '"0000000000000000"' : kindOfTag;
        const status = await expectSafe(target, {
          method: "PUT",
          path,
          body: "{}",
          contentType: "application/json",
          headers: { "If-Match": tag },
        });
        const passes = tag.split(",").some((part) => part.trim() === "*" || part.trim() === current);
        expect(status, `If-Match: ${tag}`).toBe(passes ? 200 : 412);
      }),
      RUNS,
    );
  });

  it("in list queries", async () => {
    const operator = fc.oneof(
      fc.constantFrom(
        "$eq",
        "$in",
        "$gte",
        "$lte",
        "$gt",
        "$lt",
        "$ne",
        "$null",
        "$like",
        "$",
        "$IN",
        "in",
        "",
      ),
      fc.string({ maxLength: 8 }),
    );
    const queryValue = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer().map(String),
      fc.double().map(String),
      numberLikeStrings,
      dateLike,
      unicode,
      fc
        .array(fc.oneof(fc.integer().map(String), fc.string({ maxLength: 5 })), { maxLength: 300 })
        .map((items) => items.join(",")),
      fc.constantFrom(
        "true",
        "false",
        "1",
        "0",
        "-1",
        "9999999999999999",
        "99999999999999999999",
        "1e400",
        "-",
        "--id",
        "-createdAt",
      ),
    );
    const queryArb = targetArb.chain((target) => {
      const field = fc.oneof(
        fc.constantFrom("id", "createdAt", "updatedAt", ...Object.keys(target.kind.fields)),
        fc.constantFrom("toString", "constructor", "__proto__", "valueOf", "company_id", "companyId"),
        fc.string({ maxLength: 12 }),
      );
      const pair = fc.oneof(
        fc.tuple(
          field.map((name) => `where[${name}]`),
          queryValue,
        ),
        fc.tuple(
          fc.tuple(field, operator).map(([name, op]) => `where[${name}][${op}]`),
          queryValue,
        ),
        fc.tuple(
          fc.constantFrom("order", "limit", "from"),
          fc.oneof(
            queryValue,
            field,
            field.map((name) => `-${name}`),
          ),
        ),
        fc.tuple(fc.string({ maxLength: 12 }), queryValue),
      );
      const query = fc.oneof(
        {
          arbitrary: fc.array(pair, { maxLength: 5 }).map((pairs) => new URLSearchParams(pairs).toString()),
          weight: 4,
        },
        {
          arbitrary: fc
            .string({ unit: "grapheme-ascii", maxLength: 60 })
            .map((text) => text.replace(/#/g, "")),
          weight: 1,
        },
        {
          // The same filter over and over, or one very long value: bounded by term and length limits.
          arbitrary: fc
            .tuple(pair, fc.integer({ min: 30, max: 1500 }))
            .map(([one, times]) => new URLSearchParams(Array.from({ length: times }, () => one)).toString()),
          weight: 1,
        },
        {
          arbitrary: fc.integer({ min: 4000, max: 20_000 }).map((n) => `where[id]=${"1".repeat(n)}`),
          weight: 1,
        },
      );
      return fc.tuple(fc.constant(target), query);
    });
    await fc.assert(
      fc.asyncProperty(queryArb, async ([target, query]) => {
        const status = await expectSafe(target, { method: "GET", path: `${target.kind.path}?${query}` });
        expect([200, 400]).toContain(status);
      }),
      RUNS,
    );
  });

  it("for ids in the path", async () => {
    const idArb = targetArb.chain((target) =>
      fc.tuple(
        fc.constant(target),
        fc.constantFrom("GET", "PUT", "DELETE"),
        fc.oneof(
          // Small positive integers are ids of real records of the tenant: not bad input.
          fc
            .oneof(fc.string({ maxLength: 30 }), unicode, fc.double().map(String))
            .filter((id) => !/^[1-9]\d{0,8}$/.test(id)),
          fc.integer({ min: -1000, max: 0 }).map(String),
          fc.integer({ min: 1_000_000_000, max: Number.MAX_SAFE_INTEGER }).map(String),
          fc.bigInt({ min: 2n ** 53n, max: 2n ** 80n }).map(String),
          fc.constant(String(target.foreign.id)),
          fc
            .constantFrom(
              "0{id}",
              "{id}.0",
              "+{id}",
              " {id}",
              "{id} ",
              "{id}e0",
              "{id}\u0000",
              "0x{id}",
              "{id}/",
              "{id}.json",
              "-{id}",
              "{id}n",
            )
            .map((pattern) => pattern.replace("{id}", String(target.record.id))),
        ),
        fc.constantFrom("encoded" as const, "raw" as const),
      ),
    );
    const rawSegments = fc.constantFrom(
      "%",
      "%zz",
      "%ff",
      "%E0%A4%A",
      "%ED%A0%80",
      "%00",
      "%2F",
      "%2e%2e",
      "..",
      ".",
      "",
      "%20",
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          idArb,
          fc.tuple(
            targetArb,
            fc.constantFrom("GET", "PUT", "DELETE"),
            rawSegments,
            fc.constant("as-is" as const),
          ),
        ),
        async ([target, method, id, how]) => {
          const segment =
            how === "as-is" ? id : how === "encoded" ? encodePart(id) : id.replace(/[#?%\s\\/]/g, "_");
          const status = await expectSafe(target, {
            method,
            path: `/${target.kind.plural}/${segment}.json`,
            body: method === "PUT" ? JSON.stringify(target.valid) : undefined,
            contentType: method === "PUT" ? "application/json" : undefined,
          });
          expect([400, 404, 405]).toContain(status);
        },
      ),
      RUNS,
    );
  });

  it("for any method and content type", async () => {
    const contentType = fc.oneof(
      fc.constantFrom(
        undefined,
        "application/json",
        "application/json; charset=utf-8",
        "APPLICATION/JSON",
        "application/problem+json",
        "application/jsonx",
        "text/json",
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/octet-stream",
        "",
        ";",
        "application/",
      ),
      fc.stringMatching(/^[ -~]{0,40}$/),
    );
    const requestArb = targetArb.chain((target) =>
      fc.record({
        target: fc.constant(target),
        method: fc.constantFrom("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "PURGE", "COPY"),
        path: fc.constantFrom(
          target.kind.path,
          `/${target.kind.plural}/${target.foreign.id}.json`,
          `/${target.kind.plural}/999999999.json`,
          `/${target.kind.plural}`,
          `/${target.kind.plural}/${target.record.id}/nothing.json`,
          "/nothing.json",
          "/health",
          "/openapi.json",
          "//",
        ),
        contentType,
        body: fc.option(bodyText(target), { nil: undefined }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(requestArb, async ({ target, ...sent }) => {
        await expectSafe(target, sent);
      }),
      RUNS,
    );
  });

  it("never deleted a record through a malformed id", async () => {
    for (const target of targets.values()) {
      const read = await target.tenant.json("GET", `/${target.kind.plural}/${target.record.id}.json`);
      expect(read.status).toBe(200);
      expect(read.body.id).toBe(target.record.id);
      expect(read.body.createdAt).toBe(target.record.createdAt);
    }
  });
});
