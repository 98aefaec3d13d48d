// An outside project, as a team consuming the packages has one: the packed tarballs installed with npm
// into an empty project, a consumer type-checked with TypeScript's nodenext resolution, run against the
// real server (built from this workspace, listening on 127.0.0.1), and the same packages under Deno.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { readCatalog } from "../src/jsr-versions.ts";
import { bin, repoRoot, run } from "../src/workspace.ts";

const tarballs = inject("tarballs");
const project = mkdtempSync(join(tmpdir(), "mcs-consumer-"));
let server: ChildProcess | undefined;
let baseUrl = "";
let token = "";

const consumerSource = `import { connect, createClient, isApiError, metaOf } from "@multichannel/client";
import { carriers } from "@multichannel/client/resources";
import { type Carrier, kinds, operationWrites } from "@multichannel/schema";
import openapi from "@multichannel/schema/openapi.json" with { type: "json" };

export interface RoundTrip {
  created: Carrier;
  read: Carrier;
  etag: string | undefined;
  shaped: { id: number; name: string | null };
  listed: number[];
  missingStatus: number | undefined;
  kinds: number;
  carrierWrites: boolean;
  openapiVersion: string;
}

export async function roundTrip(baseUrl: string, token: string): Promise<RoundTrip> {
  const client = createClient({ baseUrl, token, retry: false });
  const created = await client.carriers.create({ name: "Parcel Express" });
  const read = await client.carriers.get(created.id);
  const page = await client.carriers.list({ where: { name: "Parcel Express" } });
  let missingStatus: number | undefined;
  try {
    await client.carriers.get(created.id + 1_000_000);
  } catch (error) {
    if (isApiError(error)) missingStatus = error.status;
  }
  // The types are real, not any: a field no carrier has is a compile error.
  // @ts-expect-error: carriers have no field "colour"
  const wrong: Parameters<typeof client.carriers.create>[0] = { name: "x", colour: "red" };
  void wrong;
  // One resource through the subpath export, its row narrowed to the attributes asked for.
  const api = connect({ baseUrl, token, retry: false }, { carriers });
  const shaped = await api.carriers.get(created.id, { attributes: ["id", "name"] });
  // @ts-expect-error: not among the attributes asked for
  void shaped.carrierType;
  return {
    created,
    read,
    etag: metaOf(read)?.etag,
    shaped,
    listed: page.records.map((record) => record.id),
    missingStatus,
    kinds: kinds.length,
    carrierWrites: operationWrites("POST"),
    openapiVersion: openapi.openapi,
  };
}
`;

const mainSource = `import { roundTrip } from "./round-trip.js";

const [baseUrl, token] = process.argv.slice(2);
if (!baseUrl || !token) throw new Error("usage: node dist/main.js <baseUrl> <token>");
console.log(JSON.stringify(await roundTrip(baseUrl, token)));
`;

const denoSource = `import { createClient } from "@multichannel/client";
import { kinds } from "@multichannel/schema";

const [baseUrl, token] = Deno.args;
const client = createClient({ baseUrl: baseUrl!, token: token!, retry: false });
const created = await client.carriers.create({ name: "Deno Freight" });
const read = await client.carriers.get(created.id);
console.log(JSON.stringify({ created, read, kinds: kinds.length }));
`;

function writeProject() {
  const catalog = readCatalog(repoRoot);
  writeFileSync(
    join(project, "package.json"),
    `${JSON.stringify({ name: "mcs-consumer", private: true, type: "module" }, null, 2)}\n`,
  );
  writeFileSync(
    join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        module: "nodenext",
        moduleResolution: "nodenext",
        target: "es2022",
        lib: ["es2023"],
        types: ["node"],
        strict: true,
        // Check the packages' declaration files too, not only the consumer.
        skipLibCheck: false,
        rootDir: "src",
        outDir: "dist",
      },
      include: ["src"],
    }),
  );
  mkdirSync(join(project, "src"));
  writeFileSync(join(project, "src", "round-trip.ts"), consumerSource);
  writeFileSync(join(project, "src", "main.ts"), mainSource);
  mkdirSync(join(project, "deno"));
  writeFileSync(join(project, "deno", "main.ts"), denoSource);
  run(
    "npm",
    [
      "install",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      "--loglevel=error",
      tarballs["@multichannel/schema"]!,
      tarballs["@multichannel/client"]!,
      `@types/node@${catalog.get("@types/node")}`,
    ],
    { cwd: project },
  );
}

