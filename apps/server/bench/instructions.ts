// `pnpm bench:instructions`: the CPU instructions the server executes per request, counted by
// valgrind's callgrind, for GET by id, POST, PUT and a list of 50, with the server built from the sources
// and, with BENCH_COMPARE_ENTRY, an earlier build side by side. Unlike `pnpm bench`'s timings, the count
// does not depend on how busy the machine is. What moves it from run to run is what falls in the counted
// window besides the requests: a major collection of the heap, and the server's timed background work,
// which valgrind's slowdown (requests take milliseconds) makes weigh more a request than at full speed;
// a longer window averages them in. Node runs with V8's `--predictable` (its compiler and collector on
// the main thread, in the same order each run). Needs valgrind (`apt-get install valgrind`). See
// "Benchmarks" in the README.
import { spawn, spawnSync } from "node:child_process";
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
import { join } from "node:path";
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
  entry: string,
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
      `--callgrind-out-file=${join(dir, "callgrind.%p")}`,
      process.execPath,
      ...nodeFlags,
      entry,
    ],
    {
      cwd: root,
      env: { ...env, DATABASE_URL: `file:${join(dir, "bench.db")}`, PORT: "0", BASE_PATH: "" },
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
    const lines = await linesOf(outPath, () => (child.exitCode === null ? undefined : stderr));
    const url = /(http:\/\/\S+)/
      .exec(lines.find((line) => line.includes("listening on"))!)![1]!
      .replace(/\/$/, "");
    const token = lines.find((line) => /^mcs_[A-Za-z0-9_-]+$/.test(line))!;
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

/** Counts the instructions from `start` to `stop`. */
interface Counter {
  start(): void;
  stop(): Counts;
}

interface Counts {
  readonly mainThread: number;
  readonly allThreads: number;
  /**
   * The main thread's inside the callbacks that read the requests' bytes from their sockets: parsing,
   * the app, the promises it settles and the answer's write, without the timed work (the dispatcher, the
   * access log's held lines) that valgrind's slowdown makes weigh more a request.
   */
  readonly requestCallbacks: number;
}

/** The instructions of dump `n`: the main thread's (the event loop's: JavaScript, SQLite, the sockets), the part of it in the requests' callbacks, and every thread's. */
function countsIn(dir: string, n: number): Counts {
  const files = readdirSync(dir).filter((name) => new RegExp(`^callgrind\\.\\d+\\.${n}-\\d+$`).test(name));
  const main = files.find((name) => name.endsWith("-01"));
  if (!main) throw new Error(`callgrind wrote no dump ${n} of the main thread.`);
  const countOf = (name: string) =>
    Number(/^summary:\s+(\d+)/m.exec(readFileSync(join(dir, name), "utf8"))?.[1] ?? 0);
  return {
    mainThread: countOf(main),
    allThreads: files.reduce((sum, name) => sum + countOf(name), 0),
    requestCallbacks: inclusiveOf(join(dir, main), READ_CALLBACK),
  };
}

/** Node's callback for bytes read from a socket: an HTTP request's whole handling runs inside it. */
const READ_CALLBACK = "node::LibuvStreamWrap::OnUvRead(";

/** The inclusive count of the function whose name starts with `name` in a dump (`callgrind_annotate`). */
function inclusiveOf(file: string, name: string): number {
  const annotated = spawnSync("callgrind_annotate", ["--inclusive=yes", "--threshold=100", file], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  for (const line of annotated.stdout.split("\n")) {
    const match = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+\S*?:(.*)$/.exec(line);
    if (match && match[2]!.startsWith(name)) return Number(match[1]!.replaceAll(",", ""));
  }
  throw new Error(`callgrind_annotate found no ${name}…) in ${file}: ${annotated.stderr}`);
}

/** The server's stdout lines once it printed its token (valgrind starts it about 50 times slower). */
async function linesOf(path: string, exited: () => string | undefined): Promise<string[]> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    const lines = readFileSync(path, "utf8").split("\n");
    if (lines.some((line) => /^mcs_/.test(line)) && lines.some((line) => line.includes("listening on")))
      return lines;
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
function measure(entry: string, operation: Operation): Promise<Counts> {
  return underCallgrind(entry, async (url, token, counter) => {
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
      mainThread: counted.mainThread / requests,
      allThreads: counted.allThreads / requests,
      requestCallbacks: counted.requestCallbacks / requests,
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
if (compareEntry && !existsSync(join(root, compareEntry)))
  throw new Error(`BENCH_COMPARE_ENTRY ${compareEntry} does not exist.`);
if (serverEntry && !existsSync(join(root, serverEntry)))
  throw new Error(`BENCH_SERVER_ENTRY ${serverEntry} does not exist.`);
if (!serverEntry) build();
const rows: string[] = [];
for (const operation of operations) {
  process.stdout.write(`${operation.name}… `);
  // The two builds run at once, one per core: the counts do not depend on what else runs.
  const [server, compared] = await Promise.all([
    measure(serverEntry ?? "dist/node.js", operation),
    compareEntry ? measure(compareEntry, operation) : undefined,
  ]);
  console.log("done");
  const cells = [
    operation.name,
    thousands(server.mainThread),
    thousands(server.requestCallbacks),
    thousands(server.allThreads),
  ];
  if (compared) {
    cells.push(
      thousands(compared.mainThread),
      thousands(compared.requestCallbacks),
      thousands(compared.allThreads),
      `${(server.mainThread / compared.mainThread).toFixed(3)}×`,
      `${(server.requestCallbacks / compared.requestCallbacks).toFixed(3)}×`,
    );
  }
  rows.push(`| ${cells.join(" | ")} |`);
}
const header = compareEntry
  ? [
      "operation",
      "server, main thread",
      "requests' callbacks",
      "all threads",
      "compared build, main thread",
      "requests' callbacks",
      "all threads",
      "main thread ratio",
      "callbacks ratio",
    ]
  : ["operation", "server, main thread", "requests' callbacks", "all threads"];
const report = [
  `Thousands of instructions a request (callgrind; ${requests} requests counted after ${warmup}, one at a time)` +
    (compareEntry ? `; compared build: ${compareEntry}` : ""),
  "",
  `| ${header.join(" | ")} |`,
  `|${header.map((_, i) => (i ? "---:" : ":---")).join("|")}|`,
  ...rows,
  "",
  `Node's flags: ${nodeFlags.join(" ") || "none"}. main thread: the event loop's (JavaScript, SQLite, the sockets,`,
  "and with --predictable V8's compiler and collector); requests' callbacks: the main thread's inside",
  "the socket reads that carry the requests (their parsing, the app, the promises it settles, the",
  "answer's write), without the timed work after (the webhook dispatcher, the access log's held lines);",
  "all threads adds the other threads (the checkpoints). Under valgrind a request takes milliseconds,",
  "so the timed work weighs more a request than at full speed, and what a server makes once a millisecond",
  "for all the requests in it (the ISO time of a write, of an access line: about 7,000 instructions each)",
  "is made for every request here.",
].join("\n");
console.log(`\n${report}`);
const dataDir = join(root, ".data");
mkdirSync(dataDir, { recursive: true });
writeFileSync(join(dataDir, "instructions-last-run.md"), `${report}\n`);
