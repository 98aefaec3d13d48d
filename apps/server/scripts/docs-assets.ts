// The Worker's static assets (wrangler.jsonc `assets`, `build.command`): the API reference's browser
// script, copied from the installed @scalar/api-reference, so it is served by Workers static assets
// and not bundled into the Worker script (Node and Deno read the same file at start); and the OpenAPI
// document, built here with relative servers, so the builder is not bundled either (the Worker puts
// its configured server URL in).
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildOpenApiDocument } from "@multichannel/schema/openapi";
import {
  API_REFERENCE_SCRIPT,
  API_REFERENCE_VERSION,
  apiReferenceScriptUrl,
  OPENAPI_ASSET,
} from "../src/http/docs.ts";

/** wrangler.jsonc `assets.directory`. */
export const WORKER_ASSETS_DIR = fileURLToPath(new URL("../dist/worker-assets/", import.meta.url));

export function buildWorkerAssets(): string {
  const entry = import.meta.resolve("@scalar/api-reference");
  const { version } = JSON.parse(readFileSync(new URL("../package.json", entry), "utf8")) as {
    version: string;
  };
  if (version !== API_REFERENCE_VERSION) {
    throw new Error(
      `@scalar/api-reference ${version} is installed, src/http/docs.ts names ${API_REFERENCE_VERSION}: make them agree (pnpm-workspace.yaml catalog and API_REFERENCE_VERSION).`,
    );
  }
  const source = fileURLToPath(apiReferenceScriptUrl(import.meta.resolve));
  const target = join(WORKER_ASSETS_DIR, API_REFERENCE_SCRIPT);
  mkdirSync(WORKER_ASSETS_DIR, { recursive: true });
  for (const name of readdirSync(WORKER_ASSETS_DIR)) {
    if (name !== API_REFERENCE_SCRIPT && name !== OPENAPI_ASSET) {
      rmSync(join(WORKER_ASSETS_DIR, name), { recursive: true });
    }
  }
  // `wrangler dev` runs this on every source change: copy only when the file is not there yet.
  const copied = statSync(target, { throwIfNoEntry: false });
  if (copied?.size !== statSync(source).size) copyFileSync(source, target);
  const document = JSON.stringify(buildOpenApiDocument({ serverUrl: "/" }));
  const documentPath = join(WORKER_ASSETS_DIR, OPENAPI_ASSET);
  if (
    statSync(documentPath, { throwIfNoEntry: false }) === undefined ||
    readFileSync(documentPath, "utf8") !== document
  ) {
    writeFileSync(documentPath, document);
  }
  return target;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) buildWorkerAssets();
