// One company's expensive work against everyone else's: a statement's time limit within the statement
// (expensive reads run on threads of their own, `read-threads.ts`), each company's share of expensive
// requests (429 past it), and an export refused before it is written out when it cannot be kept.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { kindByName } from "@multichannel/schema";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { budgetedDb } from "../../src/db/budget.ts";
import { keyringOf } from "../../src/domain/secrets.ts";
import { ApiError } from "../../src/errors.ts";
import { createToken } from "../../src/services/auth.ts";
import { isExpensiveList, parseListQuery } from "../../src/services/list-query.ts";
import { type Api, apiOf, freshDb } from "../support.ts";

/** A statement that runs for seconds on its data alone: five million rows counted by a recursive CTE. */
const SLOW_COUNT = {
  sql: "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5000000) SELECT count(*) AS n FROM r",
  args: [],
};

const db = await freshDb({ threads: true });
// Both threads started and ready, so that a time limit below meets a statement running, not a thread
// still starting.
await Promise.all([1, 2].map(() => db.readExpensive!([{ sql: "SELECT 1", args: [] }])));

describe("a statement's time limit (DB_TIME_LIMIT) on the embedded database", () => {
  it("stops an expensive read within its statement with the 503 problem, while other reads go on", async () => {
    const request = budgetedDb(db, 100);
    const order: string[] = [];
    const slow = request.readExpensive!([SLOW_COUNT]).then(
      () => order.push("slow answered"),
      (error: unknown) => {
        order.push("slow stopped");
        return error;
      },
    );
    // The main thread is free while the slow statement runs on its thread.
    const quick = await db.execute("SELECT 1 AS one");
    order.push("quick answered");
    const stopped = await slow;
    expect(quick.rows[0]!.one).toBe(1);
    expect(order).toEqual(["quick answered", "slow stopped"]);
    expect(stopped).toBeInstanceOf(ApiError);
    expect((stopped as ApiError).status).toBe(503);
    expect((stopped as ApiError).headers["Retry-After"]).toBe("1");
    expect((stopped as ApiError).detail).toMatch(/DB_TIME_LIMIT/);
    // Its time is spent: the request's next statement is refused too.
    await expect(request.execute("SELECT 1")).rejects.toMatchObject({ status: 503 });
  });

  it("answers a read in full without a limit, and the threads serve again after a stop", async () => {
    const stopped = budgetedDb(db, 50).readExpensive!([SLOW_COUNT]);
    await expect(stopped).rejects.toMatchObject({ status: 503 });
    const [counted] = await db.readExpensive!([
      {
        sql: "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 1000) SELECT count(*) AS n FROM r",
        args: [],
      },
    ]);
    expect(counted!.rows[0]!.n).toBe(1000);
  });

  it("stops a read that streams rows at its next row, and what is written after it is read", async () => {
    // Millions of rows, one after the other: stopped between two of them.
    const streaming = {
      sql: "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 50000000) SELECT n FROM r",
      args: [],
    };
    await expect(budgetedDb(db, 50).readExpensive!([streaming])).rejects.toMatchObject({ status: 503 });
    await db.execute("CREATE TABLE written_after (n INTEGER)");
    await db.execute("INSERT INTO written_after (n) VALUES (7)");
    for (let i = 0; i < 4; i++) {
      const [read] = await db.readExpensive!([{ sql: "SELECT n FROM written_after", args: [] }]);
      expect(read!.rows.map((row) => row.n)).toEqual([7]);
    }
  });
});

describe("expensive reads of many keys on the read threads", () => {
  it("take turns: a key's one read waits for a thread, not behind every read another key sent first", async () => {
    // Five counts of a fraction of a second from one key fill both threads and wait for them; another
    // key's quick read sent after them is given the first thread that is free. In order of arrival it
    // would wait for the third and fourth counts to end.
    const count = {
      sql: "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 2000000) SELECT count(*) AS n FROM r",
      args: [],
    };
    const busyKey = db.actingAs!(101);
    const otherKey = db.actingAs!(102);
    const answered: string[] = [];
    const reads = [1, 2, 3, 4, 5].map((n) =>
      busyKey.readExpensive!([count]).then(() => answered.push(`busy ${n}`)),
    );
    reads.push(
      otherKey.readExpensive!([{ sql: "SELECT 1 AS one", args: [] }]).then(() => answered.push("other")),
    );
    await Promise.all(reads);
    expect(answered.indexOf("other")).toBeLessThan(answered.indexOf("busy 3"));
    expect(answered.indexOf("other")).toBeLessThan(answered.indexOf("busy 4"));
    expect(answered).toHaveLength(6);
  });
});

/** A count that would run for many minutes: a billion rows. */
const ENDLESS_COUNT = {
  sql: "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 1000000000) SELECT count(*) AS n FROM r",
  args: [],
};

