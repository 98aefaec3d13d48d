// Pages of other origins calling the API from a browser (CORS_ORIGINS): the headers in process, then a
// real headless Chromium on a page of one origin calling the Node server on another.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../src/config.ts";
import { StartupError } from "../../src/startup-errors.ts";
import { launchBrowser, pageServer, withoutBrowser } from "../browser.ts";
import { type NodeServer, startNodeServer } from "../node-process.ts";
import { countWrites, setupApp, type Tenant } from "../support.ts";

const PAGE = "https://backoffice.example.com";
/** A page with nothing in it: the origin a script runs in. */
const emptyPage = () => ({ type: "text/html", body: "<!doctype html><title>page</title>" });
const OTHER = "https://elsewhere.example.com";

const preflight = (origin: string, method = "POST") => ({
  method: "OPTIONS",
  headers: {
    Origin: origin,
    "Access-Control-Request-Method": method,
    "Access-Control-Request-Headers": "authorization,content-type,idempotency-key,if-match",
  },
});

describe("CORS_ORIGINS", () => {
  it("reads * or a list of origins as browsers send them, and refuses anything else in one line", () => {
    expect(parseEnv({}).CORS_ORIGINS).toBeUndefined();
    expect(parseEnv({ CORS_ORIGINS: "" }).CORS_ORIGINS).toBeUndefined();
    expect(parseEnv({ CORS_ORIGINS: "*" }).CORS_ORIGINS).toBe("*");
    expect(
      parseEnv({
        CORS_ORIGINS: "https://BackOffice.example.com/, http://localhost:5173,https://a.example:443",
      }).CORS_ORIGINS,
    ).toEqual(["https://backoffice.example.com", "http://localhost:5173", "https://a.example"]);
    for (const wrong of [
      "https://a.example/app",
      "backoffice.example.com",
      "https://*.example.com",
      "*,https://a.example",
    ]) {
      expect(() => parseEnv({ CORS_ORIGINS: wrong }), wrong).toThrow(StartupError);
      expect(() => parseEnv({ CORS_ORIGINS: wrong }), wrong).toThrow(
        /^Invalid configuration: CORS_ORIGINS must be \* or origins separated by commas/,
      );
    }
  });
});

