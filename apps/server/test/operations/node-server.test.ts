// The real Node server, as a child process on 127.0.0.1: what only a socket shows (oversized chunked
// uploads, memory under hostile bodies, the server staying responsive meanwhile).
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let server: ChildProcess;
let base: string;
let token: string;
const dir = mkdtempSync(join(tmpdir(), "mcs-node-"));

beforeAll(async () => {
  server = spawn(process.execPath, ["--import", "tsx", "src/node.ts"], {
    cwd: new URL("../..", import.meta.url),
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", DATABASE_URL: `file:${join(dir, "db.db")}` },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${lines.join("\n")}`)), 60_000);
    server.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      lines.push(...chunk.split("\n"));
      const listening = lines.map((line) => /listening on (http:\/\/\S+)/.exec(line)).find(Boolean);
      const minted = lines.find((line) => line.startsWith("mcs_"));
      if (listening && minted) {
        base = listening[1]!;
        token = minted.trim();
        clearTimeout(timer);
        resolve();
      }
    });
    server.on("exit", (code) => reject(new Error(`server exited with ${code}: ${lines.join("\n")}`)));
  });
}, 90_000);

afterAll(() => {
  server?.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** Sends `body` in chunks (no Content-Length), and answers the status and body, or the socket error. */
function chunked(path: string, size: number, headers: Record<string, string>) {
  return new Promise<{ status?: number; body?: string; error?: string }>((resolve) => {
    const req = request(`${base}${path}`, { method: "POST", headers }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode, body: text }));
    });
    req.on("error", (error) => resolve({ error: error.message }));
    const piece = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const write = () => {
      while (sent < size) {
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

/** The server process's resident memory in MB, from /proc. */
async function rssMb(): Promise<number> {
  const { readFileSync } = await import("node:fs");
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

describe("the Node server", () => {
  it("says in one line what to do when its port is taken, and exits", async () => {
    const port = new URL(base).port;
    const second = spawn(process.execPath, ["--import", "tsx", "src/node.ts"], {
      cwd: new URL("../..", import.meta.url),
      env: { ...process.env, HOST: "127.0.0.1", PORT: port, DATABASE_URL: `file:${join(dir, "second.db")}` },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    second.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => second.on("exit", resolve));
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toEqual([
      expect.stringMatching(new RegExp(`Port ${port} .* already in use`)),
    ]);
  }, 60_000);

  it("writes its startup lines and then a JSON line a request to the file its stdout is sent to", async () => {
    const logPath = join(dir, "server.log");
    const out = openSync(logPath, "w");
    const logging = spawn(process.execPath, ["--import", "tsx", "src/node.ts"], {
      cwd: new URL("../..", import.meta.url),
      env: { ...process.env, HOST: "127.0.0.1", PORT: "0", DATABASE_URL: `file:${join(dir, "logging.db")}` },
      stdio: ["ignore", out, "pipe"],
    });
    closeSync(out);
    const exited = new Promise<number | null>((resolve) => logging.on("exit", resolve));
    let listening: string | undefined;
    for (let waited = 0; !listening && waited < 60_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      listening = /listening on (http:\/\/\S+)/.exec(readFileSync(logPath, "utf8"))?.[1];
    }
    const firstToken = /^(mcs_\S+)$/m.exec(readFileSync(logPath, "utf8"))![1];
    const statuses: number[] = [];
    for (const path of ["/carriers.json", "/carriers/999.json"]) {
      const answer = await fetch(`${listening}${path}`, {
        headers: { Authorization: `Bearer ${firstToken}` },
      });
      statuses.push(answer.status);
    }
    // Its lines are written when it stops, at the latest.
    logging.kill("SIGTERM");
    expect(await exited).toBe(0);

    const lines = readFileSync(logPath, "utf8").trimEnd().split("\n");
    const json = lines.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line));
    const firstJson = lines.findIndex((line) => line.startsWith("{"));
    expect(lines.slice(0, firstJson).some((line) => line.includes("listening on"))).toBe(true);
    expect(statuses).toEqual([200, 404]);
    expect(json.filter((entry) => entry.message === "request")).toMatchObject([
      { level: "INFO", method: "GET", route: "/:kind", path: "/carriers.json", status: 200 },
      { level: "INFO", method: "GET", route: "/:kind/:id", path: "/carriers/999.json", status: 404 },
    ]);
  }, 90_000);

  it("answers an oversized chunked upload with a 413, not a connection reset", async () => {
    const answer = await chunked("/carriers.json", 5 * 1024 * 1024, {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
    });
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body!).status).toBe(413);
  });

  it("sends /openapi.json brotli or gzip as the client asks, revalidated by its ETag", async () => {
    for (const coding of ["br", "gzip"]) {
      const answer = await fetch(`${base}/openapi.json`, { headers: { "Accept-Encoding": coding } });
      expect(answer.headers.get("content-encoding"), coding).toBe(coding);
      expect((await answer.json()).openapi).toBe("3.1.0");
      const again = await fetch(`${base}/openapi.json`, {
        headers: { "Accept-Encoding": coding, "If-None-Match": answer.headers.get("etag")! },
      });
      expect(again.status).toBe(304);
    }
  });

  it("answers an anonymous request with 401 without reading its body", async () => {
    const answer = await chunked("/carriers.json", 1024 * 1024, { "Content-Type": "application/json" });
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(401);
  });

  it("stays small and answers /health while eight worst-case bodies are refused", async () => {
    const items = `[${Array.from({ length: 100_000 }, () => "{}").join(",")}]`;
    const bodies = [
      ["/channels/1/import-connector-variant-batch.json", `{"items":${items}}`],
      ["/channels/1/rates.json", `{"destination":{"country":"US"},"items":${items}}`],
      ["/channels/1/manual-sale.json", `{"externalId":"X","items":${items}}`],
      ["/carriers.json", `{${Array.from({ length: 40_000 }, (_, i) => `"f${i}":1`).join(",")}}`],
    ];
    const channel = await fetch(`${base}/channels.json`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Store" }),
    });
    expect(channel.status).toBe(200);

    let peak = await rssMb();
    const sampler = setInterval(() => {
      rssMb().then((mb) => {
        peak = Math.max(peak, mb);
      });
    }, 50);
    const health: number[] = [];
    const polling = (async () => {
      for (let i = 0; i < 20; i++) {
        health.push((await fetch(`${base}/health`)).status);
      }
    })();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => {
        const [path, body] = bodies[i % bodies.length]!;
        return fetch(`${base}${path}`, {
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body,
        }).then(async (response) => ({ status: response.status, size: (await response.text()).length }));
      }),
    );
    await polling;
    clearInterval(sampler);
    for (const answer of answers) {
      expect(answer.status).toBe(422);
      expect(answer.size).toBeLessThan(20_000);
    }
    expect(health.every((status) => status === 200)).toBe(true);
    expect(peak).toBeLessThan(300);
  }, 60_000);
});
