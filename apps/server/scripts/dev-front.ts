// What stands in front of `wrangler dev` in `pnpm dev`: a compile check of the Worker's sources on every
// change (a mistake is shown at once, and answered 503 until it is fixed, where wrangler would hold the
// requests until a build succeeds), and the proxy that answers on the port the developer asked for.
import { type FSWatcher, watch } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import { relative } from "node:path";
import { type BuildContext, context, type Message } from "esbuild";

export interface CompileChecker {
  /** Undefined when the sources compile; else their errors, one line each (`file:line:column: text`). */
  check(): Promise<string | undefined>;
  dispose(): Promise<void>;
}

/**
 * Bundles `entryPoints` as esbuild (and so wrangler) would, packages left out: a syntax error or an
 * import of a file that does not exist is found in well under a second, incrementally.
 */
export async function compileChecker(entryPoints: string[], root: string): Promise<CompileChecker> {
  const build: BuildContext = await context({
    entryPoints,
    bundle: true,
    write: false,
    packages: "external",
    format: "esm",
    platform: "neutral",
    outdir: "compile-check",
    logLevel: "silent",
  });
  return {
    async check() {
      try {
        await build.rebuild();
        return undefined;
      } catch (error) {
        const errors = (error as { errors?: Message[] }).errors ?? [];
        if (!errors.length) return error instanceof Error ? error.message : String(error);
        return errors
          .map((message) =>
            message.location
              ? `${relative(root, message.location.file) || message.location.file}:${message.location.line}:${message.location.column + 1}: ${message.text}`
              : message.text,
          )
          .join("\n");
      }
    },
    dispose: () => build.dispose(),
  };
}

export interface DevFront {
  server: Server;
  /** The errors of the last check, if the sources did not compile. */
  failure(): string | undefined;
  /** Checks again (what a change to the sources does), and says what changed. */
  recheck(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Listens on `port` and forwards every request to the Worker on `upstreamPort`, unless the last check
 * found that the sources do not compile: then a 503 problem saying so (with `Retry-After: 1`), at once.
 * A request that arrives while a check runs waits for it. `watched` are the folders whose changes start a
 * check (debounced); `changed` is told of each change once its check passed (e.g. to rebuild assets).
 */
export async function startDevFront(options: {
  port: number;
  host?: string;
  upstreamPort: number;
  checker: CompileChecker;
  watched?: string[];
  changed?: (folder: string) => void;
  print?: { log(text: string): void; error(text: string): void };
}): Promise<DevFront> {
  const print = options.print ?? { log: console.log, error: console.error };
  let failure: string | undefined;
  let checking: Promise<void> | undefined;
  const recheck = (): Promise<void> => {
    const run = (async () => {
      const found = await options.checker.check();
      if (found && found !== failure) {
        print.error(`✘ The Worker does not compile; requests are answered 503 until it does:\n${found}`);
      } else if (!found && failure) {
        print.log("✔ The Worker compiles again.");
      }
      failure = found;
    })();
    checking = run;
    void run.finally(() => {
      if (checking === run) checking = undefined;
    });
    return run;
  };

  const server = createServer(async (req, res) => {
    while (checking) await checking;
    if (failure) {
      const problem = {
        type: "urn:multichannel:problem:unavailable",
        title: "Service unavailable",
        status: 503,
        detail: `The Worker's source does not compile (${failure.split("\n")[0]}); the server answers again once it does.`,
      };
      res.writeHead(503, {
        "Content-Type": "application/problem+json",
        "Retry-After": "1",
        "X-Content-Type-Options": "nosniff",
      });
      res.end(JSON.stringify(problem));
      return;
    }
    const upstream = httpRequest(
      {
        host: "127.0.0.1",
        port: options.upstreamPort,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", (error) => {
      if (!res.headersSent) res.writeHead(502, { "Content-Type": "text/plain" });
      res.end(`The Worker (wrangler dev) did not answer: ${error.message}\n`);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });

  const watchers: FSWatcher[] = [];
  const timers = new Map<string, NodeJS.Timeout>();
  for (const folder of options.watched ?? []) {
    watchers.push(
      watch(folder, { recursive: true }, () => {
        clearTimeout(timers.get(folder));
        timers.set(
          folder,
          setTimeout(() => {
            void recheck().then(() => {
              if (!failure) options.changed?.(folder);
            });
          }, 50),
        );
      }),
    );
  }
  await recheck();
  return {
    server,
    failure: () => failure,
    recheck,
    async close() {
      for (const watcher of watchers) watcher.close();
      for (const timer of timers.values()) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await options.checker.dispose();
    },
  };
}