describe("a page of a listed origin", () => {
  let ctx: Awaited<ReturnType<typeof setupApp>>;
  let t: Tenant;
  let writes: () => Promise<number>;

  beforeAll(async () => {
    ctx = await setupApp({ corsOrigins: [PAGE] });
    t = await ctx.tenant();
    writes = await countWrites(ctx.db);
  });

  it("has its preflight answered 204 without a token, and nothing written", async () => {
    const before = await writes();
    const answer = await ctx.app.request("/carriers.json", preflight(PAGE));
    expect(answer.status).toBe(204);
    expect(answer.headers.get("Access-Control-Allow-Origin")).toBe(PAGE);
    expect(answer.headers.get("Access-Control-Allow-Methods")?.split(",")).toEqual(
      expect.arrayContaining(["GET", "POST", "PUT", "DELETE"]),
    );
    expect(answer.headers.get("Access-Control-Allow-Headers")?.toLowerCase().split(",")).toEqual(
      expect.arrayContaining(["authorization", "content-type", "idempotency-key", "if-match"]),
    );
    expect(answer.headers.get("Access-Control-Max-Age")).toBe("600");
    expect(answer.headers.get("Vary")).toMatch(/Origin/);
    // An action's path too, and under any path of the API.
    const action = await ctx.app.request("/purchases/1/ship.json", preflight(PAGE, "PUT"));
    expect(action.status).toBe(204);
    // An OPTIONS request of no page at all: 204 as well, naming no origin.
    const bare = await ctx.app.request("/carriers.json", { method: "OPTIONS" });
    expect(bare.status).toBe(204);
    expect(bare.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(await writes()).toBe(before);
  });

  it("reads the answer, its ETag and request id, and a problem's too", async () => {
    const made = await ctx.app.request("/carriers.json", {
      method: "POST",
      headers: { Origin: PAGE, Authorization: `Bearer ${t.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Parcel Express" }),
    });
    expect(made.status).toBe(200);
    expect(made.headers.get("Access-Control-Allow-Origin")).toBe(PAGE);
    const id = ((await made.json()) as { id: number }).id;

    const read = await ctx.app.request(`/carriers/${id}.json`, {
      headers: { Origin: PAGE, Authorization: `Bearer ${t.token}` },
    });
    expect(read.status).toBe(200);
    expect(read.headers.get("Access-Control-Allow-Origin")).toBe(PAGE);
    expect(read.headers.get("Vary")).toMatch(/Origin/);
    const exposed = read.headers.get("Access-Control-Expose-Headers")?.split(",");
    expect(exposed).toEqual(
      expect.arrayContaining(["ETag", "X-Request-Id", "Location", "Link", "Retry-After"]),
    );
    // The answer is the one a client without an Origin gets, its headers with it.
    const plain = await ctx.app.request(`/carriers/${id}.json`, {
      headers: { Authorization: `Bearer ${t.token}` },
    });
    expect(read.headers.get("ETag")).toBe(plain.headers.get("ETag"));
    expect(read.headers.get("X-Request-Id")).toBeTruthy();
    expect(read.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await read.json()).toEqual(await plain.json());

    const refused = await ctx.app.request(`/carriers/${id}.json`, { headers: { Origin: PAGE } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    expect(refused.headers.get("Access-Control-Allow-Origin")).toBe(PAGE);
  });

  it("has every answer vary by Origin, with or without one, alongside an answer's own Vary", async () => {
    const document = await ctx.app.request("/openapi.json", {
      headers: { Origin: PAGE, "Accept-Encoding": "gzip" },
    });
    expect(document.status).toBe(200);
    expect(document.headers.get("Access-Control-Allow-Origin")).toBe(PAGE);
    expect(document.headers.get("Vary")?.split(/,\s*/).sort()).toEqual(["Accept-Encoding", "Origin"]);
    // A request of no page: nothing to allow, but a cache must not give its answer to a page's.
    const plain = await ctx.app.request("/carriers.json", {
      headers: { Authorization: `Bearer ${t.token}` },
    });
    expect(plain.headers.get("Vary")).toBe("Origin");
    expect(plain.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("is told nothing when its origin is not listed: the browser keeps the answer from the page", async () => {
    const answer = await ctx.app.request("/carriers.json", {
      headers: { Origin: OTHER, Authorization: `Bearer ${t.token}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const pre = await ctx.app.request("/carriers.json", preflight(OTHER));
    expect(pre.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("takes any origin with *", async () => {
    const any = await setupApp({ corsOrigins: "*" });
    const other = await any.tenant();
    const answer = await any.app.request("/carriers.json", {
      headers: { Origin: OTHER, Authorization: `Bearer ${other.token}` },
    });
    expect(answer.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(answer.headers.get("Vary")).toBeNull();
  });
});

describe("without CORS_ORIGINS", () => {
  it("sends no CORS header, and a preflight is any request without a token: 401", async () => {
    const ctx = await setupApp();
    const t = await ctx.tenant();
    const pre = await ctx.app.request("/carriers.json", preflight(PAGE));
    expect(pre.status).toBe(401);
    expect([...pre.headers.keys()].filter((name) => name.startsWith("access-control-"))).toEqual([]);
    const answer = await ctx.app.request("/carriers.json", {
      headers: { Origin: PAGE, Authorization: `Bearer ${t.token}` },
    });
    expect(answer.status).toBe(200);
    expect([...answer.headers.keys()].filter((name) => name.startsWith("access-control-"))).toEqual([]);
  });
});

describe.skipIf(withoutBrowser("the CORS browser test"))("in headless Chromium", () => {
  const dir = mkdtempSync(join(tmpdir(), "mcs-cors-"));
  let listed: Awaited<ReturnType<typeof pageServer>>;
  let unlisted: Awaited<ReturnType<typeof pageServer>>;
  let api: NodeServer;
  let browser: Browser;

  beforeAll(async () => {
    listed = await pageServer(emptyPage);
    unlisted = await pageServer(emptyPage);
    api = await startNodeServer(
      { DATABASE_URL: `file:${join(dir, "cors.db")}`, CORS_ORIGINS: listed.origin, LOG_LEVEL: "warning" },
      true,
    );
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    api?.process.kill("SIGKILL");
    listed?.server.close();
    unlisted?.server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** What a script of a page at `origin` gets from creating a carrier and reading it back. */
  async function fromPage(origin: string) {
    const page = await browser.newPage();
    // Room for a machine loaded by the rest of the suite (the page itself is a few bytes from 127.0.0.1).
    page.setDefaultTimeout(60_000);
    try {
      await page.goto(`${origin}/`);
      return await page.evaluate(
        async ({ base, token }) => {
          try {
            const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
            const made = await fetch(`${base}/carriers.json`, {
              method: "POST",
              headers: { ...headers, "Idempotency-Key": crypto.randomUUID() },
              body: JSON.stringify({ name: "From a page" }),
            });
            const { id } = await made.json();
            const read = await fetch(`${base}/carriers/${id}.json`, { headers });
            return {
              created: made.status,
              location: made.headers.get("Location"),
              read: read.status,
              name: (await read.json()).name,
              etag: read.headers.get("ETag"),
              requestId: read.headers.get("X-Request-Id"),
            };
          } catch (error) {
            return { refused: String(error) };
          }
        },
        { base: api.base, token: api.token! },
      );
    } finally {
      await page.close();
    }
  }

  it("lets a page of the listed origin create and read, its headers readable; another origin's page is refused", async () => {
    expect(new URL(api.base).hostname).toBe("127.0.0.1");
    const allowed = await fromPage(listed.origin);
    expect(allowed).toMatchObject({ created: 200, read: 200, name: "From a page" });
    expect(allowed).toHaveProperty("etag", expect.stringMatching(/^"/));
    expect(allowed).toHaveProperty("requestId", expect.any(String));
    expect(allowed).toHaveProperty("location", expect.stringMatching(/\/carriers\/\d+\.json$/));

    const before = await (
      await fetch(`${api.base}/carriers.json`, { headers: { Authorization: `Bearer ${api.token}` } })
    ).json();
    expect(await fromPage(unlisted.origin)).toEqual({ refused: expect.stringMatching(/Failed to fetch/) });
    // The browser stopped at the preflight: nothing was created.
    const after = await (
      await fetch(`${api.base}/carriers.json`, { headers: { Authorization: `Bearer ${api.token}` } })
    ).json();
    expect(after).toEqual(before);
  });
});
