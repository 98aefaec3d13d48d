import { describe, expect, it } from "vitest";
import { LEASE_MS, whileLeased } from "../../src/services/leases.ts";
import { freshDb } from "../support.ts";

const db = await freshDb();
const table = { name: "inventory_feed_fetches", key: "file_id" } as const;

async function leaseUntil(fileId: number): Promise<string | null> {
  const result = await db.execute({
    sql: "SELECT lease_until FROM inventory_feed_fetches WHERE file_id = ?",
    args: [fileId],
  });
  const value = result.rows[0]?.lease_until;
  return typeof value === "string" ? value : null;
}

async function leased(fileId: number, token: string, until: string): Promise<void> {
  await db.execute({
    sql: "INSERT INTO inventory_feed_fetches (file_id, company_id, lease_token, lease_until, created_at) VALUES (?, 1, ?, ?, ?)",
    args: [fileId, token, until, until],
  });
}

describe("a long step of leased work (a feed's download)", () => {
  it("keeps the lease its process's while it runs, past the lease's own length", async () => {
    const start = Date.parse("2026-01-01T00:00:00.000Z");
    let now = start;
    await leased(1, "mine", new Date(start + LEASE_MS).toISOString());
    const answer = await whileLeased(
      db,
      { table, id: 1, token: "mine" },
      () => now,
      async () => {
        // The step outlasts the lease: the clock moves two leases on while it runs.
        now = start + 2 * LEASE_MS;
        await new Promise((resolve) => setTimeout(resolve, 60));
        return "downloaded";
      },
      10,
    );
    expect(answer).toBe("downloaded");
    expect(await leaseUntil(1)).toBe(new Date(start + 3 * LEASE_MS).toISOString());
  });

  it("does not take back a lease another process claimed meanwhile", async () => {
    const until = "2026-01-01T00:01:00.000Z";
    await leased(2, "theirs", until);
    await whileLeased(
      db,
      { table, id: 2, token: "mine" },
      () => Date.parse("2026-01-01T00:05:00.000Z"),
      () => new Promise((resolve) => setTimeout(resolve, 60)),
      10,
    );
    expect(await leaseUntil(2)).toBe(until);
  });
});
