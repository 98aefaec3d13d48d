// The database the token commands (`token:create`, `token:list`, `token:revoke`) work on: the one of the
// mode in use (see token-target.ts), migrated first when it is embedded.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ParseArgsConfig, parseArgs } from "node:util";
import { isEmbedded } from "../src/config.ts";
import type { Db } from "../src/db/database.ts";
import { migrate } from "../src/db/migrate.ts";
import { loadMigrations } from "../src/db/migration-files.ts";
import { assertMigrated, reachDatabase } from "../src/db/reach.ts";
import { exitOnStartupError } from "../src/startup-errors.ts";
import { isRunning, tokenTarget } from "./token-target.ts";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
/** Written by `pnpm dev` (scripts/dev.ts) while it runs. */
const devPidFile = join(repoRoot, ".data", "dev.pid");
const devDatabase = join(repoRoot, ".data", "dev.db");

/** Opens the database of the mode in use; answers it and the words that say which it is. */
export async function openTokenDb(flags: {
  dev: boolean;
  node: boolean;
}): Promise<{ db: Db; description: string }> {
  try {
    const { url, authToken, description } = tokenTarget({
      env: process.env,
      flags,
      devDatabase,
      devRunning: isRunning(devPidFile),
      cwd: process.cwd(),
    });
    const db = await reachDatabase(url, authToken);
    const migrations = loadMigrations();
    try {
      // An embedded database is migrated here, as its server would at start; a remote one by db:migrate.
      if (isEmbedded(url)) await migrate(db, migrations);
      else
        await assertMigrated(
          db,
          url,
          migrations.map((migration) => migration.name),
        );
    } catch (error) {
      db.close();
      throw error;
    }
    return { db, description };
  } catch (error) {
    // A configuration or database mistake: a line saying what to do, exit code 1.
    return exitOnStartupError(error);
  }
}

/**
 * The command line, parsed by `parseArgs`; a mistake in it (an unknown option, a missing value) is its
 * message and the usage on stderr, exit code 2, not a stack trace.
 */
export function commandLine<T extends ParseArgsConfig>(
  config: T,
  usage: string,
): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
}

/** The options every token command takes: which database. */
export const TARGET_OPTIONS = {
  dev: { type: "boolean", default: false },
  node: { type: "boolean", default: false },
} as const;
