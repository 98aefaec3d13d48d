// The order flows with curl, in the README and in docs/http-api.md, run as written against a fresh
// database, and answer what their comments say. bash reads each block as a reader's shell would (its
// variables, arrays, quotes and line breaks), with `curl` a function that hands its arguments over; each
// call is then sent to the app in-process. A comment at the end of a command (or on the line after it,
// for an answer that is an error) says what the answer is: a status first when it is not a success, and
// `"field":value` pairs, where `...` at either end of a text stands for the part left out. A comment on
// the line before a command says it after an arrow (`→ "total": 9.98`).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { setupApp } from "../support.ts";

const root = fileURLToPath(new URL("../../../..", import.meta.url));

/** The first ```sh block after a page's heading. */
function shellBlock(page: string, heading: string): string {
  const text = readFileSync(`${root}${page}`, "utf8");
  const start = text.indexOf(`\n${heading}\n`);
  expect(start, `${page} has no heading "${heading}"`).toBeGreaterThanOrEqual(0);
  const block = /```sh\n([\s\S]*?)```/.exec(text.slice(start));
  expect(block, `${page}: no sh block after "${heading}"`).not.toBeNull();
  return block![1]!;
}

/** What a command's comments say its answer is. */
interface Claim {
  /** The command as the page writes it, for the failure's message. */
  readonly command: string;
  /** The status, when the comments give one; else any success. */
  readonly status?: number;
  readonly fields: readonly (readonly [name: string, value: unknown])[];
}

const FIELD = /"([A-Za-z]+)":\s*("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|true|false|null|\[[^\]]*\])/g;

function claimOf(command: string, comments: readonly string[]): Claim {
  const status = comments.map((comment) => /^(\d{3})\b/.exec(comment)?.[1]).find(Boolean);
  const fields = comments.flatMap((comment) =>
    [...comment.matchAll(FIELD)].map((match) => [match[1]!, JSON.parse(match[2]!)] as const),
  );
  return { command, status: status === undefined ? undefined : Number(status), fields };
}

/**
 * A line as the shell reads it, begun inside `quoted` (a quote a line before left open): the quote still
 * open at its end, and its comment (from a `#` at its start or after a space, outside quotes).
 */
function readLine(line: string, quoted: string | undefined): { open?: string; comment?: string } {
  let quote = quoted;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === "#" && (i === 0 || line[i - 1] === " ")) return { comment: line.slice(i + 1).trim() };
  }
  return { open: quote };
}

/** The block's curl commands in order, each with what its comments claim. */
function claimsOf(block: string): Claim[] {
  const lines = block.split("\n");
  const claims: Claim[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith("curl ")) continue;
    const comments: string[] = [];
    const before = lines[i - 1] ?? "";
    if (before.startsWith("#") && before.includes("→")) comments.push(before.slice(before.indexOf("→") + 1));
    // The command runs on while a line ends in a backslash or leaves a quote open.
    const first = i;
    let line = readLine(lines[i]!, undefined);
    while (line.open || (line.comment === undefined && lines[i]!.endsWith("\\"))) {
      line = readLine(lines[++i]!, line.open);
    }
    if (line.comment) comments.push(line.comment);
    const next = lines[i + 1] ?? "";
    if (/^# \d{3}\b/.test(next)) comments.push(next.slice(2));
    claims.push(claimOf(lines.slice(first, i + 1).join("\n"), comments));
  }
  return claims;
}

/** A curl call's arguments as bash passed them, for each call the block makes, in order. */
function curlCalls(block: string, token: string): string[][] {
  // Each call's arguments, NUL after each and a lone \x01 after the call.
  const shell = `curl() { printf '%s\\0' "$@"; printf '\\001\\0'; }\n${block}`;
  const run = spawnSync("bash", ["-c", shell], {
    env: { PATH: process.env.PATH, T: token },
    encoding: "utf8",
  });
  expect(run.status, run.stderr).toBe(0);
  const calls: string[][] = [[]];
  for (const part of run.stdout.split("\0").slice(0, -1)) {
    if (part === "\x01") calls.push([]);
    else calls.at(-1)!.push(part);
  }
  calls.pop();
  return calls;
}

/** The request a curl call makes: only the options the pages use. */
function requestOf(args: readonly string[]): { url: string; init: RequestInit } {
  const headers: Record<string, string> = {};
  let method: string | undefined;
  let body: string | undefined;
  let url: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "-g") continue;
    if (arg === "-H") {
      const header = args[++i]!;
      const colon = header.indexOf(":");
      headers[header.slice(0, colon)] = header.slice(colon + 1).trim();
    } else if (arg === "-X") method = args[++i];
    else if (arg === "-d") body = args[++i];
    else if (arg === "-o") i++;
    else if (/^https?:\/\//.test(arg)) url = arg;
    else throw new Error(`A curl option the pages' flows are not read with: ${arg}`);
  }
  expect(url, `a curl call without a URL: ${args.join(" ")}`).toBeDefined();
  // As curl does: data makes a POST unless a method is named.
  return { url: url!, init: { method: method ?? (body === undefined ? "GET" : "POST"), headers, body } };
}

/** Whether `actual` is what a comment wrote: a text with `...` at an end is matched on the rest. */
function matches(actual: unknown, written: unknown): boolean {
  if (typeof written === "string" && typeof actual === "string") {
    if (written.startsWith("...")) return actual.endsWith(written.slice(3));
    if (written.endsWith("...")) return actual.startsWith(written.slice(0, -3));
  }
  return JSON.stringify(actual) === JSON.stringify(written);
}

const flows = [
  { page: "README.md", heading: "## The order flow, with curl" },
  { page: "docs/http-api.md", heading: "## The order flow with curl" },
];

describe.each(flows)("the order flow with curl in $page", ({ page, heading }) => {
  it("runs as written on a fresh database and answers what its comments say", async () => {
    const block = shellBlock(page, heading);
    const claims = claimsOf(block);
    // A fresh database for each page: the flow names its records by id from 1.
    const { app, tenant } = await setupApp({}, { checkResponses: false });
    const { token } = await tenant();
    const calls = curlCalls(block, token);
    expect(calls).toHaveLength(claims.length);
    for (const [i, args] of calls.entries()) {
      const claim = claims[i]!;
      const { url, init } = requestOf(args);
      const response = await app.request(url, init);
      const text = await response.text();
      const said = `${claim.command}\nanswered ${response.status}: ${text.slice(0, 600)}`;
      if (claim.status === undefined) expect(response.ok, said).toBe(true);
      else expect(response.status, said).toBe(claim.status);
      if (args.includes("-o")) {
        // The file the page saves: what its name says it is.
        expect(text.slice(0, 5), said).toBe("%PDF-");
        continue;
      }
      const json: unknown = JSON.parse(text);
      const record = (Array.isArray(json) ? json[0] : json) as Record<string, unknown>;
      for (const [name, value] of claim.fields) {
        const is = `${said}\n"${name}" is ${JSON.stringify(record[name])}, the page says ${JSON.stringify(value)}`;
        expect(matches(record[name], value), is).toBe(true);
      }
    }
    // What the comments claim is checked: a block whose comments lost their claims would pass unread.
    expect(claims.filter((claim) => claim.fields.length || claim.status).length).toBeGreaterThanOrEqual(4);
  });
});
