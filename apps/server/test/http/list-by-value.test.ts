// A list in id order filtered by an `IN` on a column that leads an index (the reference's vendor apps
// page through purchases by their labels: `where[purchaseStatusId][$in][0]=11&...`) is read value by
// value, each value's rows from the index in id order up to the page's end: the same records as any
// other reading, and never the company's whole table, whether a value is rare or common.
import { kindByName } from "@multichannel/schema";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/database.ts";
import { GROWN_COMPANY, grownDb, listPlan } from "../list-plan.ts";
import { setupApp } from "../support.ts";

const purchase = kindByName("purchase")!;

describe("purchases by their labels", () => {
  let ctx: Awaited<ReturnType<typeof setupApp>>;
  beforeAll(async () => {
    ctx = await setupApp();
  });

  it("answers the same pages, by offset or by cursor, either way round, as the records filtered in id order", async () => {
    const t = await ctx.tenant();
    const labels = [11, 12, 13, 11, 14, 11, 12, 13, 13, 11, 14, 12, 11, 13, 12, 11, null, 12];
    const made: { id: number; purchaseStatusId: number | null; notes: string | null }[] = [];
    for (const [i, purchaseStatusId] of labels.entries()) {
      const answer = await t.json("POST", "/purchases.json", {
        purchaseStatusId,
        notes: i % 3 ? "rush" : null,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      made.push(answer.body);
    }
    const idsOf = (body: { id: number }[]) => body.map((record) => record.id);
    const list = async (query: string) => {
      const answer = await t.json("GET", `/purchases.json?${query}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer;
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<number>(11, 12, 13, 14, 15), { minLength: 2, maxLength: 4 }),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 1, max: 4 }),
        async (wanted, descending, rushOnly, limit) => {
          const matching = made.filter(
            (record) =>
              wanted.includes(record.purchaseStatusId ?? -1) && (!rushOnly || record.notes === "rush"),
          );
          const expected = idsOf(matching).sort((a, b) => (descending ? b - a : a - b));
          const terms = [
            ...wanted.map((label, i) => `where[purchaseStatusId][$in][${i}]=${label}`),
            ...(rushOnly ? ["where[notes]=rush"] : []),
            ...(descending ? ["order=-id"] : []),
          ].join("&");
          // By offset: each page as the reference's clients ask for it.
          const byOffset: number[] = [];
          for (let from = 0; from <= expected.length; from += limit) {
            byOffset.push(...idsOf((await list(`${terms}&limit=${limit}&from=${from}`)).body));
          }
          expect(byOffset, terms).toEqual(expected);
          // By cursor: the Link header's pages.
          const byCursor: number[] = [];
          let query: string | undefined = `${terms}&limit=${limit}`;
          while (query !== undefined) {
            const answer = await list(query);
            byCursor.push(...idsOf(answer.body));
            const link = answer.headers.get("Link");
            query = link ? /^<[^?]*\?([^>]*)>/.exec(link)![1] : undefined;
            expect(byCursor.length).toBeLessThanOrEqual(expected.length);
          }
          expect(byCursor, terms).toEqual(expected);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe("the planner's reading of such a list", () => {
  let db: Db;
  beforeAll(async () => {
    // 5,000 purchases: nearly all labelled 20 to 26, one in a hundred 11, one 12.
    db = await grownDb([
      "INSERT INTO purchases (company_id, created_at, updated_at, purchase_status_id) SELECT ?1, ?2, ?2, iif(value = 4000, 12, iif(value % 100 = 0, 11, 20 + value % 7)) FROM generate_series(1, 5000)",
    ]);
  });

  it("reads each label's purchases from the index in id order, never the company's whole table", async () => {
    for (const query of [
      "where[purchaseStatusId][$in][0]=11&where[purchaseStatusId][$in][1]=12&limit=100&from=0",
      "where[purchaseStatusId][$in]=20,21&limit=100&from=200",
      "where[purchaseStatusId][$in]=11,12,20&order=-id&limit=10",
    ]) {
      const plan = await listPlan(db, purchase, query, GROWN_COMPANY);
      const reads = plan.filter((step) => /^(SCAN|SEARCH) purchases\b/.test(step));
      expect(reads.length, plan.join("\n")).toBeGreaterThan(1);
      for (const step of reads) {
        expect(step, `${query}\n${plan.join("\n")}`).toMatch(
          /^SEARCH purchases USING INDEX purchases_purchase_status_id \(company_id=\? AND purchase_status_id=\?\)$/,
        );
      }
    }
  });
});
