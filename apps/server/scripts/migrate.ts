// Applies the committed migrations to DATABASE_URL (an embedded file, Turso, or the dev libSQL server).
import { parseEnv } from "../src/config.ts";
import { migrate } from "../src/db/migrate.ts";
import { loadMigrations } from "../src/db/migration-files.ts";
import { openDb, prepareFile } from "../src/db/open.ts";

const env = parseEnv(process.env);
prepareFile(env.DATABASE_URL);
const db = await openDb(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
const applied = await migrate(db, loadMigrations());
console.log(
  applied.length ? `Applied: ${applied.join(", ")}` : "Nothing to apply: the database is up to date.",
);
db.close();
