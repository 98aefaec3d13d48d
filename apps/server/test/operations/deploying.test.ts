// docs/deploying.md as an operator follows it: the commands it marks "Checked:" run as written, from the
// repository's root, against the dev libSQL server standing in for Turso (with a database token, as
// Turso has) and with `wrangler deploy --dry-run` standing in for the deploy.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLibsqlServer } from "../../../../tooling/libsql-server/src/server.ts";

const root = fileURLToPath(new URL("../../../..", import.meta.url));
const page = readFileSync(join(root, "docs", "deploying.md"), "utf8");
const dir = mkdtempSync(join(tmpdir(), "mcs-deploying-"));

/** The commands of the blocks the page marks "Checked:", comments left out, in the page's order. */
const checked = [...page.matchAll(/Checked:\n\n```sh\n([\s\S]*?)```/g)].flatMap((match) =>
  match[1]!
    .split("\n")
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter(Boolean),
);

/** Runs one line of the page in bash from the repository's root; its exit code and output. */
function runLine(line: string, env: Record<string, string>) {
  // The environment of a person's shell, not the one pnpm gives the test runner.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(npm|pnpm)_/i.test(name) && name !== "DATABASE_URL"),
  );
  const child = spawn("bash", ["-c", line], {
    cwd: root,
    env: { ...inherited, NO_COLOR: "1", WRANGLER_SEND_METRICS: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, output })),
  );
}

describe("docs/deploying.md", { timeout: 300_000 }, () => {
  let server: Awaited<ReturnType<typeof startLibsqlServer>>;
  let env: Record<string, string>;
  beforeAll(async () => {
    server = await startLibsqlServer({ file: join(dir, "turso.db"), port: 0, token: "the-database-token" });
    env = {
      DATABASE_URL: server.url,
      DATABASE_AUTH_TOKEN: "the-database-token",
      SECRETS_KEY: btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32)))),
    };
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("marks the commands it checks, and sets every variable they read, SECRETS_KEY included", () => {
    expect(checked).toEqual([
      "npx -y pnpm@10.34.8 db:migrate",
      "npx -y pnpm@10.34.8 token:create --company acme",
      "npx -y pnpm@10.34.8 --filter @multichannel/server exec wrangler deploy --dry-run --outdir dist/dry-run",
      "npx -y pnpm@10.34.8 bundle:size",
    ]);
    for (const name of ["DATABASE_URL", "DATABASE_AUTH_TOKEN", "SECRETS_KEY"]) {
      expect(page).toMatch(new RegExp(`^export ${name}=`, "m"));
    }
    expect(page).toContain("wrangler secret put SECRETS_KEY");
    expect(readFileSync(join(root, "apps/server/.dev.vars.example"), "utf8")).toMatch(/^SECRETS_KEY=/m);
  });

  it("runs them as written: the database migrated, a token made, the Worker built and within its budget", async () => {
    const [migrate, token, dryRun, size] = checked;
    const migrated = await runLine(migrate!, env);
    expect(migrated.code, migrated.output).toBe(0);
    expect(migrated.output).toMatch(/Applied: 0001_init\.sql/);

    const made = await runLine(token!, env);
    expect(made.code, made.output).toBe(0);
    expect(made.output.trim().split("\n").at(-1)).toMatch(/^mcs_/);

    const built = await runLine(dryRun!, env);
    expect(built.code, built.output).toBe(0);
    expect(built.output).toMatch(/--dry-run: exiting now/);

    const measured = await runLine(size!, env);
    expect(measured.code, measured.output).toBe(0);
  });

  it("without SECRETS_KEY, db:migrate stops in one line saying how to make one", async () => {
    const { SECRETS_KEY: _, ...withoutKey } = env;
    const result = await runLine(checked[0]!, withoutKey);
    expect(result.code).not.toBe(0);
    expect(result.output).toContain("SECRETS_KEY must be set");
    expect(result.output).toContain("openssl rand -base64 32");
    expect(result.output).not.toMatch(/^\s+at /m);
  });
});
