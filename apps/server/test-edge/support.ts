import { createClient } from "@libsql/client";
import { inject } from "vitest";
import { type Db, remoteDb } from "../src/db/database.ts";
import { createToken } from "../src/services/auth.ts";
import { type Api, apiOf } from "../test/support.ts";

export type { Api };

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface Tenant extends Api {
  companyId: number;
  /** Its read-write token, for a request made by hand. */
  token: string;
  /** The same company with a read-only token. */
  readOnly: Api;
}

/** The Worker's base URL, e.g. `http://127.0.0.1:41234/v1`. */
export const baseUrl = inject("edge").baseUrl;

/** An HTTP client of the Worker: paths are relative to the base URL; absolute URLs (Link, Location) pass. */
export function api(token?: string): Api {
  return apiOf((path, init) => fetch(path.startsWith("http") ? path : `${baseUrl}${path}`, init), token);
}

let db: Db | undefined;
/**
 * The dev libSQL server the Worker uses, over HTTP: to issue tokens, as `pnpm token:create` would, and
 * to check what the remote driver answers.
 */
export function database(): Db {
  if (!db) {
    const { databaseUrl, databaseAuthToken } = inject("edge");
    db = remoteDb(createClient({ url: databaseUrl, authToken: databaseAuthToken }));
  }
  return db;
}

/** Closes the token-issuing connection: call in the test file's afterAll. */
export function closeDatabase(): void {
  db?.close();
  db = undefined;
}

let counter = 0;
/** A fresh company with a read-write and a read-only token. */
export async function tenant(): Promise<Tenant> {
  const company = `edge-${process.pid}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
  const { token, companyId } = await createToken({ db: database(), input: { company } });
  const { token: readOnlyToken } = await createToken({ db: database(), input: { company, readOnly: true } });
  return { companyId, token, ...api(token), readOnly: api(readOnlyToken) };
}
