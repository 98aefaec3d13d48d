// pnpm bench: the real Node server (dist/node.js) and a bare Hono + libSQL baseline (bench/baseline.ts),
// each a child process on its own temp database, loaded in turn with autocannon for every scenario of
// bench/scenarios.ts. Prints a table (also written to .data/bench-last-run.md); never fails on timings.
// Then the edge section (bench/edge.ts): the server on the remote driver, 30 ms per database round trip.
// Env: BENCH_DURATION (s, default 10), BENCH_WARMUP (s, 1), BENCH_ROUNDS (10), BENCH_CONNECTIONS (10), BENCH_SEED (1000),
// BENCH_ONLY (comma-separated parts of scenario names; `worker`, `edge`: those sections; `--only` on the
// command line says the same), BENCH_PROFILE=1 (CPU profiles of both servers
// into .data/bench-profiles/{server,baseline}/; read them with bench/profile-summary.ts), BENCH_SERVER_ENTRY
// (another built entry than dist/node.js, relative to apps/server: to measure a change side by side),
// BENCH_COMPARE_ENTRY (an earlier build's entry, relative to apps/server: the lines with a baseline run it too,
// in the same rounds, and the report adds what the server costs against it),
// BENCH_AT_ONCE (windows, 0: none; each line with a baseline then also loads its servers at the same time,
// window after window, and compares the CPU a request of each), BENCH_AT_ONCE_SECONDS (3, per window),
// BENCH_EDGE_SECONDS (10, per edge line), BENCH_EDGE_LATENCY (ms, 30), BENCH_EDGE_CLIENTS (8).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { formatBundle, measureBundle } from "../scripts/bundle-size.ts";
import { type Child, cpuTimesOf, startChild, stopAll } from "./children.ts";
import { measureEdge } from "./edge.ts";
import { type Measurement, type Sample, summarise } from "./load.ts";
import { carrierBody, rssMbOf, type Scenario, type Settings, scenarios, type Target } from "./scenarios.ts";
import { measureWorker } from "./worker.ts";

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number, not "${raw}"`);
  return value;
}

const settings: Settings & { seed: number; profile: boolean; atOnce: number; atOnceSeconds: number } = {
  seconds: numberFromEnv("BENCH_DURATION", 10),
  warmup: numberFromEnv("BENCH_WARMUP", 1),
  rounds: Math.max(1, Math.round(numberFromEnv("BENCH_ROUNDS", 10))),
  connections: Math.max(1, Math.round(numberFromEnv("BENCH_CONNECTIONS", 10))),
  seed: Math.max(1, Math.round(numberFromEnv("BENCH_SEED", 1000))),
  profile: process.env.BENCH_PROFILE === "1",
  atOnce: Math.round(numberFromEnv("BENCH_AT_ONCE", 0)),
  atOnceSeconds: numberFromEnv("BENCH_AT_ONCE_SECONDS", 3),
};
const onlyArgument = parseArgs({ options: { only: { type: "string" } } }).values.only;
const only = (onlyArgument ?? process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((part) => part.trim().toLowerCase())
  .filter(Boolean);
const selected = scenarios.filter(
  (scenario) => !only.length || only.some((part) => scenario.name.toLowerCase().includes(part)),
);
const workerSelected = !only.length || only.some((part) => "worker".includes(part));
const edgeSelected = !only.length || only.includes("edge");
const mainSelected = !only.length || selected.length > 0 || workerSelected;

const root = fileURLToPath(new URL("..", import.meta.url));
const dataDir = join(root, ".data");
const profileDir = join(dataDir, "bench-profiles");

/** Node flags of a server child: CPU profiling when asked. */
function nodeFlags(name: string): string[] {
  const extra = name === "compare" ? (process.env.BENCH_COMPARE_FLAGS ?? "").split(" ").filter(Boolean) : [];
  return [...extra, ...(settings.profile ? ["--cpu-prof", `--cpu-prof-dir=${join(profileDir, name)}`] : [])];
}

const serverEntry = process.env.BENCH_SERVER_ENTRY || "dist/node.js";
const compareEntry = process.env.BENCH_COMPARE_ENTRY || undefined;

const edge = {
  root,
  serverEntry,
  seconds: numberFromEnv("BENCH_EDGE_SECONDS", 10),
  latencyMs: numberFromEnv("BENCH_EDGE_LATENCY", 30),
  clients: Math.max(1, Math.round(numberFromEnv("BENCH_EDGE_CLIENTS", 8))),
  targetOrdersPerSecond: 20,
};

/** The measured server is always built from the sources as they are now (about 3 s). */
function ensureBuilt(): void {
  if (compareEntry && !existsSync(resolve(root, compareEntry)))
    throw new Error(`BENCH_COMPARE_ENTRY ${compareEntry} does not exist.`);
  if (serverEntry !== "dist/node.js") {
    if (existsSync(resolve(root, serverEntry))) return;
    throw new Error(`BENCH_SERVER_ENTRY ${serverEntry} does not exist.`);
  }
  console.log("Building dist/node.js from the sources.");
  const build = spawnSync(process.execPath, ["--import", "tsx", "scripts/build.ts"], {
    cwd: root,
    stdio: "inherit",
  });
  if (build.status !== 0) throw new Error("Build failed (scripts/build.ts).");
}

async function startServer(
  dir: string,
  env: Readonly<Record<string, string>> = {},
  label: "server" | "compare" = "server",
): Promise<{ child: Child; url: string; token: string }> {
  const entry = label === "compare" ? compareEntry! : serverEntry;
  const child = startChild(label, [...nodeFlags(label), entry], {
    cwd: root,
    env: {
      DATABASE_URL: `file:${join(dir, "bench.db")}`,
      HOST: "127.0.0.1",
      PORT: "0",
      BASE_PATH: "",
      ...env,
    },
  });
  const listening = await child.waitFor(/listening on http:\/\/\S+/);
  const url = /(http:\/\/\S+)/.exec(listening)![1]!.replace(/\/$/, "");
  const token = await child.waitFor(/^mcs_[A-Za-z0-9_-]+$/);
  const header = child.lines.findIndex((line) => line.startsWith("A first API token"));
  if (header < 0 || child.lines[header + 1] !== token)
    throw new Error("The server printed no first API token.");
  return { child, url, token };
}

async function startBaseline(dir: string): Promise<{ child: Child; url: string; token: string }> {
  const token = `bench_${randomBytes(24).toString("base64url")}`;
  const child = startChild("baseline", [...nodeFlags("baseline"), "--import", "tsx", "bench/baseline.ts"], {
    cwd: root,
    env: { DATABASE_URL: `file:${join(dir, "baseline.db")}`, PORT: "0", BENCH_TOKEN: token },
  });
  const listening = await child.waitFor(/listening on http:\/\/\S+/);
  return { child, url: /(http:\/\/\S+)/.exec(listening)![1]!, token };
}

/** Creates `count` carriers through the API, 10 at a time; returns their ids. */
async function seed(url: string, headers: Record<string, string>, count: number): Promise<number[]> {
  const ids: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      const response = await fetch(`${url}/carriers.json`, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json" },
        body: carrierBody(1_000_000 + n),
      });
      const body = (await response.json()) as { id?: number };
      if (response.status !== 200 || typeof body.id !== "number") {
        throw new Error(`Seeding ${url} failed: ${response.status} ${JSON.stringify(body)}`);
      }
      ids.push(body.id);
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  return ids.sort((a, b) => a - b);
}

/** Both servers must answer a read with the same record shape, or the comparison means nothing. */
async function checkSameShape(server: Target, baseline: Target): Promise<void> {
  const keysOf = async (target: Target) => {
    const response = await fetch(`${target.url}/carriers/${target.ids[0]}.json`, {
      headers: { ...target.headers },
    });
    if (response.status !== 200) throw new Error(`${target.label}: GET by id answered ${response.status}`);
    return Object.keys((await response.json()) as object)
      .sort()
      .join(",");
  };
  const [a, b] = await Promise.all([keysOf(server), keysOf(baseline)]);
  if (a !== b) throw new Error(`The servers answer different records:\n  server:   ${a}\n  baseline: ${b}`);
}

interface Line {
  scenario: Scenario;
  server: Measurement;
  baseline?: Measurement;
  /** Server ÷ baseline rate in each round: the two ran back to back, so a slow minute hits both. */
  roundRatios?: number[];
  /** The other build (BENCH_COMPARE_ENTRY) in the same rounds, and the server ÷ it in each round. */
  compare?: Measurement;
  compareRatios?: number[];
  /** The other build ÷ the baseline in each round. */
  compareBaselineRatios?: number[];
  /** For a scenario measured `against` another: what a request costs against one of that, per round. */
  costRatios?: number[];
  /** With BENCH_AT_ONCE: the servers loaded at the same time, window after window (`atOnce`). */
  atOnce?: AtOnce;
}

/** The CPU µs a request of each server in each window they were loaded together. */
type AtOnce = Partial<Record<Target["label"], number[]>>;

const rateOf = (sample: Sample) => (sample.units ?? sample.latencies.length) / sample.seconds;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The line's ratio: the median of its rounds' ratios (each a pair run back to back). */
const ratioOf = (line: Line) => (line.roundRatios?.length ? median(line.roundRatios) : undefined);

/**
 * A server of its own for a scenario that asks for one (`fresh`), with the scenario's environment, seeded
 * as the main one; stopped after.
 */
async function freshServer(
  dir: string,
  env: Scenario["serverEnv"],
  label: "server" | "compare" = "server",
): Promise<{ target: Target; child: Child }> {
  const { child, url, token } = await startServer(mkdtempSync(join(dir, "fresh-")), env, label);
  const headers = { Authorization: `Bearer ${token}` };
  const ids = await seed(url, headers, settings.seed);
  return { target: { label, url, headers, pid: child.pid, ids }, child };
}

interface Run {
  target: Target;
  load: ReturnType<Scenario["prepare"]>;
  samples: Sample[];
}

/** Warms each run up, then runs them in alternating rounds (the first first, then the last first, ...). */
async function alternate(runs: readonly Run[], once = false): Promise<void> {
  if (settings.warmup > 0 && !once) for (const run of runs) await run.load(settings.warmup);
  for (let round = 0; round < (once ? 1 : settings.rounds); round++) {
    const order = round % 2 === 0 ? runs : [...runs].reverse();
    for (const run of order) {
      const cpuBefore = cpuTimesOf(run.target.pid);
      const sample = await run.load(settings.seconds / settings.rounds);
      const cpuAfter = cpuTimesOf(run.target.pid);
      if (sample.cpuSeconds === undefined && cpuBefore !== undefined && cpuAfter !== undefined) {
        sample.cpuSeconds = cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system;
        sample.systemSeconds = cpuAfter.system - cpuBefore.system;
      }
      run.samples.push(sample);
    }
  }
}

/** Each round's rate of `a` ÷ that of `b` (the two ran back to back). */
const pairedRatios = (a: Run, b: Run) =>
  b.samples.map((sample, round) => rateOf(a.samples[round]!) / rateOf(sample));

/**
 * The runs' servers loaded at the same time, each by its own autocannon, for `settings.atOnce` windows:
 * the CPU a request of each (the whole process, from `/proc`) in each window. In the same seconds, the
 * machine's swings weigh on all of them alike. Which load starts first alternates from window to window:
 * the one started second came out a few percent cheaper when it was always the same.
 */
async function atOnce(runs: readonly Run[]): Promise<AtOnce> {
  const costs: AtOnce = {};
  for (let window = 0; window < settings.atOnce; window++) {
    const order = window % 2 === 0 ? runs : [...runs].reverse();
    const before = order.map((run) => cpuTimesOf(run.target.pid));
    const samples = await Promise.all(order.map((run) => run.load(settings.atOnceSeconds)));
    order.forEach((run, i) => {
      const [start, end] = [before[i], cpuTimesOf(run.target.pid)];
      const units = samples[i]!.units ?? samples[i]!.latencies.length;
      if (!start || !end || units === 0) return;
      const seconds = end.user + end.system - start.user - start.system;
      costs[run.target.label] = [...(costs[run.target.label] ?? []), (seconds * 1e6) / units];
    });
  }
  return costs;
}

/**
 * Measures a scenario on the server and, when it has one, the baseline, in alternating rounds; a scenario
 * measured `against` another load of the server alternates with that one instead, and its line comes
 * after that one's.
 */
async function measure(scenario: Scenario, targets: readonly Target[], dir: string): Promise<Line[]> {
  if (scenario.fresh) {
    // Against the same bare server as the other lines, when the scenario has a baseline; the other build
    // on a server of its own too.
    const labels = ["server" as const, ...(scenario.baseline && compareEntry ? ["compare" as const] : [])];
    const fresh = await Promise.all(labels.map((label) => freshServer(dir, scenario.serverEnv, label)));
    try {
      const baseline = targets.filter((other) => other.label === "baseline");
      return await measure(
        { ...scenario, fresh: false },
        [...fresh.map(({ target }) => target), ...baseline],
        dir,
      );
    } finally {
      await Promise.all(fresh.map(({ child }) => child.stop()));
    }
  }
  const runOf = (of: Scenario, target: Target): Run => ({
    target,
    load: of.prepare(target, settings),
    samples: [],
  });
  const server = targets.find((target) => target.label === "server")!;
  if (scenario.against) {
    const [reference, measured] = [runOf(scenario.against, server), runOf(scenario, server)];
    await alternate([reference, measured]);
    return [
      { scenario: scenario.against, server: summarise(reference.samples) },
      { scenario, server: summarise(measured.samples), costRatios: pairedRatios(reference, measured) },
    ];
  }
  const runs = targets
    .filter((target) => target.label === "server" || scenario.baseline)
    .map((target) => runOf(scenario, target));
  await alternate(runs, scenario.once);
  const together = settings.atOnce > 0 && !scenario.once && runs.length > 1 ? await atOnce(runs) : undefined;
  const of = (label: Target["label"]) => runs.find((run) => run.target.label === label);
  const [ours, baseline, other] = [of("server")!, of("baseline"), of("compare")];
  return [
    {
      scenario,
      server: summarise(ours.samples),
      baseline: baseline && summarise(baseline.samples),
      roundRatios: baseline && pairedRatios(ours, baseline),
      compare: other && summarise(other.samples),
      compareRatios: other && pairedRatios(ours, other),
      compareBaselineRatios: other && baseline && pairedRatios(other, baseline),
      atOnce: together,
    },
  ];
}

const fixed = (value: number | undefined, digits: number) =>
  value === undefined || Number.isNaN(value) ? "—" : value.toFixed(digits);

function verdict(line: Line): string {
  if (line.scenario.target === undefined) return "—";
  const ratio = ratioOf(line);
  if (ratio === undefined) return `≥ ${line.scenario.target}×`;
  const met = ratio >= line.scenario.target;
  return `≥ ${line.scenario.target}× ${met ? "met" : "NOT met"}`;
}

function table(lines: Line[]): string {
  const header = [
    "operation",
    "server req/s",
    "p50 ms",
    "p99 ms",
    "baseline req/s",
    "p50 ms",
    "p99 ms",
    "ratio",
    "rounds",
    "target",
    "CPU µs/req server",
    "baseline",
    "CPU ratio",
  ];
  const rows = lines.map((line) => [
    line.scenario.name,
    fixed(line.server.rate, 0),
    fixed(line.server.p50, 2),
    fixed(line.server.p99, 2),
    fixed(line.baseline?.rate, 0),
    fixed(line.baseline?.p50, 2),
    fixed(line.baseline?.p99, 2),
    ratioOf(line) === undefined ? "—" : `${ratioOf(line)!.toFixed(2)}×`,
    line.roundRatios?.length
      ? `${Math.min(...line.roundRatios).toFixed(2)}–${Math.max(...line.roundRatios).toFixed(2)}`
      : "—",
    verdict(line),
    fixed(line.server.cpuPerUnit, 0),
    fixed(line.baseline?.cpuPerUnit, 0),
    line.server.cpuPerUnit && line.baseline?.cpuPerUnit
      ? `${(line.baseline.cpuPerUnit / line.server.cpuPerUnit).toFixed(2)}×`
      : "—",
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const format = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 || i === 9 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(" | ")} |`;
  const rule = `|${widths.map((width, i) => (i === 0 || i === 9 ? `:${"-".repeat(width + 1)}` : `${"-".repeat(width + 1)}:`)).join("|")}|`;
  return [format(header), rule, ...rows.map(format)].join("\n");
}

