// The bench's lines. Add a scenario here to add a line: `prepare` readies its load against one server,
// and the bench runs that load once to warm up, then in rounds alternating with the other server.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cpuSecondsOf } from "./children.ts";
import { type LoadRequest, runLoad, type Sample } from "./load.ts";

/** A running server, seeded with carriers. */
export interface Target {
  /** `compare`: another build of the server (BENCH_COMPARE_ENTRY), measured in the same rounds. */
  readonly label: "server" | "baseline" | "compare";
  /** Origin, e.g. http://127.0.0.1:40123 */
  readonly url: string;
  /** Authorization (and nothing else that differs per server). */
  readonly headers: Readonly<Record<string, string>>;
  /** Ids of the seeded carriers. */
  readonly ids: readonly number[];
  /** The server's process id (its CPU time is measured). */
  readonly pid: number;
}

export interface Settings {
  /** Measured seconds per scenario and server, split over `rounds`. */
  readonly seconds: number;
  /** Unmeasured seconds of the same load first. */
  readonly warmup: number;
  /** Alternations between the servers, so a passing disturbance hits both alike. */
  readonly rounds: number;
  readonly connections: number;
}

/** Runs the load for about `seconds` (a fixed-size job, such as a batch import, may ignore it). */
export type Load = (seconds: number) => Promise<Sample>;

export interface Scenario {
  readonly name: string;
  /** Lowest server/baseline ratio of the rates the project aims for; reported, never enforced. */
  readonly target?: number;
  /** False for lines only the real server can run (e.g. actions): their baseline columns stay empty. */
  readonly baseline: boolean;
  /** A fixed job run once (no warm-up, no rounds): a long mixed load, a settlement of prepared purchases. */
  readonly once?: boolean;
  /** Run on a server of its own, started (and seeded) for it: what it measures is not the others' doing. */
  readonly fresh?: boolean;
  /** That server's environment beyond the main one's (`LOG_LEVEL`, ...): a setting's cost, line by line. */
  readonly serverEnv?: Readonly<Record<string, string>>;
  /**
   * Measured against another load of the same server, in alternating rounds, instead of the baseline:
   * its cost is reported as a multiple of that one's (a deep page against the first page).
   */
  readonly against?: Scenario;
  prepare(server: Target, settings: Settings): Load;
}

/** A scenario that is an autocannon load of the request `requestFor` builds. */
export function loadScenario(
  name: string,
  target: number | undefined,
  requestFor: (server: Target) => LoadRequest,
): Scenario {
  return {
    name,
    target,
    baseline: true,
    prepare(server, settings) {
      const request = requestFor(server);
      return (seconds) => runLoad({ url: server.url, connections: settings.connections, seconds, request });
    },
  };
}

export const CARRIER_TYPES = ["postal", "courier", "freight", "other"] as const;

/** A new carrier body; `n` keeps bodies distinct. */
export function carrierBody(n: number): string {
  return JSON.stringify({
    name: `Bench Carrier ${n}`,
    carrierType: CARRIER_TYPES[n % CARRIER_TYPES.length],
    externalId: `bench-${n}`,
  });
}

const anyId = (server: Target) => server.ids[Math.floor(Math.random() * server.ids.length)]!;
const jsonHeaders = (server: Target) => ({ ...server.headers, "Content-Type": "application/json" });

const getById = loadScenario("GET by id", 0.85, (server) => ({
  method: "GET",
  headers: { ...server.headers },
  setupRequest: (request) => ({ ...request, path: `/carriers/${anyId(server)}.json` }),
}));

