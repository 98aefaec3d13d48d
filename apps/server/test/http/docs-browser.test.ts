// /docs in a real browser: Debian's headless chromium, driven by playwright-core, against the Node server
// on 127.0.0.1. The reference must render from this server alone, under its Content-Security-Policy.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, withoutBrowser } from "../browser.ts";
import { type NodeServer, startNodeServer } from "../node-process.ts";

/**
 * How long the reference may take to render, and a step in it (a click, a section shown), on a machine
 * loaded by the rest of the suite: a first render has taken over 40 s there, against 2 s alone. A wait
 * ends as soon as what it waits for is there.
 */
const RENDER_TIMEOUT = 120_000;
const STEP_TIMEOUT = 60_000;

const serverDir = fileURLToPath(new URL("../..", import.meta.url));
/** `UPDATE_SCREENSHOT=1` also writes the README's picture of the page. */
const README_SCREENSHOT = join(serverDir, "..", "..", "docs", "api-reference.png");

interface Operation {
  tag: string;
  summary: string;
}

interface Visit {
  page: Page;
  /** Every URL the page requested. */
  requests: string[];
  /** Console errors (CSP violations are reported there) and uncaught page errors. */
  errors: string[];
}

describe.skipIf(withoutBrowser("the /docs browser tests"))("/docs in headless Chromium", () => {
  const dir = mkdtempSync(join(tmpdir(), "mcs-docs-"));
  let server: NodeServer;
  let browser: Browser;
  let tags: string[];
  let sample: Operation[];

  beforeAll(async () => {
    server = await startNodeServer({ DATABASE_URL: `file:${join(dir, "docs.db")}` }, false);
    browser = await launchBrowser();
    const document = (await (await fetch(`${server.base}/openapi.json`)).json()) as {
      tags: { name: string }[];
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    };
    tags = document.tags.map((tag) => tag.name);
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      ["get", "put", "post", "delete", "patch"].flatMap((method) => {
        const operation = item[method];
        return operation?.tags?.[0] && operation.summary
          ? [
              {
                tag: operation.tags[0],
                summary: operation.summary,
                action: /\{id\}\/[a-z-]+\.json$/.test(path),
              },
            ]
          : [];
      }),
    );
    // One operation from each of five tags, an action where the tag has one: what a reader looks up.
    sample = tags.slice(-5).map((tag) => {
      const ofTag = operations.filter((operation) => operation.tag === tag);
      const chosen = ofTag.find((operation) => operation.action) ?? ofTag[0]!;
      return { tag, summary: chosen.summary };
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    server?.process.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  async function visitDocs(): Promise<Visit> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(STEP_TIMEOUT);
    const visit: Visit = { page, requests: [], errors: [] };
    page.on("request", (request) => visit.requests.push(request.url()));
    page.on("console", (message) => {
      if (message.type() === "error" || /Content Security Policy/i.test(message.text())) {
        visit.errors.push(message.text());
      }
    });
    page.on("pageerror", (error) => visit.errors.push(error.message));
    const response = await page.goto(`${server.base}/docs`);
    expect(response?.status()).toBe(200);
    // The reference renders in the page from /openapi.json: every visit starts once the sidebar has a tag.
    await page
      .getByRole("complementary")
      .getByRole("link", { name: tags[0]!, exact: true })
      .waitFor({ timeout: RENDER_TIMEOUT });
    return visit;
  }

  it("renders every tag and a sample of operations, from this server only, with no CSP violation", async () => {
    const { page, requests, errors } = await visitDocs();
    const sidebar = page.getByRole("complementary");
    for (const tag of tags) {
      await expect
        .poll(() => sidebar.getByRole("link", { name: tag, exact: true }).count(), {
          message: `tag ${tag}`,
          timeout: STEP_TIMEOUT,
        })
        .toBe(1);
    }

    expect(sample).toHaveLength(5);
    for (const { tag, summary } of sample) {
      await sidebar.getByRole("button", { name: `Open Group - ${tag}`, exact: true }).click();
      const entry = sidebar.getByRole("link").filter({ has: page.getByText(summary, { exact: true }) });
      await entry.click();
      // The operation's own section in the reference: its summary as a heading, the way a reader sees it.
      await expect
        .poll(() => page.getByRole("heading", { name: summary, exact: true }).isVisible(), {
          message: `operation "${summary}" (${tag})`,
          timeout: STEP_TIMEOUT,
        })
        .toBe(true);
    }

    mkdirSync(join(serverDir, ".test-results"), { recursive: true });
    await page.screenshot({ path: join(serverDir, ".test-results", "api-reference.png") });
    if (process.env.UPDATE_SCREENSHOT) await page.screenshot({ path: README_SCREENSHOT });

    const origins = new Set(requests.map((url) => new URL(url).origin));
    expect([...origins]).toEqual([new URL(server.base).origin]);
    expect(new URL(server.base).hostname).toBe("127.0.0.1");
    expect(requests).toContain(`${server.base}/openapi.json`);
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);

  it("enforces its policy: a request to another origin is refused and reported", async () => {
    const { page, requests, errors } = await visitDocs();
    const outcome = await page.evaluate(() =>
      fetch("http://example.com/").then(
        () => "fetched",
        () => "refused",
      ),
    );
    expect(outcome).toBe("refused");
    expect(requests.some((url) => url.startsWith("http://example.com"))).toBe(false);
    expect(errors.some((error) => /Content Security Policy.*connect-src/.test(error))).toBe(true);
    await page.close();
  }, 240_000);

  it("shows an operation's field descriptions and its TypeScript client sample, and the Getting started page", async () => {
    const { page, errors } = await visitDocs();
    const sidebar = page.getByRole("complementary");
    await sidebar.getByRole("link", { name: "catalog", exact: true }).waitFor();
    // The first tag may already be open.
    const open = sidebar.getByRole("button", { name: "Open Group - catalog", exact: true });
    if (await open.count()) await open.click();
    await sidebar
      .getByRole("link")
      .filter({ has: page.getByText("Create a variant", { exact: true }) })
      .click();
    await expect
      .poll(() => page.getByRole("heading", { name: "Create a variant", exact: true }).isVisible(), {
        timeout: STEP_TIMEOUT,
      })
      .toBe(true);
    // The operation's section (the whole reference is one page: the introduction has client code too).
    const operation = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "Create a variant", exact: true }) })
      .last();
    // A field of the request body, with the description the manifest gives it.
    const description = operation.getByText("The stock keeping unit: the code that names the variant", {
      exact: false,
    });
    await expect.poll(() => description.first().isVisible(), { timeout: STEP_TIMEOUT }).toBe(true);
    // The snippet panel: this project's client, not a generic HTTP client of another language.
    const sample = operation.locator("pre, code").filter({ hasText: "client.variants.create(" });
    await expect.poll(() => sample.first().isVisible(), { timeout: STEP_TIMEOUT }).toBe(true);
    expect(await sample.first().textContent()).toContain('sku: "SHIRT-LIN-M-BLU"');
    expect(
      await page
        .locator("pre, code")
        .filter({ hasText: /^curl / })
        .count(),
    ).toBe(0);

    // The document's introduction carries the Getting started page, with its first step.
    await page.getByText("Getting started", { exact: true }).first().click();
    await expect
      .poll(() => page.getByRole("heading", { name: "Getting started", exact: true }).isVisible(), {
        timeout: STEP_TIMEOUT,
      })
      .toBe(true);
    await expect
      .poll(() => page.getByText("client.channels.manualSale(").first().isVisible(), {
        timeout: STEP_TIMEOUT,
      })
      .toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);
});
