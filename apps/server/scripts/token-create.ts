// pnpm token:create --company <name> [--read-only] [--label <text>] [--dev | --node]
// Creates the company if it is new and an API token for it, in the database of the mode in use:
//   DATABASE_URL when set (a file, a libSQL server, Turso);
//   --dev, or `pnpm dev` running: .data/dev.db, which the Worker reads through the local libSQL server;
//   otherwise (--node): .data/multichannel.db, the embedded database of `pnpm start` and `pnpm start:deno`.
// Says which database it wrote to; the token is the last line of stdout.
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { isEmbedded, parseEnv } from "../src/config.ts";
import { migrate } from "../src/db/migrate.ts";
import { loadMigrations } from "../src/db/migration-files.ts";
import { openDb, prepareFile } from "../src/db/open.ts";
import { createToken } from "../src/services/auth.ts";

const USAGE =
  "Usage: npx -y pnpm@10.34.8 token:create --company <name> [--read-only] [--label <text>] [--dev | --node]";
const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
/** Written by `pnpm dev` (scripts/dev.ts) while it runs. */
const devPidFile = join(repoRoot, ".data", "dev.pid");
const devDatabase = join(repoRoot, ".data", "dev.db");

const { values } = parseArgs({
  options: {
    company: { type: "string" },
    "read-only": { type: "boolean", default: false },
    label: { type: "string" },
    dev: { type: "boolean", default: false },
    node: { type: "boolean", default: false },
  },
});
const company = values.company?.trim();
if (!company || (values.dev && values.node)) {
  console.error(USAGE);
  process.exit(2);
}

function devIsRunning(): boolean {
  if (!existsSync(devPidFile)) return false;
  const pid = Number(readFileSync(devPidFile, "utf8").trim());
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Where the token goes, and how to say so. */
function target(): { url: string; authToken?: string | undefined; description: string } {
  const env = parseEnv(process.env);
  if (process.env.DATABASE_URL) {
    const where = isEmbedded(env.DATABASE_URL) ? env.DATABASE_URL : new URL(env.DATABASE_URL).origin;
    return {
      url: env.DATABASE_URL,
      authToken: env.DATABASE_AUTH_TOKEN,
      description: `DATABASE_URL (${where})`,
    };
  }
  const shown = (file: string) => relative(process.cwd(), file) || file;
  if (values.dev || (!values.node && devIsRunning())) {
    return {
      url: `file:${devDatabase}`,
      description: `${shown(devDatabase)}, the database of \`pnpm dev\` (the Worker)${values.dev ? "" : ", which is running; --node writes to the Node server's database"}`,
    };
  }
  const file = env.DATABASE_URL.slice("file:".length);
  return {
    url: env.DATABASE_URL,
    description: `${file}, the embedded database of \`pnpm start\` (Node) and \`pnpm start:deno\``,
  };
}

const { url, authToken, description } = target();
prepareFile(url);
const db = await openDb(url, authToken);
try {
  if (isEmbedded(url)) await migrate(db, loadMigrations());
  const { token, companyId } = await createToken({
    db,
    input: { company, readOnly: values["read-only"], label: values.label },
  });
  console.log(`Wrote to ${description}.`);
  console.log(`Token for company "${company}" (id ${companyId})${values["read-only"] ? ", read-only" : ""}:`);
  console.log(token);
} finally {
  db.close();
}
