// autocannon (no type declarations ship with it) behind a small typed call that measures latency itself:
// autocannon's histogram keeps whole milliseconds, too coarse for sub-millisecond answers.
import type { EventEmitter } from "node:events";
import { createRequire } from "node:module";

export interface LoadRequest {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Called before every request: return it with a fresh path or body. */
  setupRequest?: (request: LoadRequest) => LoadRequest;
}

interface AutocannonResult {
  duration: number;
  /** Socket errors, timeouts included. */
  errors: number;
}

type Autocannon = (
  options: { url: string; connections: number; duration: number; requests: LoadRequest[] },
  done: (error: Error | null, result: AutocannonResult) => void,
) => EventEmitter & { stop(): void };

const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

/** What one load run observed. */
export interface Sample {
  seconds: number;
  /** Latency of every response, in ms. */
  latencies: number[];
  /** Non-2xx responses and socket errors (timeouts included). */
  failures: number;
  /** Units done, when a response stands for more than one (a batch): defaults to the responses. */
  units?: number;
  /** CPU seconds the server process used meanwhile (all threads), when known. */
  cpuSeconds?: number;
  /** Of those, the seconds in the kernel (system time), when known. */
  systemSeconds?: number;
  /** The server's resident memory at the end of the run, in MB, when measured. */
  rssMb?: number;
  /** What the run saw beyond its latencies, for the report (a line of text each). */
  notes?: string[];
}

export interface Measurement {
  /** Units (responses, unless a scenario counts otherwise) per second. */
  rate: number;
  p50: number;
  p99: number;
  responses: number;
  /** Any failure makes the line suspect. */
  failures: number;
  /** Server CPU time per unit in µs: moved less than the rate by other processes on the machine. */
  cpuPerUnit?: number;
  /** Of it, the time in the kernel, in µs. */
  systemPerUnit?: number;
  /** The server's resident memory in MB at the end of the runs that measured it. */
  rssMb?: number;
  notes?: string[];
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Pools the samples of several rounds into one measurement. */
export function summarise(samples: readonly Sample[]): Measurement {
  const sorted = Float64Array.from(samples.flatMap((sample) => sample.latencies)).sort();
  const seconds = samples.reduce((sum, sample) => sum + sample.seconds, 0);
  const units = samples.reduce((sum, sample) => sum + (sample.units ?? sample.latencies.length), 0);
  const cpuKnown = samples.every((sample) => sample.cpuSeconds !== undefined);
  const cpuSeconds = samples.reduce((sum, sample) => sum + (sample.cpuSeconds ?? 0), 0);
  const systemKnown = samples.every((sample) => sample.systemSeconds !== undefined);
  const systemSeconds = samples.reduce((sum, sample) => sum + (sample.systemSeconds ?? 0), 0);
  return {
    rate: units / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    responses: sorted.length,
    failures: samples.reduce((sum, sample) => sum + sample.failures, 0),
    cpuPerUnit: cpuKnown && units > 0 ? (cpuSeconds * 1e6) / units : undefined,
    systemPerUnit: systemKnown && units > 0 ? (systemSeconds * 1e6) / units : undefined,
    rssMb: samples.reduce<number | undefined>(
      (max, sample) => Math.max(max ?? 0, sample.rssMb ?? 0) || max,
      undefined,
    ),
    notes: samples.flatMap((sample) => sample.notes ?? []),
  };
}

/** Runs one autocannon load of `seconds` with `connections`. */
export function runLoad(options: {
  url: string;
  connections: number;
  seconds: number;
  request: LoadRequest;
  /** More requests, sent in turn on each connection after `request`. */
  more?: LoadRequest[];
}): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let failures = 0;
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        requests: [options.request, ...(options.more ?? [])],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({ seconds: result.duration, latencies, failures: failures + result.errors });
      },
    );
    instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
      latencies.push(ms);
      if (status < 200 || status > 299) failures++;
    });
  });
}
