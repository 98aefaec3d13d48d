// The embedded driver's rows: named from their statement's columns by a function made for the statement
// (`rowMaker` in db/native.ts), whatever the columns are called.
import { expect, it } from "vitest";
import { nativeDb } from "../../src/db/native.ts";

it("names a row's values by its columns, in their order, however they are spelt", async () => {
  const db = nativeDb(":memory:");
  try {
    const sql = `SELECT 1 AS id, 'a' AS "we""ird\\", 2 AS "x: 1 }; throw 0; ({", 3 AS "__proto__", 4 AS "constructor", 5 AS "é é", NULL AS empty`;
    const names = ["id", 'we"ird\\', "x: 1 }; throw 0; ({", "__proto__", "constructor", "é é", "empty"];
    const [listed] = (await db.execute(sql)).rows;
    const first = await db.first!({ sql, args: [] });
    for (const row of [listed!, first!]) {
      expect(Object.keys(row)).toEqual(names);
      expect(Object.values(row)).toEqual([1, "a", 2, 3, 4, 5, null]);
      // `__proto__` is a column like the others: an own property, the prototype untouched.
      expect(Object.getOwnPropertyDescriptor(row, "__proto__")?.value).toBe(3);
      expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
      expect(row.constructor).toBe(4);
      expect(row["é é"]).toBe(5);
      expect(row.empty).toBeNull();
    }
  } finally {
    db.close();
  }
});

it("keeps a column named twice once, with the later value, as the first one's place", async () => {
  const db = nativeDb(":memory:");
  try {
    const sql = "SELECT 1 AS a, 2 AS b, 3 AS a";
    for (const row of [(await db.execute(sql)).rows[0]!, (await db.first!({ sql, args: [] }))!]) {
      expect(Object.keys(row)).toEqual(["a", "b"]);
      expect(row.a).toBe(3);
    }
  } finally {
    db.close();
  }
});

it("runs schema changes, in a transaction too, and refuses one given arguments", async () => {
  const db = nativeDb(":memory:");
  try {
    await db.execute("CREATE TABLE notes (body TEXT NOT NULL)");
    await db.transaction(async (tx) => {
      await tx.execute("ALTER TABLE notes ADD COLUMN author TEXT");
      await tx.execute({ sql: "INSERT INTO notes VALUES (?, ?)", args: ["hello", "ann"] });
    });
    await expect(db.execute({ sql: "CREATE TABLE other (a TEXT)", args: ["x"] })).rejects.toThrow(
      "takes no arguments",
    );
    expect((await db.execute("SELECT body, author FROM notes")).rows).toEqual([
      { body: "hello", author: "ann" },
    ]);
    await db.execute("DROP TABLE notes");
    const tables = await db.execute("SELECT name FROM sqlite_master WHERE type = 'table'");
    expect(tables.rows).toEqual([]);
  } finally {
    db.close();
  }
});
