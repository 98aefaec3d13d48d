// Which database `token:create` writes to: the one of the mode in use. Kept apart from the command so the
// choice is tested without touching a developer's .data/.
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { parseEnv } from "../src/config.ts";
import { shownDatabaseUrl } from "../src/startup-errors.ts";

export interface TokenTarget {
  url: string;
  authToken?: string | undefined;
  /** Said after "Wrote to ". */
  description: string;
}

/** True when the pid file names a live process (a `pnpm dev` that was killed leaves a stale one). */
export function isRunning(pidFile: string): boolean {
  if (!existsSync(pidFile)) return false;
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function tokenTarget(options: {
  env: Record<string, string | undefined>;
  flags: { dev: boolean; node: boolean };
  /** `.data/dev.db`, the file the local libSQL server of `pnpm dev` serves. */
  devDatabase: string;
  devRunning: boolean;
  cwd: string;
}): TokenTarget {
  const env = parseEnv(options.env);
  if (options.env.DATABASE_URL) {
    // Scheme and host only: a URL may carry credentials (and may be no URL at all: reaching it says so).
    const where = shownDatabaseUrl(env.DATABASE_URL);
    return {
      url: env.DATABASE_URL,
      authToken: env.DATABASE_AUTH_TOKEN,
      description: `DATABASE_URL (${where})`,
    };
  }
  if (options.flags.dev || (!options.flags.node && options.devRunning)) {
    const shown = relative(options.cwd, options.devDatabase) || options.devDatabase;
    const why = options.flags.dev ? "" : ", which is running; --node writes to the Node server's database";
    return {
      url: `file:${options.devDatabase}`,
      description: `${shown}, the database of \`pnpm dev\` (the Worker)${why}`,
    };
  }
  const file = env.DATABASE_URL.slice("file:".length);
  return {
    url: env.DATABASE_URL,
    description: `${file}, the embedded database of \`pnpm start\` (Node) and \`pnpm start:deno\``,
  };
}
