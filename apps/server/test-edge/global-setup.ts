import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { freePort, startDevStack } from "../scripts/dev.ts";

declare module "vitest" {
  export interface ProvidedContext {
    edge: { baseUrl: string; databaseUrl: string; databaseAuthToken: string };
  }
}

/**
 * Starts the dev libSQL server on a temp file (migrated over HTTP) and `wrangler dev --local` on free
 * ports, with BASE_PATH=/v1 from bindings; stops both, and removes the files, after the run.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "mcs-edge-"));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  let stack: Awaited<ReturnType<typeof startDevStack>>;
  try {
    stack = await startDevStack({
      file: join(dir, "edge.db"),
      port: await freePort(),
      inspectorPort: await freePort(),
      persistTo: join(dir, "wrangler-state"),
      vars: {
        BASE_PATH: "/v1",
        BODY_LIMIT: "65536",
        FILES_UPLOAD_LIMIT_MB: "20",
        WEBHOOKS_ALLOW_LOCALHOST: "true",
      },
      output: "capture",
    });
  } catch (error) {
    cleanup();
    throw error;
  }
  project.provide("edge", {
    baseUrl: stack.baseUrl,
    databaseUrl: stack.databaseUrl,
    databaseAuthToken: stack.databaseAuthToken,
  });
  return async () => {
    await stack.stop();
    cleanup();
  };
}
