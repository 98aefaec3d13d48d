// pnpm db:backup FILE: a consistent copy of the embedded database (DATABASE_URL, by default
// .data/multichannel.db) while the server runs and writes go on. FILE must not exist; a relative FILE is
// taken from where the command was typed. Checked (PRAGMA integrity_check) before it gets its name.
// The stored files' directory (FILES_DIR, by default <database>.files) is copied beside it, as FILE.files.
import { resolve } from "node:path";
import { filesDirBeside } from "../src/db/dir-file-store.ts";
import { backupDatabase } from "../src/ops/backup.ts";
import { describeCheck, embeddedDatabaseFile, envOrExit } from "./db-files.ts";

const USAGE = "Usage: npx -y pnpm@10.34.8 db:backup FILE";
const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length) {
  console.error(USAGE);
  process.exit(2);
}
const env = envOrExit();
const source = embeddedDatabaseFile(env, "db:backup");
const filesDir = env.FILES_DIR ?? filesDirBeside(source);
const target = resolve(process.env.INIT_CWD ?? process.cwd(), file);
const started = performance.now();
try {
  const check = backupDatabase(source, target, { filesDir });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Backed up ${source} to ${target} in ${seconds} s: ${describeCheck(check)}.`);
} catch (error) {
  console.error(`No backup made: ${(error as Error).message}`);
  process.exit(1);
}
