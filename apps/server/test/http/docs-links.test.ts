// The README and the pages under docs/ as a reader meets them: every link leads somewhere inside the
// repository (a file that exists, a heading that exists), the README reads in minutes, and the pages
// say what is, not what was (no dated notes, issue numbers or commit hashes: git history and the
// changesets hold those).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../..", import.meta.url));

/** The Markdown files a reader is pointed to. */
const pages = [
  "README.md",
  ...readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
  "apps/server/bench/README.md",
  ...["packages", "tooling"].flatMap((group) =>
    readdirSync(join(root, group))
      .map((name) => `${group}/${name}/README.md`)
      .filter((path) => existsSync(join(root, path))),
  ),
];

/** The pages this audience-split wrote; docs/ARCHITECTURE.md is kept as its own engineers write it. */
const audiencePages = pages.filter((page) => page !== "docs/ARCHITECTURE.md");

/** The text outside fenced code blocks. */
function prose(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** Every anchor a page has, duplicates numbered as GitHub numbers them. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(match[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

/** Every link and image of a page outside code: [text](target) and ![alt](target). */
function linksOf(text: string): string[] {
  const outsideCode = prose(text).replace(/`[^`\n]*`/g, "");
  return [...outsideCode.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!);
}

describe("the documentation", () => {
  it("finds the pages", () => {
    expect(pages).toEqual(
      expect.arrayContaining([
        "README.md",
        "docs/concepts.md",
        "docs/http-api.md",
        "docs/events-webhooks.md",
        "docs/imports-exports.md",
        "docs/security.md",
        "docs/operations.md",
        "docs/deploying.md",
        "docs/contributing.md",
        "docs/ARCHITECTURE.md",
        "apps/server/bench/README.md",
        "packages/client/README.md",
      ]),
    );
  });

  it.each(pages)("%s: every link leads to a file of the repository, and to a heading there", (page) => {
    const text = readFileSync(join(root, page), "utf8");
    const broken: string[] = [];
    for (const link of linksOf(text)) {
      if (/^(https?|mailto):/.test(link)) continue;
      const [path, anchor] = link.split("#") as [string, string | undefined];
      const target = path ? resolve(dirname(join(root, page)), decodeURIComponent(path)) : join(root, page);
      if (relative(root, target).startsWith("..")) {
        broken.push(`${link}: outside the repository`);
        continue;
      }
      if (!existsSync(target)) {
        broken.push(`${link}: no such file`);
        continue;
      }
      if (anchor && statSync(target).isFile() && target.endsWith(".md")) {
        if (!anchorsOf(readFileSync(target, "utf8")).has(anchor)) broken.push(`${link}: no such heading`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("names no file outside the repository", () => {
    for (const page of audiencePages) {
      expect(readFileSync(join(root, page), "utf8"), page).not.toMatch(
        /\.\.\/shared\/|\bshared\/(reference|seed)\//,
      );
    }
  });

  it("has a README that reads in minutes: at most 200 lines, with the two commands of the quick start", () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    expect(readme.trimEnd().split("\n").length).toBeLessThanOrEqual(200);
    expect(readme).toContain("npx -y pnpm@10.34.8 install && npx -y pnpm@10.34.8 start");
    expect(readme).toContain("npx -y pnpm@10.34.8 install && npx -y pnpm@10.34.8 test");
  });

  it.each(audiencePages)("%s says what is: no dated notes, issue numbers or commit hashes", (page) => {
    // Inline code holds examples (timestamps, ids), which are not notes.
    const text = prose(readFileSync(join(root, page), "utf8")).replace(/`[^`\n]*`/g, "");
    expect(text.match(/\b20\d\d-\d\d-\d\d\b/g) ?? [], "dates").toEqual([]);
    expect(text.match(/\b(issue|session|PR) #?\d+/gi) ?? [], "issue numbers").toEqual([]);
    expect(
      (text.match(/\b[0-9a-f]{7,40}\b/g) ?? []).filter((word) => /\d/.test(word) && /[a-f]/.test(word)),
      "commit hashes",
    ).toEqual([]);
  });

  it("defines the reference once, in the glossary, and the pages that speak of it link there", () => {
    const definitions = audiencePages.filter((page) =>
      /\*\*The reference\*\*/.test(readFileSync(join(root, page), "utf8")),
    );
    expect(definitions).toEqual(["docs/concepts.md"]);
    for (const page of ["README.md", "docs/http-api.md"]) {
      expect(readFileSync(join(root, page), "utf8"), page).toMatch(
        /\[the reference\]\([^)]*concepts\.md#glossary\)/,
      );
    }
  });
});
