import type { Context, Hono } from "hono";
import { answer } from "./answer.ts";
import type { AppEnv } from "./env.ts";

/** The content codings `/openapi.json` may be sent in, best first. */
const CODINGS = ["br", "gzip"] as const;
export type Coding = (typeof CODINGS)[number];

/** Compresses the document's bytes for one content coding. */
export type Compressor = (bytes: Uint8Array<ArrayBuffer>) => Promise<Uint8Array<ArrayBuffer>>;
export type Compressors = Partial<Record<Coding, Compressor>>;

/** gzip with the web-standard `CompressionStream`: Node, Deno and Workers alike. */
export const gzipStream: Compressor = async (bytes) => {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
};

/**
 * The coding to answer in: the one of `available` the client accepts with the highest weight (`br`
 * first on a tie), or none. A coding refused with `q=0`, or absent when `*` is refused, is never used.
 */
export function preferredCoding(
  header: string | undefined,
  available: readonly Coding[],
): Coding | undefined {
  const weights = new Map<string, number>();
  for (const entry of (header ?? "").split(",")) {
    const [name, ...params] = entry.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  let best: Coding | undefined;
  let bestWeight = 0;
  for (const coding of CODINGS) {
    if (!available.includes(coding)) continue;
    const weight = weights.get(coding) ?? weights.get("*") ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  return best;
}

/**
 * A document built with relative servers (`"servers":[{"url":"/"}]`, as the build step writes it), with
 * the configured server URL in their place.
 */
export function withServerUrl(text: string, url: string): string {
  const relative = '"servers":[{"url":"/"}]';
  return url === "/" ? text : text.replace(relative, `"servers":${JSON.stringify([{ url }])}`);
}

/** Whether an `If-None-Match` names `etag` (weak comparison, as RFC 9110 has it for GET), or is `*`. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

async function entityTag(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const base64 = btoa(String.fromCharCode(...digest.subarray(0, 18)));
  // Weak: the same tag names the document in every coding (the representations differ in bytes only).
  return `W/"${base64.replace(/\+/g, "-").replace(/\//g, "_")}"`;
}

/**
 * `GET /openapi.json`, public. The document is built once per process (or isolate), on the first
 * request, and kept with its ETag (so it must not depend on that request: its servers come from
 * configuration); each coding is compressed on first demand
 * and kept too. A matching `If-None-Match` is a 304. Workers pass no compressors: Cloudflare compresses.
 */
export function registerOpenApiRoute(
  app: Hono<AppEnv>,
  options: { document: (c: Context<AppEnv>) => string | Promise<string>; compressors: Compressors },
) {
  let built: Promise<{ bytes: Uint8Array<ArrayBuffer>; etag: string }> | undefined;
  const compressed = new Map<Coding, Promise<Uint8Array<ArrayBuffer>>>();
  const available = CODINGS.filter((coding) => options.compressors[coding]);

  app.get("/openapi.json", async (c) => {
    built ??= (async () => {
      const bytes = new TextEncoder().encode(await options.document(c));
      return { bytes, etag: await entityTag(bytes) };
    })();
    const { bytes, etag } = await built;
    const headers: Record<string, string> = {
      ETag: etag,
      // Revalidate each time: a new deployment is seen at once, and an unchanged document costs a 304.
      "Cache-Control": "no-cache",
      Vary: "Accept-Encoding",
    };
    if (matches(c.req.header("If-None-Match"), etag)) return answer(c, null, 304, headers);
    headers["Content-Type"] = "application/json";
    const coding = preferredCoding(c.req.header("Accept-Encoding"), available);
    if (!coding) return answer(c, bytes, 200, headers);
    let body = compressed.get(coding);
    if (!body) {
      body = options.compressors[coding]!(bytes);
      compressed.set(coding, body);
    }
    headers["Content-Encoding"] = coding;
    return answer(c, await body, 200, headers);
  });
}
