import type { Hono } from "hono";
import { ApiError } from "../errors.ts";
import { answer } from "./answer.ts";
import type { AppEnv } from "./env.ts";

/** The pinned `@scalar/api-reference` (the catalog's); a test checks it against the installed package. */
export const API_REFERENCE_VERSION = "1.72.1";

/** The reference's browser script under `/docs/assets/`: versioned, so browsers may keep it a year. */
export const API_REFERENCE_SCRIPT = `api-reference-${API_REFERENCE_VERSION}.js`;

/** The OpenAPI document among the Worker's static assets (written by the build step, read by the Worker). */
export const OPENAPI_ASSET = "openapi.json";

/**
 * The standalone browser build (one file, no chunks, no CDN) in the installed package, found from the
 * package entry that `resolve` gives (`import.meta.resolve` on Node and Deno, in the Workers build step).
 */
export function apiReferenceScriptUrl(resolve: (specifier: string) => string): URL {
  return new URL("./browser/standalone.js", resolve("@scalar/api-reference"));
}

/**
 * The script's content: the bytes read at start (Node, Deno), or the static asset's response (Workers).
 * A response that is not ok (the asset is missing) is answered 404.
 */
export type DocsScript = () => Promise<Response | Uint8Array<ArrayBuffer>>;

const TITLE = "Multichannel Commerce API";

// Scalar's options for this page: the document from this server, no web fonts, no telemetry, no
// assistant or hosted-service links, no developer toolbar. All the page needs is in /docs/assets/.
// The snippet panel shows the operations' own samples (`x-codeSamples`: this project's TypeScript
// client) and none of the generic HTTP clients of other languages.
const SCALAR_OPTIONS = {
  hiddenClients: true,
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: "never",
};

/**
 * The policy of the /docs page: scripts from this origin only (the configuration is a data block, not
 * an inline script), requests to this origin only, nothing from anywhere else. Styles allow inline:
 * Scalar's components inject `<style>` elements and set `style` attributes that no nonce or hash
 * covers; with images and fonts held to this origin, an injected style has nowhere to send anything.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const escapeAttribute = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function docsPage(prefix: string): string {
  const configuration = escapeAttribute(JSON.stringify(SCALAR_OPTIONS));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${TITLE}</title>
</head>
<body>
<script id="api-reference" type="application/json" data-url="${escapeAttribute(`${prefix}/openapi.json`)}" data-configuration="${configuration}"></script>
<script src="${escapeAttribute(`${prefix}/docs/assets/${API_REFERENCE_SCRIPT}`)}"></script>
</body>
</html>
`;
}

async function gzip(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Whether an `Accept-Encoding` names gzip (or `*`) without refusing it with `q=0`. */
function acceptsGzip(header = ""): boolean {
  return header.split(",").some((entry) => {
    const [coding, ...params] = entry.trim().toLowerCase().split(";");
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    return (coding === "gzip" || coding === "*") && !refused;
  });
}

/** `GET /docs` (the API reference page) and `GET /docs/assets/<script>`, both public. */
export function registerDocsRoutes(app: Hono<AppEnv>, options: { basePath?: string; script?: DocsScript }) {
  const prefix = (options.basePath ?? "").replace(/\/$/, "");
  // Compressed once per process: 4 MiB of script is about 1 MiB gzip.
  let gzipped: Promise<Uint8Array<ArrayBuffer>> | undefined;

  const page = docsPage(prefix);
  app.get("/docs", (c) =>
    answer(c, page, 200, {
      "Content-Type": "text/html; charset=UTF-8",
      "Content-Security-Policy": DOCS_CONTENT_SECURITY_POLICY,
      // The page names the script's version: a new deployment's page must be seen at once.
      "Cache-Control": "no-cache",
      "Referrer-Policy": "no-referrer",
      "X-Content-Type-Options": "nosniff",
    }),
  );

  app.get("/docs/assets/:file", async (c) => {
    const script = options.script;
    if (c.req.param("file") !== API_REFERENCE_SCRIPT || !script) {
      throw new ApiError("not_found", `No asset ${c.req.path}.`);
    }
    const content = await script();
    if (content instanceof Response && !content.ok) {
      throw new ApiError("not_found", `No asset ${c.req.path}.`);
    }
    const headers = {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    };
    // A static asset (the Worker's), which the platform compresses as the client accepts.
    if (content instanceof Response)
      return answer(c, content.body, 200, { ...headers, Vary: "Accept-Encoding" });
    if (!acceptsGzip(c.req.header("Accept-Encoding"))) {
      return answer(c, content, 200, { ...headers, Vary: "Accept-Encoding" });
    }
    gzipped ??= gzip(content);
    return answer(c, await gzipped, 200, { ...headers, Vary: "Accept-Encoding", "Content-Encoding": "gzip" });
  });
}
