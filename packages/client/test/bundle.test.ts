import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

/** A program bundled for the browser as a user's bundler would (minified, tree-shaken), gzipped. */
async function bundled(program: string): Promise<{ text: string; gzipped: number }> {
  const result = await build({
    stdin: { contents: program, resolveDir: import.meta.dirname, loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  const text = result.outputFiles[0]!.text;
  return { text, gzipped: gzipSync(text).length };
}

const KB = 1024;

describe("bundle size", () => {
  it("bundles a program using one resource in at most 20 KB gzipped, without the manifest", async () => {
    const { text, gzipped } = await bundled(`
      import { connect, isApiError } from "@multichannel/client";
      import { purchases } from "@multichannel/client/resources";
      const api = connect({ baseUrl: "https://api.example.com", token: "mcs_x" }, { purchases });
      try {
        const page = await api.purchases.list({ where: { reference: { $like: "PO-%" } }, include: ["PurchaseItem"] });
        await api.purchases.send(page.records[0].id, { format: "email" });
      } catch (error) {
        if (isApiError(error)) console.log(error.status, error.allowedActions);
      }
    `);
    expect(gzipped).toBeLessThanOrEqual(20 * KB);
    // The purchases' path and actions are there; no other kind's, no validator, no OpenAPI builder.
    expect(text).toContain('"purchases"');
    expect(text).toContain('"send"');
    expect(text).not.toContain("dropship-providers");
    expect(text).not.toMatch(/valibot|openapi/i);
  });

  it("keeps createClient working with every namespace, still without the manifest's validators", async () => {
    const { text, gzipped } = await bundled(`
      import { createClient } from "@multichannel/client";
      const client = createClient({ baseUrl: "https://api.example.com", token: "mcs_x" });
      console.log(await client.dropshipProviders.get(1), await client.purchases.get(1));
    `);
    expect(text).toContain("dropship-providers");
    expect(text).not.toMatch(/valibot/i);
    // Every kind's path and actions, but not the manifest (about 130 KB gzipped when it was bundled; about 6 KB now).
    expect(gzipped).toBeLessThanOrEqual(12 * KB);
  });
});
