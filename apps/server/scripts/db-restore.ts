// pnpm db:restore FILE: puts a backup (from db:backup) in place of the embedded database (DATABASE_URL,
// by default .data/multichannel.db). Refused while a server, or any other process, has the database open.
// The database it replaces is kept beside it as <database>.before-restore-<time>; the stored files of the
// backup (FILE.files) take the place of FILES_DIR (by default <database>.files) the same way.
import { resolve } from "node:path";
import { filesDirBeside } from "../src/db/dir-file-store.ts";
import { checkDatabaseFile, restoreDatabase } from "../src/ops/backup.ts";
import { describeCheck, embeddedDatabaseFile, envOrExit } from "./db-files.ts";

const USAGE = "Usage: npx -y pnpm@10.34.8 db:restore FILE";
const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length) {
  console.error(USAGE);
  process.exit(2);
}
const env = envOrExit();
const target = embeddedDatabaseFile(env, "db:restore");
const filesDir = env.FILES_DIR ?? filesDirBeside(target);
const source = resolve(process.env.INIT_CWD ?? process.cwd(), file);
try {
  const { kept, keptFiles } = restoreDatabase(source, target, new Date(), { filesDir });
  console.log(`Restored ${target} from ${source}: ${describeCheck(checkDatabaseFile(target))}.`);
  if (kept) console.log(`The database it replaced is kept as ${kept}.`);
  if (keptFiles) console.log(`The stored files it replaced are kept as ${keptFiles}.`);
  console.log("Start the server: it applies any migration the backup is missing.");
} catch (error) {
  console.error(`Not restored: ${(error as Error).message}`);
  process.exit(1);
}
