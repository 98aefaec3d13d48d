// pnpm token:revoke <key id> [--dev | --node]
// Revokes an API key (see token:list for the ids), in the database of the mode in use (see
// token-create.ts). A server refuses it at once if it had not looked it up, else within its token cache's
// lifetime (30 s).
import { commandLine, openTokenDb, TARGET_OPTIONS } from "./token-db.ts";

const USAGE = "Usage: npx -y pnpm@10.34.8 token:revoke <key id> [--dev | --node]";
const { values, positionals } = commandLine({ options: TARGET_OPTIONS, allowPositionals: true }, USAGE);
const id = positionals[0];
if (positionals.length !== 1 || !/^[1-9]\d{0,15}$/.test(id!) || (values.dev && values.node)) {
  console.error(USAGE);
  process.exit(2);
}

const { db, description } = await openTokenDb({ dev: values.dev, node: values.node });
try {
  const result = await db.execute({
    sql: "UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL RETURNING label, (SELECT name FROM companies WHERE id = company_id) AS company",
    args: [new Date().toISOString(), Number(id)],
  });
  const row = result.rows[0];
  if (!row) {
    console.error(`No API key ${id} that is not revoked already in ${description}.`);
    process.exit(1);
  }
  console.log(`Revoked API key ${id} "${row.label}" of company "${row.company}" in ${description}.`);
} finally {
  db.close();
}
