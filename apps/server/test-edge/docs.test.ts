// /docs on Workers: the page from the Worker, its script from Workers static assets (the ASSETS
// binding, filled by the build step in wrangler.jsonc), not from the Worker's bundle.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  API_REFERENCE_SCRIPT,
  apiReferenceScriptUrl,
  DOCS_CONTENT_SECURITY_POLICY,
} from "../src/http/docs.ts";
import { baseUrl } from "./support.ts";

describe("/docs in workerd", () => {
  it("sends the page with its policy, pointing at the script under the base path", async () => {
    const response = await fetch(`${baseUrl}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toBe(DOCS_CONTENT_SECURITY_POLICY);
    const prefix = new URL(baseUrl).pathname;
    expect(await response.text()).toContain(`src="${prefix}/docs/assets/${API_REFERENCE_SCRIPT}"`);
  });

  it("serves the installed package's script from static assets, cacheable for a year", async () => {
    const response = await fetch(`${baseUrl}/docs/assets/${API_REFERENCE_SCRIPT}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    const served = Buffer.from(await response.arrayBuffer());
    expect(served.equals(readFileSync(apiReferenceScriptUrl(import.meta.resolve)))).toBe(true);
  });

  it("exposes nothing of the assets folder but through the Worker's route", async () => {
    const origin = new URL(baseUrl).origin;
    expect((await fetch(`${origin}/${API_REFERENCE_SCRIPT}`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/${API_REFERENCE_SCRIPT}`)).status).toBe(401);
    const other = await fetch(`${baseUrl}/docs/assets/standalone.js`);
    expect(other.status).toBe(404);
    expect(other.headers.get("content-type")).toBe("application/problem+json");
  });

  it("sends /openapi.json with an ETag and 304 on If-None-Match, leaving compression to Cloudflare", async () => {
    const response = await fetch(`${baseUrl}/openapi.json`, { headers: { "Accept-Encoding": "identity" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBeNull();
    const document = await response.json();
    expect(document.info.description).toContain("## Getting started");
    const etag = response.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    const again = await fetch(`${baseUrl}/openapi.json`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });
});
