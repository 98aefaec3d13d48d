// pnpm token:create --company <name> [--read-only] [--label <text>] [--dev | --node]
// Creates the company if it is new and an API token for it, in the database of the mode in use:
//   DATABASE_URL when set (a file, a libSQL server, Turso);
//   --dev, or `pnpm dev` running: .data/dev.db, which the Worker reads through the local libSQL server;
//   otherwise (--node): .data/multichannel.db, the embedded database of `pnpm start` and `pnpm start:deno`.
// Says which database it wrote to; the token is the last line of stdout.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { isEmbedded } from "../src/config.ts";
import { migrate } from "../src/db/migrate.ts";
import { loadMigrations } from "../src/db/migration-files.ts";
import { openDb, prepareFile } from "../src/db/open.ts";
import { createToken } from "../src/services/auth.ts";
import { isRunning, tokenTarget } from "./token-target.ts";

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

const { url, authToken, description } = tokenTarget({
  env: process.env,
  flags: { dev: values.dev, node: values.node },
  devDatabase,
  devRunning: isRunning(devPidFile),
  cwd: process.cwd(),
});
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
