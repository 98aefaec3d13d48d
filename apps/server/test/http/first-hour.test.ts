// The first hour, as a newcomer meets it: `token:create` says which database it wrote to and the token
// works there; Ctrl-C stops the Node server quietly.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { isRunning, tokenTarget } from "../../scripts/token-target.ts";
import { openDb } from "../../src/db/open.ts";
import { tokenAuthenticator } from "../../src/services/auth.ts";

const serverDir = fileURLToPath(new URL("../..", import.meta.url));
const tsx = join(serverDir, "node_modules", ".bin", "tsx");
const script = join(serverDir, "scripts", "token-create.ts");
const dir = mkdtempSync(join(tmpdir(), "mcs-first-hour-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function tokenCreate(args: string[], env: Record<string, string> = {}) {
  const { DATABASE_URL: _, DATABASE_AUTH_TOKEN: __, ...inherited } = process.env;
  const result = spawnSync(tsx, [script, ...args], {
    cwd: dir,
    encoding: "utf8",
    env: { ...inherited, ...env },
  });
  return { status: result.status, lines: result.stdout.trim().split("\n"), stderr: result.stderr };
}

async function authenticates(url: string, token: string) {
  const db = await openDb(url);
  try {
    return await tokenAuthenticator(db, 0)(token);
  } finally {
    db.close();
  }
}

describe("token:create", () => {
  it("--node writes to the embedded database of pnpm start and pnpm start:deno, and says so", async () => {
    const { status, lines, stderr } = tokenCreate(["--company", "acme", "--node"]);
    expect(status, stderr).toBe(0);
    expect(lines[0]).toBe(
      "Wrote to .data/multichannel.db, the embedded database of `pnpm start` (Node) and `pnpm start:deno`.",
    );
    expect(lines[1]).toMatch(/^Token for company "acme" \(id \d+\):$/);
    const token = lines.at(-1)!;
    expect(token).toMatch(/^mcs_/);
    expect(existsSync(join(dir, ".data", "multichannel.db"))).toBe(true);
    expect(await authenticates(`file:${join(dir, ".data", "multichannel.db")}`, token)).toMatchObject({
      readOnly: false,
    });
  });

  it("writes to DATABASE_URL when it is set, read-only when asked", async () => {
    const url = `file:${join(dir, "chosen.db")}`;
    const { status, lines, stderr } = tokenCreate(["--company", "acme", "--read-only"], {
      DATABASE_URL: url,
    });
    expect(status, stderr).toBe(0);
    expect(lines[0]).toBe(`Wrote to DATABASE_URL (${url}).`);
    expect(lines[1]).toMatch(/, read-only:$/);
    expect(await authenticates(url, lines.at(-1)!)).toMatchObject({ readOnly: true });
  });

  it("refuses --dev with --node, and a missing company, with its usage", () => {
    for (const args of [["--company", "acme", "--dev", "--node"], ["--read-only"]]) {
      const { status, stderr } = tokenCreate(args);
      expect(status).toBe(2);
      expect(stderr).toContain("Usage: npx -y pnpm@10.34.8 token:create --company <name>");
    }
  });
});

describe("the database token:create chooses", () => {
  const base = {
    env: {},
    flags: { dev: false, node: false },
    devDatabase: "/repo/.data/dev.db",
    cwd: "/repo",
  };

  it("is pnpm dev's while it runs, the Node and Deno servers' otherwise, DATABASE_URL's when set", () => {
    expect(tokenTarget({ ...base, devRunning: true })).toEqual({
      url: "file:/repo/.data/dev.db",
      description:
        ".data/dev.db, the database of `pnpm dev` (the Worker), which is running; --node writes to the Node server's database",
    });
    expect(tokenTarget({ ...base, devRunning: false }).url).toBe("file:.data/multichannel.db");
    expect(tokenTarget({ ...base, devRunning: true, flags: { dev: false, node: true } }).url).toBe(
      "file:.data/multichannel.db",
    );
    expect(tokenTarget({ ...base, devRunning: false, flags: { dev: true, node: false } })).toEqual({
      url: "file:/repo/.data/dev.db",
      description: ".data/dev.db, the database of `pnpm dev` (the Worker)",
    });
    const remote = { DATABASE_URL: "libsql://db-acme.example.io?tls=1", DATABASE_AUTH_TOKEN: "secret" };
    expect(
      tokenTarget({ ...base, env: remote, devRunning: true, flags: { dev: true, node: false } }),
    ).toEqual({
      url: remote.DATABASE_URL,
      authToken: "secret",
      description: "DATABASE_URL (libsql://db-acme.example.io)",
    });
  });

  it("knows pnpm dev runs from a pid file naming a live process only", () => {
    const pidFile = join(dir, "dev.pid");
    expect(isRunning(pidFile)).toBe(false);
    writeFileSync(pidFile, `${process.pid}\n`);
    expect(isRunning(pidFile)).toBe(true);
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
      encoding: "utf8",
    });
    writeFileSync(pidFile, gone.stdout);
    expect(isRunning(pidFile)).toBe(false);
    writeFileSync(pidFile, "not a pid");
    expect(isRunning(pidFile)).toBe(false);
  });
});

describe("the Node entry", () => {
  it("closes the server and exits 0, printing nothing, on Ctrl-C (SIGINT)", async () => {
    const server = spawn(process.execPath, ["--import", "tsx", "src/node.ts"], {
      cwd: serverDir,
      env: { ...process.env, HOST: "127.0.0.1", PORT: "0", DATABASE_URL: `file:${join(dir, "sigint.db")}` },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    server.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      server.once("exit", (code, signal) => resolve([code, signal])),
    );
    await new Promise<void>((resolve, reject) => {
      server.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        stdout += chunk;
        // The banner ends with the first token (a fresh database): all of it is out before Ctrl-C.
        if (/listening on http:\/\/127\.0\.0\.1:\d+[\s\S]*\nmcs_\S+\n/.test(stdout)) resolve();
      });
      void exited.then(([code]) => reject(new Error(`exited early (${code}): ${stdout}${stderr}`)));
    });
    const printed = stdout.length;
    server.kill("SIGINT");
    expect(await exited).toEqual([0, null]);
    expect(stderr).toBe("");
    expect(stdout.slice(printed)).toBe("");
  });
});
