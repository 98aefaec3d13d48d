// GET /docs and its script, in process: the page, its policy, and the script from the installed package.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { kindByName } from "@multichannel/schema";
import { describe, expect, it } from "vitest";
import {
  API_REFERENCE_SCRIPT,
  API_REFERENCE_VERSION,
  apiReferenceScriptUrl,
  DOCS_CONTENT_SECURITY_POLICY,
} from "../../src/http/docs.ts";
import { createBody } from "../factory.ts";
import { setupApp } from "../support.ts";

const installed = readFileSync(apiReferenceScriptUrl(import.meta.resolve));
const fromPackage = async () => new Uint8Array(installed);

describe("the pinned API reference", () => {
  it("is the version installed and the one the catalog pins", () => {
    const entry = import.meta.resolve("@scalar/api-reference");
    const manifest = JSON.parse(readFileSync(new URL("../package.json", entry), "utf8"));
    expect(manifest.version).toBe(API_REFERENCE_VERSION);
    const workspace = readFileSync(
      fileURLToPath(new URL("../../../../pnpm-workspace.yaml", import.meta.url)),
      "utf8",
    );
    expect(workspace).toContain(`"@scalar/api-reference": ${API_REFERENCE_VERSION}\n`);
    expect(API_REFERENCE_SCRIPT).toContain(API_REFERENCE_VERSION);
  });

  it("is one self-contained file that names no CDN to load itself from", () => {
    const text = installed.toString("utf8");
    expect(installed.length).toBeGreaterThan(1_000_000);
    expect(text).not.toMatch(/cdn\.jsdelivr\.net|unpkg\.com|esm\.sh/);
    expect(text).not.toMatch(/import\(["'`]\.\/chunks\//);
  });
});

describe("GET /docs", () => {
  it.each([
    ["", ""],
    ["/v1", "/v1"],
  ])(
    "is our page under the base path %j, with a strict policy and no inline script",
    async (basePath, prefix) => {
      const { app } = await setupApp({ basePath: basePath || undefined, docsScript: fromPackage });
      const response = await app.request(`${prefix}/docs`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      const policy = response.headers.get("content-security-policy")!;
      expect(policy).toBe(DOCS_CONTENT_SECURITY_POLICY);
      const directives = Object.fromEntries(
        policy
          .split("; ")
          .map((directive) => [directive.split(" ")[0], directive.split(" ").slice(1).join(" ")]),
      );
      expect(directives).toMatchObject({
        "default-src": "'none'",
        "script-src": "'self'",
        "connect-src": "'self'",
        "img-src": "'self' data:",
        "font-src": "'self' data:",
      });
      expect(policy).not.toMatch(/https?:|\*|'unsafe-eval'/);

      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts).toHaveLength(2);
      // The configuration is a data block the browser never runs; the only script runs from /docs/assets/.
      expect(scripts[0]![1]).toContain('type="application/json"');
      expect(scripts[0]![1]).toContain(`data-url="${prefix}/openapi.json"`);
      expect(scripts[0]![2]).toBe("");
      expect(scripts[1]![1]).toBe(` src="${prefix}/docs/assets/${API_REFERENCE_SCRIPT}"`);
      expect(scripts[1]![2]).toBe("");
      expect(html).not.toMatch(/https?:\/\//);
      expect(
        JSON.parse(/data-configuration="([^"]*)"/.exec(html)![1]!.replaceAll("&quot;", '"')),
      ).toMatchObject({
        withDefaultFonts: false,
        telemetry: false,
      });
    },
  );
});

describe("GET /docs/assets/<script>", () => {
  it("answers the installed script, without a token, cacheable for a year", async () => {
    const { app } = await setupApp({ basePath: "/v1", docsScript: fromPackage });
    const response = await app.request(`/v1/docs/assets/${API_REFERENCE_SCRIPT}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(Buffer.from(await response.arrayBuffer()).equals(installed)).toBe(true);
  });

  it("answers it gzip to a client that accepts gzip, the same bytes once unpacked", async () => {
    const { app } = await setupApp({ docsScript: fromPackage });
    for (let round = 0; round < 2; round++) {
      const response = await app.request(`/docs/assets/${API_REFERENCE_SCRIPT}`, {
        headers: { "Accept-Encoding": "gzip, deflate, br" },
      });
      expect(response.headers.get("content-encoding")).toBe("gzip");
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      const packed = Buffer.from(await response.arrayBuffer());
      expect(packed.length).toBeLessThan(installed.length / 2);
      expect(gunzipSync(packed).equals(installed)).toBe(true);
    }
  });

  it.each(["gzip;q=0", "identity", "br, gzip; q=0.0"])(
    "answers it unpacked to Accept-Encoding: %s",
    async (accept) => {
      const { app } = await setupApp({ docsScript: fromPackage });
      const response = await app.request(`/docs/assets/${API_REFERENCE_SCRIPT}`, {
        headers: { "Accept-Encoding": accept },
      });
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(Buffer.from(await response.arrayBuffer()).equals(installed)).toBe(true);
    },
  );

  it("passes a static asset's response through (the Worker's ASSETS binding)", async () => {
    const { app } = await setupApp({
      docsScript: async () => new Response("globalThis.reference = 1;", { headers: { ETag: '"a"' } }),
    });
    const response = await app.request(`/docs/assets/${API_REFERENCE_SCRIPT}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe("globalThis.reference = 1;");
  });

  it.each([
    ["another file name", `/docs/assets/api-reference-0.0.1.js`, fromPackage],
    ["an encoded path out of the folder", `/docs/assets/..%2F..%2Fpackage.json`, fromPackage],
    ["no script configured", `/docs/assets/${API_REFERENCE_SCRIPT}`, undefined],
    [
      "a missing static asset",
      `/docs/assets/${API_REFERENCE_SCRIPT}`,
      async () => new Response("Not Found", { status: 404 }),
    ],
  ])("answers 404 problem+json for %s", async (_, path, docsScript) => {
    const { app } = await setupApp({ docsScript });
    const response = await app.request(path);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
  });
});

describe("GET /openapi.json", () => {
  it("answers gzip to a client that takes it, the same document as plain, with one ETag", async () => {
    const { app } = await setupApp();
    const plain = await app.request("/openapi.json");
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    const etag = plain.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[\w-]{20,}"$/);
    const text = await plain.text();
    expect(JSON.parse(text).openapi).toBe("3.1.0");

    const gzipped = await app.request("/openapi.json", {
      headers: { "Accept-Encoding": "gzip, deflate, br" },
    });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("etag")).toBe(etag);
    const bytes = Buffer.from(await gzipped.arrayBuffer());
    // A fraction of the document's size on the wire.
    expect(bytes.length).toBeLessThan(text.length / 5);
    expect(gunzipSync(bytes).toString("utf8")).toBe(text);

    // Refused (q=0) or not offered: sent as is.
    for (const header of ["gzip;q=0, identity", "br", "*;q=0, identity;q=1"]) {
      const answer = await app.request("/openapi.json", { headers: { "Accept-Encoding": header } });
      expect(answer.headers.get("content-encoding"), header).toBeNull();
    }
  });

  it("answers 304 with no body to a client that has the current ETag, 200 to one that has another", async () => {
    const { app } = await setupApp();
    const etag = (await app.request("/openapi.json")).headers.get("etag")!;
    for (const ifNoneMatch of [etag, `"other", ${etag}`, etag.replace(/^W\//, ""), "*"]) {
      const answer = await app.request("/openapi.json", {
        headers: { "If-None-Match": ifNoneMatch, "Accept-Encoding": "gzip" },
      });
      expect(answer.status, ifNoneMatch).toBe(304);
      expect(answer.headers.get("etag")).toBe(etag);
      expect(await answer.text()).toBe("");
    }
    const stale = await app.request("/openapi.json", { headers: { "If-None-Match": 'W/"stale"' } });
    expect(stale.status).toBe(200);
    expect(stale.headers.get("cache-control")).toBe("no-cache");
  });

  it("offers brotli where the runtime gives a compressor for it (Node), preferred over gzip", async () => {
    const { brotliCompressSync, brotliDecompressSync, constants } = await import("node:zlib");
    const quality = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
    const { app } = await setupApp({
      openapiCompressors: {
        br: async (bytes) => new Uint8Array(brotliCompressSync(bytes, quality)),
        gzip: async () => {
          throw new Error("gzip was not asked for");
        },
      },
    });
    const text = await (await app.request("/openapi.json")).text();
    const answer = await app.request("/openapi.json", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(answer.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await answer.arrayBuffer())).toString("utf8")).toBe(text);
  });

  it("serves a document built ahead (the Worker's static asset) with the configured server URL in place", async () => {
    const { buildOpenApiDocument } = await import("@multichannel/schema/openapi");
    const built = JSON.stringify(buildOpenApiDocument({ serverUrl: "/" }));
    let reads = 0;
    const { app } = await setupApp({
      basePath: "/v1",
      publicUrl: "https://api.example.com",
      openapiDocument: async () => {
        reads++;
        return built;
      },
    });
    for (const host of ["http://one.example", "http://other.example"]) {
      const document = await (await app.request(`${host}/v1/openapi.json`)).json();
      expect(document.servers).toEqual([{ url: "https://api.example.com/v1" }]);
      expect(document.info.description).toContain("## Getting started");
    }
    expect(reads).toBe(1);
  });

  it("says a records-only field is kept as a record, not acted on, while its URL is still checked when saved", async () => {
    const setup = await setupApp();
    const t = await setup.tenant();
    const { schemas } = (await (await setup.app.request("/openapi.json")).json()).components;
    const kept = "Kept as a record: the service does not act on it";
    // docs/background-work.md: "no operation calls them".
    const postBack = schemas.CustomChannel.properties.postToChannelEndpoint.description;
    expect(postBack).toContain(kept);
    expect(postBack).not.toContain("The service calls it");
    expect(schemas.CustomChannel.properties.inventoryEndpoint.description).toContain("The service calls it");
    expect(schemas.Channel.properties.automaticallyPublish.description).toContain(kept);
    expect(schemas.CarrierPickup.description).toContain(kept);
    expect(schemas.ChannelVariantUpdate.properties.type.description).toMatch(
      /never set nor acted on by the service: `cost_price`, `price_list`/,
    );

    const body = await createBody(t, kindByName("custom-channel")!);
    const refused = await t.json("POST", "/custom-channels.json", {
      ...body,
      postToChannelEndpoint: "https://127.0.0.1/",
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((error: { path: string }) => error.path)).toEqual([
      "postToChannelEndpoint",
    ]);
  });
});