describe("a statement that gives no row until it ends", () => {
  it("is interrupted at its limit inside the statement, and both threads are free again", async () => {
    // Both threads in a count of minutes, each stopped at 50 ms: settled (no thread inside a job) only
    // once the statements themselves have ended, which here only an interrupt does within the test's time.
    const counts = [1, 2].map(() => budgetedDb(db, 50).readExpensive!([ENDLESS_COUNT]));
    for (const count of counts) await expect(count).rejects.toMatchObject({ status: 503 });
    await db.settled!();
    const [quick] = await db.readExpensive!([{ sql: "SELECT 2 AS two", args: [] }]);
    expect(quick!.rows[0]!.two).toBe(2);
  });
});

describe("a process with a read thread inside a statement", () => {
  it("exits cleanly once the database has settled", () => {
    // The threads started by a first read, a count stopped at its limit is interrupted on its thread;
    // exiting before the thread has left the driver's code would abort the process (exit code 134).
    const dir = mkdtempSync(join(tmpdir(), "mcs-exit-"));
    const source = (path: string) => JSON.stringify(new URL(path, import.meta.url).pathname);
    const script = join(dir, "exit.mts");
    writeFileSync(
      script,
      `import { openDb } from ${source("../../src/db/open.ts")};
      import { startReadThreads } from ${source("../../src/db/read-threads.ts")};
      const db = await openDb(${JSON.stringify(`file:${join(dir, "exit.db")}`)}, undefined, { expensiveReads: startReadThreads });
      await db.readExpensive([{ sql: "SELECT 1", args: [] }]);
      await db.readExpensive([${JSON.stringify(SLOW_COUNT)}], 50).catch((error) => console.log(error.name));
      await db.settled();
      db.close();
      process.exit(0);`,
    );
    const run = spawnSync(process.execPath, ["--import", "tsx", script], {
      encoding: "utf8",
      timeout: 60_000,
    });
    rmSync(dir, { recursive: true, force: true });
    expect(run.stdout.trim()).toBe("TimeLimitReached");
    expect(run.status, run.stderr).toBe(0);
  });
});

/** Adds `count` variants to the company straight in SQL (the API would take minutes for as many). */
async function manyVariants(companyId: number, count: number): Promise<void> {
  await db.execute({
    sql: `INSERT INTO variants (company_id, created_at, updated_at, sku, name)
          WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < ?)
          SELECT ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'SKU-' || n, 'Variant ' || ((n * 7919) % ?)
          FROM r`,
    args: [count, companyId, count],
  });
}

async function companyApi(app: ReturnType<typeof createApp>, name: string) {
  const { token, companyId } = await createToken({ db, input: { company: `${name}-${Math.random()}` } });
  return { companyId, token, api: apiOf((path, init) => app.request(path, init), token) as Api };
}

// Sorted by name (no index) past most of 150,000 records: a few hundred ms of sorting on any machine.
const EXPENSIVE_LIST = "/variants.json?where[sku][$ne]=none&order=name&from=149000";

