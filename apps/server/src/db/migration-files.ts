import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Migration } from "./migrate.ts";

/** The committed migration files (Node only); found from the source tree and from the bundle in dist/. */
const candidates = ["../../migrations/", "../migrations/"].map((relative) =>
  fileURLToPath(new URL(relative, import.meta.url)),
);
export const MIGRATIONS_DIR = candidates.find((dir) => existsSync(`${dir}/0001_init.sql`)) ?? candidates[0]!;

/** The file a new database is made from (`scripts/migrations.ts` writes it with each migration). */
export const BASELINE_FILE = "baseline.sql";

/** The line of the baseline that names the last migration it stands for. */
export const BASELINE_THROUGH = /^-- through: (\S+)$/m;

/** The migrations, the newest the baseline stands for carrying it. */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const baseline = existsSync(`${dir}/${BASELINE_FILE}`)
    ? readFileSync(`${dir}/${BASELINE_FILE}`, "utf8")
    : undefined;
  const through = baseline && BASELINE_THROUGH.exec(baseline)?.[1];
  return readdirSync(dir)
    .filter((name) => /^\d{4}_[a-z0-9_-]+\.sql$/.test(name))
    .sort()
    .map((name) => ({
      name,
      sql: readFileSync(`${dir}/${name}`, "utf8"),
      ...(name === through ? { baseline } : {}),
    }));
}
