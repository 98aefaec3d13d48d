// wrangler.jsonc `build.command`, run by every wrangler build (deploy, dev, the workerd suites): the
// Worker's static assets, its copy of the schema package without the manifest's documentation, its copy
// of pdf-lib with only what a label uses, and the one text encoding its labels use.
import { buildWorkerAssets } from "./docs-assets.ts";
import { buildWorkerEncoding } from "./worker-encoding.ts";
import { buildWorkerPdf } from "./worker-pdf.ts";
import { buildWorkerSchema } from "./worker-schema.ts";

buildWorkerAssets();
buildWorkerEncoding();
await buildWorkerSchema();
await buildWorkerPdf();
