// pnpm token:list [--company <name>] [--dev | --node]
// Lists the API keys that are not revoked (never a secret: its last 4 characters), in the database of the
// mode in use (see token-create.ts).
import { listKeys } from "../src/services/auth.ts";
import { commandLine, openTokenDb, TARGET_OPTIONS } from "./token-db.ts";

const USAGE = "Usage: npx -y pnpm@10.34.8 token:list [--company <name>] [--dev | --node]";
const { values } = commandLine({ options: { company: { type: "string" }, ...TARGET_OPTIONS } }, USAGE);
if (values.dev && values.node) {
  console.error(USAGE);
  process.exit(2);
}

const { db, description } = await openTokenDb({ dev: values.dev, node: values.node });
try {
  const companies = await db.execute({
    sql: "SELECT id, name, suspended_at FROM companies WHERE ? IS NULL OR name = ? ORDER BY id",
    args: [values.company ?? null, values.company ?? null],
  });
  if (values.company && !companies.rows.length) {
    console.error(`No company named "${values.company}" in ${description}.`);
    process.exit(1);
  }
  console.log(`API keys in ${description}:`);
  for (const company of companies.rows) {
    const suspended = company.suspended_at === null ? "" : ` (suspended since ${company.suspended_at})`;
    console.log(`company "${company.name}" (id ${company.id})${suspended}`);
    for (const key of await listKeys(db, Number(company.id))) {
      const hint = key.hint ? `…${key.hint}` : "(no hint)";
      const expires = key.expiresAt ? `, expires ${key.expiresAt}` : "";
      const used = key.lastUsedAt ? `, last used ${key.lastUsedAt}` : ", never used";
      console.log(
        `  ${key.id}\t${key.name}\t${key.scopes.join(" ")}\t${hint}\tcreated ${key.createdAt}${used}${expires}`,
      );
    }
  }
} finally {
  db.close();
}