export const scenarios: Scenario[] = [
  getById,
  // The same read on a server that writes no access log (an operator's `LOG_LEVEL=warning`), as the bare
  // server writes none: what the log costs, measured in every run. No target: the line above has it.
  {
    ...getById,
    name: "GET by id, access log off",
    target: undefined,
    fresh: true,
    serverEnv: { LOG_LEVEL: "warning" },
  },
  loadScenario("POST create", 0.75, (server) => {
    let n = 0;
    return {
      method: "POST",
      path: "/carriers.json",
      headers: jsonHeaders(server),
      setupRequest: (request) => ({ ...request, body: carrierBody(++n) }),
    };
  }),
  loadScenario("PUT update", 0.75, (server) => {
    let n = 0;
    return {
      method: "PUT",
      headers: jsonHeaders(server),
      setupRequest: (request) => ({
        ...request,
        path: `/carriers/${anyId(server)}.json`,
        body: JSON.stringify({
          name: `Renamed Carrier ${++n}`,
          carrierType: CARRIER_TYPES[n % CARRIER_TYPES.length],
        }),
      }),
    };
  }),
  loadScenario("GET list of 50", 0.8, (server) => ({
    method: "GET",
    path: "/carriers.json",
    headers: { ...server.headers },
  })),
  batchImportScenario(),
  stockTakeImportScenario(),
  feedFetchScenario(),
  deepPageScenario(),
  manualSaleScenario(),
  settleScenario(),
  mixedLoadScenario(),
  fairShareScenario(),
];

/** Sends one request and answers its JSON, failing loudly: setup steps of a scenario must work. */
async function call(server: Target, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: jsonHeaders(server),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/** Times `count` sequential runs of `once` for about `seconds` (at least `count`). */
async function sequential(seconds: number, once: () => Promise<boolean>, minimum = 5): Promise<Sample> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  while (latencies.length < minimum || performance.now() - started < seconds * 1000) {
    const sent = performance.now();
    if (!(await once())) failures++;
    latencies.push(performance.now() - sent);
  }
  return { seconds: (performance.now() - started) / 1000, latencies, failures };
}

const DEEP_ROWS = 100_000;
let deepSeed: Promise<string> | undefined;

/**
 * A list page 100,000 rows deep, by the cursor of the next-page link, against the first page of the same
 * list (the two in alternating rounds): keyset pagination makes them cost the same. The variants are
 * seeded once by the batch import.
 */
function deepPageScenario(): Scenario {
  const seeded = (server: Target) =>
    (deepSeed ??= (async () => {
      const channel = await call(server, "POST", "/channels.json", { name: "Deep Store" });
      for (let batch = 0; batch <= DEEP_ROWS / 1000; batch++) {
        const items = Array.from({ length: 1000 }, (_, i) => ({
          externalId: `deep-${batch}-${i}`,
          sku: `DEEP-${batch}-${i}`,
        }));
        await call(server, "POST", `/channels/${channel.id}/import-connector-variant-batch.json`, { items });
      }
      // The link after rows 99,951-100,000: its cursor starts the page at row 100,001.
      const response = await fetch(`${server.url}/variants.json?limit=50&from=${DEEP_ROWS - 50}`, {
        headers: server.headers,
      });
      const link = /<([^>]+)>/.exec(response.headers.get("Link") ?? "")?.[1];
      if (!link) throw new Error("no next-page link 100,000 rows deep");
      // Relative unless PUBLIC_URL is set: resolved against the server's address.
      const url = new URL(link, server.url);
      return url.pathname + url.search;
    })());
  const page = (name: string, pathOf: (server: Target) => Promise<string>): Scenario => ({
    name,
    baseline: false,
    prepare(server, settings) {
      const path = pathOf(server);
      return async (seconds) =>
        runLoad({
          url: server.url,
          connections: settings.connections,
          seconds,
          request: { method: "GET", path: await path, headers: { ...server.headers } },
        });
    },
  });
  const first = page("variants, first page of 50", async (server) => {
    await seeded(server);
    return "/variants.json?limit=50";
  });
  return { ...page("variants, page 100,000 deep (cursor)", seeded), against: first };
}

