import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startBackgroundCheckpoints } from "../../src/db/background-checkpoints.ts";
import type { Db } from "../../src/db/database.ts";
import { type NativeOptions, nativeDb } from "../../src/db/native.ts";

const dir = mkdtempSync(join(tmpdir(), "mcs-checkpoints-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** About 2 MB written in a few transactions: some 500 pages of log, under the writer's own threshold. */
async function writeSome(db: Db): Promise<void> {
  await db.execute("CREATE TABLE notes (body TEXT NOT NULL)");
  for (let batch = 0; batch < 4; batch++) {
    await db.transaction(async (tx) => {
      for (let i = 0; i < 500; i++)
        await tx.execute({ sql: "INSERT INTO notes VALUES (?)", args: ["x".repeat(1000)] });
    });
  }
}

/** The database file's size once it stops changing (or after `ms`), in bytes. */
async function settledSize(path: string, ms: number): Promise<number> {
  const until = Date.now() + ms;
  let size = statSync(path).size;
  while (Date.now() < until && size < 1_000_000) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    size = statSync(path).size;
  }
  return size;
}

async function sizeAfterWrites(name: string, options: NativeOptions, ms: number): Promise<number> {
  const path = join(dir, name);
  const db = nativeDb(path, options);
  try {
    await writeSome(db);
    return await settledSize(path, ms);
  } finally {
    db.close();
  }
}

describe("checkpoints of the embedded database", () => {
  it("are left to the writer without a background thread: the log keeps what a few commits wrote", async () => {
    expect(await sizeAfterWrites("alone.db", {}, 500)).toBeLessThan(100_000);
  });

  it("copy the log into the database file from a worker thread, off the request path", async () => {
    const size = await sizeAfterWrites(
      "background.db",
      { backgroundCheckpoints: startBackgroundCheckpoints },
      5000,
    );
    expect(size).toBeGreaterThan(1_000_000);
  });

  it("leave a database that opens and reads whole after the worker is stopped", async () => {
    const path = join(dir, "background.db");
    const db = nativeDb(path);
    try {
      const { rows } = await db.execute("SELECT count(*) AS n FROM notes");
      expect(Number(rows[0]!.n)).toBe(2000);
    } finally {
      db.close();
    }
  });
});
