import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../../apps/server/src/app.ts";
import { migrate } from "../../../apps/server/src/db/migrate.ts";
import { loadMigrations } from "../../../apps/server/src/db/migration-files.ts";
import { openDb } from "../../../apps/server/src/db/open.ts";
import { createToken } from "../../../apps/server/src/services/auth.ts";
import { atEnd } from "../../../apps/server/test/at-end.ts";
import { type Client, type ClientOptions, createClient } from "../src/index.ts";

let counter = 0;

/**
 * The real server in-process over a fresh migrated temp-file libSQL database (removed after the test
 * file), and a factory of clients, each for a fresh company.
 */
export async function setupServer() {
  const dir = mkdtempSync(join(tmpdir(), "mcs-client-test-"));
  const db = await openDb(`file:${join(dir, "test.db")}`);
  await migrate(db, loadMigrations());
  atEnd(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const app = createApp({ db, tokenCacheMs: 0 });
  const fetch = (input: string, init: RequestInit) => app.request(input, init);

  /** A client for a fresh company (no shared rows between tests). */
  const tenantClient = async (
    options: Partial<ClientOptions> = {},
  ): Promise<{ client: Client; token: string; companyId: number }> => {
    const company = `client-test-${process.pid}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
    const { token, companyId } = await createToken({ db, input: { company } });
    const client = createClient({ baseUrl: "http://localhost", token, fetch, retry: false, ...options });
    return { client, token, companyId };
  };
  return { app, db, fetch, tenantClient };
}
