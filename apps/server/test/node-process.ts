// The real Node server as a child process on 127.0.0.1, for the suites that need a socket or a crash.
import { type ChildProcess, spawn } from "node:child_process";

export interface NodeServer {
  process: ChildProcess;
  base: string;
  /** The first token, when this start minted one. */
  token?: string;
  /** Every line it printed on stdout so far (the banner, then its JSON log lines). */
  lines: string[];
}

/** Starts `src/node.ts` on a free port with `env` added; resolves once it listens (and minted, if new). */
export function startNodeServer(env: Record<string, string>, expectToken: boolean): Promise<NodeServer> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/node.ts"], {
    cwd: new URL("..", import.meta.url),
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${lines.join("\n")}`)), 60_000);
    let partial = "";
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      const split = (partial + chunk).split("\n");
      partial = split.pop()!;
      lines.push(...split);
      const listening = lines.map((line) => /listening on (http:\/\/\S+)/.exec(line)).find(Boolean);
      const token = lines.find((line) => line.startsWith("mcs_"))?.trim();
      if (listening && (token || !expectToken)) {
        clearTimeout(timer);
        resolve({ process: child, base: listening[1]!, token, lines });
      }
    });
    child.on("exit", (code) =>
      reject(new Error(`server exited with ${code}: ${[...lines, partial, stderr].join("\n")}`)),
    );
  });
}
