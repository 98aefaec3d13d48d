import { type KindDef, kindByName, kindSchemas, kinds } from "@multichannel/schema";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import { writeRuleOf } from "../../src/domain/write-rules/index.ts";
import {
  type Body,
  createBody,
  createRecordOf,
  errorPaths,
  expectProblem,
  fieldToChange,
  isNeeded,
  isScalar,
  listedRefFields,
  recordOf,
  refFields,
  shownAs,
  writableFields,
  wrongTypeBody,
} from "../factory.ts";
import { setupApp, type Tenant } from "../support.ts";

let ctx: Awaited<ReturnType<typeof setupApp>>;
beforeAll(async () => {
  ctx = await setupApp();
});

const BAD_IDS = ["abc", "0", "-1", "1.5", "99999999999999999999"];
const MISSING_ID = 2_000_000_000;

function itemPath(kind: KindDef, id: number | string): string {
  return `/${kind.plural}/${id}.json`;
}

function listPath(kind: KindDef, params: Record<string, string>): string {
  return `${kind.path}?${new URLSearchParams(params)}`;
}

async function countOf(t: Tenant, kind: KindDef): Promise<number> {
  const list = await t.json("GET", listPath(kind, { limit: "250" }));
  expect(list.status).toBe(200);
  return list.body.length;
}

async function expectUnchanged(t: Tenant, kind: KindDef, record: Body & { id: number }): Promise<void> {
  const read = await t.json("GET", itemPath(kind, record.id));
  expect(read.status).toBe(200);
  expect(read.body).toEqual(record);
}

/** Kinds whose records are part of the books once written: an applied adjustment is never deleted. */
const KEPT_AS_HISTORY = new Set(["adjustment"]);

/**
 * For a kind whose only writable scalars are references (a stock level: its counts move only through
 * recorded movements), an update that sends a field back unchanged.
 */
function referenceOnly(kind: KindDef): { field: string; value: unknown } | undefined {
  if (kind.name !== "inventory-level") return undefined;
  return { field: "onHand", value: 0 };
}

/** A value as a list filter writes it in the query string. */
function queryValue(value: unknown): string {
  return String(value);
}