/**
 * How much of each server's CPU a request was the kernel's: a server that keeps the load generator waiting
 * wakes it from sleep at each answer it writes, and that wake-up is paid in the server's write (on this
 * loopback, the receiving side's work too), so a slower server spends more kernel time a request as well.
 */
function kernelLines(lines: readonly Line[]): string[] {
  const known = lines.filter(
    (line) => line.server.systemPerUnit !== undefined && line.baseline?.systemPerUnit !== undefined,
  );
  if (!known.length) return [];
  const parts = known.map(
    (line) =>
      `${line.scenario.name} ${fixed(line.server.systemPerUnit, 0)} of the server's ${fixed(line.server.cpuPerUnit, 0)}, ` +
      `${fixed(line.baseline!.systemPerUnit, 0)} of the baseline's ${fixed(line.baseline!.cpuPerUnit, 0)}`,
  );
  return [
    `CPU µs a request in the kernel (system time; the rest is the process's own): ${parts.join("; ")}. The kernel's`,
    "part includes waking the load generator at each answer, which costs more the longer it waits between answers.",
  ];
}

/**
 * With BENCH_COMPARE_ENTRY: the server against the other build, line by line, from the same rounds (each
 * round runs the three back to back): the median of the rounds' req/s ratios and their range, the CPU a
 * request of each, and each one's ratio to the baseline in those rounds.
 */
