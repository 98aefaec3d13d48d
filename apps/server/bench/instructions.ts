// `pnpm bench:instructions`: the CPU instructions the server executes per request, counted by
// valgrind's callgrind, for GET by id, POST, PUT and a list of 50, with the server built from the sources,
// the bare server of `pnpm bench` beside it and, with BENCH_COMPARE_ENTRY, an earlier build. Unlike
// `pnpm bench`'s timings, the count does not depend on how busy the machine is. Only the requests'
// callbacks are counted (the timed work after them weighs more a request under valgrind's slowdown than
// at full speed), and "requests' own work" leaves out V8's compilations and collections in them: with
// `--predictable` both run on the main thread, in the same order each run, and V8 still optimizes
// functions thousands of requests in. Needs valgrind (`apt-get install valgrind`). See the README.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CARRIER_TYPES, carrierBody } from "./scenarios.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

function countFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive integer, not "${raw}"`);
  return value;
}

/** Requests counted per operation, after uncounted ones while V8 optimizes the code they run. */
const requests = countFromEnv("BENCH_IR_REQUESTS", 3000);
const warmup = countFromEnv("BENCH_IR_WARMUP", 3000);
const serverEntry = process.env.BENCH_SERVER_ENTRY || undefined;
const compareEntry = process.env.BENCH_COMPARE_ENTRY || undefined;
const nodeFlags = (process.env.BENCH_IR_NODE_FLAGS ?? "--predictable").split(/\s+/).filter(Boolean);
const only = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((part) => part.trim().toLowerCase())
  .filter(Boolean);

/** The carriers seeded before an operation's requests; PUT and GET go round them. */
const SEEDED = 200;

interface Operation {
  readonly name: string;
  /** The request number `n` (from 1) as method, path and body. */
  request(n: number, ids: readonly number[]): { method: string; path: string; body?: string };
}

const allOperations: Operation[] = [
  {
    name: "GET by id",
    request: (n, ids) => ({ method: "GET", path: `/carriers/${ids[n % ids.length]}.json` }),
  },
  { name: "POST create", request: (n) => ({ method: "POST", path: "/carriers.json", body: carrierBody(n) }) },
  {
    name: "PUT update",
    request: (n, ids) => ({
      method: "PUT",
      path: `/carriers/${ids[n % ids.length]}.json`,
      body: JSON.stringify({
        name: `Renamed Carrier ${n}`,
        carrierType: CARRIER_TYPES[n % CARRIER_TYPES.length],
      }),
    }),
  },
  { name: "GET list of 50", request: () => ({ method: "GET", path: "/carriers.json" }) },
];
const operations = allOperations.filter(
  (operation) => !only.length || only.some((part) => operation.name.toLowerCase().includes(part)),
);

function requireValgrind(): void {
  const found = spawnSync("valgrind", ["--version"], { encoding: "utf8" });
  if (found.status !== 0) {
    console.error("valgrind is not installed: apt-get install valgrind (or your system's package of it).");
    process.exit(2);
  }
}

/**
 * One server under callgrind, its instructions counted over the requests `measure` sends: the counters
 * are zeroed before them and dumped after (`callgrind_control`), each thread's to a file of its own.
 */
async function underCallgrind<T>(
  target: Target,
  work: (url: string, token: string, counter: Counter) => Promise<T>,
) {
  const dir = mkdtempSync(join(tmpdir(), "bench-ir-"));
  // valgrind names the pipe `callgrind_control` finds it by after USER and HOST: the same for both.
  const env = { ...process.env, USER: process.env.USER ?? "bench", HOST: "127.0.0.1" };
  const outPath = join(dir, "stdout");
  const out = openSync(outPath, "w");
  const child = spawn(
    "valgrind",
    [
      "--tool=callgrind",
      "--separate-threads=yes",
      "--dump-instr=no",
      // Only inside the requests' callbacks: not the timed work after them, which valgrind's slowdown
      // makes weigh more a request than at full speed.
      `--toggle-collect=${READ_CALLBACK}*`,
      `--callgrind-out-file=${join(dir, "callgrind.%p")}`,
      process.execPath,
      ...nodeFlags,
      ...target.args,
    ],
    {
      cwd: root,
      env: {
        ...env,
        DATABASE_URL: `file:${join(dir, "bench.db")}`,
        PORT: "0",
        BASE_PATH: "",
        ...(target.token ? { BENCH_TOKEN: target.token } : {}),
      },
      stdio: ["ignore", out, "pipe"],
    },
  );
  closeSync(out);
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const control = (command: "-z" | "-d") => {
    const result = spawnSync("callgrind_control", [command, String(child.pid)], { env, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`callgrind_control ${command} failed: ${result.stderr}`);
  };
  try {
    const lines = await linesOf(outPath, !target.token, () => (child.exitCode === null ? undefined : stderr));
    const url = /(http:\/\/\S+)/
      .exec(lines.find((line) => line.includes("listening on"))!)![1]!
      .replace(/\/$/, "");
    const token = target.token ?? lines.find((line) => /^mcs_[A-Za-z0-9_-]+$/.test(line))!;
    let dumps = 0;
    return await work(url, token, {
      start: () => control("-z"),
      stop: () => {
        control("-d");
        return countsIn(dir, ++dumps);
      },
    });
  } finally {
    child.kill("SIGKILL");
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A server to count: its Node arguments, and the token it takes when it prints none (the bare server). */
interface Target {
  readonly args: readonly string[];
  readonly token?: string;
}

/** Counts the instructions from `start` to `stop`. */
interface Counter {
  start(): void;
  stop(): Counts;
}

interface Counts {
  /**
   * Inside the callbacks that read the requests' bytes from their sockets: parsing, the app, the promises
   * it settles and the answer's write, without the timed work after them (the dispatcher, the access
   * log's held lines), which valgrind's slowdown makes weigh more a request than at full speed. The
   * dispatcher's continuations that resume on a request's promises are still counted (see the README).
   */
  readonly requestCallbacks: number;
  /**
   * The requests' callbacks without V8's work on code and heap in them (`V8_UPKEEP`): what the requests
   * themselves cost once their code is optimized. With `--predictable` V8 compiles on the main thread,
   * and it still optimizes functions thousands of requests in (about half the count of a window of
   * 1,000 GETs after 1,500), so the counts with it move with when a compilation falls.
   */
  readonly ownWork: number;
}

/** The instructions of dump `n`: the main thread's, counted inside the requests' callbacks only. */
function countsIn(dir: string, n: number): Counts {
  const main = readdirSync(dir).find((name) => new RegExp(`^callgrind\\.\\d+\\.${n}-01$`).test(name));
  if (!main) throw new Error(`callgrind wrote no dump ${n} of the main thread.`);
  const inclusive = inclusiveCounts(join(dir, main));
  const requestCallbacks =
    inclusive(READ_CALLBACK) ??
    fail(`callgrind_annotate found no ${READ_CALLBACK}…) in the main thread's dump.`);
  const upkeep = V8_UPKEEP.reduce((sum, name) => sum + (inclusive(name) ?? 0), 0);
  return { requestCallbacks, ownWork: requestCallbacks - upkeep };
}