/** A 50-line order imported by manual-sale, one after the other: p50 and p99 of the whole import. */
function manualSaleScenario(): Scenario {
  let orders = 0;
  return {
    name: "manual-sale, 50 lines (per order)",
    baseline: false,
    prepare(server) {
      const ready = (async () => {
        await call(server, "POST", "/warehouses.json", { name: "Bench Warehouse", isDefault: true });
        const channel = await call(server, "POST", "/channels.json", { name: "Order Store" });
        const items = Array.from({ length: 50 }, (_, i) => ({ externalId: `line-${i}`, sku: `LINE-${i}` }));
        await call(server, "POST", `/channels/${channel.id}/import-connector-variant-batch.json`, { items });
        return channel.id as number;
      })();
      return async (seconds) => {
        const channelId = await ready;
        return sequential(seconds, async () => {
          const response = await fetch(`${server.url}/channels/${channelId}/manual-sale.json`, {
            method: "POST",
            headers: jsonHeaders(server),
            body: JSON.stringify({
              externalId: `bench-${++orders}`,
              customer: { email: "buyer@example.com" },
              shippingAddress: { lineOne: "1 Bench St", city: "Austin", country: "US" },
              items: Array.from({ length: 50 }, (_, i) => ({
                sku: `LINE-${i}`,
                quantity: 1 + (i % 3),
                price: 9.99,
              })),
            }),
          });
          await response.arrayBuffer();
          return response.ok;
        });
      };
    },
  };
}

/** settle-invoices paying 1,000 invoiced purchases in one transfer (setup untimed), per call. */
function settleScenario(): Scenario {
  const PURCHASES = 1000;
  return {
    name: "settle-invoices over 1,000 purchases (per call)",
    baseline: false,
    once: true,
    prepare(server) {
      return async () => {
        const provider = await call(server, "POST", "/dropship-providers.json", { name: "Bench Supplier" });
        for (let i = 0; i < PURCHASES; i++) {
          const purchase = await call(server, "POST", "/purchases.json", {
            dropshipProviderId: provider.id,
            shippingPrice: 1 + (i % 50) / 100,
          });
          await call(server, "PUT", `/purchases/${purchase.id}.json`, { invoiceStatus: "invoiced" });
        }
        const cpuBefore = cpuSecondsOf(server.pid);
        const sample = await sequential(
          0,
          async () => {
            const response = await fetch(
              `${server.url}/dropship-providers/${provider.id}/settle-invoices.json`,
              {
                method: "POST",
                headers: jsonHeaders(server),
                body: "{}",
              },
            );
            await response.arrayBuffer();
            return response.ok;
          },
          1,
        );
        // The CPU of the settlement alone, not of the 2,000 requests that prepared it.
        const cpuAfter = cpuSecondsOf(server.pid);
        return {
          ...sample,
          ...(cpuBefore !== undefined && cpuAfter !== undefined ? { cpuSeconds: cpuAfter - cpuBefore } : {}),
        };
      };
    },
  };
}

/**
 * Reads and writes mixed for BENCH_MIXED_SECONDS (60) on a server of its own, then its resident memory:
 * what the service holds under a steady load (the main server's memory after the whole run, its 100,000
 * imported variants included, is reported beside it).
 */
function mixedLoadScenario(): Scenario {
  const seconds = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
  return {
    name: `mixed load for ${seconds} s, then server RSS`,
    baseline: false,
    once: true,
    fresh: true,
    prepare(server, settings) {
      let n = 0;
      return async () => {
        const headers = jsonHeaders(server);
        const sample = await runLoad({
          url: server.url,
          connections: settings.connections,
          seconds,
          request: {
            method: "POST",
            path: "/carriers.json",
            headers,
            setupRequest: (request) => ({ ...request, body: carrierBody(++n) }),
          },
          more: [
            {
              method: "PUT",
              headers,
              setupRequest: (request) => ({
                ...request,
                path: `/carriers/${anyId(server)}.json`,
                body: JSON.stringify({ name: `Mixed ${++n}` }),
              }),
            },
            { method: "GET", path: "/carriers.json", headers: { ...server.headers } },
            {
              method: "GET",
              headers: { ...server.headers },
              setupRequest: (request) => ({ ...request, path: `/carriers/${anyId(server)}.json` }),
            },
          ],
        });
        return { ...sample, rssMb: rssMbOf(server.pid) };
      };
    },
  };
}

/** Resident memory of a process, in MB (Linux), or undefined. */
export function rssMbOf(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
  } catch {
    return undefined;
  }
}

/**
 * The store connector's batch import: 10,000 new variants in 10 calls of 1,000, one after the other.
 * Its rate is variants per second (the baseline has no such operation).
 */
