import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type LibsqlServerOptions, startLibsqlServer } from "../src/server.ts";

export interface TestServer {
  url: string;
  file: string;
  close(): Promise<void>;
}

/** A server on a free port over a fresh temp-file database. */
export async function startTestServer(options: Partial<LibsqlServerOptions> = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), "libsql-dev-server-"));
  const file = join(dir, "test.db");
  const server = await startLibsqlServer({ file, port: 0, ...options });
  return {
    url: server.url,
    file,
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A table name no other test uses. */
export const uniqueTable = (prefix = "t"): string =>
  `${prefix}_${randomUUID().replaceAll("-", "").slice(0, 12)}`;

export interface PipelineReply {
  status: number;
  body: any;
}

/** Sends one raw Hrana pipeline request. */
export async function postPipeline(
  url: string,
  body: unknown,
  { version = "v2", headers = {} }: { version?: "v2" | "v3"; headers?: Record<string, string> } = {},
): Promise<PipelineReply> {
  const response = await fetch(`${url}/${version}/pipeline`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

export const sql = (text: string, args: unknown[] = []) => ({ type: "execute", stmt: { sql: text, args } });
export const integer = (value: bigint | number) => ({ type: "integer", value: String(value) });
export const textValue = (value: string) => ({ type: "text", value });
