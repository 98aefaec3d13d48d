// wrangler.jsonc `build.command`, run by every wrangler build (deploy, dev, the workerd suites): the
// Worker's static assets and its copy of the schema package without the manifest's documentation.
import { buildWorkerAssets } from "./docs-assets.ts";
import { buildWorkerSchema } from "./worker-schema.ts";

buildWorkerAssets();
await buildWorkerSchema();