function fail(message: string): never {
  throw new Error(message);
}

/** Node's callback for bytes read from a socket: an HTTP request's whole handling runs inside it. */
const READ_CALLBACK = "node::LibuvStreamWrap::OnUvRead(";

/**
 * V8's work on code and heap, by the functions it runs from (in the dumps read, none ran inside
 * another): optimizing a function (TurboFan), compiling one's bytecode on its first call, and collecting
 * garbage. Not the builtin that calls a function's lazy compilation (`Builtins_CompileLazy`): the
 * function runs inside it.
 */
const V8_UPKEEP = [
  "v8::internal::Runtime_CompileOptimized(",
  "v8::internal::Compiler::Compile(v8::internal::Isolate*, v8::internal::Handle<v8::internal::JSFunction>",
  "v8::internal::Heap::CollectGarbage(",
];

/**
 * The inclusive counts of a dump's functions (`callgrind_annotate`), looked up by the start of their
 * names: undefined for one not in it. A recursive call's own line (`name'2`) is inside its caller's.
 */
function inclusiveCounts(file: string): (name: string) => number | undefined {
  const annotated = spawnSync("callgrind_annotate", ["--inclusive=yes", "--threshold=100", file], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  const lines: [number, string][] = [];
  for (const line of annotated.stdout.split("\n")) {
    const match = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+\S*?:(.*)$/.exec(line);
    if (match) lines.push([Number(match[1]!.replaceAll(",", "")), `${match[2]!} `]);
  }
  return (name) => lines.find(([, text]) => text.startsWith(name))?.[0];
}

/**
 * The server's stdout lines once it listens and, when `printsToken`, printed its token (valgrind starts
 * it about 50 times slower).
 */
async function linesOf(
  path: string,
  printsToken: boolean,
  exited: () => string | undefined,
): Promise<string[]> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    const lines = readFileSync(path, "utf8").split("\n");
    const tokenPrinted = !printsToken || lines.some((line) => /^mcs_/.test(line));
    if (tokenPrinted && lines.some((line) => line.includes("listening on"))) return lines;
    const stderr = exited();
    if (stderr !== undefined) throw new Error(`The server exited under valgrind: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("The server did not start under valgrind within 10 minutes.");
}

/** Sends requests one after another on one connection; every answer must be a 200. */
function sender(url: string, token: string) {
  const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  return async ({ method, path, body }: { method: string; path: string; body?: string }) => {
    const response = await fetch(`${url}${path}`, { method, headers, body });
    const text = await response.text();
    if (response.status !== 200)
      throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return text;
  };
}

/** An operation's instructions a request on the server at `entry`. */
function measure(target: Target, operation: Operation): Promise<Counts> {
  return underCallgrind(target, async (url, token, counter) => {
    const send = sender(url, token);
    const ids: number[] = [];
    for (let i = 0; i < SEEDED; i++) {
      const text = await send({ method: "POST", path: "/carriers.json", body: carrierBody(1_000_000 + i) });
      ids.push((JSON.parse(text) as { id: number }).id);
    }
    for (let n = 1; n <= warmup; n++) await send(operation.request(n, ids));
    counter.start();
    for (let n = warmup + 1; n <= warmup + requests; n++) await send(operation.request(n, ids));
    const counted = counter.stop();
    return {
      requestCallbacks: counted.requestCallbacks / requests,
      ownWork: counted.ownWork / requests,
    };
  });
}

function build(): void {
  console.log("Building dist/node.js from the sources.");
  const built = spawnSync(process.execPath, ["--import", "tsx", "scripts/build.ts"], {
    cwd: root,
    stdio: "inherit",
  });
  if (built.status !== 0) throw new Error("Build failed (scripts/build.ts).");
}

const thousands = (value: number) => Math.round(value / 1000).toLocaleString("en-US");

requireValgrind();
if (compareEntry && !existsSync(resolve(root, compareEntry)))
  throw new Error(`BENCH_COMPARE_ENTRY ${compareEntry} does not exist.`);
if (serverEntry && !existsSync(resolve(root, serverEntry)))
  throw new Error(`BENCH_SERVER_ENTRY ${serverEntry} does not exist.`);
if (!serverEntry) build();
const rows: string[] = [];
const targets = {
  server: { args: [serverEntry ?? "dist/node.js"] },
  baseline: {
    args: ["--import", "tsx", "bench/baseline.ts"],
    token: `bench_${randomBytes(24).toString("base64url")}`,
  },
  compared: compareEntry ? { args: [compareEntry] } : undefined,
} satisfies Record<string, Target | undefined>;
const ratio = (of: number, to: number) => `${(of / to).toFixed(3)}×`;
for (const operation of operations) {
  process.stdout.write(`${operation.name}… `);
  // The servers run at once: the counts do not depend on what else runs.
  const [server, baseline, compared] = await Promise.all([
    measure(targets.server, operation),
    measure(targets.baseline, operation),
    targets.compared && measure(targets.compared, operation),
  ]);
  console.log("done");
  const cells = [
    operation.name,
    thousands(server.ownWork),
    thousands(baseline.ownWork),
    ratio(baseline.ownWork, server.ownWork),
    thousands(server.requestCallbacks),
    thousands(baseline.requestCallbacks),
  ];
  if (compared) {
    cells.push(
      thousands(compared.ownWork),
      thousands(compared.requestCallbacks),
      ratio(server.ownWork, compared.ownWork),
      ratio(server.requestCallbacks, compared.requestCallbacks),
    );
  }
  rows.push(`| ${cells.join(" | ")} |`);
}
const header = [
  "operation",
  "server, requests' own work",
  "bare server's",
  "bare ÷ server",
  "server, requests' callbacks",
  "bare server's",
  ...(compareEntry ? ["compared build, own work", "its callbacks", "own work ratio", "callbacks ratio"] : []),
];
const report = [
  `Thousands of instructions a request (callgrind; ${requests} requests counted after ${warmup}, one at a time)` +
    (compareEntry ? `; compared build: ${compareEntry}` : ""),
  "",
  `| ${header.join(" | ")} |`,
  `|${header.map((_, i) => (i ? "---:" : ":---")).join("|")}|`,
  ...rows,
  "",
  `Node's flags: ${nodeFlags.join(" ") || "none"}. Counted inside the requests' callbacks only (the`,
  "socket reads that carry the requests: their parsing, the app, the promises it settles, the answer's",
  "write), not the timed work after them (the webhook dispatcher, the access log's held lines), which",
  "valgrind's slowdown makes weigh more a request than at full speed (the dispatcher's continuations",
  "that resume on a request's promises are still counted: about 6,000 instructions a POST). requests'",
  "own work: the callbacks without V8's compilations and collections in them (with --predictable both",
  "run on the main thread, and V8 still optimizes functions thousands of requests in, so they move the",
  "callbacks' count by more than most changes do). bare server: bench/baseline.ts, the yardstick of `pnpm bench`, counted the",
  "same way; bare ÷ server: what `pnpm bench`'s ratio would come to if a request cost its own",
  "instructions and nothing else (the kernel's part, the timed work, the load generator's and how fast",
  "each instruction runs are left out).",
].join("\n");
console.log(`\n${report}`);
const dataDir = join(root, ".data");
mkdirSync(dataDir, { recursive: true });
writeFileSync(join(dataDir, "instructions-last-run.md"), `${report}\n`);