describe.each(kinds.map((kind) => [kind.name, kind] as const))("%s", (_, kind) => {
  const schemas = kindSchemas(kind);
  let t: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    t = await ctx.tenant();
    other = await ctx.tenant();
  });

  it("creates, reads, updates, lists and deletes a record with every field set", async () => {
    const body = await createBody(t, kind, { full: true });
    const created = await t.json("POST", kind.path, body);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const record: any = recordOf(kind, created.body);
    expect(created.headers.get("Location")).toBe(itemPath(kind, record.id));
    expect(v.safeParse(schemas.record, record).issues).toBeUndefined();
    for (const [name, value] of Object.entries(body)) {
      expect(record[name], name).toEqual(shownAs(kind.fields[name], value));
    }
    expect(Date.parse(record.createdAt)).not.toBeNaN();
    expect(record.updatedAt).toBe(record.createdAt);

    const read = await t.json("GET", created.headers.get("Location")!);
    expect(read.status).toBe(200);
    expect(read.headers.get("ETag")).toMatch(/^(W\/)?".+"$/);
    expect(read.body).toEqual(record);

    const change = fieldToChange(kind, read.body) ?? referenceOnly(kind);
    expect(change, "a field an update can change").toBeDefined();
    const { field, value } = change!;
    const updated = await t.json("PUT", itemPath(kind, record.id), { ...read.body, [field]: value });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body[field]).toEqual(value);
    const { [field]: _changed, updatedAt: _updatedAt, ...rest } = updated.body;
    const { [field]: _before, updatedAt: _readUpdatedAt, ...restBefore } = read.body;
    expect(rest).toEqual(restBefore);
    expect(Date.parse(updated.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(record.updatedAt));
    expect((await t.json("GET", itemPath(kind, record.id))).body).toEqual(updated.body);

    const byId = await t.json("GET", listPath(kind, { "where[id]": String(record.id) }));
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual([updated.body]);
    if (isScalar(kind.fields[field]!)) {
      const byField = await t.json(
        "GET",
        listPath(kind, { [`where[${field}]`]: queryValue(value), limit: "250" }),
      );
      expect(byField.status).toBe(200);
      expect(byField.body.map((item: Body) => item.id)).toContain(record.id);
      expect(byField.body.every((item: Body) => item[field] === value)).toBe(true);
    }

    if (KEPT_AS_HISTORY.has(kind.name)) {
      expectProblem(await t.json("DELETE", itemPath(kind, record.id)), 409);
      return;
    }
    const deleted = await t.request("DELETE", itemPath(kind, record.id));
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");
    expectProblem(await t.json("GET", itemPath(kind, record.id)), 404);
    expectProblem(await t.json("DELETE", itemPath(kind, record.id)), 404);
    expect((await t.json("GET", listPath(kind, { "where[id]": String(record.id) }))).body).toEqual([]);
  });

  it("fills in defaults and answers null for fields never set", async () => {
    const body = await createBody(t, kind);
    const created = await t.json("POST", kind.path, body);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    for (const [name, field] of Object.entries(kind.fields)) {
      // Values the books derive (totals, statuses, levels) are tested by the domain suites.
      if (field.readOnly && writeRuleOf(kind.name)) continue;
      if (field.tenant) {
        expect(created.body[name], name).toBe(t.companyId);
        continue;
      }
      if (field.defaultNow && !(name in body)) {
        expect(created.body[name], name).toBe(created.body.createdAt);
        continue;
      }
      // Made by the server, whatever was sent: answered whole this once (the secrets suite checks it).
      if (field.secret === "serverMade") continue;
      const expected = name in body ? body[name] : field.default !== undefined ? field.default : null;
      expect(created.body[name], name).toEqual(shownAs(field, expected));
    }
  });

  it("answers 401 with a Bearer challenge without a valid token", async () => {
    const record = await createRecordOf(t, kind);
    const attempts: [string, string, unknown?][] = [
      ["GET", kind.path],
      ["POST", kind.path, await createBody(t, kind)],
      ["GET", itemPath(kind, record.id)],
      ["PUT", itemPath(kind, record.id), record],
      ["DELETE", itemPath(kind, record.id)],
    ];
    for (const [method, path, body] of attempts) {
      const anonymous = await ctx.anonymous.json(method, path, body);
      expectProblem(anonymous, 401);
      expect(anonymous.headers.get("WWW-Authenticate")).toMatch(/^Bearer\b/);
      const badToken = await ctx.anonymous.json(method, path, body, {
        Authorization: "Bearer mcs_not-a-token",
      });
      expectProblem(badToken, 401);
      expect(badToken.headers.get("WWW-Authenticate")).toMatch(/^Bearer\b/);
    }
    await expectUnchanged(t, kind, record);
  });

  it("lets a read-only token read but answers 403 to its writes", async () => {
    const record = await createRecordOf(t, kind);
    const count = await countOf(t, kind);
    expectProblem(await t.readOnly.json("POST", kind.path, await createBody(t, kind)), 403);
    expectProblem(await t.readOnly.json("PUT", itemPath(kind, record.id), record), 403);
    expectProblem(await t.readOnly.json("DELETE", itemPath(kind, record.id)), 403);
    await expectUnchanged(t, kind, record);
    expect(await countOf(t, kind)).toBe(count);

    const read = await t.readOnly.json("GET", itemPath(kind, record.id));
    expect(read.status).toBe(200);
    expect(read.body).toEqual(record);
    const list = await t.readOnly.json("GET", listPath(kind, { "where[id]": String(record.id) }));
    expect(list.body).toEqual([record]);
  });

  it("hides a record from another company: 404 on read, update and delete, absent from its lists", async () => {
    const record = await createRecordOf(t, kind);
    for (const [method, body] of [["GET"], ["PUT", record], ["DELETE"]] as const) {
      const answer = await other.json(method, itemPath(kind, record.id), body);
      expectProblem(answer, 404);
      expect(JSON.stringify(answer.body)).not.toContain(record.createdAt);
    }
    const everything = await other.json("GET", listPath(kind, { limit: "250" }));
    expect(everything.status).toBe(200);
    expect(everything.body.map((item: Body) => item.id)).not.toContain(record.id);
    expect((await other.json("GET", listPath(kind, { "where[id]": String(record.id) }))).body).toEqual([]);
    await expectUnchanged(t, kind, record);
  });

  it("answers 422 naming every field sent with a wrong type, and changes nothing", async () => {
    const record = await createRecordOf(t, kind);
    const count = await countOf(t, kind);
    const wrong = wrongTypeBody(kind);
    const fields = Object.keys(wrong);

    const created = expectProblem(await t.json("POST", kind.path, wrong), 422);
    expect(errorPaths(created)).toEqual(expect.arrayContaining(fields));
    const updated = expectProblem(await t.json("PUT", itemPath(kind, record.id), wrong), 422);
    expect(errorPaths(updated)).toEqual(expect.arrayContaining(fields));

    const [first] = fields;
    const one = expectProblem(
      await t.json("POST", kind.path, { ...(await createBody(t, kind)), [first!]: wrong[first!] }),
      422,
    );
    expect(errorPaths(one)).toEqual([first]);

    await expectUnchanged(t, kind, record);
    expect(await countOf(t, kind)).toBe(count);
  });

  it("answers 422 naming every unknown field, and changes nothing", async () => {
    const record = await createRecordOf(t, kind);
    const count = await countOf(t, kind);
    const created = expectProblem(
      await t.json("POST", kind.path, { ...(await createBody(t, kind)), notAField: 1, norThis: 2 }),
      422,
    );
    expect(errorPaths(created)).toEqual(["notAField", "norThis"]);
    const updated = expectProblem(
      await t.json("PUT", itemPath(kind, record.id), { ...record, notAField: 1, norThis: 2 }),
      422,
    );
    expect(errorPaths(updated)).toEqual(["notAField", "norThis"]);
    await expectUnchanged(t, kind, record);
    expect(await countOf(t, kind)).toBe(count);
  });

  const needed = writableFields(kind).filter(([, field]) => isNeeded(field));
  if (needed.length)
    it("answers 422 naming a missing required field", async () => {
      const body = await createBody(t, kind);
      const count = await countOf(t, kind);
      for (const [name] of needed) {
        const { [name]: _missing, ...rest } = body;
        const answer = expectProblem(await t.json("POST", kind.path, rest), 422);
        expect(errorPaths(answer)).toEqual([name]);
      }
      const empty = expectProblem(await t.json("POST", kind.path, {}), 422);
      expect(errorPaths(empty)).toEqual(expect.arrayContaining(needed.map(([name]) => name)));
      expect(await countOf(t, kind)).toBe(count);
    });

  const refs = refFields(kind);
  if (refs.length)
    it("answers 422 for a reference to a missing record or another company's", async () => {
      const body = await createBody(t, kind);
      const count = await countOf(t, kind);
      for (const [name] of refs) {
        const answer = expectProblem(await t.json("POST", kind.path, { ...body, [name]: MISSING_ID }), 422);
        expect(errorPaths(answer)).toEqual([name]);
      }

      const [name, field] = refs.find(([, field]) => isNeeded(field)) ?? refs[0]!;
      const foreign = await createRecordOf(other, kindByName(field.ref!)!);
      const created = expectProblem(await t.json("POST", kind.path, { ...body, [name]: foreign.id }), 422);
      expect(errorPaths(created)).toEqual([name]);
      expect(await countOf(t, kind)).toBe(count);

      const record = await createRecordOf(t, kind);
      const updated = expectProblem(
        await t.json("PUT", itemPath(kind, record.id), { [name]: foreign.id }),
        422,
      );
      expect(errorPaths(updated)).toEqual([name]);
      const missing = expectProblem(
        await t.json("PUT", itemPath(kind, record.id), { [name]: MISSING_ID }),
        422,
      );
      expect(errorPaths(missing)).toEqual([name]);
      await expectUnchanged(t, kind, record);
    });

  const listed = listedRefFields(kind);
  if (listed.length)
    it("answers 422 naming the item whose reference names a missing record or another company's", async () => {
      const body = await createBody(t, kind, { full: true });
      const record = await createRecordOf(t, kind, { full: true });
      const count = await countOf(t, kind);
      for (const { list, item, ref } of listed) {
        const items = body[list] as Body[];
        const foreign = await createRecordOf(other, kindByName(ref)!);
        for (const id of [MISSING_ID, foreign.id]) {
          // The list as it was, and an item naming `id` after it: only that item is named.
          const named = [...items, { ...items[0], [item]: id }];
          const path = `${list}.${items.length}.${item}`;
          const created = expectProblem(await t.json("POST", kind.path, { ...body, [list]: named }), 422);
          expect(errorPaths(created)).toEqual([path]);
          const updated = expectProblem(
            await t.json("PUT", itemPath(kind, record.id), { [list]: named }),
            422,
          );
          expect(errorPaths(updated)).toEqual([path]);
        }
      }
      expect(await countOf(t, kind)).toBe(count);
      await expectUnchanged(t, kind, record);
    });

  it("answers 400 for ids that are not record ids, and for malformed JSON", async () => {
    const record = await createRecordOf(t, kind);
    const count = await countOf(t, kind);
    for (const id of BAD_IDS) {
      expectProblem(await t.json("GET", itemPath(kind, id)), 400);
      expectProblem(await t.json("PUT", itemPath(kind, id), {}), 400);
      expectProblem(await t.json("DELETE", itemPath(kind, id)), 400);
    }
    expectProblem(await t.json("POST", kind.path, '{"name": "half'), 400);
    expectProblem(await t.json("PUT", itemPath(kind, record.id), "{,}"), 400);
    await expectUnchanged(t, kind, record);
    expect(await countOf(t, kind)).toBe(count);
  });
});
