// pnpm dev's front (scripts/dev-front.ts): a source that does not compile is told at once and answered
// 503 until it is fixed; otherwise every request goes to the Worker. And its wrangler configuration has
// no build step: dev.ts runs it once at start.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, writeDevConfig } from "../../scripts/dev.ts";
import { compileChecker, type DevFront, startDevFront } from "../../scripts/dev-front.ts";

const dir = mkdtempSync(join(tmpdir(), "mcs-dev-front-"));
const entry = join(dir, "worker.ts");
const helper = join(dir, "helper.ts");
let upstream: Server;
let front: DevFront;
let base: string;
const printed: string[] = [];

beforeAll(async () => {
  writeFileSync(helper, "export const answer = (n: number): number => n + 1;\n");
  writeFileSync(entry, 'import { answer } from "./helper.ts";\nexport default { answer };\n');
  upstream = createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ path: req.url, method: req.method }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  front = await startDevFront({
    port,
    upstreamPort: (upstream.address() as { port: number }).port,
    checker: await compileChecker([entry], dir),
    print: { log: (text) => printed.push(text), error: (text) => printed.push(text) },
  });
});

afterAll(async () => {
  await front?.close();
  upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("pnpm dev's front", () => {
  it("forwards requests to the Worker while the sources compile", async () => {
    expect(front.failure()).toBeUndefined();
    const response = await fetch(`${base}/carriers.json?limit=1`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ path: "/carriers.json?limit=1", method: "GET" });
  });

  it("tells a compile error at once, with its file and line, and answers 503 until it is fixed", async () => {
    writeFileSync(helper, "export const answer = (n: number): number => n + ;\n");
    await front.recheck();
    expect(printed.at(-1)).toMatch(
      /^✘ The Worker does not compile; requests are answered 503 until it does:\nhelper\.ts:1:\d+: /,
    );
    const refused = await fetch(`${base}/carriers.json`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect((await refused.json()).detail).toMatch(
      /^The Worker's source does not compile \(helper\.ts:1:\d+: /,
    );

    writeFileSync(entry, 'import { answer } from "./missing.ts";\nexport default { answer };\n');
    await front.recheck();
    expect(printed.at(-1)).toContain('Could not resolve "./missing.ts"');

    writeFileSync(helper, "export const answer = (n: number): number => n + 1;\n");
    writeFileSync(entry, 'import { answer } from "./helper.ts";\nexport default { answer };\n');
    await front.recheck();
    expect(printed.at(-1)).toBe("✔ The Worker compiles again.");
    expect((await fetch(`${base}/health`)).status).toBe(200);
  });

  it("runs wrangler without the build step, which dev.ts runs once itself", () => {
    const name = writeDevConfig();
    try {
      const config = JSON.parse(readFileSync(join(__dirname, "..", "..", name), "utf8"));
      expect(config.build).toBeUndefined();
      expect(config.main).toBe("src/worker.ts");
      expect(config.alias["@multichannel/schema"]).toBe("./dist/worker-schema.js");
    } finally {
      rmSync(join(__dirname, "..", "..", name), { force: true });
    }
  });
});
