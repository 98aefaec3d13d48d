/**
 * The embedded server's own secrets key, when SECRETS_KEY is unset: made on first start beside the
 * database (`secrets.key`, mode 0600: readable by the owner only) and read at every start after. Lose
 * it and the sealed credentials are lost with it: back it up with the database.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { codeOf } from "../errors.ts";

/** The key file's path beside an embedded database file. */
export function keyFileOf(databaseFile: string): string {
  return join(dirname(databaseFile), "secrets.key");
}

/** The key in `path` (base64), made there first when there is none. */
export function embeddedSecretsKey(path: string): string {
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    const key = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64");
    // `wx`: never overwrite a key another process made meanwhile.
    try {
      writeFileSync(path, `${key}\n`, { mode: 0o600, flag: "wx" });
    } catch (error) {
      if (codeOf(error) !== "EEXIST") throw error;
    }
  }
  chmodSync(path, 0o600);
  return readFileSync(path, "utf8").trim();
}
