// The Worker's CPU time per request, measured in workerd: `wrangler dev --local` against the dev libSQL
// server (as `pnpm dev` runs it), loaded with GET by id and POST, and the CPU the workerd process used.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { freePort, startDevStack } from "../scripts/dev.ts";
import { cpuSecondsOf } from "./children.ts";
import { runLoad } from "./load.ts";
import { carrierBody } from "./scenarios.ts";

/** The workerd processes on this machine (their pids): what `wrangler dev` started. */
function workerdPids(): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "workerd";
      } catch {
        return false;
      }
    })
    .map(Number);
}

const cpuOf = (pids: readonly number[]) => pids.reduce((sum, pid) => sum + (cpuSecondsOf(pid) ?? 0), 0);

/** Lines of the report: CPU ms per request of GET by id and POST in workerd, and their rates. */
export async function measureWorker(dir: string, seconds: number, connections: number): Promise<string[]> {
  const before = new Set(workerdPids());
  const stack = await startDevStack({
    file: join(dir, "worker.db"),
    port: await freePort(),
    inspectorPort: await freePort(),
    persistTo: join(dir, "wrangler-state"),
    vars: {},
    output: "capture",
  });
  try {
    const pids = workerdPids().filter((pid) => !before.has(pid));
    const headers = { Authorization: `Bearer ${stack.token}`, "Content-Type": "application/json" };
    const ids: number[] = [];
    for (let n = 0; n < 50; n++) {
      const response = await fetch(`${stack.baseUrl}/carriers.json`, {
        method: "POST",
        headers,
        body: carrierBody(n),
      });
      ids.push(((await response.json()) as { id: number }).id);
    }
    const lines: string[] = [];
    let n = 1000;
    const loads = {
      "GET by id": {
        method: "GET" as const,
        headers,
        setupRequest: (request: object) => ({ ...request, path: `/carriers/${ids[n++ % ids.length]}.json` }),
      },
      "POST create": {
        method: "POST" as const,
        path: "/carriers.json",
        headers,
        setupRequest: (request: object) => ({ ...request, body: carrierBody(++n) }),
      },
    };
    for (const [name, request] of Object.entries(loads)) {
      const cpuBefore = cpuOf(pids);
      const sample = await runLoad({ url: stack.baseUrl, connections, seconds, request });
      const cpu = cpuOf(pids) - cpuBefore;
      const count = sample.latencies.length;
      lines.push(
        `${name}: ${((cpu * 1000) / Math.max(1, count)).toFixed(2)} CPU ms per request in workerd ` +
          `(${(count / sample.seconds).toFixed(0)} req/s, ${sample.failures} failed)`,
      );
    }
    return lines;
  } finally {
    await stack.stop();
  }
}
