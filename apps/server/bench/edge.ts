// The edge section of pnpm bench: the server as a Worker meets Turso. The built server (a child process,
// as the rest of the bench runs it) is on the remote driver: its DATABASE_URL is a proxy on 127.0.0.1
// (bench/round-trip-proxy.ts) that counts the HTTP requests to the dev libSQL server (tooling/libsql-server,
// a child process of its own) and delays each by `latencyMs`. The floor beside it is a bare Hono +
// @libsql/client server doing one INSERT per request through the same proxy (bench/edge-baseline.ts).
// The world (channel, warehouse, provider, variants, sent purchases to ship) is built with the delay off;
// the clock runs only with it on.

import { randomBytes } from "node:crypto";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "../src/db/migrate.ts";
import { loadMigrations } from "../src/db/migration-files.ts";
import { openDb } from "../src/db/open.ts";
import { createToken } from "../src/services/auth.ts";
import { startChild } from "./children.ts";
import { type Measurement, summarise } from "./load.ts";
import { type RoundTripProxy, roundTripProxy } from "./round-trip-proxy.ts";

export interface EdgeSettings {
  /** apps/server: where the server entry and the bench's modules are. */
  readonly root: string;
  /** The built server entry, relative to `root`. */
  readonly serverEntry: string;
  /** Measured seconds per latency line, and of each throughput run. */
  readonly seconds: number;
  /** Delay the proxy adds to each round trip, in ms. */
  readonly latencyMs: number;
  /** Concurrent clients of the throughput runs. */
  readonly clients: number;
  /** The lowest orders per second aimed for with `clients` clients; reported, never enforced. */
  readonly targetOrdersPerSecond: number;
}

const LIBSQL_CLI = fileURLToPath(new URL("../../../tooling/libsql-server/src/cli.ts", import.meta.url));
const REQUEST_TIMEOUT_MS = 30_000;

interface Answer {
  /** HTTP status, or 0 when the request failed or timed out. */
  status: number;
  body: any;
}

/** An HTTP client of one server: JSON in and out, bounded in time. */
function clientOf(url: string, token: string) {
  return async function send(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    try {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      return { status: response.status, body: text && JSON.parse(text) };
    } catch {
      return { status: 0, body: undefined };
    }
  };
}
type Send = ReturnType<typeof clientOf>;

