// The server on Deno with the embedded database (`pnpm start:deno`); the same app as node.ts.
import { parseEnv } from "./config.ts";
import { apiReferenceScriptUrl } from "./http/docs.ts";
import { prepareServer, startupLines } from "./startup.ts";

// The part of the Deno namespace used here (the project's tsconfig has Node's types, not Deno's).
interface DenoApi {
  env: { toObject(): Record<string, string> };
  serve(
    options: { hostname: string; port: number; onListen?: (address: { port: number }) => void },
    handler: (request: Request) => Response | Promise<Response>,
  ): { shutdown(): Promise<void> };
  addSignalListener(signal: "SIGINT" | "SIGTERM", handler: () => void): void;
  exit(code: number): never;
  resolveDns(host: string, type: "A" | "AAAA"): Promise<string[]>;
  readFile(path: URL): Promise<Uint8Array<ArrayBuffer>>;
}
const Deno = (globalThis as unknown as { Deno: DenoApi }).Deno;

const env = parseEnv(Deno.env.toObject());
const docsScript = await Deno.readFile(apiReferenceScriptUrl(import.meta.resolve));
const prepared = await prepareServer(env, {
  docsScript: async () => docsScript,
  resolve: async (host) => {
    const found = await Promise.allSettled([Deno.resolveDns(host, "A"), Deno.resolveDns(host, "AAAA")]);
    return found.flatMap((result) => (result.status === "fulfilled" ? result.value : []));
  },
});
function listen() {
  try {
    return Deno.serve(
      {
        hostname: env.HOST,
        port: env.PORT,
        onListen: ({ port }) => {
          for (const line of startupLines(env, port, "Deno", prepared)) console.log(line);
        },
      },
      prepared.app.fetch,
    );
  } catch (error) {
    if (!(error instanceof Error) || error.name !== "AddrInUse") throw error;
    console.error(
      `Port ${env.PORT} on ${env.HOST} is already in use: stop what listens there, or start on another port, e.g. PORT=${env.PORT + 1} npx -y pnpm@10.34.8 start:deno`,
    );
    prepared.db.close();
    return Deno.exit(1);
  }
}
const server = listen();

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, () => {
    void server.shutdown().finally(() => {
      prepared.db.close();
      Deno.exit(0);
    });
  });
}