function batchImportScenario(): Scenario {
  const CALLS = 10;
  const ITEMS = 1000;
  let run = 0;
  return {
    name: `import variants (${CALLS} × ${ITEMS.toLocaleString("en")}), per variant`,
    baseline: false,
    prepare(server) {
      const headers = jsonHeaders(server);
      let channel: Promise<number> | undefined;
      const channelId = () =>
        (channel ??= fetch(`${server.url}/channels.json`, {
          method: "POST",
          headers,
          body: JSON.stringify({ name: "Bench Store" }),
        }).then(async (response) => ((await response.json()) as { id: number }).id));
      return async () => {
        const id = await channelId();
        // The bodies are made before the clock starts: their making is the client's work, not the server's.
        const bodies = Array.from({ length: CALLS }, () => {
          const prefix = `r${++run}`;
          const items = Array.from({ length: ITEMS }, (_, i) => ({
            externalId: `${prefix}-${i}`,
            sku: `BENCH-${prefix}-${i}`,
            name: `Bench variant ${i}`,
            price: 9.99,
            costPrice: 4.5,
          }));
          return JSON.stringify({ items });
        });
        const latencies: number[] = [];
        let failures = 0;
        const started = performance.now();
        for (const body of bodies) {
          const sent = performance.now();
          const response = await fetch(`${server.url}/channels/${id}/import-connector-variant-batch.json`, {
            method: "POST",
            headers,
            body,
          });
          await response.arrayBuffer();
          latencies.push(performance.now() - sent);
          if (!response.ok) failures++;
        }
        return { seconds: (performance.now() - started) / 1000, latencies, failures, units: CALLS * ITEMS };
      };
    },
  };
}

/**
 * One company's eight clients asking for an expensive list over and over (100,000 variants with a `$ne`
 * filter, ordered by name, 90,000 deep), for BENCH_FAIR_SECONDS (10), while another company reads one of
 * its records by id, one request after the other: that read's latencies are the line's. The expensive
 * company's answers are counted by status (200, 429 past its share, 503 past its database time). On a
 * server of its own, with an admin token to make the second company.
 */
function fairShareScenario(): Scenario {
  const FAIR_ROWS = 100_000;
  const HEAVY_CLIENTS = 8;
  const ADMIN_TOKEN = "bench-admin-token-that-is-long-enough-0123";
  const seconds = Number(process.env.BENCH_FAIR_SECONDS ?? 10);
  return {
    name: `another company's GET by id beside ${HEAVY_CLIENTS} expensive lists`,
    baseline: false,
    once: true,
    fresh: true,
    serverEnv: { ADMIN_TOKEN },
    prepare(server) {
      return async () => {
        const channel = await call(server, "POST", "/channels.json", { name: "Heavy Store" });
        for (let batch = 0; batch < FAIR_ROWS / 1000; batch++) {
          const items = Array.from({ length: 1000 }, (_, i) => {
            const n = batch * 1000 + i;
            return { externalId: `heavy-${n}`, sku: `HEAVY-${n}`, name: `Variant ${(n * 7919) % FAIR_ROWS}` };
          });
          await call(server, "POST", `/channels/${channel.id}/import-connector-variant-batch.json`, {
            items,
          });
        }
        const made = await fetch(`${server.url}/admin/companies.json`, {
          method: "POST",
          headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json" },
          body: JSON.stringify({ name: "Quiet Company" }),
        });
        if (!made.ok) throw new Error(`POST /admin/companies.json → ${made.status} ${await made.text()}`);
        const quiet: Target = {
          ...server,
          headers: {
            Authorization: `Bearer ${((await made.json()) as { apiKey: { secret: string } }).apiKey.secret}`,
          },
        };
        const carrier = await call(quiet, "POST", "/carriers.json", JSON.parse(carrierBody(1)));
        const heavyPath = `/variants.json?where[sku][$ne]=none&order=name&from=${FAIR_ROWS - 10_000}`;
        const statuses = new Map<number, number>();
        const until = performance.now() + seconds * 1000;
        const heavy = async () => {
          while (performance.now() < until) {
            const response = await fetch(`${server.url}${heavyPath}`, { headers: server.headers });
            await response.arrayBuffer();
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
            // A client told to come back (429, 503) waits as Retry-After asks.
            const retry = Number(response.headers.get("Retry-After") ?? 0);
            if (retry > 0) await new Promise((resolve) => setTimeout(resolve, retry * 1000));
          }
        };
        const heavyClients = Promise.all(Array.from({ length: HEAVY_CLIENTS }, heavy));
        // The quiet company's reads start once the heavy ones are under way.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const sample = await sequential(Math.max(1, seconds - 1), async () => {
          const response = await fetch(`${server.url}/carriers/${carrier.id}.json`, {
            headers: quiet.headers,
          });
          await response.arrayBuffer();
          return response.ok;
        });
        await heavyClients;
        const counted = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${n} × ${status}`);
        const sorted = [...sample.latencies].sort((a, b) => a - b);
        const p50 = sorted[Math.floor(sorted.length / 2)]!;
        return {
          ...sample,
          notes: [
            `Another company's GET by id beside one company's ${HEAVY_CLIENTS} clients of an expensive list (${FAIR_ROWS.toLocaleString("en")} variants, ` +
              `$ne filter, ordered by name, ${(FAIR_ROWS - 10_000).toLocaleString("en")} deep): p50 ${p50.toFixed(1)} ms (target ≤ 100 ms) over ${sorted.length} reads; ` +
              `the expensive company's answers: ${counted.join(", ")} (429: past its share, EXPENSIVE_PER_COMPANY).`,
          ],
        };
      };
    },
  };
}

