// The two ways the server meets its database, behind one interface, so that a suite can run on both: the
// embedded database in this process, and the remote driver (@libsql/client over HTTP to the dev libSQL
// server, as a Worker meets Turso; see `remoteStack`).
import { inject } from "vitest";
import type { Db } from "../src/db/database.ts";
import { expectMatchesResponseSchema } from "./openapi-response.ts";
import { remoteStack } from "./remote.ts";
import { type Api, setupApp } from "./support.ts";

export interface TestTenant extends Api {
  companyId: number;
}

export interface TestStack {
  /** A fresh company with a read-write token; every answer is checked against the OpenAPI document. */
  tenant(): Promise<TestTenant>;
  close(): Promise<void>;
}

export interface StackKind {
  name: "embedded" | "remote";
  open(): Promise<TestStack>;
}

/** The API, asserting that every status it answers is declared, and every success is what is declared. */
function checking(api: TestTenant): TestTenant {
  return {
    ...api,
    async json(method, path, body, headers) {
      const answer = await api.json(method, path, body, headers);
      expectMatchesResponseSchema(method, path, answer.status, answer.body);
      return answer;
    },
  };
}

export const embedded: StackKind = {
  name: "embedded",
  async open() {
    const setup = await setupApp({}, { checkResponses: true });
    return { tenant: setup.tenant, close: async () => {} };
  },
};

/** The remote stack, with the database the app writes to (for a writer of the test's own). */
export async function openRemote(options: { busyTimeoutMs?: number } = {}): Promise<TestStack & { db: Db }> {
  const stack = await remoteStack({ templateDb: inject("templateDb"), ...options });
  return { db: stack.db, tenant: async () => checking(await stack.tenant()), close: () => stack.close() };
}

export const remote: StackKind = { name: "remote", open: () => openRemote() };