describe("expensive lists", () => {
  it("are those that sort by a field with no index, filter by one, or skip 5,000 records or more", async () => {
    const variant = kindByName("variant")!;
    const keyring = await keyringOf(new Uint8Array(32));
    const expensive = async (query: string) =>
      isExpensiveList(variant, parseListQuery(variant, query, keyring, 1));
    expect(await expensive("order=name")).toBe(true);
    expect(await expensive("order=-updatedAt")).toBe(true);
    expect(await expensive("from=5000")).toBe(true);
    expect(await expensive("")).toBe(false);
    expect(await expensive("from=4999&where[productId]=3")).toBe(false);
    // A filter on a field with no index walks every record of the company.
    expect(await expensive("where[name]=x")).toBe(true);
    // Fields with an index: the id, the creation time, a reference, a field unique in the company.
    for (const order of ["-id", "createdAt", "productId", "sku"])
      expect(await expensive(`order=${order}`)).toBe(false);
  });

  it("are stopped at the request's database time with the documented 503 problem", async () => {
    const app = createApp({ db, tokenCacheMs: 0, dbTimeLimitMs: 10 });
    const { companyId, token, api } = await companyApi(app, "limited");
    await manyVariants(companyId, 150_000);
    const stopped = await api.json("GET", EXPENSIVE_LIST);
    expect(stopped.status).toBe(503);
    expect(stopped.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    expect(stopped.headers.get("Retry-After")).toBe("1");
    expect(stopped.body.detail).toMatch(/DB_TIME_LIMIT/);
    // The same list, with time enough, answers its page.
    const unlimited = createApp({ db, tokenCacheMs: 0 });
    const page = await apiOf((path, init) => unlimited.request(path, init), token).json(
      "GET",
      EXPENSIVE_LIST,
    );
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(50);
  });
});

describe("an inventory export", () => {
  it("is stopped at the request's database time while it reads its stock, and leaves nothing behind", async () => {
    const limited = createApp({ db, tokenCacheMs: 0, dbTimeLimitMs: 10 });
    const { companyId, token, api } = await companyApi(limited, "slow-export");
    await manyVariants(companyId, 150_000);
    const definition = await api.json("POST", "/inventory-exports.json", { name: "Levels", format: "csv" });
    const stopped = await api.json("GET", `/inventory-exports/${definition.body.id}/export.json`);
    expect(stopped.status).toBe(503);
    expect(stopped.headers.get("Retry-After")).toBe("1");
    expect(stopped.body.detail).toMatch(/DB_TIME_LIMIT/);
    expect((await api.json("GET", "/data-exports.json")).body).toEqual([]);
    // With time enough, the same export is made, every variant in it.
    const unlimited = createApp({ db, tokenCacheMs: 0 });
    const exported = await apiOf((path, init) => unlimited.request(path, init), token).json(
      "GET",
      `/inventory-exports/${definition.body.id}/export.json`,
    );
    expect(exported.status).toBe(200);
    expect(exported.body.rowCount).toBe(150_000);
  });
});

describe("each company's share of expensive work (EXPENSIVE_PER_COMPANY)", () => {
  const app = createApp({ db, tokenCacheMs: 0, expensivePerCompany: 1 });

  it("answers 429 with Retry-After past the company's share, and leaves other companies and cheap reads alone", async () => {
    const heavy = await companyApi(app, "heavy");
    const other = await companyApi(app, "other");
    await manyVariants(heavy.companyId, 150_000);
    await manyVariants(other.companyId, 1000);
    const [a, b, c, otherList, cheap] = await Promise.all([
      heavy.api.json("GET", EXPENSIVE_LIST),
      heavy.api.json("GET", EXPENSIVE_LIST),
      heavy.api.json("GET", EXPENSIVE_LIST),
      other.api.json("GET", "/variants.json?order=name&limit=5"),
      heavy.api.json("GET", "/variants.json?limit=5"),
    ]);
    const statuses = [a, b, c].map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 429, 429]);
    for (const refused of [a, b, c].filter((answer) => answer.status === 429)) {
      expect(refused.headers.get("Retry-After")).toBe("1");
      expect(refused.body.detail).toMatch(/expensive request/);
    }
    expect(otherList.status).toBe(200);
    expect(otherList.body).toHaveLength(5);
    expect(cheap.status).toBe(200);
    // The share is given back when a list is answered.
    expect((await heavy.api.json("GET", EXPENSIVE_LIST)).status).toBe(200);
  });

  it("counts an inventory export against the same share", async () => {
    const heavy = await companyApi(app, "exporter");
    await manyVariants(heavy.companyId, 150_000);
    const exporting = await heavy.api.json("POST", "/inventory-exports.json", {
      name: "Levels",
      format: "csv",
    });
    expect(exporting.status).toBe(200);
    const [list, exported] = await Promise.all([
      heavy.api.json("GET", EXPENSIVE_LIST),
      heavy.api.json("GET", `/inventory-exports/${exporting.body.id}/export.json`),
    ]);
    expect([list.status, exported.status].sort()).toEqual([200, 429]);
  });
});

describe("an inventory export past the company's file quota", () => {
  it("is refused with a 409 before its file is written out, and leaves nothing behind", async () => {
    const app = createApp({ db, tokenCacheMs: 0, files: { keepDays: 90, quotaBytes: 100_000 } });
    const { companyId, api } = await companyApi(app, "quota");
    // 20,000 SKUs of 9 or 10 characters: more than 100,000 bytes however they are written out.
    await manyVariants(companyId, 20_000);
    for (const format of ["csv", "json"]) {
      const definition = await api.json("POST", "/inventory-exports.json", {
        name: `Levels ${format}`,
        format,
      });
      const refused = await api.json("GET", `/inventory-exports/${definition.body.id}/export.json`);
      expect(refused.status).toBe(409);
      expect(refused.body.rule).toBe("file_quota");
      // Refused on what the rows take at least, before they are written out.
      expect(refused.body.detail).toMatch(
        /this one \(at least \d+ bytes\) would pass its quota of 100000 bytes/,
      );
    }
    expect((await api.json("GET", "/data-exports.json")).body).toEqual([]);
    const files = await db.execute({
      sql: "SELECT count(*) AS n FROM stored_files WHERE company_id = ?",
      args: [companyId],
    });
    expect(files.rows[0]!.n).toBe(0);
  });
});