/** Serves `text` as a CSV file from 127.0.0.1 under `name`: its URL, and how to stop serving it. */
async function csvFileServer(text: string, name: string): Promise<{ url: string; close: () => void }> {
  const files = createServer((_, res) => res.writeHead(200, { "Content-Type": "text/csv" }).end(text));
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(files.address() as AddressInfo).port}/${name}`,
    close: () => files.close(),
  };
}

/**
 * Background work on `server`: `start` asks for it (answering the record it made), `poll` reads that
 * record every 100 ms until `ended` says the work is over. Answers the record as it ended, the seconds
 * from the request to then as the client saw them, the server's resident memory at its highest
 * meanwhile (sampled at each poll) and the server's CPU seconds over it, when the platform tells them.
 */
async function watchBackgroundWork<T>(
  server: Target,
  start: () => Promise<{ id: number }>,
  poll: (started: { id: number }) => Promise<T>,
  ended: (record: T) => boolean,
): Promise<{ record: T; waited: number; rssMb: number; cpu: { cpuSeconds?: number } }> {
  let rssMb = rssMbOf(server.pid) ?? 0;
  const cpuBefore = cpuSecondsOf(server.pid);
  const sent = performance.now();
  const started = await start();
  let record: T;
  do {
    await new Promise((resolve) => setTimeout(resolve, 100));
    rssMb = Math.max(rssMb, rssMbOf(server.pid) ?? 0);
    record = await poll(started);
  } while (!ended(record));
  const waited = (performance.now() - sent) / 1000;
  const cpuAfter = cpuSecondsOf(server.pid);
  const cpu = cpuBefore !== undefined && cpuAfter !== undefined ? { cpuSeconds: cpuAfter - cpuBefore } : {};
  return { record, waited, rssMb, cpu };
}

/**
 * A data import of a 20,000-row stock take, served to the server from a file server on 127.0.0.1 (a
 * server of its own, allowed to fetch from it) and run by the server's background dispatcher: rows a
 * second from the import's start to its end as it records them, and the server's resident memory at
 * its highest while the import ran (sampled every 100 ms).
 */
function stockTakeImportScenario(): Scenario {
  const ROWS = 20_000;
  return {
    name: `data import, stock take of ${ROWS.toLocaleString("en")} rows, per row`,
    baseline: false,
    once: true,
    fresh: true,
    serverEnv: { WEBHOOKS_ALLOW_LOCALHOST: "true" },
    prepare(server) {
      return async () => {
        await call(server, "POST", "/warehouses.json", { name: "Bench Warehouse", isDefault: true });
        const channel = await call(server, "POST", "/channels.json", { name: "Import Store" });
        for (let batch = 0; batch < ROWS / 1000; batch++) {
          const items = Array.from({ length: 1000 }, (_, i) => ({
            externalId: `take-${batch}-${i}`,
            sku: `TAKE-${batch * 1000 + i}`,
          }));
          await call(server, "POST", `/channels/${channel.id}/import-connector-variant-batch.json`, {
            items,
          });
        }
        const csv = `sku,quantity\n${Array.from({ length: ROWS }, (_, i) => `TAKE-${i},${1 + (i % 97)}`).join("\n")}\n`;
        const files = await csvFileServer(csv, "stock.csv");
        const watched = await watchBackgroundWork<{
          status: string;
          added: number;
          startedAt: string;
          completedAt: string;
        }>(
          server,
          () => call(server, "POST", "/data-imports.json", { importType: "stock_take", fileUri: files.url }),
          (created) => call(server, "GET", `/data-imports/${created.id}.json`),
          (done) => done.status !== "pending" && done.status !== "started",
        );
        files.close();
        const { record: done, waited, rssMb } = watched;
        const seconds = (Date.parse(done.completedAt) - Date.parse(done.startedAt)) / 1000;
        return {
          seconds,
          latencies: [waited * 1000],
          failures: done.status === "complete" && done.added === ROWS ? 0 : 1,
          units: ROWS,
          ...watched.cpu,
          notes: [
            `Data import: ${ROWS.toLocaleString("en")} stock-take rows in ${seconds.toFixed(2)} s (${Math.round(ROWS / seconds)} rows a second; target ≥ 2,000), ${waited.toFixed(2)} s from the POST to its end as the client polled it; the server's RSS at most ${rssMb.toFixed(0)} MB while it ran.`,
          ],
        };
      };
    },
  };
}

