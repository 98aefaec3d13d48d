// The audit trail's stamp (`db/acting-key.ts`): every event a key's writes make names the key, on the
// embedded driver (its connection stamps them itself, the key written only when it changes) and on the
// remote one (each batch bracketed by the mark and the stamp); a write without a key names none, whatever
// was written before it: a rolled-back batch, another key, another connection to the same file.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLibsqlServer } from "../../../../tooling/libsql-server/src/server.ts";
import { actingDb } from "../../src/db/acting-key.ts";
import { BatchError, type Db, remoteDb } from "../../src/db/database.ts";
import { nativeDb } from "../../src/db/native.ts";

const dir = mkdtempSync(join(tmpdir(), "mcs-acting-"));
const closers: (() => unknown)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  rmSync(dir, { recursive: true, force: true });
});

// The outbox and the mark as the migrations make them, and a table whose writes make events.
const SCHEMA = [
  "CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, type TEXT NOT NULL, record_id INTEGER, api_key_id INTEGER)",
  "CREATE TABLE acting_key (id INTEGER PRIMARY KEY, after_event INTEGER NOT NULL)",
  "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)",
  "CREATE TRIGGER items_created AFTER INSERT ON items BEGIN INSERT INTO events (type, record_id) VALUES ('item.created', NEW.id); END",
  "CREATE TRIGGER items_updated AFTER UPDATE ON items BEGIN INSERT INTO events (type, record_id) VALUES ('item.updated', NEW.id); END",
];

const insert = (name: string) => ({ sql: "INSERT INTO items (name) VALUES (?)", args: [name] });

/** Each event's key, in the order written. */
async function keys(db: Db): Promise<(number | null)[]> {
  const { rows } = await db.execute("SELECT api_key_id FROM events ORDER BY id");
  return rows.map((row) => (row.api_key_id === null ? null : Number(row.api_key_id)));
}

describe.each([
  ["embedded", async () => nativeDb(join(dir, "embedded.db"))],
  [
    "remote",
    async () => {
      const server = await startLibsqlServer({ file: join(dir, "remote.db"), port: 0 });
      const client = createClient({ url: server.url });
      closers.push(
        () => server.close(),
        () => client.close(),
      );
      return remoteDb(client);
    },
  ],
])("on the %s driver", (_, open) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
    closers.push(() => db.close());
    for (const sql of SCHEMA) await db.execute(sql);
  });

  it("stamps a key's batches and transactions with it, and a write without a key with none", async () => {
    const seven = actingDb(db, 7);
    const eight = actingDb(db, 8);
    await seven.write((session) => session.apply([insert("a")]));
    await eight.write((session) => session.apply([insert("b"), insert("c")]));
    await seven.transaction(async (tx) => {
      await tx.execute(insert("d"));
    });
    await db.write((session) => session.apply([insert("e")]));
    await db.execute(insert("f"));
    await seven.write((session) => session.apply([insert("g")]));
    expect(await keys(db)).toEqual([7, 8, 8, 7, null, null, 7]);
  });

  it("a batch rolled back leaves nothing that names its key on the writes after it", async () => {
    await db.execute("DELETE FROM events");
    const nine = actingDb(db, 9);
    const failed = await nine
      .write((session) => session.apply([insert("h"), insert("h")]))
      .catch((error: unknown) => error);
    // The second insert failed: its index is the caller's, whatever the stamp added around it.
    expect(failed).toBeInstanceOf(BatchError);
    expect((failed as BatchError).statementIndex).toBe(1);
    await db.write((session) => session.apply([insert("i")]));
    await nine.write((session) => session.apply([insert("j")]));
    await db.execute({ sql: "UPDATE items SET name = 'k' WHERE name = 'j'", args: [] });
    expect(await keys(db)).toEqual([null, 9, null]);
  });
});

describe("on the embedded driver", () => {
  it("another connection to the file writes no key, whatever this one's writes were stamped with", async () => {
    const db = nativeDb(join(dir, "shared.db"));
    closers.push(() => db.close());
    for (const sql of SCHEMA) await db.execute(sql);
    const ten = actingDb(db, 10);
    await ten.write((session) => session.apply([insert("l")]));
    // A second process (the CLI) writing to the same file while the server runs.
    const other = nativeDb(join(dir, "shared.db"));
    try {
      await other.write((session) => session.apply([insert("m")]));
      await other.execute(insert("n"));
    } finally {
      other.close();
    }
    await ten.write((session) => session.apply([insert("o")]));
    await ten.execute(insert("p"));
    expect(await keys(db)).toEqual([10, null, null, 10, 10]);
  });
});
