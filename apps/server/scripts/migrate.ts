// Applies the committed migrations to DATABASE_URL (an embedded file, Turso, or the dev libSQL server),
// then seals the secrets still stored in plain text or under a previous key with SECRETS_KEY.
// A mistake (an unreachable or unsupported DATABASE_URL, no SECRETS_KEY for a remote database) is a
// line saying what to do, exit code 1.
import { parseEnv, secretsKeysOf } from "../src/config.ts";
import type { Db } from "../src/db/database.ts";
import { migrate } from "../src/db/migrate.ts";
import { loadMigrations } from "../src/db/migration-files.ts";
import { reachDatabase } from "../src/db/reach.ts";
import { refreshStatistics } from "../src/db/statistics.ts";
import { keyringOf } from "../src/domain/secrets.ts";
import { embeddedSecretsKey, keyFileOf } from "../src/ops/secrets-key.ts";
import { sealStoredSecrets } from "../src/services/secrets.ts";
import { exitOnStartupError } from "../src/startup-errors.ts";

let db: Db | undefined;
try {
  const env = parseEnv(process.env);
  // The database first: a URL that does not answer is told before a missing SECRETS_KEY.
  db = await reachDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
  const file = env.DATABASE_URL.startsWith("file:") ? env.DATABASE_URL.slice("file:".length) : undefined;
  const keys = secretsKeysOf(env, file ? () => embeddedSecretsKey(keyFileOf(file)) : undefined);
  const keyring = await keyringOf(keys.current, keys.previous);
  const applied = await migrate(db, loadMigrations());
  console.log(
    applied.length ? `Applied: ${applied.join(", ")}` : "Nothing to apply: the database is up to date.",
  );
  const { sealed, unopened } = await sealStoredSecrets(db, keyring);
  if (sealed) console.log(`Sealed ${sealed} stored secrets with SECRETS_KEY.`);
  if (unopened)
    console.error(
      `${unopened} stored secrets open with no configured key: add theirs to SECRETS_KEY_PREVIOUS.`,
    );
  // The planner's statistics for the data as it is (a remote database has no write queue to keep them).
  await refreshStatistics(db);
  db.close();
} catch (error) {
  db?.close();
  exitOnStartupError(error);
}