function compareLines(lines: readonly Line[]): string[] {
  const compared = lines.filter((line) => line.compare && line.compareRatios?.length);
  if (!compared.length) return [];
  const parts = compared.map((line) => {
    const ratios = line.compareRatios!;
    const againstBaseline = line.compareBaselineRatios?.length
      ? ` (to the baseline: ${ratioOf(line)!.toFixed(2)}× and ${median(line.compareBaselineRatios).toFixed(2)}×)`
      : "";
    return (
      `${line.scenario.name} ${median(ratios).toFixed(2)}× (rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}; ` +
      `CPU µs a request ${fixed(line.server.cpuPerUnit, 0)} against ${fixed(line.compare!.cpuPerUnit, 0)})${againstBaseline}`
    );
  });
  return [`Server ÷ ${compareEntry} (req/s, the median of the rounds' ratios): ${parts.join("; ")}.`];
}

/**
 * With BENCH_AT_ONCE: each line's servers loaded together, as the CPU a request of each and, as the req/s
 * ratios are written (over 1 when the server is the cheaper), the other's CPU ÷ the server's: the median
 * of the windows' ratios and their range.
 */
function atOnceLines(lines: readonly Line[]): string[] {
  const measured = lines.filter((line) => line.atOnce?.server?.length);
  if (!measured.length) return [];
  const parts = measured.map((line) => {
    const server = line.atOnce!.server!;
    const against = (label: "baseline" | "compare") => {
      const other = line.atOnce![label];
      if (!other?.length) return "";
      const ratios = other.map((cost, window) => cost / server[window]!);
      return (
        `, ${label} ${fixed(median(other), 0)}: ${median(ratios).toFixed(2)}× ` +
        `(${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`
      );
    };
    return `${line.scenario.name}: server ${fixed(median(server), 0)}${against("baseline")}${against("compare")}`;
  });
  return [
    `Loaded at once (${settings.atOnce} windows of ${settings.atOnceSeconds} s; CPU µs a request, the median of the windows;`,
    `the other's CPU ÷ the server's, the median of the windows' ratios and their range): ${parts.join("; ")}.`,
  ];
}

