import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Migration } from "./migrate.ts";

/** The committed migration files (Node only); found from the source tree and from the bundle in dist/. */
const candidates = ["../../migrations/", "../migrations/"].map((relative) =>
  fileURLToPath(new URL(relative, import.meta.url)),
);
export const MIGRATIONS_DIR = candidates.find((dir) => existsSync(`${dir}/0001_init.sql`)) ?? candidates[0]!;

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((name) => /^\d{4}_[a-z0-9_-]+\.sql$/.test(name))
    .sort()
    .map((name) => ({ name, sql: readFileSync(`${dir}/${name}`, "utf8") }));
}
