// Debian's headless chromium, driven by playwright-core, for the suites that need a real browser (the
// /docs page, pages of other origins calling the API, the client in a page). In CI (CI=true) a missing
// browser fails the suite (.ci/run installs it); elsewhere the suite is skipped with a message.
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Browser, chromium } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const hasBrowser = existsSync(CHROMIUM);
const inCi = Boolean(process.env.CI) && process.env.CI !== "false";

/** True when the suite `what` is to be skipped (no browser, not in CI), said once on the console. */
export function withoutBrowser(what: string): boolean {
  if (hasBrowser || inCi) return false;
  console.warn(
    `Skipping ${what}: no browser at ${CHROMIUM} (install Debian's chromium with \`apt-get install -y chromium\`, or set CHROMIUM_PATH).`,
  );
  return true;
}

/** The browser; in CI without one, an error saying so. */
export async function launchBrowser(): Promise<Browser> {
  if (!hasBrowser) throw new Error(`CI is set and there is no browser at ${CHROMIUM}: .ci/run installs it.`);
  return chromium.launch({ executablePath: CHROMIUM });
}

/** A server of pages on 127.0.0.1, an origin of its own: `page` gives a path's content type and body. */
export async function pageServer(
  page: (path: string) => { type: string; body: string },
): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const { type, body } = page(request.url ?? "/");
    response.writeHead(200, { "Content-Type": type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