/** The Node server built from the workspace, on a fresh embedded database, and a token made for it. */
async function startServer() {
  const serverDir = join(repoRoot, "apps", "server");
  const entry = join(serverDir, "dist", "node.js");
  if (!existsSync(entry)) throw new Error(`${entry} is missing: turbo builds the server before this suite`);
  const env = {
    ...process.env,
    DATABASE_URL: `file:${join(project, "server.db")}`,
    HOST: "127.0.0.1",
    PORT: "0",
  };
  const made = run(
    join(repoRoot, "node_modules", ".bin", "tsx"),
    ["scripts/token-create.ts", "--company", "consumer"],
    {
      cwd: serverDir,
      env,
    },
  );
  token = made.stdout.trim().split("\n").at(-1)!;
  const child = spawn(process.execPath, [entry], { cwd: serverDir, env, stdio: ["ignore", "pipe", "pipe"] });
  server = child;
  let log = "";
  baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${log}`)), 60_000);
    const seen = (chunk: Buffer) => {
      log += chunk.toString();
      const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (listening) {
        clearTimeout(timer);
        resolve(listening[1]!);
      }
    };
    child.stdout.on("data", seen);
    child.stderr.on("data", seen);
    child.once("exit", (code) => reject(new Error(`the server exited (${code}):\n${log}`)));
  });
}

beforeAll(async () => {
  writeProject();
  await startServer();
});

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(project, { recursive: true, force: true });
});

test("npm installed the packed packages and their runtime dependencies only", () => {
  const lock = JSON.parse(readFileSync(join(project, "package-lock.json"), "utf8")) as {
    packages: Record<string, { dev?: boolean }>;
  };
  const installed = Object.keys(lock.packages)
    .filter((path) => path.startsWith("node_modules/"))
    .map((path) => path.slice("node_modules/".length));
  expect(installed).toEqual(
    expect.arrayContaining([
      "@multichannel/schema",
      "@multichannel/client",
      "valibot",
      "@valibot/to-json-schema",
    ]),
  );
  expect(installed.filter((name) => name.startsWith("@multichannel/")).sort()).toEqual([
    "@multichannel/client",
    "@multichannel/schema",
  ]);
  expect(existsSync(join(project, "node_modules", "@multichannel", "client", "dist", "index.js"))).toBe(true);
});

test("a consumer type-checks with module nodenext (declarations included) and its build runs a round trip", () => {
  run(bin("tsc"), ["-p", "tsconfig.json"], { cwd: project });
  const out = run(process.execPath, ["dist/main.js", baseUrl, token], { cwd: project });
  const result = JSON.parse(out.stdout) as {
    created: { id: number; name: string; createdAt: string };
    read: { id: number; name: string };
    etag: string;
    shaped: object;
    listed: number[];
    missingStatus: number;
    kinds: number;
    carrierWrites: boolean;
    openapiVersion: string;
  };
  expect(result.created.name).toBe("Parcel Express");
  expect(result.created.id).toBeGreaterThanOrEqual(1);
  expect(result.read).toEqual(result.created);
  expect(result.etag).toMatch(/^"/);
  expect(result.shaped).toEqual({ id: result.created.id, name: "Parcel Express" });
  expect(result.listed).toEqual([result.created.id]);
  expect(result.missingStatus).toBe(404);
  expect(result.kinds).toBeGreaterThan(91);
  expect(result.carrierWrites).toBe(true);
  expect(result.openapiVersion).toMatch(/^3\.1/);
});

test("the installed packages import and type-check under Deno, and round-trip against the server", () => {
  const out = run(
    join(repoRoot, "node_modules", ".bin", "deno"),
    [
      "run",
      "--check",
      "--node-modules-dir=manual",
      "--allow-net=127.0.0.1",
      "--allow-read",
      "--allow-env",
      "deno/main.ts",
      baseUrl,
      token,
    ],
    { cwd: project, env: { DENO_NO_UPDATE_CHECK: "1" } },
  );
  const result = JSON.parse(out.stdout.trim().split("\n").at(-1)!) as {
    created: { id: number; name: string };
    read: { id: number; name: string };
    kinds: number;
  };
  expect(result.created.name).toBe("Deno Freight");
  expect(result.read).toEqual(result.created);
  expect(result.kinds).toBeGreaterThan(91);
});
