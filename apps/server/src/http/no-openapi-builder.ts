/**
 * The Worker's stand-in for `@multichannel/schema/openapi` (wrangler.jsonc `alias`): the Worker serves
 * the document its build step made (`scripts/docs-assets.ts`, a static asset), so neither the builder nor
 * the documentation text only it reads (action docs, samples, the Getting started page) is bundled. The
 * Worker's copy of the package's main entry (`scripts/worker-schema.ts`) takes it for `./openapi.ts` too.
 */
export function buildOpenApiDocument(): never {
  throw new Error("On Workers, /openapi.json is the static asset the build step writes (wrangler.jsonc).");
}