/** The server against the bare one on an embedded database, and the Worker; answers the report's text. */
async function mainSection(dir: string): Promise<string> {
  const [server, baseline, other] = await Promise.all([
    startServer(dir),
    startBaseline(dir),
    compareEntry ? startServer(mkdtempSync(join(dir, "compare-")), {}, "compare") : undefined,
  ]);
  const children = [server.child, baseline.child, ...(other ? [other.child] : [])];
  try {
    const targets: Target[] = await Promise.all(
      [
        { label: "server" as const, ...server },
        { label: "baseline" as const, ...baseline },
        ...(other ? [{ label: "compare" as const, ...other }] : []),
      ].map(async ({ label, url, token, child }) => {
        const headers = { Authorization: `Bearer ${token}` };
        return { label, url, headers, pid: child.pid, ids: await seed(url, headers, settings.seed) };
      }),
    );
    await checkSameShape(targets[0]!, targets[1]!);
    if (targets[2]) await checkSameShape(targets[0]!, targets[2]);

    const cpu = cpus();
    const intro = [
      `Node ${process.version}, ${cpu.length} × ${cpu[0]?.model.trim() ?? "CPU"}; ${settings.connections} connections, ` +
        `${settings.warmup} s warm-up + ${settings.seconds} s per operation and server in ${settings.rounds} alternating rounds; ` +
        `${settings.seed} carriers seeded in each.`,
      `server: ${serverEntry} (the real app); baseline: bench/baseline.ts (bare Hono + libSQL, same SQL).`,
      ...(compareEntry
        ? [`compared with: ${compareEntry} (another build of the server, in the same rounds).`]
        : []),
    ];
    console.log(`${intro.join("\n")}\n`);

    const lines: Line[] = [];
    for (const scenario of selected) {
      process.stdout.write(`${scenario.name}…`);
      lines.push(...(await measure(scenario, targets, dir)));
      process.stdout.write(" done\n");
      for (const child of children) {
        if (child.exited) throw new Error(`${child.exited}\n(during "${scenario.name}")`);
      }
    }

    const notes = lines.flatMap((line) =>
      (["server", "baseline", "compare"] as const).flatMap((label) => {
        const m = line[label];
        if (m && m.responses === 0)
          return [`- ${line.scenario.name}, ${label}: no response at all (hung?): the line is void.`];
        return m?.failures
          ? [
              `- ${line.scenario.name}, ${label}: ${m.failures} of ${m.responses} requests failed (non-2xx or socket errors): the line is suspect.`,
            ]
          : [];
      }),
    );
    for (const child of children) {
      const errors = child.stderr().trim().split("\n").filter(Boolean);
      if (notes.length && errors.length)
        notes.push(`- ${child.name} stderr (last lines):`, ...errors.slice(-10).map((line) => `    ${line}`));
    }
    let workerLines: string[] = [];
    if (workerSelected) {
      process.stdout.write("Worker in workerd…");
      workerLines = await measureWorker(dir, settings.seconds, settings.connections);
      process.stdout.write(" done\n");
    }
    const p99s = lines
      .filter((line) => line.baseline)
      .map((line) => `${line.scenario.name} ${(line.server.p99 / line.baseline!.p99).toFixed(2)}×`);
    const deep = lines.find((line) => line.costRatios?.length);
    const rss = lines.flatMap((line) => (line.server.rssMb ? [line.server.rssMb] : []));
    const rssAtEnd = rssMbOf(server.child.pid);
    const report = [
      table(lines),
      "",
      "ratio = server req/s ÷ baseline req/s, the median of the rounds' ratios (each round runs the two servers back to",
      "back, so a slower minute of the machine weighs on both); rounds = the lowest and highest round's ratio.",
      "Targets: ≥ 0.85× on GET by id, ≥ 0.8× on lists, ≥ 0.75× on POST and PUT (reported, not enforced).",
      ...(lines.some((line) => line.scenario.serverEnv?.LOG_LEVEL)
        ? [
            '"access log off": the same load on a server of its own started with LOG_LEVEL=warning, which writes no',
            "access log (nor does the bare server); the other lines are the server as it starts by default, one log line a request.",
          ]
        : []),
      `p99 server ÷ baseline (target ≤ 1.5×): ${p99s.join(", ")}.`,
      ...kernelLines(lines),
      ...compareLines(lines),
      ...atOnceLines(lines),
      ...(deep
        ? [
            `A page 100,000 rows deep (by cursor) costs ${median(deep.costRatios!).toFixed(2)}× the first page (target ≤ 1.5×;`,
            `the median of ${deep.costRatios!.length} rounds, each the two pages back to back: ${deep.costRatios!.map((ratio) => ratio.toFixed(2)).join(", ")}).`,
          ]
        : []),
      ...(rss.length
        ? [
            `Server RSS after the mixed load (a server of its own, seeded alike): ${Math.max(...rss).toFixed(0)} MB (target ≤ 200 MB).`,
          ]
        : []),
      ...lines.flatMap((line) => line.server.notes ?? []),
      ...(rssAtEnd
        ? [
            `RSS of the main server at the end of the run, after every other line above: ${rssAtEnd.toFixed(0)} MB.`,
          ]
        : []),
      ...(workerLines.length
        ? [
            "The Worker in workerd (`wrangler dev --local` against the dev libSQL server; the CPU includes wrangler's",
            `local proxy in the same process): ${workerLines.join("; ")}.`,
          ]
        : []),
      `Machine load when the report was written (1, 5, 15 min): ${loadavg()
        .map((value) => value.toFixed(2))
        .join(", ")} on ${cpus().length} cores.`,
      "The import line counts variants, not requests: its rate is variants/s, its latencies are per 1,000-item call. The data import line counts rows: its rate is rows/s from the import's start to its end, its latency from the POST to the end as the client saw it.",
      "CPU ratio = baseline ÷ server CPU time per request (whole server process, all threads): what the req/s ratio",
      "approaches when each server is CPU-bound on a core of its own; it moves less than req/s when other processes",
      "share the machine.",
      ...notes,
    ].join("\n");
    console.log(`\n${report}`);
    console.log(`\n${formatBundle(await measureBundle(), 5)}`);
    return `${intro.join("\n\n")}\n\n${report}`;
  } finally {
    await Promise.all(children.map((child) => child.stop()));
  }
}

async function main(): Promise<void> {
  ensureBuilt();
  if (settings.profile) mkdirSync(profileDir, { recursive: true });
  const dir = mkdtempSync(join(tmpdir(), "mcs-bench-"));
  try {
    const sections: string[] = [];
    if (mainSelected) sections.push(await mainSection(dir));
    if (edgeSelected) {
      console.log(
        `\nAt the edge: the server on the remote driver, ${edge.latencyMs} ms per database round trip (world first, untimed).`,
      );
      const report = await measureEdge(dir, edge);
      console.log(`\n${report}`);
      sections.push(report);
    }
    mkdirSync(dataDir, { recursive: true });
    const file = join(dataDir, "bench-last-run.md");
    writeFileSync(file, `# pnpm bench, ${new Date().toISOString()}\n\n${sections.join("\n\n")}\n`);
    console.log(`\nWritten to ${file}`);
  } finally {
    await stopAll();
    rmSync(dir, { recursive: true, force: true });
    if (settings.profile) console.log(`CPU profiles in ${profileDir}`);
  }
}

await main();
