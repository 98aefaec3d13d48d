// A list filtered by the rest of a unique set whose first field is a reference to a kind a company holds
// few records of (`fewPerCompany`): sales by `externalId` (unique per channel), listings by `sku` or
// `externalId`. Their records are found through the set's index, one search a channel, whatever the
// order asked for: never by reading every record of the company.
import { kindByName } from "@multichannel/schema";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/database.ts";
import { GROWN_COMPANY, grownDb, listPlan } from "../list-plan.ts";
import { setupApp } from "../support.ts";

const sale = kindByName("sale")!;
const listing = kindByName("channel-variant")!;

describe("a sale by its external id, in every channel", () => {
  let ctx: Awaited<ReturnType<typeof setupApp>>;
  beforeAll(async () => {
    ctx = await setupApp();
  });

  it("answers the sales of that external id in each channel, in any order, paged by cursor", async () => {
    const t = await ctx.tenant();
    const channels = [];
    for (const name of ["Web", "Market", "Phone"]) {
      channels.push((await t.json("POST", "/channels.json", { name })).body.id);
    }
    const ids: Record<string, number[]> = {};
    for (const externalId of ["A-1", "B-2", "C-3"]) {
      ids[externalId] = [];
      for (const channelId of channels) {
        const made = await t.json("POST", "/sales.json", { channelId, externalId });
        expect(made.status).toBe(200);
        ids[externalId].push(made.body.id);
      }
    }
    const listed = async (query: string) => {
      const answer = await t.json("GET", `/sales.json?${query}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer;
    };
    const idsOf = (body: { id: number }[]) => body.map((record) => record.id);
    expect(idsOf((await listed("where[externalId]=B-2")).body)).toEqual(ids["B-2"]);
    expect(idsOf((await listed("where[externalId]=B-2&order=-createdAt")).body)).toEqual(
      [...ids["B-2"]!].reverse(),
    );
    expect(idsOf((await listed(`where[externalId]=B-2&where[channelId][$ne]=${channels[0]}`)).body)).toEqual(
      ids["B-2"]!.slice(1),
    );
    expect((await listed("where[externalId]=none")).body).toEqual([]);
    // Paged by cursor, one a page.
    const walked: number[] = [];
    let path: string | undefined = "/sales.json?where[externalId]=C-3&order=-id&limit=1";
    while (path) {
      const answer = await listed(path.slice("/sales.json?".length));
      walked.push(...idsOf(answer.body));
      const link = answer.headers.get("Link");
      path = link ? /^<([^>]+)>/.exec(link)![1]!.replace(/^https?:\/\/[^/]+/, "") : undefined;
      expect(walked.length).toBeLessThan(5);
    }
    expect(walked).toEqual([...ids["C-3"]!].reverse());
    // Another company's sale of the same external id is not theirs.
    const other = await ctx.tenant();
    const otherChannel = (await other.json("POST", "/channels.json", { name: "Web" })).body.id;
    await other.json("POST", "/sales.json", { channelId: otherChannel, externalId: "B-2" });
    expect(idsOf((await listed("where[externalId]=B-2")).body)).toEqual(ids["B-2"]);
  });
});

describe("the planner's reading of such a list", () => {
  let db: Db;
  beforeAll(async () => {
    // Three channels, 3,000 sales and 3,000 listings of the company; a channel of another.
    db = await grownDb([
      "INSERT INTO channels (company_id, created_at, updated_at, name) SELECT iif(value > 3, 2, ?1), ?2, ?2, 'Channel ' || value FROM generate_series(1, 4)",
      "INSERT INTO sales (company_id, created_at, updated_at, channel_id, external_id) SELECT ?1, ?2, ?2, 1 + value % 3, 'S-' || (value / 3) FROM generate_series(0, 2999)",
      "INSERT INTO channel_variants (company_id, created_at, updated_at, channel_id, sku, external_id) SELECT ?1, ?2, ?2, 1 + value % 3, 'SKU-' || (value / 3), 'E-' || value FROM generate_series(0, 2999)",
    ]);
  });

  it("searches the unique set's index once a channel, never walking the company's records", async () => {
    const cases: [typeof sale, string, string][] = [
      [sale, "where[externalId]=S-7", "sales_unique_channel_id_external_id"],
      [sale, "where[externalId]=S-7&order=-createdAt", "sales_unique_channel_id_external_id"],
      [sale, "where[externalId]=S-7&order=-id&limit=1", "sales_unique_channel_id_external_id"],
      [listing, "where[sku]=SKU-9", "channel_variants_unique_channel_id_sku"],
      [listing, "where[sku]=SKU-9&order=externalId", "channel_variants_unique_channel_id_sku"],
      [listing, "where[externalId]=E-9", "channel_variants_unique_channel_id_external_id"],
      [listing, "where[channelId][$in]=1,2&where[sku]=SKU-9", "channel_variants_unique_channel_id_sku"],
    ];
    for (const [kind, query, index] of cases) {
      const plan = await listPlan(db, kind, query, GROWN_COMPANY);
      const read = plan.find((step) =>
        new RegExp(`^(SCAN|SEARCH) ${kind === sale ? "sales" : "channel_variants"}\\b`).test(step),
      );
      expect(read, `${query}\n${plan.join("\n")}`).toMatch(
        new RegExp(`^SEARCH \\w+ USING INDEX ${index} \\(company_id=\\? AND channel_id=\\? AND \\w+=\\?\\)`),
      );
    }
  });
});
