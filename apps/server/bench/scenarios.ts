// The bench's lines. Add a scenario here to add a line: `prepare` readies its load against one server,
// and the bench runs that load once to warm up, then in rounds alternating with the other server.
import { type LoadRequest, runLoad, type Sample } from "./load.ts";

/** A running server, seeded with carriers. */
export interface Target {
  readonly label: "server" | "baseline";
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

const CARRIER_TYPES = ["postal", "courier", "freight", "other"] as const;

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

export const scenarios: Scenario[] = [
  loadScenario("GET by id", 0.8, (server) => ({
    method: "GET",
    headers: { ...server.headers },
    setupRequest: (request) => ({ ...request, path: `/carriers/${anyId(server)}.json` }),
  })),
  loadScenario("POST create", 0.7, (server) => {
    let n = 0;
    return {
      method: "POST",
      path: "/carriers.json",
      headers: jsonHeaders(server),
      setupRequest: (request) => ({ ...request, body: carrierBody(++n) }),
    };
  }),
  loadScenario("PUT update", undefined, (server) => {
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
];

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
        const latencies: number[] = [];
        let failures = 0;
        const started = performance.now();
        for (let call = 0; call < CALLS; call++) {
          const prefix = `r${++run}`;
          const items = Array.from({ length: ITEMS }, (_, i) => ({
            externalId: `${prefix}-${i}`,
            sku: `BENCH-${prefix}-${i}`,
            name: `Bench variant ${i}`,
            price: 9.99,
            costPrice: 4.5,
          }));
          const sent = performance.now();
          const response = await fetch(`${server.url}/channels/${id}/import-connector-variant-batch.json`, {
            method: "POST",
            headers,
            body: JSON.stringify({ items }),
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
