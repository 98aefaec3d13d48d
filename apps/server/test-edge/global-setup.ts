import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { freePort, startDevStack } from "../scripts/dev.ts";
import { smtpUrl } from "../test/smtp-login.ts";

declare module "vitest" {
  export interface ProvidedContext {
    edge: { baseUrl: string; databaseUrl: string; databaseAuthToken: string; smtpPort: number };
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
  // The Worker e-mails through a mail server on this port, which the e-mail suite starts.
  const smtpPort = await freePort();
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
        SMTP_URL: smtpUrl(smtpPort),
        MAIL_FROM: "Edge Orders <orders@edge.example>",
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
    smtpPort,
  });
  return async () => {
    await stack.stop();
    cleanup();
  };
}
