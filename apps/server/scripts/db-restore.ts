// pnpm db:restore FILE: puts a backup (from db:backup) in place of the embedded database (DATABASE_URL,
// by default .data/multichannel.db). Refused while a server, or any other process, has the database open.
// The database it replaces is kept beside it as <database>.before-restore-<time>.
import { resolve } from "node:path";
import { checkDatabaseFile, restoreDatabase } from "../src/ops/backup.ts";
import { describeCheck, embeddedDatabaseFile, envOrExit } from "./db-files.ts";

const USAGE = "Usage: npx -y pnpm@10.34.8 db:restore FILE";
const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length) {
  console.error(USAGE);
  process.exit(2);
}
const target = embeddedDatabaseFile(envOrExit(), "db:restore");
const source = resolve(process.env.INIT_CWD ?? process.cwd(), file);
try {
  const { kept } = restoreDatabase(source, target);
  console.log(`Restored ${target} from ${source}: ${describeCheck(checkDatabaseFile(target))}.`);
  if (kept) console.log(`The database it replaced is kept as ${kept}.`);
  console.log("Start the server: it applies any migration the backup is missing.");
} catch (error) {
  console.error(`Not restored: ${(error as Error).message}`);
  process.exit(1);
}
