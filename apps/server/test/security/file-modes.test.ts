// The embedded database's files are its owner's alone: the file, its -wal and -shm, and its backups.
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { migrate } from "../../src/db/migrate.ts";
import { loadMigrations } from "../../src/db/migration-files.ts";
import { openDb, prepareFile } from "../../src/db/open.ts";
import { backupDatabase } from "../../src/ops/backup.ts";

const dir = mkdtempSync(join(tmpdir(), "mcs-modes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const modeOf = (path: string) => statSync(path).mode & 0o777;

it("a new database, its -wal and -shm and a backup of it are readable and writable by the owner only", async () => {
  const file = join(dir, "data", "new.db");
  prepareFile(`file:${file}`);
  const db = await openDb(`file:${file}`);
  await migrate(db, loadMigrations());
  await db.execute({
    sql: "INSERT INTO companies (name, created_at) VALUES ('A', ?)",
    args: [new Date().toISOString()],
  });
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    expect(existsSync(path), path).toBe(true);
    expect(modeOf(path).toString(8), path).toBe("600");
  }
  const backup = join(dir, "backups", "new-copy.db");
  backupDatabase(file, backup);
  expect(modeOf(backup).toString(8)).toBe("600");
  db.close();
});

it("a database made before with wider permissions is narrowed at start, with its -wal and -shm", () => {
  const file = join(dir, "old.db");
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    writeFileSync(path, "");
    chmodSync(path, 0o644);
  }
  prepareFile(`file:${file}`);
  for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(path).toString(8), path).toBe("600");
});