/**
 * A fetch of a 100,000-item inventory feed (CSV), served to the server from a file server on 127.0.0.1
 * (a server of its own, allowed to fetch from it) and run by the server's background dispatcher: items
 * a second from the fetch being queued to its file processed, and the server's resident memory at its
 * highest while it ran (sampled every 100 ms).
 */
function feedFetchScenario(): Scenario {
  const ROWS = 100_000;
  return {
    name: `inventory feed fetch of ${ROWS.toLocaleString("en")} items, per item`,
    baseline: false,
    once: true,
    fresh: true,
    serverEnv: { WEBHOOKS_ALLOW_LOCALHOST: "true" },
    prepare(server) {
      return async () => {
        const csv = `id,sku,quantity,price\n${Array.from({ length: ROWS }, (_, i) => `D-${i},DS-${i},${i % 41},${(5 + (i % 300) / 4).toFixed(2)}`).join("\n")}\n`;
        const files = await csvFileServer(csv, "distributor.csv");
        const feed = await call(server, "POST", "/inventory-feeds.json", {
          name: "Bench distributor",
          url: files.url,
          fetchFrequency: "never",
        });
        for (const [column, target] of [
          ["id", "externalId"],
          ["sku", "sku"],
          ["quantity", "quantity"],
          ["price", "price"],
        ]) {
          await call(server, "POST", "/inventory-feed-fields.json", {
            inventoryFeedId: feed.id,
            column,
            target,
          });
        }
        const watched = await watchBackgroundWork<{
          status: string;
          rowCount: number | null;
          createdAt: string;
          processedAt: string;
        }>(
          server,
          () => call(server, "POST", `/inventory-feeds/${feed.id}/fetch.json`, {}),
          (queued) => call(server, "GET", `/inventory-feed-files/${queued.id}.json`),
          (file) => file.status !== "pending",
        );
        files.close();
        const { record: file, waited, rssMb } = watched;
        const seconds = (Date.parse(file.processedAt) - Date.parse(file.createdAt)) / 1000;
        const megabytes = Buffer.byteLength(csv) / 1024 / 1024;
        return {
          seconds,
          latencies: [waited * 1000],
          failures: file.status === "processed" && file.rowCount === ROWS ? 0 : 1,
          units: ROWS,
          ...watched.cpu,
          notes: [
            `Feed fetch: ${ROWS.toLocaleString("en")} items (a ${megabytes.toFixed(1)} MB CSV) in ${seconds.toFixed(2)} s (${Math.round(ROWS / seconds)} items a second), ${waited.toFixed(2)} s from the POST to its end as the client polled it; the server's RSS at most ${rssMb.toFixed(0)} MB while it ran.`,
          ],
        };
      };
    },
  };
}
