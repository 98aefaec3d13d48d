// The client in a real browser (Debian's headless chromium, driven by playwright-core): a page of one
// origin on 127.0.0.1, the client bundled from its sources, calling the Node server on another origin
// that lists the page's in CORS_ORIGINS.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, pageServer, withoutBrowser } from "../../../apps/server/test/browser.ts";
import { type NodeServer, startNodeServer } from "../../../apps/server/test/node-process.ts";

/** The page: it loads the client as a module and leaves it on `window` for the test's script. */
const PAGE =
  '<!doctype html><title>back office</title><script type="module">import * as client from "/client.js"; window.client = client;</script>';

type ClientModule = typeof import("../src/index.ts");

/** What the page's script reports of its calls. */
interface Outcome {
  created: number[];
  etag: string | undefined;
  renamed: string | null;
  stale: { apiError: boolean; status: number; requestId: string | undefined };
  listed: number[];
}

describe.skipIf(withoutBrowser("the client's browser test"))("the client in headless Chromium", () => {
  const dir = mkdtempSync(join(tmpdir(), "mcs-client-browser-"));
  let page: Awaited<ReturnType<typeof pageServer>>;
  let api: NodeServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    // The client as a page loads it: one ES module, bundled from the sources as a bundler would.
    const bundled = await build({
      entryPoints: [fileURLToPath(new URL("../src/index.ts", import.meta.url))],
      bundle: true,
      format: "esm",
      platform: "browser",
      write: false,
    });
    const script = bundled.outputFiles[0]!.text;
    page = await pageServer((path) =>
      path === "/client.js" ? { type: "text/javascript", body: script } : { type: "text/html", body: PAGE },
    );
    api = await startNodeServer(
      { DATABASE_URL: `file:${join(dir, "client.db")}`, CORS_ORIGINS: page.origin, LOG_LEVEL: "warning" },
      true,
    );
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    api?.process.kill("SIGKILL");
    page?.server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("creates, reads, updates under If-Match, pages with listAll and reads a problem, across origins", async () => {
    expect(new URL(api.base).hostname).toBe("127.0.0.1");
    const tab = await browser.newPage();
    // Room for a machine loaded by the other test files.
    tab.setDefaultTimeout(60_000);
    await tab.goto(`${page.origin}/`);
    await tab.waitForFunction(() => "client" in globalThis);
    const outcome: Outcome = await tab.evaluate(
      async ({ base, token }) => {
        const { createClient, etagOf, isApiError } = (globalThis as unknown as { client: ClientModule })
          .client;
        const client = createClient({ baseUrl: base, token });
        const first = await client.carriers.create({ name: "First" });
        const second = await client.carriers.create({ name: "Second" });
        const read = await client.carriers.get(first.id);
        const renamed = await client.carriers.update(
          first.id,
          { name: "Renamed" },
          { ifMatch: etagOf(read) },
        );
        let stale: Outcome["stale"] = { apiError: false, status: 0, requestId: undefined };
        try {
          await client.carriers.update(first.id, { name: "Again" }, { ifMatch: etagOf(read) });
        } catch (error) {
          if (isApiError(error)) stale = { apiError: true, status: error.status, requestId: error.requestId };
        }
        // One record a page: the next page's address is in the answer's Link header.
        const listed: number[] = [];
        for await (const carrier of client.carriers.listAll({ limit: 1 })) listed.push(carrier.id);
        return { created: [first.id, second.id], etag: etagOf(read), renamed: renamed.name, stale, listed };
      },
      { base: api.base, token: api.token! },
    );
    await tab.close();
    expect(outcome.etag).toMatch(/^"/);
    expect(outcome.renamed).toBe("Renamed");
    expect(outcome.stale).toEqual({ apiError: true, status: 412, requestId: expect.any(String) });
    expect(outcome.listed).toEqual(outcome.created);
  }, 180_000);
});
