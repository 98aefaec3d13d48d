// pnpm token:create --company <name> [--read-only] [--label <text>]
// Creates the company if it is new and an API token for it; the token is the last line of stdout.
import { parseArgs } from "node:util";
import { isEmbedded, parseEnv } from "../src/config.ts";
import { migrate } from "../src/db/migrate.ts";
import { loadMigrations } from "../src/db/migration-files.ts";
import { openDb, prepareFile } from "../src/db/open.ts";
import { createToken } from "../src/services/auth.ts";

const { values } = parseArgs({
  options: {
    company: { type: "string" },
    "read-only": { type: "boolean", default: false },
    label: { type: "string" },
  },
});
if (!values.company?.trim()) {
  console.error("Usage: pnpm token:create --company <name> [--read-only] [--label <text>]");
  process.exit(2);
}
const env = parseEnv(process.env);
prepareFile(env.DATABASE_URL);
const db = await openDb(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
if (isEmbedded(env.DATABASE_URL)) await migrate(db, loadMigrations());
const { token, companyId } = await createToken({
  db,
  input: { company: values.company.trim(), readOnly: values["read-only"], label: values.label },
});
console.log(
  `Token for company "${values.company.trim()}" (id ${companyId})${values["read-only"] ? ", read-only" : ""}:`,
);
console.log(token);
db.close();