/** Setup steps must work: the answer's body, or an error saying what failed. */
async function must(send: Send, method: string, path: string, body?: unknown): Promise<any> {
  const answer = await send(method, path, body);
  if (answer.status < 200 || answer.status > 299)
    throw new Error(`edge setup: ${method} ${path} → ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A migrated database file with a company and its token, made before any server opens it. */
async function prepareDatabase(file: string): Promise<{ token: string; companyId: number }> {
  const db = await openDb(`file:${file}`);
  try {
    await migrate(db, loadMigrations());
    const { token, companyId } = await createToken({ db, input: { company: "bench-edge" } });
    await db.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    return { token, companyId };
  } finally {
    db.close();
  }
}

const urlIn = (line: string) => /(http:\/\/\S+)/.exec(line)![1]!.replace(/\/$/, "");

/** One sale of the edge world: one dropshipped line (a purchase) and one from the warehouse. */
const saleBody = (externalId: string) => ({
  externalId,
  customer: { email: `${externalId}@example.com`, firstName: "Edge", lastName: "Buyer" },
  shippingAddress: {
    name: "Edge Buyer",
    lineOne: "1 Main St",
    city: "Springfield",
    zip: "62701",
    country: "US",
  },
  items: [
    { sku: "EDGE-DROP", quantity: 1, price: 10 },
    { sku: "EDGE-SHELF", quantity: 1, price: 5 },
  ],
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the proxy has forwarded nothing for `ms` (the webhook dispatcher's run after a write). */
async function quiet(proxy: RoundTripProxy, ms = 300, limitMs = 5000): Promise<void> {
  const started = performance.now();
  let last = proxy.count;
  let since = performance.now();
  while (performance.now() - since < ms && performance.now() - started < limitMs) {
    await sleep(20);
    if (proxy.count !== last) {
      last = proxy.count;
      since = performance.now();
    }
  }
}

/**
 * An operation run alone, `times` times, each after the proxy fell quiet: its round trips (the proxy's
 * count from its request to its answer, the least of the runs: the dispatcher's tick once a second can
 * only add to a run) and its median latency.
 */
async function alone(
  proxy: RoundTripProxy,
  op: () => Promise<boolean | undefined>,
  times = 3,
): Promise<{ trips: number; ms: number }> {
  const counts: number[] = [];
  const latencies: number[] = [];
  for (let i = 0; i < times; i++) {
    await quiet(proxy);
    proxy.reset();
    const sent = performance.now();
    if (!(await op())) throw new Error("edge: an operation failed while run alone");
    latencies.push(performance.now() - sent);
    counts.push(proxy.count);
  }
  return { trips: Math.min(...counts), ms: summarise([{ seconds: 1, latencies, failures: 0 }]).p50 };
}

interface LatencyLine {
  name: string;
  trips: number;
  aloneMs: number;
  measurement: Measurement;
  note?: string;
}

/** Runs `op` one after another for `seconds` (or until it has nothing left: `undefined`), timing each. */
async function sequential(seconds: number, op: () => Promise<boolean | undefined>) {
  const latencies: number[] = [];
  let failures = 0;
  let ranOut = false;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    const sent = performance.now();
    const ok = await op();
    if (ok === undefined) {
      ranOut = true;
      break;
    }
    latencies.push(performance.now() - sent);
    if (!ok) failures++;
  }
  const sample = { seconds: (performance.now() - started) / 1000, latencies, failures };
  return { measurement: summarise([sample]), ranOut };
}

interface Throughput {
  name: string;
  rate: number;
  done: number;
  seconds: number;
  /** Proxy requests during the run ÷ successes: retries and the dispatcher's reads included. */
  tripsEach: number;
  /** Statuses other than 2xx (0: no answer), and how often. */
  failures: Map<number, number>;
  target?: number;
}

/** `clients` clients each running `op` back to back until `seconds` have passed; in-flight ones finish. */
async function concurrent(
  proxy: RoundTripProxy,
  clients: number,
  seconds: number,
  op: () => Promise<number>,
): Promise<Omit<Throughput, "name">> {
  await quiet(proxy);
  proxy.reset();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let done = 0;
  const failures = new Map<number, number>();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const status = await op();
        if (status >= 200 && status < 300) done++;
        else failures.set(status, (failures.get(status) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    rate: done / elapsed,
    done,
    seconds: elapsed,
    tripsEach: proxy.count / Math.max(1, done),
    failures,
  };
}

/** The distinct errors in a server's log lines (JSON), the access log's lines of 500s left out. */
function errorsLoggedBy(lines: readonly string[]): string[] {
  const errors = lines.flatMap((line) => {
    if (!/"level":"error"/i.test(line)) return [];
    try {
      const record = JSON.parse(line) as { message?: unknown; error?: unknown; status?: unknown };
      if (record.status !== undefined) return [];
      const error = record.error as { message?: unknown } | undefined;
      return [
        String(error?.message ?? record.error ?? record.message)
          .split("\n")[0]!
          .slice(0, 200),
      ];
    } catch {
      return [line.slice(0, 200)];
    }
  });
  return [...new Set(errors)];
}

function markdownTable(header: string[], rows: string[][], left: number[] = [0]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const format = (cells: string[]) =>
    `| ${cells.map((cell, i) => (left.includes(i) ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(" | ")} |`;
  const rule = `|${widths.map((width, i) => (left.includes(i) ? `:${"-".repeat(width + 1)}` : `${"-".repeat(width + 1)}:`)).join("|")}|`;
  return [format(header), rule, ...rows.map(format)].join("\n");
}

const ms = (value: number) => (Number.isNaN(value) ? "—" : value.toFixed(0));
const statuses = (failures: Map<number, number>) =>
  failures.size
    ? [...failures]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${n} × ${status || "no answer"}`)
        .join(", ")
    : "0";

/** Runs the edge section; answers its report (markdown). `dir` is the bench's temp directory. */
export async function measureEdge(dir: string, settings: EdgeSettings): Promise<string> {
  const file = join(dir, "edge.db");
  const { token, companyId } = await prepareDatabase(file);
  const libsql = startChild("libsql", ["--import", "tsx", LIBSQL_CLI, "--file", file, "--port", "0"], {
    cwd: settings.root,
    env: {},
  });
  const proxy = await roundTripProxy(urlIn(await libsql.waitFor(/listening on http:\/\/\S+/)), 0);
  try {
    const server = startChild("edge-server", [settings.serverEntry], {
      cwd: settings.root,
      // A remote database has no embedded key file beside it, nor a files' directory: the credentials'
      // key and where stored files go come from configuration.
      env: {
        DATABASE_URL: proxy.url,
        FILES_DIR: join(dir, "edge-files"),
        HOST: "127.0.0.1",
        PORT: "0",
        BASE_PATH: "",
        SECRETS_KEY: randomBytes(32).toString("base64"),
      },
    });
    const baseline = startChild("edge-baseline", ["--import", "tsx", "bench/edge-baseline.ts"], {
      cwd: settings.root,
      env: { DATABASE_URL: proxy.url, PORT: "0", BENCH_TOKEN: token, BENCH_COMPANY_ID: String(companyId) },
    });
    const send = clientOf(urlIn(await server.waitFor(/listening on http:\/\/\S+/)), token);
    const sendBaseline = clientOf(urlIn(await baseline.waitFor(/listening on http:\/\/\S+/)), token);

    // The world, with the delay off.
    await must(send, "POST", "/warehouses.json", { name: "Edge Warehouse", isDefault: true });
    const provider = await must(send, "POST", "/dropship-providers.json", {
      name: "Edge Vendor",
      email: "orders@vendor.example",
    });
    const channel = await must(send, "POST", "/channels.json", { name: "Edge Store", currency: "USD" });
    await must(send, "POST", "/variants.json", {
      sku: "EDGE-DROP",
      name: "Dropshipped",
      costPrice: 4,
      dropshipProviderId: provider.id,
    });
    await must(send, "POST", "/variants.json", { sku: "EDGE-SHELF", name: "Shelved" });
    let orders = 0;
    const nextOrder = () => saleBody(`edge-${++orders}`);
    const sale = (body = nextOrder()) => send("POST", `/channels/${channel.id}/manual-sale.json`, body);
    // Sent purchases to ship: enough for `seconds` of ships at 3 round trips each, and the counting runs.
    const poolSize = Math.min(
      400,
      Math.ceil((settings.seconds * 1000) / (3 * Math.max(1, settings.latencyMs))) + 5,
    );
    const toShip: number[] = [];
    for (let i = 0; i < poolSize; i++) {
      const made = await must(send, "POST", `/channels/${channel.id}/manual-sale.json`, nextOrder());
      const [purchase] = await must(send, "GET", `/purchases.json?where[saleId]=${made.id}`);
      await must(send, "PUT", `/purchases/${purchase.id}/send.json`, {});
      toShip.push(purchase.id);
    }
    let keys = 0;
    const keyed = () =>
      send(
        "POST",
        "/carriers.json",
        { name: `Edge Carrier ${++keys}`, carrierType: "courier" },
        {
          "Idempotency-Key": `edge-key-${keys}-${Date.now()}`,
        },
      );
    const ship = async () => {
      const id = toShip.shift();
      return id === undefined
        ? undefined
        : send("POST", `/purchases/${id}/ship.json`, { trackingNumber: `TRK-${id}` });
    };
    let inserts = 0;
    const insert = () =>
      sendBaseline("POST", "/carriers.json", { name: `Floor Carrier ${++inserts}`, carrierType: "courier" });
    const ok = (answer: Answer | undefined) =>
      answer === undefined ? undefined : answer.status >= 200 && answer.status < 300;

    proxy.latencyMs = settings.latencyMs;
    // Warm: the token cached, connections open, each route run once.
    for (const op of [() => sale(), ship, keyed, insert]) await op();

    const latencyLine = async (
      name: string,
      op: () => Promise<boolean | undefined>,
    ): Promise<LatencyLine> => {
      process.stdout.write(`  ${name}…`);
      const { trips, ms: aloneMs } = await alone(proxy, op);
      await quiet(proxy);
      const { measurement, ranOut } = await sequential(settings.seconds, op);
      process.stdout.write(" done\n");
      return {
        name,
        trips,
        aloneMs,
        measurement,
        note: ranOut ? "ran out of prepared purchases" : undefined,
      };
    };
    const throughput = async (name: string, op: () => Promise<Answer>) => {
      process.stdout.write(`  ${name}, ${settings.clients} clients…`);
      const run = await concurrent(
        proxy,
        settings.clients,
        settings.seconds,
        async () => (await op()).status,
      );
      process.stdout.write(" done\n");
      return run;
    };

    const lines: LatencyLine[] = [
      await latencyLine("POST /channels/{id}/manual-sale.json (1 dropship + 1 warehouse line)", async () =>
        ok(await sale()),
      ),
      await latencyLine("POST /purchases/{id}/ship.json", async () => ok(await ship())),
      await latencyLine("POST /carriers.json with a new Idempotency-Key", async () => ok(await keyed())),
    ];
    const orderRun = await throughput("manual sales", () => sale());
    await quiet(proxy);
    proxy.reset();
    await sleep(3000);
    const idleTripsPerSecond = proxy.count / 3;
    for (const child of [libsql, server, baseline]) if (child.exited) throw new Error(child.exited);
    const serverErrors = errorsLoggedBy(server.lines);
    // The floor alone: the server's dispatcher would fan its inserts' events out meanwhile.
    await server.stop();
    lines.unshift(
      await latencyLine("floor: one INSERT (bare Hono + @libsql/client)", async () => ok(await insert())),
    );
    const floorRun = await throughput("one-INSERT requests", insert);
    for (const child of [libsql, baseline]) if (child.exited) throw new Error(child.exited);
    await baseline.stop();

    const floor = lines[0]!.measurement;
    const latencyTable = markdownTable(
      ["operation", "round trips", "alone ms", "p50 ms", "p99 ms", "p50 ÷ floor's", "requests", "failed"],
      lines.map((line) => [
        line.name + (line.note ? ` (${line.note})` : ""),
        String(line.trips),
        ms(line.aloneMs),
        ms(line.measurement.p50),
        ms(line.measurement.p99),
        `${(line.measurement.p50 / floor.p50).toFixed(1)}×`,
        String(line.measurement.responses),
        String(line.measurement.failures),
      ]),
    );
    const target = settings.targetOrdersPerSecond;
    const throughputTable = markdownTable(
      [
        `${settings.clients} clients, ${settings.seconds} s`,
        "per second",
        "target",
        "round trips each",
        "done",
        "failed",
      ],
      [
        [
          "manual-sale orders (server)",
          orderRun.rate.toFixed(1),
          `≥ ${target} ${orderRun.rate >= target ? "met" : "NOT met"}`,
          orderRun.tripsEach.toFixed(1),
          String(orderRun.done),
          statuses(orderRun.failures),
        ],
        [
          "one-INSERT requests (floor)",
          floorRun.rate.toFixed(1),
          "—",
          floorRun.tripsEach.toFixed(1),
          String(floorRun.done),
          statuses(floorRun.failures),
        ],
      ],
      [0, 2],
    );
    return [
      `### At the edge: the server on the remote driver, ${settings.latencyMs} ms per database round trip`,
      "",
      `server: ${settings.serverEntry} with DATABASE_URL at a proxy on 127.0.0.1 adding ${settings.latencyMs} ms to every HTTP`,
      "request to the dev libSQL server (tooling/libsql-server); floor: bench/edge-baseline.ts through the same proxy.",
      `Each latency line: one client, one request after another for ${settings.seconds} s; the world built beforehand with no delay.`,
      "",
      latencyTable,
      "",
      throughputTable,
      "",
      "round trips = the proxy's count from a request to its answer, the least of three runs of it alone; alone ms =",
      "those runs' median latency. p50 and p99 come from one client sending one request after another, where the",
      "webhook dispatcher's run after a write (100 ms later) may stand in the next request's way; alone ms does not",
      "meet it. Under load, round trips each = every proxy request during the run ÷ successes (retries and the",
      "dispatcher's included). The floor ran after the server had stopped (its dispatcher would fan the inserts' events",
      `out meanwhile). Idle, the server's dispatcher made ${idleTripsPerSecond.toFixed(1)} round trips a second.`,
      `Machine load at the end (1, 5, 15 min): ${loadavg()
        .map((value) => value.toFixed(2))
        .join(", ")} on ${cpus().length} cores.`,
      ...(serverErrors.length
        ? [
            `The server logged ${serverErrors.length} distinct error(s), e.g.: ${serverErrors.slice(0, 3).join(" | ")}`,
          ]
        : []),
    ].join("\n");
  } finally {
    await proxy.close();
    await libsql.stop();
  }
}
