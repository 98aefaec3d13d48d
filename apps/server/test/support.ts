import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { type AppDeps, createApp } from "../src/app.ts";
import type { Db } from "../src/db/database.ts";
import { desiredSchema } from "../src/db/ddl.ts";
import { type FileStore, memoryFileStore } from "../src/db/file-store.ts";
import { openDb } from "../src/db/open.ts";
import { startReadThreads } from "../src/db/read-threads.ts";
import { createToken } from "../src/services/auth.ts";
import { createDispatcher } from "../src/services/webhooks/dispatcher.ts";
import { atEnd } from "./at-end.ts";
import { expectMatchesResponseSchema } from "./openapi-response.ts";

let counter = 0;

/**
 * A fresh migrated database in a temp file, for one test file; removed after it. `threads`: its expensive
 * reads run on read threads, as the Node server's do.
 */
export async function freshDb(options: { threads?: boolean } = {}): Promise<Db> {
  const dir = mkdtempSync(join(tmpdir(), "mcs-test-"));
  const file = join(dir, "test.db");
  copyFileSync(inject("templateDb"), file);
  const db = await openDb(
    `file:${file}`,
    undefined,
    options.threads ? { expensiveReads: startReadThreads } : {},
  );
  atEnd(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return db;
}

export interface Api {
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** Like request, and parses the JSON answer. */
  json<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: T; headers: Headers }>;
}

export interface Tenant extends Api {
  companyId: number;
  token: string;
  readOnlyToken: string;
  /** The same API with the read-only token. */
  readOnly: Api;
}

export type TestApp = ReturnType<typeof createApp>;

/** The test API over any transport: the in-process app, or fetch against a running server. */
export function apiOf(
  send: (path: string, init: RequestInit) => Response | Promise<Response>,
  token?: string,
): Api {
  const request = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    send(path, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
  return {
    request,
    async json(method, path, body, headers) {
      const response = await request(method, path, body, headers);
      const text = await response.text();
      return {
        status: response.status,
        body: text ? JSON.parse(text) : undefined,
        headers: response.headers,
      };
    },
  };
}

/**
 * The same API, asserting that the OpenAPI document declares every status it answers, and that every
 * successful answer is what the document declares for it.
 */
function checkingResponses(api: Api): Api {
  return {
    request: api.request,
    async json(method, path, body, headers) {
      const answer = await api.json(method, path, body, headers);
      expectMatchesResponseSchema(method, path, answer.status, answer.body);
      return answer;
    },
  };
}

/**
 * An app over a fresh database, and a factory of fresh tenants (a company with a token each). Unless
 * `checkResponses` is false, every answer's status must be one the OpenAPI document declares for its
 * operation, and every successful answer must be what it declares: the suites keep the document honest.
 */
export async function setupApp(deps: Partial<AppDeps> = {}, options: { checkResponses?: boolean } = {}) {
  const { checkResponses = true } = options;
  const db = await freshDb();
  // One store for the app and for the dispatchers a test runs beside it (the files they make are read back).
  const fileStore = deps.fileStore ?? memoryFileStore();
  const app = createApp({ db, tokenCacheMs: 0, ...deps, fileStore });
  const api = (token?: string): Api => {
    const plain = apiOf((path, init) => app.request(path, init), token);
    return checkResponses ? checkingResponses(plain) : plain;
  };
  const tenant = async (): Promise<Tenant> => {
    const company = `company-${process.pid}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
    const { token, companyId } = await createToken({ db, input: { company } });
    const { token: readOnlyToken } = await createToken({ db, input: { company, readOnly: true } });
    return { companyId, token, readOnlyToken, ...api(token), readOnly: api(readOnlyToken) };
  };
  return { app, db, fileStore, tenant, anonymous: api() };
}

/**
 * Writes `copies` copies of row `id` of `table` in one statement, as no API call would: a record with
 * thousands of lines in a test's time, not minutes of requests. `set` gives columns of the copies other
 * values, as SQL over `n`, the copy's number from 1 (`{ external_id: "'L-' || n" }`).
 */
export async function copyRow(
  db: Db,
  table: string,
  id: number,
  copies: number,
  set: Record<string, string> = {},
): Promise<void> {
  const columns = Object.keys(desiredSchema().tables[table]!.columns).filter((column) => column !== "id");
  const values = columns.map((column) => set[column] ?? column);
  await db.execute({
    sql: `WITH RECURSIVE n(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM n WHERE n < ?)
          INSERT INTO ${table} (${columns.join(", ")}) SELECT ${values.join(", ")} FROM ${table}, n WHERE id = ?`,
    args: [copies, id],
  });
}

/**
 * Counts committed writes: triggers bump one counter on every insert, update or delete in any table, and
 * a rolled-back write does not move it. Returns a function reading the counter.
 */
export async function countWrites(db: Db): Promise<() => Promise<number>> {
  await db.execute("CREATE TABLE test_writes (n INTEGER NOT NULL)");
  await db.execute("INSERT INTO test_writes (n) VALUES (0)");
  // Not counted: the scratch rows of a batch (a key's `acting_key`, the ids a plan made, `plan_ids`,
  // which the next plan clears), and a key's `last_used_at`, which the token lookup records whatever the
  // request then does.
  const scratch = new Set(["acting_key", "plan_ids"]);
  const tables = Object.entries(desiredSchema().tables).filter(([table]) => !scratch.has(table));
  for (const [table, { columns }] of tables) {
    for (const event of ["INSERT", "UPDATE", "DELETE"]) {
      const of =
        table === "api_tokens" && event === "UPDATE"
          ? ` OF ${Object.keys(columns)
              .filter((column) => column !== "last_used_at")
              .join(", ")}`
          : "";
      await db.execute(
        `CREATE TRIGGER test_writes_${table}_${event.toLowerCase()} AFTER ${event}${of} ON ${table} BEGIN UPDATE test_writes SET n = n + 1; END`,
      );
    }
  }
  return async () => Number((await db.execute("SELECT n FROM test_writes")).rows[0]!.n);
}

/**
 * A dispatcher over a suite's database and file store with a clock the test moves, a minute ahead so
 * that what requests queued (at the real time) is due at once; jitter 0 (`random` is 0.5), so retries
 * come due exactly after their delays.
 */
export function dispatcherWithClock(setup: { db: Db; fileStore: FileStore }, start = Date.now() + 60_000) {
  const clock = { now: start };
  const dispatcher = createDispatcher({
    db: setup.db,
    fileStore: setup.fileStore,
    policy: { allowLocal: true },
    now: () => clock.now,
    random: () => 0.5,
  });
  return { dispatcher, clock };
}
