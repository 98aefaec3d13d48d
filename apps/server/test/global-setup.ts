import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { migrate } from "../src/db/migrate.ts";
import { loadMigrations } from "../src/db/migration-files.ts";
import { openDb } from "../src/db/open.ts";

declare module "vitest" {
  export interface ProvidedContext {
    templateDb: string;
  }
}

/** Migrates one template database; every test file starts from a copy of it. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "mcs-template-"));
  const file = join(dir, "template.db");
  const db = await openDb(`file:${file}`);
  await migrate(db, loadMigrations());
  await db.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
  project.provide("templateDb", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
