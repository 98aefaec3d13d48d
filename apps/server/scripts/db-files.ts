// What db:backup and db:restore share: the embedded database they work on, and how a checked file is said.
import { type Env, parseEnv } from "../src/config.ts";
import type { DatabaseCheck } from "../src/ops/backup.ts";
import { exitOnStartupError } from "../src/startup-errors.ts";

/** The environment, or a line saying what is wrong in it and exit code 1. */
export function envOrExit(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    return exitOnStartupError(error);
  }
}

/** The file of the embedded database in DATABASE_URL; exits 2 for a remote one (Turso has its own). */
export function embeddedDatabaseFile(env: Env, command: string): string {
  if (env.DATABASE_URL.startsWith("file:") && env.DATABASE_URL !== "file::memory:") {
    return env.DATABASE_URL.slice("file:".length);
  }
  console.error(
    `${command} works on an embedded database (DATABASE_URL=file:...). For Turso, use its point-in-time restore and \`turso db shell <db> .dump\` (see docs/operations.md, "Backups and restore").`,
  );
  process.exit(2);
}

export function describeCheck(check: DatabaseCheck): string {
  const megabytes = (check.bytes / 1024 / 1024).toFixed(1);
  const latest = check.migrations.at(-1) ?? "none";
  const files = check.files === undefined ? "" : `, ${check.files} stored files`;
  return `${megabytes} MB, ${check.migrations.length} migrations (latest ${latest}), integrity ok${files}`;
}
